#!/usr/bin/env node
/**
 * Page weight: the JavaScript a browser downloads for a lesson page with a
 * Console before the reader touches anything, in KB gzip, beside the same
 * site's page without widgets, measured in the same run. Goal: under 150 KB for the Console page; the tokenizer
 * (tiktoken, its WASM and ranks) and the WebContainer client
 * (@webcontainer/api) never in the initial load. The reference server's bundle
 * (`servers/everything-<version>.mjs`) never in the initial load either, and
 * under 400 KB gzip itself.
 *
 * How: serves the built site (`dist/`, built first when missing or with
 * BENCH_BUILD=1) on a loopback port, opens each page in Chromium at
 * 1280x800, waits until the network is idle, and adds up every script
 * response (page scripts, islands, module preloads, workers), each gzipped
 * here at level 9 so hosts' compression settings do not matter. A third
 * figure scrolls the Console page to the bottom (every widget hydrated), for
 * information only. Prints one line per figure and a verdict; exits 1 when
 * over budget or when a forbidden resource loaded.
 *
 * Env: BENCH_BUILD=1 rebuilds; BENCH_DIST=<folder> measures that build instead of dist/; CHROMIUM_PATH picks the browser (default: the
 * e2e harness's choice).
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
// BENCH_DIST=/some/dist measures an existing build elsewhere (never rebuilt).
const dist = process.env.BENCH_DIST ? normalize(process.env.BENCH_DIST) : join(root, 'dist');
const BUDGET_KB = 150;
const WIDGET_PAGE = 'lab/console/';
const PLAIN_PAGE = 'how-this-course-works/';

if (!process.env.BENCH_DIST && (process.env.BENCH_BUILD === '1' || !existsSync(join(dist, WIDGET_PAGE, 'index.html')))) {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = normalize(join(dist, path));
  if (!file.startsWith(dist)) return res.writeHead(403).end();
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/`;

async function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const { resolveChromium } = await import('../tests/e2e/support/chromium.ts');
    return resolveChromium();
  } catch {
    return '/usr/bin/chromium';
  }
}

const browser = await chromium.launch({ executablePath: await chromiumPath(), headless: true, args: ['--no-sandbox'] });

/** Is this resource the tokenizer or the WebContainer client? */
function forbidden(url, body) {
  if (/\.wasm($|\?)/.test(url) || /o200k|tiktoken|tokenizer-worker/i.test(url)) return 'tokenizer';
  if (/stackblitz|webcontainer\.io/i.test(body)) return 'WebContainer client';
  if (/tiktoken/i.test(body)) return 'tokenizer';
  if (/\/servers\/everything-[^/]*\.mjs($|\?)/.test(url)) return 'reference server bundle';
  return undefined;
}

/** Loads `path`, optionally scrolls to the end, and returns the scripts it fetched. */
async function measure(path, { scroll = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Map();
  const bad = [];
  page.on('response', async (response) => {
    const req = response.request();
    const url = response.url();
    const type = req.resourceType();
    const isScript = type === 'script' || (type === 'other' && /\.m?js($|\?)/.test(url)) || /\.m?js($|\?)/.test(url) || /\.wasm($|\?)/.test(url);
    if (!isScript) return;
    try {
      const body = await response.body();
      scripts.set(url, gzipSync(body, { level: 9 }).length);
      if (process.env.BENCH_VERBOSE) console.log(`  ${path} ${(gzipSync(body, { level: 9 }).length / 1024).toFixed(1)} KB ${url}`);
      const why = forbidden(url, body.toString('latin1'));
      if (why) bad.push(`${why}: ${url}`);
    } catch {
      // a worker script's body may be unavailable to the page; counted by the worker listener below
    }
  });
  page.on('worker', (worker) => {
    if (!scripts.has(worker.url())) {
      try {
        const file = join(dist, new URL(worker.url()).pathname);
        if (existsSync(file)) scripts.set(worker.url(), gzipSync(readFileSync(file), { level: 9 }).length);
      } catch {
        // blob: workers are built from scripts already counted
      }
    }
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (scroll) {
    for (let y = 0; y < 40; y++) {
      const done = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight;
      });
      await page.waitForLoadState('networkidle');
      if (done) break;
    }
  }
  await page.waitForLoadState('networkidle');
  await context.close();
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { kb: bytes / 1024, files: scripts.size, bad, urls: [...scripts.keys()] };
}

const plain = await measure(PLAIN_PAGE);
const widget = await measure(WIDGET_PAGE);
const all = await measure(WIDGET_PAGE, { scroll: true });
await browser.close();
server.close();

const f = (n) => n.toFixed(1);
console.log(`page-weight: /${PLAIN_PAGE} (no widgets): ${f(plain.kb)} KB gzip JS in ${plain.files} files`);
console.log(`page-weight: /${WIDGET_PAGE} (Console in view, before interaction): ${f(widget.kb)} KB gzip JS in ${widget.files} files; ${f(widget.kb / Math.max(plain.kb, 0.1))}x the plain page; widgets add ${f(widget.kb - plain.kb)} KB`);
console.log(`page-weight: /${WIDGET_PAGE} scrolled to the end (every widget hydrated, no interaction): ${f(all.kb)} KB gzip JS in ${all.files} files (information)`);
// The reference server's bundle (scripts/bundle-everything.mjs), fetched only when a reader runs it.
const EVERYTHING_GOAL_KB = 400;
const everythingName = existsSync(join(dist, 'servers')) ? readdirSync(join(dist, 'servers')).find((f) => /^everything-.*\.mjs$/.test(f)) : undefined;
const everything = everythingName ? readFileSync(join(dist, 'servers', everythingName)) : undefined;
const everythingKb = everything ? gzipSync(everything, { level: 9 }).length / 1024 : Number.POSITIVE_INFINITY;
console.log(
  everything
    ? `page-weight: servers/${everythingName} (fetched when a reader runs it): ${f(everything.length / 1024)} KB raw, ${f(everythingKb)} KB gzip; goal < ${EVERYTHING_GOAL_KB} KB gzip: ${everythingKb < EVERYTHING_GOAL_KB ? 'met' : 'MISSED'}`
    : `page-weight: servers/everything-<version>.mjs is missing from dist/ (the build writes it): MISSED`,
);
const bad = [...widget.bad, ...all.bad];
const verdict = widget.kb < BUDGET_KB && bad.length === 0 && everythingKb < EVERYTHING_GOAL_KB;
console.log(`page-weight: goal < ${BUDGET_KB} KB for the Console page: ${widget.kb < BUDGET_KB ? 'met' : 'MISSED'}; tokenizer/WebContainer client in the initial load: ${bad.length ? bad.join(', ') : 'none'}`);
process.exit(verdict ? 0 : 1);
