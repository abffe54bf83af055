/**
 * E2E global setup: builds the site, serves it with `astro preview` on a free
 * port, hands the URL to the tests (`inject('baseURL')`), and always stops the
 * server afterwards. Tests run against the production build, never `astro dev`
 * (dev re-optimises dependencies on first visit and reloads the page).
 *
 * Env:
 * - `E2E_SKIP_BUILD=1` reuses an existing `dist/` (local iteration only; CI always builds).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { freePort, waitForHttp } from './support/net.ts';
import { resolveChromium } from './support/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin + base path of the preview server, always ending in `/`, e.g. `http://127.0.0.1:4321/`. */
    baseURL: string;
    /** Path of the Chromium binary the tests drive. */
    chromiumPath: string;
  }
}

const root = new URL('../../', import.meta.url);
const astroBin = new URL('node_modules/astro/bin/astro.mjs', root).pathname;

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro ${args.join(' ')} failed (${code}):\n${out.slice(-4000)}`))));
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = resolveChromium(); // fails early, with install advice, when no browser is found
  if (!(process.env.E2E_SKIP_BUILD === '1' && existsSync(new URL('dist/index.html', root)))) {
    await run(['build']);
  }
  const port = await freePort();
  const preview: ChildProcess = spawn(process.execPath, [astroBin, 'preview', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  preview.stdout?.on('data', (d) => (log += d));
  preview.stderr?.on('data', (d) => (log += d));
  const baseURL = `http://127.0.0.1:${port}/`;
  try {
    await waitForHttp(baseURL, 30_000);
  } catch (error) {
    preview.kill('SIGKILL');
    throw new Error(`astro preview did not start: ${(error as Error).message}\n${log}`);
  }
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    if (preview.exitCode === null) {
      const exited = new Promise((r) => preview.once('exit', r));
      preview.kill('SIGTERM');
      const timer = setTimeout(() => preview.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
}
