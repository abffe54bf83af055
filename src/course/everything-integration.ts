/**
 * Astro integration that puts the official reference server in the site:
 * the module `scripts/bundle-everything.mjs` builds from the pinned
 * `@modelcontextprotocol/server-everything`, and its licence notice beside it,
 * at the registry's `fetchUrl` (`toy-servers/registry.ts`, entry `everything`)
 * under the site's base.
 * - `astro build`: written into the output folder (`<out>/servers/everything-<version>.mjs`
 *   and `.mjs.LICENSE.txt`). No page imports it: the Worker engine fetches it
 *   when a reader first runs the server (`src/engines/built-servers.ts`).
 * - `astro dev`: served from memory at the same URL, bundled on first request.
 * Either stops with an Error when the installed version is not the one the
 * registry's `fetchUrl` names (package.json's pin and the registry disagree).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { SERVERS } from '../../toy-servers/registry.ts';
import { bundleEverything } from '../../scripts/bundle-everything.mjs';

interface Bundle {
  code: string;
  notice: string;
  version: string;
  fileName: string;
}

/** The bundle, checked against the registry's `fetchUrl`. Throws when they name different versions. */
async function checkedBundle(): Promise<Bundle> {
  const bundle = (await bundleEverything()) as Bundle;
  const url = SERVERS.everything.fetchUrl;
  if (!url.endsWith(`/${bundle.fileName}`)) {
    throw new Error(
      `toy-servers/registry.ts: everything.fetchUrl is "${url}" but the installed @modelcontextprotocol/server-everything is ${bundle.version} ` +
        `(bundle ${bundle.fileName}); change the pin in package.json, the registry and \`npm run measure\` together`,
    );
  }
  return bundle;
}

/** The integration; add it to `integrations` in astro.config.mjs. */
export function everythingIntegration(): AstroIntegration {
  let base = '/';
  let dev: Promise<Bundle> | undefined;
  return {
    name: 'mcp-by-hand:everything',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      },
      'astro:server:setup': ({ server }) => {
        const url = `${base}${SERVERS.everything.fetchUrl}`;
        server.middlewares.use((req, res, next) => {
          const path = (req.url ?? '').split('?')[0];
          if (path !== url && path !== `${url}.LICENSE.txt`) return next();
          dev ??= checkedBundle();
          dev.then(
            (bundle) => {
              const module = path === url;
              res.setHeader('Content-Type', module ? 'text/javascript; charset=utf-8' : 'text/plain; charset=utf-8');
              res.end(module ? bundle.code : bundle.notice);
            },
            (error: unknown) => {
              dev = undefined;
              next(error);
            },
          );
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const bundle = await checkedBundle();
        const file = new URL(SERVERS.everything.fetchUrl, dir);
        await mkdir(new URL('.', file), { recursive: true });
        await writeFile(file, bundle.code);
        await writeFile(new URL(`${SERVERS.everything.fetchUrl}.LICENSE.txt`, dir), bundle.notice);
        logger.info(`${SERVERS.everything.fetchUrl}: ${bundle.code.length} characters, with its licence notice beside it`);
      },
    },
  };
}
