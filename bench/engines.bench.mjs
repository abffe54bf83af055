// bench/engines.bench.mjs: the Worker engine against real Node, in the same run.
//
// Measures, for toy-servers/calendar.mjs:
//   spawn-to-first-reply  from "start a process" to the first stdout line answering
//                         server/discover (written right after the start), in ms. The Worker
//                         engine keeps Workers loaded ahead of need (a pool of 2, grown to cover a
//                         burst once a process has run, refilled as Workers are taken); three figures:
//                           - a spawn on a warm engine (as when a reader clicks);
//                           - back to back in bursts of BENCH_BURST (default 5) spawns, as Replay's
//                             "fresh process" mode runs a lesson's messages: spawn, exchange, kill,
//                             spawn again at once; the engine is warm again before the next burst;
//                           - back to back without end (BENCH_SPAWNS in a row), the worst case: the
//                             pool is refilled no faster than Workers load;
//   warm round trip       one tools/list request -> its reply line on an already running process, in ms.
// Worker engine: in headless Chromium against a production build served by `astro preview`
// (page /lab/engines/, a fresh WorkerEngine, everything measured with performance.now() in the page).
// Node: real child processes (`node toy-servers/calendar.mjs`, pipes), measured in this process.
// Goals: Worker spawn-to-first-reply <= 1/3 of Node's (median), warm and back to back in bursts;
// warm round trip < 2 ms (median). The endless back-to-back figure is printed for information.
//
// Env: BENCH_DIST=<folder> reuses a build instead of building one into a temp folder;
//      BENCH_SPAWNS (default 30), BENCH_TRIPS (default 300), BENCH_BURST (default 5),
//      BENCH_SPARES (the engine's pool size before the first spawn; default: the engine's own, 2),
//      BENCH_BURST_SPARES (its pool size once a process has run; default: the engine's own),
//      BENCH_REFILL (parallel | sequential; default: the engine's own).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');
const SPAWNS = Number(process.env.BENCH_SPAWNS ?? 30);
const TRIPS = Number(process.env.BENCH_TRIPS ?? 300);
const BURST = Number(process.env.BENCH_BURST ?? 5);
const SPARES = process.env.BENCH_SPARES === undefined ? undefined : Number(process.env.BENCH_SPARES);
/** WorkerEngine options under test (only those set in the environment; the rest are the engine's defaults). */
const ENGINE_OPTIONS = {
  ...(SPARES === undefined ? {} : { spares: SPARES }),
  ...(process.env.BENCH_BURST_SPARES === undefined ? {} : { burstSpares: Number(process.env.BENCH_BURST_SPARES) }),
  ...(process.env.BENCH_REFILL === undefined ? {} : { refill: process.env.BENCH_REFILL }),
};
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const DISCOVER = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } });
const listLine = (id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: META } });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];
const fmt = (ms) => `${ms.toFixed(ms < 10 ? 3 : 1)} ms`;

function run(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro ${args.join(' ')} failed:\n${out.slice(-3000)}`))));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

// ---------------------------------------------------------------- Node side
function nodeProcess() {
  const child = spawn(process.execPath, [join(ROOT, 'toy-servers/calendar.mjs')], { cwd: mkdtempSync(join(tmpdir(), 'bench-node-')), stdio: ['pipe', 'pipe', 'pipe'] });
  let buffer = '';
  const waiting = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    buffer += text;
    let nl;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  child.stderr.resume();
  return {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    write: (line) => child.stdin.write(`${line}\n`),
    stop: () => new Promise((resolve) => {
      child.once('exit', resolve);
      child.stdin.end();
    }),
  };
}

async function benchNode() {
  const spawns = [];
  for (let i = 0; i < SPAWNS; i++) {
    const t0 = performance.now();
    const p = nodeProcess();
    const reply = p.next();
    p.write(DISCOVER);
    await reply;
    spawns.push(performance.now() - t0);
    await p.stop();
  }
  const p = nodeProcess();
  const first = p.next();
  p.write(DISCOVER);
  await first;
  const trips = [];
  for (let i = 0; i < TRIPS; i++) {
    const t0 = performance.now();
    const reply = p.next();
    p.write(listLine(i + 2));
    await reply;
    trips.push(performance.now() - t0);
  }
  await p.stop();
  return { spawns, trips };
}

// ---------------------------------------------------------------- Worker side (in the page)
async function benchWorker(page) {
  return page.evaluate(
    async ({ SPAWNS, TRIPS, BURST, ENGINE_OPTIONS, DISCOVER, META }) => {
      const engine = new window.__mcpByHand.WorkerEngine(ENGINE_OPTIONS);
      await engine.ready();
      const listLine = (id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: META } });
      async function once(warm) {
        if (warm) await engine.warm();
        const t0 = performance.now();
        const p = await engine.spawn('toy-servers/calendar.mjs');
        const first = new Promise((resolve) => p.onStdout(resolve));
        p.write(DISCOVER);
        await first;
        const ms = performance.now() - t0;
        p.kill();
        return ms;
      }
      await once(false); // the first Worker downloads and compiles the bootstrap; a reader pays that once per page
      // A reader starts a process now and then: the engine has its next Worker loaded by then (warm).
      const spawns = [];
      for (let i = 0; i < SPAWNS; i++) spawns.push(await once(true));
      // Back to back in bursts, as Replay runs a lesson's messages in fresh processes.
      const burstSpawns = [];
      while (burstSpawns.length < SPAWNS) {
        await engine.warm();
        for (let i = 0; i < BURST && burstSpawns.length < SPAWNS; i++) burstSpawns.push(await once(false));
      }
      // Back to back without end, as fast as possible: the pool drains, spawns wait for Workers loading.
      await engine.warm();
      const coldSpawns = [];
      for (let i = 0; i < SPAWNS; i++) coldSpawns.push(await once(false));
      const p = await engine.spawn('toy-servers/calendar.mjs');
      let resolveLine;
      p.onStdout((line) => resolveLine?.(line));
      const next = () => new Promise((resolve) => (resolveLine = resolve));
      let reply = next();
      p.write(DISCOVER);
      await reply;
      const trips = [];
      for (let i = 0; i < TRIPS; i++) {
        const t0 = performance.now();
        reply = next();
        p.write(listLine(i + 2));
        await reply;
        trips.push(performance.now() - t0);
      }
      p.kill();
      engine.dispose();
      return { spawns, burstSpawns, coldSpawns, trips };
    },
    { SPAWNS, TRIPS, BURST, ENGINE_OPTIONS, DISCOVER, META },
  );
}

// ---------------------------------------------------------------- main
const scratch = process.env.BENCH_DIST ? undefined : mkdtempSync(join(tmpdir(), 'bench-engines-'));
const dist = process.env.BENCH_DIST ?? join(scratch, 'dist');
let preview;
let browser;
try {
  if (!process.env.BENCH_DIST || !existsSync(join(dist, 'index.html'))) {
    console.log('building the site…');
    await run(['build', '--outDir', dist]);
  }
  const port = await freePort();
  preview = spawn(process.execPath, [ASTRO, 'preview', '--ignore-lock', '--outDir', dist, '--host', '127.0.0.1', '--port', String(port)], { cwd: ROOT, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}/`;
  await waitForHttp(base, 30_000);
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  await page.goto(`${base}lab/engines/`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__mcpByHand !== undefined);

  // Alternate the two sides so that machine noise hits both.
  const node = await benchNode();
  const worker = await benchWorker(page);
  const node2 = await benchNode();
  const worker2 = await benchWorker(page);
  const n = { spawns: [...node.spawns, ...node2.spawns], trips: [...node.trips, ...node2.trips] };
  const w = {
    spawns: [...worker.spawns, ...worker2.spawns],
    burstSpawns: [...worker.burstSpawns, ...worker2.burstSpawns],
    coldSpawns: [...worker.coldSpawns, ...worker2.coldSpawns],
    trips: [...worker.trips, ...worker2.trips],
  };

  const rows = [
    ['spawn-to-first-reply (server/discover)', median(w.spawns), p90(w.spawns), median(n.spawns), p90(n.spawns)],
    [`  same, back to back in bursts of ${BURST}`, median(w.burstSpawns), p90(w.burstSpawns), median(n.spawns), p90(n.spawns)],
    [`  same, ${SPAWNS} back to back (information)`, median(w.coldSpawns), p90(w.coldSpawns), median(n.spawns), p90(n.spawns)],
    ['warm round trip (tools/list)', median(w.trips), p90(w.trips), median(n.trips), p90(n.trips)],
  ];
  const chromiumVersion = browser.version();
  console.log(`calendar.mjs, ${n.spawns.length} spawns (Worker engine options: ${JSON.stringify(ENGINE_OPTIONS)}, else defaults) and ${n.trips.length} round trips per side; Chromium ${chromiumVersion}, Node ${process.version}; load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
  console.log('measure                                   worker median (p90)      node median (p90)        worker/node');
  for (const [name, wm, wp, nm, np] of rows) {
    console.log(`${name.padEnd(42)}${`${fmt(wm)} (${fmt(wp)})`.padEnd(25)}${`${fmt(nm)} (${fmt(np)})`.padEnd(25)}${(wm / nm).toFixed(3)}`);
  }
  const spawnRatio = rows[0][1] / rows[0][3];
  const burstRatio = rows[1][1] / rows[1][3];
  const trip = rows[3][1];
  console.log(`goal: worker spawn-to-first-reply <= 1/3 of node's: ratio ${spawnRatio.toFixed(3)} -> ${spawnRatio <= 1 / 3 ? 'met' : 'MISSED'}`);
  console.log(`goal: back to back (bursts of ${BURST}) <= 1/3 of node's: ratio ${burstRatio.toFixed(3)} -> ${burstRatio <= 1 / 3 ? 'met' : 'MISSED'}`);
  console.log(`information: ${SPAWNS} back to back without pause: ratio ${(rows[2][1] / rows[2][3]).toFixed(3)}`);
  console.log(`goal: worker warm round trip median < 2 ms: ${fmt(trip)} -> ${trip < 2 ? 'met' : 'MISSED'}`);
} finally {
  await browser?.close();
  preview?.kill('SIGTERM');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
