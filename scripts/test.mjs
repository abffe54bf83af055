#!/usr/bin/env node
/**
 * `npm test`: every suite, stopping at nothing, then one closing line. unit runs first, on its own; then
 * checks, servers and peers run at the same time (each one's output printed whole, in that order); then
 * e2e, then xbrowser.
 *   1. checks   `astro check` + `tsc --noEmit` (types of .ts and .astro)
 *   2. unit     tests/unit     (Vitest project `unit`)
 *   3. servers  tests/servers  (toy servers as real node processes)
 *   4. peers    tests/peers    (server-everything, the official SDK)
 *   5. e2e      tests/e2e      (build, `astro preview`, real Chromium)
 *   6. xbrowser tests/xbrowser (every lesson's first task in Chromium, Firefox ESR and WebKitGTK)
 * e2e and xbrowser share one build of the course (made while checks, servers and peers run, in a
 * scratch folder removed at the end), unless E2E_BUILD_DIR or E2E_SKIP_BUILD is set already.
 * Prints `N passed, N failed` (tests; `, N skipped` after it when a test was skipped, each
 * skip with its reason in the suite's output) and exits non-zero if any suite failed.
 * Pass suite names to run only those: `npm test -- unit servers`.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const all = ['checks', 'unit', 'servers', 'peers', 'e2e', 'xbrowser'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
const unknown = wanted.filter((s) => !all.includes(s));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${all.join(', ')}`);
  process.exit(2);
}

const astro = 'node_modules/astro/bin/astro.mjs';
const vitest = 'node_modules/vitest/vitest.mjs';
const tsc = 'node_modules/typescript/bin/tsc';
const scratch = mkdtempSync(join(tmpdir(), 'mcp-by-hand-test-'));
// The browser suites' shared build: made beside the process-bound suites (below), reused by both browser suites
// (tests/e2e/global-setup.ts: E2E_SKIP_BUILD=1 reuses a build folder only when both builds are there).
const browserEnv =
  process.env.E2E_BUILD_DIR || process.env.E2E_SKIP_BUILD ? process.env : { ...process.env, E2E_BUILD_DIR: join(scratch, 'site'), E2E_SKIP_BUILD: '1' };
/**
 * Suites that spend most of their time waiting on processes (server replies, the type checker's own
 * work) run at the same time, once unit is done; their output is kept and printed whole, in suite
 * order. unit runs alone before them: its pseudo-terminal tests (tests/unit/relay.test.ts, a cooked
 * terminal's echo) want the CPU to themselves. The browser suites then run one after the other,
 * printing as they go.
 */
const TOGETHER = new Set(['checks', 'servers', 'peers']);
const ORDER = ['unit', 'checks', 'servers', 'peers', 'e2e', 'xbrowser'];

/** Runs `node <args>`; resolves to its exit code. With `log` (a file path) its output goes there instead of this terminal. */
function node(args, env = process.env, log) {
  return new Promise((resolve) => {
    const fd = log ? openSync(log, 'a') : undefined;
    const child = spawn(process.execPath, args, { stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd], env });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => {
      if (fd !== undefined) closeSync(fd);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** One suite's run: its counts (tests) and whether it failed. */
async function runSuite(suite, log) {
  if (suite === 'checks') {
    const a = await node([astro, 'check'], process.env, log);
    const t = await node([tsc, '--noEmit', '-p', 'tsconfig.json'], process.env, log);
    const ok = a === 0 && t === 0;
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok };
  }
  const report = join(scratch, `${suite}.json`);
  const env = suite === 'e2e' || suite === 'xbrowser' ? browserEnv : process.env;
  const status = await node([vitest, 'run', '--project', suite, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env, log);
  let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  try {
    counts = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // the run died before writing its report: count the suite as one failure below
  }
  const ok = status === 0;
  // each skip names its reason in the suite's output
  return { passed: counts.numPassedTests, failed: counts.numFailedTests || (ok ? 0 : 1), skipped: counts.numPendingTests ?? 0, ok };
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSuites = [];
const together = wanted.filter((s) => TOGETHER.has(s));
/** The group's runs, started when the loop first reaches one of them (so after unit). */
const started = new Map();

/**
 * The browser suites' build, when this run makes it: started once unit is done, beside the suites that wait on
 * processes, so the CPU they leave idle makes it. Its output is printed before e2e's (or xbrowser's). If it
 * fails, the browser suites' setup finds no build and builds (and reports) itself.
 */
const ownBuild = browserEnv !== process.env && (wanted.includes('e2e') || wanted.includes('xbrowser'));
let building;
let printedBuild = false;

for (const suite of ORDER.filter((s) => wanted.includes(s))) {
  console.log(`\n=== ${suite} ===`);
  if (ownBuild && !building && suite !== 'unit')
    building = node(['scripts/build-e2e.mjs', browserEnv.E2E_BUILD_DIR], process.env, join(scratch, 'build.log'));
  if (building && (suite === 'e2e' || suite === 'xbrowser')) {
    const status = await building;
    building = Promise.resolve(status);
    if (!printedBuild) {
      printedBuild = true;
      console.log(`(the course's two builds, made during the suites above: ${status === 0 ? 'done' : `failed with exit ${status}; the setup below builds again`})`);
      if (status !== 0) process.stdout.write(readFileSync(join(scratch, 'build.log'), 'utf8'));
    }
  }
  if (together.length > 1 && TOGETHER.has(suite) && started.size === 0)
    for (const s of together) started.set(s, runSuite(s, join(scratch, `${s}.log`)));
  const run = started.get(suite);
  const result = await (run ?? runSuite(suite));
  if (run) process.stdout.write(readFileSync(join(scratch, `${suite}.log`), 'utf8'));
  passed += result.passed;
  failed += result.failed;
  skipped += result.skipped;
  if (!result.ok) failedSuites.push(suite);
}
rmSync(scratch, { recursive: true, force: true });
if (failedSuites.length) console.log(`\nfailed suites: ${failedSuites.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSuites.length ? 1 : 0);
