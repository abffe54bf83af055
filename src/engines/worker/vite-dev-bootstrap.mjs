// @ts-check
/**
 * A Vite plugin for `astro dev` only: the Worker engine's bootstrap is served
 * as the bundle `astro build` makes of it (same entry, same
 * {@link workerNodePolyfills}, ES module output), not module by module.
 *
 * Why: in dev, Vite serves a Worker's imports one at a time through the
 * page's own plugin pipeline, where `vite.worker.plugins` never run, and its
 * dependency optimizer pre-bundles memfs and readable-stream with the Node
 * built-ins they import replaced by empty browser stubs ("Module node:buffer
 * has been externalized for browser compatibility"). Every process then dies
 * at start. Building the bootstrap the way the production build does gives
 * dev exactly the engine the built site runs.
 *
 * How: the page asks for `<base>src/engines/worker/bootstrap.worker.ts?worker_file&type=module`
 * (Vite's dev URL for `new Worker(new URL('./bootstrap.worker.ts', import.meta.url))`).
 * This middleware answers that URL with the bundle, as one file: what the
 * production build splits off to load on first use (the zlib polyfill) is
 * inlined, since a chunk would import the entry under another URL than the
 * Worker's and so run a second copy of it. The bundle is built in memory on
 * the first request (a few seconds) and again after any file under
 * `src/engines/` or `src/protocol/` changes; lessons and widgets keep Vite's
 * hot reload.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerNodePolyfills } from './vite-worker-polyfills.mjs';

const ENTRY = fileURLToPath(new URL('./bootstrap.worker.ts', import.meta.url));

/**
 * Builds the bootstrap with Vite's `build()` in memory.
 * @param {string} root project root (absolute path)
 * @returns {Promise<string>} the bundle's code (one ES module, an inline source map)
 * @throws {Error} when Vite cannot build the bootstrap (the error names the file)
 */
async function buildBootstrap(root) {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    root,
    mode: 'development',
    logLevel: 'warn',
    publicDir: false,
    envDir: false,
    plugins: [workerNodePolyfills()],
    build: {
      write: false,
      minify: false,
      sourcemap: 'inline',
      modulePreload: false,
      rolldownOptions: {
        input: ENTRY,
        output: { format: 'es', entryFileNames: 'bootstrap.worker.js', codeSplitting: false },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const out of outputs) {
    if (!('output' in out)) continue;
    for (const file of out.output) if (file.type === 'chunk' && file.isEntry) return file.code;
  }
  throw new Error(`vite-dev-bootstrap: building ${ENTRY} gave no entry chunk`);
}

/**
 * The npm packages the bootstrap imports (bare specifiers in `src/engines/worker/**.ts`, e.g. `memfs`,
 * `@noble/hashes/sha2.js`). No page imports them; dev keeps them out of Vite's dependency optimizer, which
 * would otherwise find them while pre-transforming the Worker's module, bundle them again and reload the page.
 * @returns {string[]}
 */
function bootstrapPackages() {
  const dir = fileURLToPath(new URL('./', import.meta.url));
  const found = new Set();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/^import[^'"]*['"]([^'"./][^'"]*)['"]/gm)) {
      if (!m[1].startsWith('node:')) found.add(m[1]);
    }
  }
  return [...found].sort();
}

/**
 * The plugin; add it to `vite.plugins` in astro.config.mjs.
 * @param {{ headers?: Record<string, string> }} [options] headers for every answer (the cross-origin isolation
 *   headers: a Worker of an isolated page needs them on its own script too)
 * @returns {import('vite').Plugin}
 */
export function devWorkerBootstrap({ headers = {} } = {}) {
  /** @type {Promise<string> | undefined} */
  let bundle;
  return {
    name: 'mcp-by-hand:dev-worker-bootstrap',
    apply: 'serve',
    config: () => ({ optimizeDeps: { exclude: bootstrapPackages() } }),
    configureServer(server) {
      const root = server.config.root;
      const watched = [fileURLToPath(new URL('../', import.meta.url)), fileURLToPath(new URL('../../protocol/', import.meta.url))];
      server.watcher.on('change', (file) => {
        if (watched.some((dir) => file.startsWith(dir))) bundle = undefined;
      });
      server.middlewares.use((req, res, next) => {
        const [path, query = ''] = (req.url ?? '').split('?');
        if (!path.endsWith('/src/engines/worker/bootstrap.worker.ts') || !query.includes('worker_file')) return next();
        bundle ??= buildBootstrap(root);
        bundle.then(
          (code) => {
            for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.setHeader('Cache-Control', 'no-store');
            res.end(code);
          },
          (error) => {
            bundle = undefined;
            server.config.logger.error(`vite-dev-bootstrap: ${error instanceof Error ? error.message : String(error)}`);
            res.statusCode = 500;
            res.end(String(error instanceof Error ? error.stack : error));
          },
        );
      });
    },
  };
}
