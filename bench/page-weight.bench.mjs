#!/usr/bin/env node
/**
 * Page weight: the JavaScript a browser downloads for every page of the built
 * course before the reader interacts, in KB gzip. Goal: under 150 KB on every
 * lesson page.
 *
 * "Before interaction", as this benchmark defines it: every script the page
 * requests from navigation until its load event and then until the network is
 * idle (500 ms without requests), in a 1280x800 window, WITHOUT scrolling and
 * without any action of the reader, EXCEPT what the engine warm-up requests.
 * The warm-up is what the page starts at its first idle moment after `load`
 * (src/components/page/warm-at-idle.ts) or a widget once it is on screen
 * (engine-choice.ts `warmEngine`): the Worker engine's code, the toy servers'
 * sources and the process Worker's bootstrap; for a TokenMeter on screen,
 * which calls it before it starts, also its tokenizer and the catalog it
 * lists. The benchmark sees where it starts by watching the page, with no
 * help from the page's code: a PerformanceObserver of resource entries,
 * installed before any script runs, notes when the Worker engine's own code
 * (its chunk, `worker-engine.<hash>.js`, which only the engine's first use
 * loads) is requested. What is requested from then on is printed in its own
 * column, so a page with a widget shows what it prefetches, and a page
 * without one shows that nothing was prefetched.
 *
 * Each page's figure is also printed as a ratio to a baseline measured in the
 * same run: the course's home page, which holds no widget (Starlight's own
 * JavaScript and the site's).
 *
 * Also checked:
 * - the tokenizer (tiktoken, its WASM and ranks) and the WebContainer client
 *   (@webcontainer/api) are never loaded before interaction, except the
 *   tokenizer on a page whose TokenMeter is on screen at load;
 * - the reference server's bundle (`servers/everything-<version>.mjs`) is never
 *   loaded before interaction, and is under 400 KB gzip itself;
 * - the Worker bootstrap is downloaded at most once per page: on the Console
 *   lab page after warm-up, a Send, and a second process (the server counts
 *   the requests that reach it).
 *
 * How: serves the built site (`dist/`, built first when missing or with
 * BENCH_BUILD=1; BENCH_DIST=<folder> measures that build instead) with
 * bench/static-server.mjs (hashed assets cacheable, like a static host), opens
 * each page in a fresh Chromium context, and gzips every script response at
 * level 9 here, so hosts' compression settings do not matter. Prints one line
 * per page and a verdict; exits 1 when over budget or a forbidden resource
 * loaded. BENCH_PAGES=<substring> measures only matching pages;
 * BENCH_VERBOSE=1 lists every script. CHROMIUM_PATH picks the browser.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, normalize, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveDist } from './static-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.BENCH_DIST ? normalize(process.env.BENCH_DIST) : join(root, 'dist');
const BUDGET_KB = 150;
/** The engine lab (a debugging page that loads both engines on purpose) is measured but not held to the budget. */
const UNBUDGETED = new Set(['lab/engines/']);
const CONSOLE_PAGE = 'lab/console/';
/** The baseline every page is compared with: the home page (no widget). */
const BASELINE_PAGE = '';
/** The Worker engine's own chunk: its request is where the engine warm-up starts. */
const WARM_UP_START = /\/worker-engine\.[^/]*\.js$/;

if (!process.env.BENCH_DIST && (process.env.BENCH_BUILD === '1' || !existsSync(join(dist, CONSOLE_PAGE, 'index.html')))) {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Every page of the build (`dir/` paths), lessons first, lab pages last; not the 404 page. */
function pages() {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name === 'index.html') out.push(relative(dist, dir).split(sep).join('/'));
    }
  };
  walk(dist);
  const filter = process.env.BENCH_PAGES;
  return out
    .map((p) => (p ? `${p}/` : ''))
    .filter((p) => !/^(_astro|pagefind|servers)\//.test(p) && (!filter || p.includes(filter)))
    .sort((a, b) => Number(a.startsWith('lab/')) - Number(b.startsWith('lab/')) || a.localeCompare(b));
}

async function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const { resolveChromium } = await import('../tests/e2e/support/chromium.ts');
    return resolveChromium();
  } catch {
    return '/usr/bin/chromium';
  }
}

/** Is this resource the tokenizer, the WebContainer client or the reference server bundle? */
function forbidden(url, body) {
  if (/\.wasm($|\?)/.test(url) || /o200k|tiktoken|tokenizer-worker/i.test(url)) return 'tokenizer';
  // The client's own code (its iframe origin switch), not a sentence that names stackblitz.com.
  if (/WEBCONTAINER_API_IFRAME_URL/.test(body)) return 'WebContainer client';
  // tiktoken's own code (its wasm-bindgen glue), not a sentence that names tiktoken.
  if (/__wbindgen|tiktoken_bg/.test(body)) return 'tokenizer';
  if (/\/servers\/everything-[^/]*\.mjs($|\?)/.test(url)) return 'reference server bundle';
  return undefined;
}

const isScript = (url, type) => type === 'script' || /\.m?js($|\?)/.test(url) || /\.wasm($|\?)/.test(url);

/**
 * Loads `path` and returns its scripts before interaction and those of the warm-up, in KB gzip.
 * `act(page)` runs after the network is idle (a scenario that interacts; its scripts count as warm-up/after).
 */
async function measure(browser, site, path, act) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  // Installed before the page's scripts: notes when the Worker engine's code is first requested (epoch ms).
  await context.addInitScript((source) => {
    const pattern = new RegExp(source);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (globalThis.__warmUpStart === undefined && pattern.test(e.name)) globalThis.__warmUpStart = performance.timeOrigin + e.startTime;
    }).observe({ type: 'resource', buffered: true });
  }, WARM_UP_START.source);
  const page = await context.newPage();
  const seen = new Map(); // url -> { url, start (epoch ms), gz, bad }: a script the page loads twice (a Worker's, from the cache) counts once
  const pending = [];
  page.on('response', (response) => {
    const req = response.request();
    const url = response.url();
    if (!isScript(url, req.resourceType())) return;
    const start = Date.now(); // when the response arrived; the request started before it
    pending.push(
      response.body().then(
        (body) => seen.has(url) || seen.set(url, { url, start: req.timing().startTime > 0 ? req.timing().startTime : start, gz: gzipSync(body, { level: 9 }).length, bad: forbidden(url, body.toString('latin1')) }),
        () => undefined, // a worker script's body may be unavailable to the page; the server's count still sees it
      ),
    );
  });
  await page.goto(site.base + path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const meterOnScreen = await page.evaluate(() => [...document.querySelectorAll('astro-island')].some((el) => /TokenMeter/.test(el.getAttribute('component-url') ?? '') && el.getBoundingClientRect().top < innerHeight));
  if (act) await act(page);
  const mark = await page.evaluate(() => globalThis.__warmUpStart);
  await Promise.all(pending);
  await context.close();
  // The engine's chunk itself is warm-up whatever the two clocks (the page's, Playwright's) say to the millisecond.
  const isWarm = (s) => mark !== undefined && (s.start >= mark || WARM_UP_START.test(s.url));
  const before = [...seen.values()].filter((s) => !isWarm(s));
  const warm = [...seen.values()].filter(isWarm);
  const kb = (xs) => xs.reduce((a, s) => a + s.gz, 0) / 1024;
  if (process.env.BENCH_VERBOSE) for (const s of seen.values()) console.log(`  ${path} ${before.includes(s) ? 'before' : 'warm-up'} ${(s.gz / 1024).toFixed(1)} KB ${s.url}`);
  const bad = before.filter((s) => s.bad && !(s.bad === 'tokenizer' && meterOnScreen)).map((s) => `${s.bad}: ${s.url}`);
  return { kb: kb(before), files: before.length, warmKb: kb(warm), warmFiles: warm.length, warmed: mark !== undefined, bad };
}

const site = await serveDist(dist);
const browser = await chromium.launch({ executablePath: await chromiumPath(), headless: true, args: ['--no-sandbox'] });
const f = (n) => n.toFixed(1);
console.log(`page-weight: JavaScript before interaction (load event + network idle, no scrolling, no reader action; engine warm-up apart), KB gzip; load average ${loadavg()[0].toFixed(1)}`);
const baseline = await measure(browser, site, BASELINE_PAGE);
console.log(`baseline /${BASELINE_PAGE} (no widget): ${f(baseline.kb)} KB in ${baseline.files} files before interaction; engine warm-up: ${baseline.warmed ? `${f(baseline.warmKb)} KB` : 'none'}`);
console.log(`${'page'.padEnd(44)}${'before interaction (x baseline)'.padEnd(40)}widget on screen (engine warm-up, meter)`);
let worst = { kb: 0, path: '' };
const bad = [];
const bootstrapRequests = () => [...site.hits].filter(([p]) => /\/bootstrap\.worker-[^/]*\.js$/.test(p)).reduce((a, [, n]) => a + n, 0);
let bootstrapMax = 0;
for (const path of pages()) {
  site.hits.clear();
  const r = await measure(browser, site, path);
  const budgeted = !UNBUDGETED.has(path);
  if (budgeted && r.kb > worst.kb) worst = { kb: r.kb, path };
  bad.push(...r.bad.map((b) => `/${path} ${b}`));
  const boots = bootstrapRequests();
  bootstrapMax = Math.max(bootstrapMax, boots);
  const over = !budgeted ? ' (lab, no budget)' : r.kb >= BUDGET_KB ? '  OVER BUDGET' : '';
  const warm = r.warmed ? `${f(r.warmKb)} KB in ${r.warmFiles} files; Worker bootstrap requested ${boots}x` : 'none (no widget on screen)';
  const ratio = baseline.kb > 0 ? `${(r.kb / baseline.kb).toFixed(2)}x` : 'n/a';
  console.log(`${`/${path}`.padEnd(44)}${`${f(r.kb)} KB in ${r.files} files (${ratio})${over}`.padEnd(40)}${warm}`);
}

// The Worker bootstrap, once per page: warm-up, then a Send, then a second process.
site.hits.clear();
const consoleRun = await measure(browser, site, CONSOLE_PAGE, async (page) => {
  const section = page.locator('section.mcp-console[data-ready="yes"]').first();
  await section.waitFor({ timeout: 60_000 });
  const replies = () => section.locator('li.mcp-line-in').count();
  await section.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('section.mcp-console li.mcp-line-in') !== null, undefined, { timeout: 60_000 });
  const n = await replies();
  await section.getByRole('button', { name: 'Restart process', exact: true }).click();
  await section.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForFunction((n) => document.querySelectorAll('section.mcp-console li.mcp-line-in').length > n, n, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
});
const bootstrapHits = bootstrapRequests();
await browser.close();
await site.close();
console.log(`page-weight: /${CONSOLE_PAGE} warm-up, Send, restart, Send: Worker bootstrap requested ${bootstrapHits} time(s) from the server (goal 1); ${f(consoleRun.kb + consoleRun.warmKb)} KB gzip JS in all`);

// The reference server's bundle (scripts/bundle-everything.mjs), fetched only when a reader runs it.
const EVERYTHING_GOAL_KB = 400;
const everythingName = existsSync(join(dist, 'servers')) ? readdirSync(join(dist, 'servers')).find((n) => /^everything-.*\.mjs$/.test(n)) : undefined;
const everything = everythingName ? readFileSync(join(dist, 'servers', everythingName)) : undefined;
const everythingKb = everything ? gzipSync(everything, { level: 9 }).length / 1024 : Number.POSITIVE_INFINITY;
console.log(
  everything
    ? `page-weight: servers/${everythingName} (fetched when a reader runs it): ${f(everything.length / 1024)} KB raw, ${f(everythingKb)} KB gzip; goal < ${EVERYTHING_GOAL_KB} KB gzip: ${everythingKb < EVERYTHING_GOAL_KB ? 'met' : 'MISSED'}`
    : `page-weight: servers/everything-<version>.mjs is missing from the build (the build writes it): MISSED`,
);
const onceEach = bootstrapHits === 1 && bootstrapMax <= 1;
const verdict = worst.kb < BUDGET_KB && bad.length === 0 && everythingKb < EVERYTHING_GOAL_KB && onceEach;
console.log(
  `page-weight: goal < ${BUDGET_KB} KB before interaction on every page: ${worst.kb < BUDGET_KB ? 'met' : 'MISSED'} (heaviest /${worst.path}: ${f(worst.kb)} KB); ` +
    `tokenizer/WebContainer client/reference server before interaction: ${bad.length ? bad.join(', ') : 'none'}; Worker bootstrap at most once per page: ${onceEach ? 'met' : 'MISSED'}`,
);
process.exit(verdict ? 0 : 1);
