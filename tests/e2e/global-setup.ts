/**
 * E2E global setup: builds the site, serves it with `astro preview` on a free
 * port, hands the URL to the tests (`inject('baseURL')`), and always stops the
 * server afterwards. Tests run against the production build, never `astro dev`
 * (dev re-optimises dependencies on first visit and reloads the page).
 *
 * It also builds the course a second time with a sub-path config and serves
 * that build with `npm run serve`'s server (`inject('subpathURL')`).
 *
 * Env:
 * - `E2E_SKIP_BUILD=1` reuses existing `dist/` and `dist-subpath/` builds (local iteration only;
 *   make them with `npm run build` and `COURSE_CONFIG=tests/fixtures/subpath.config.ts npx astro build --outDir dist-subpath`).
 *   Without it, each run builds into a fresh temporary folder and removes it afterwards.
 * - `E2E_BUILD_DIR=/some/folder` builds into `<folder>/dist` and `<folder>/dist-subpath` and keeps them;
 *   with `E2E_SKIP_BUILD=1` as well, reuses them when both exist. Lets several people iterate at once,
 *   each on their own builds (`scripts/build-e2e.mjs <folder>` makes both).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitForHttp } from './support/net.ts';
import { resolveChromium } from './support/chromium.ts';
import { serveCourse } from '../../scripts/serve.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin + base path of the preview server, always ending in `/`, e.g. `http://127.0.0.1:4321/`. */
    baseURL: string;
    /** Path of the Chromium binary the tests drive. */
    chromiumPath: string;
    /**
     * The same course built with a sub-path config (tests/fixtures/subpath.config.ts,
     * base `/courses/mcp/`, Worker engine only), served by `npm run serve`'s server,
     * e.g. `http://127.0.0.1:4400/courses/mcp/`.
     */
    subpathURL: string;
    /** Folder of the default build (`dist`) and of the sub-path build, absolute paths. */
    distDir: string;
    subpathDistDir: string;
  }
}

const root = new URL('../../', import.meta.url);
const astroBin = new URL('node_modules/astro/bin/astro.mjs', root).pathname;

function run(args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro ${args.join(' ')} failed (${code}):\n${out.slice(-4000)}`))));
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = resolveChromium(); // fails early, with install advice, when no browser is found
  // Each run builds into its own folders, so parallel runs never overwrite each other's build.
  const keptDir = process.env.E2E_BUILD_DIR;
  const buildRoot = keptDir ? join(keptDir, '/') : new URL('./', root).pathname;
  const reuse = process.env.E2E_SKIP_BUILD === '1' && existsSync(join(buildRoot, 'dist/index.html')) && existsSync(join(buildRoot, 'dist-subpath/index.html'));
  const scratch = reuse || keptDir ? undefined : mkdtempSync(join(tmpdir(), 'mcp-by-hand-e2e-'));
  const distDir = join(scratch ?? buildRoot, 'dist') + '/';
  const subpathDistDir = join(scratch ?? buildRoot, 'dist-subpath') + '/';
  if (!reuse) {
    await run(['build', '--outDir', distDir]);
    await run(['build', '--outDir', subpathDistDir], { COURSE_CONFIG: new URL('tests/fixtures/subpath.config.ts', root).pathname });
  }
  const { server: subpathServer, url: subpathURL } = await serveCourse({ dir: subpathDistDir, port: 0 });
  const port = await freePort();
  // --ignore-lock: several runs may preview at once, and Astro would otherwise refuse a second
  // preview server (or move it to the background when it thinks an agent runs it).
  const preview: ChildProcess = spawn(process.execPath, [astroBin, 'preview', '--ignore-lock', '--outDir', distDir, '--host', '127.0.0.1', '--port', String(port)], {
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
    subpathServer.close();
    throw new Error(`astro preview did not start: ${(error as Error).message}\n${log}`);
  }
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromiumPath);
  project.provide('subpathURL', subpathURL);
  project.provide('distDir', distDir);
  project.provide('subpathDistDir', subpathDistDir);
  return async () => {
    await new Promise((r) => subpathServer.close(r));
    if (preview.exitCode === null) {
      const exited = new Promise((r) => preview.once('exit', r));
      preview.kill('SIGTERM');
      const timer = setTimeout(() => preview.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
}
