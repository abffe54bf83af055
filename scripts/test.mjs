#!/usr/bin/env node
/**
 * `npm test`: every suite, in order, stopping at nothing, then one closing line.
 *   1. checks   `astro check` + `tsc --noEmit` (types of .ts and .astro)
 *   2. unit     tests/unit     (Vitest project `unit`)
 *   3. servers  tests/servers  (toy servers as real node processes)
 *   4. peers    tests/peers    (server-everything, the official SDK)
 *   5. e2e      tests/e2e      (build, `astro preview`, real Chromium)
 *   6. xbrowser tests/xbrowser (every lesson's first task in Chromium, Firefox ESR and WebKitGTK)
 * e2e and xbrowser share one build of the course (made by whichever runs first, in a scratch
 * folder removed at the end), unless E2E_BUILD_DIR or E2E_SKIP_BUILD is set already.
 * Prints `N passed, N failed` (tests; `, N skipped` after it when a test was skipped, each
 * skip with its reason in the suite's output) and exits non-zero if any suite failed.
 * Pass suite names to run only those: `npm test -- unit servers`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const all = ['checks', 'unit', 'servers', 'peers', 'e2e', 'xbrowser'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
const unknown = wanted.filter((s) => !all.includes(s));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${all.join(', ')}`);
  process.exit(2);
}

const npmExec = (args, env = process.env) => spawnSync(process.execPath, args, { stdio: 'inherit', env });
const astro = 'node_modules/astro/bin/astro.mjs';
const vitest = 'node_modules/vitest/vitest.mjs';
const tsc = 'node_modules/typescript/bin/tsc';
const scratch = mkdtempSync(join(tmpdir(), 'mcp-by-hand-test-'));
// The browser suites' shared build: the first of them builds into it, the second reuses it
// (tests/e2e/global-setup.ts: E2E_SKIP_BUILD=1 reuses a build folder only when both builds are there).
const browserEnv =
  process.env.E2E_BUILD_DIR || process.env.E2E_SKIP_BUILD ? process.env : { ...process.env, E2E_BUILD_DIR: join(scratch, 'site'), E2E_SKIP_BUILD: '1' };

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSuites = [];

for (const suite of wanted) {
  console.log(`\n=== ${suite} ===`);
  if (suite === 'checks') {
    const a = npmExec([astro, 'check']);
    const t = npmExec([tsc, '--noEmit', '-p', 'tsconfig.json']);
    if (a.status === 0 && t.status === 0) passed += 1;
    else {
      failed += 1;
      failedSuites.push(suite);
    }
    continue;
  }
  const report = join(scratch, `${suite}.json`);
  const env = suite === 'e2e' || suite === 'xbrowser' ? browserEnv : process.env;
  const result = npmExec([vitest, 'run', '--project', suite, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  try {
    counts = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // the run died before writing its report: count the suite as one failure below
  }
  passed += counts.numPassedTests;
  failed += counts.numFailedTests;
  skipped += counts.numPendingTests ?? 0; // each skip names its reason in the suite's output
  if (result.status !== 0) {
    failedSuites.push(suite);
    if (counts.numFailedTests === 0) failed += 1;
  }
}
rmSync(scratch, { recursive: true, force: true });
if (failedSuites.length) console.log(`\nfailed suites: ${failedSuites.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSuites.length ? 1 : 0);
