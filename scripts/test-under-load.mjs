#!/usr/bin/env node
/**
 * Runs the e2e suite while every core is busy, to shake out tests that read the page once
 * before it has finished rendering (they pass on an idle machine and fail on a loaded one).
 *
 *   node scripts/test-under-load.mjs [--runs N] [--busy N] [vitest args...]
 *   node scripts/test-under-load.mjs --help
 *
 * e.g. E2E_SKIP_BUILD=1 node scripts/test-under-load.mjs --runs 3 tests/e2e/lesson-three-parties.test.ts
 *
 * - Each run is `node node_modules/vitest/vitest.mjs run --project e2e [vitest args...]` from the
 *   repository root, with this process's environment (so E2E_SKIP_BUILD=1 / E2E_BUILD_DIR reuse
 *   existing builds; without them every run builds the site first, under the same load).
 * - Before the first run it starts one busy-loop child process per core
 *   (`os.availableParallelism()`, or `--busy N`); they run until the last run ends and are always
 *   killed: after a failure, on Ctrl+C / SIGTERM, and if this process dies (each busy child exits
 *   by itself once its parent is gone). Each run has a process group of its own, ended whole when
 *   the run is interrupted or once vitest exits (nothing of a run outlives it).
 * - `--runs N` (default 1) repeats the suite N times in a row and stops at the first failing run.
 * - Prints each run's pass/fail and a last `N passed, N failed` line; exits 1 when a run failed
 *   (130 when interrupted).
 *
 * Not part of `npm test`: a diagnostic for flaky browser tests, to run by hand.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** `--runs N` / `--runs=N` and `--busy N` / `--busy=N`; everything else goes to vitest as it is. */
function parseArgs(argv) {
  const options = { runs: 1, busy: availableParallelism(), rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(runs|busy)(?:=(.*))?$/.exec(argv[i]);
    if (!m) {
      options.rest.push(argv[i]);
      continue;
    }
    const raw = m[2] ?? argv[++i];
    const n = Number(raw);
    if (!Number.isInteger(n) || n < (m[1] === 'runs' ? 1 : 0)) {
      console.error(`test-under-load: --${m[1]} needs a whole number${m[1] === 'runs' ? ' of at least 1' : ''}, got ${JSON.stringify(raw)}`);
      process.exit(2);
    }
    options[m[1]] = n;
  }
  return options;
}

/**
 * A CPU burner: spins forever, and every few million turns checks that its parent is still the
 * one that started it, so it never outlives this script (even after a SIGKILL).
 */
const BUSY = `const parent = ${process.pid}; for (let i = 1; ; i++) if (i % 5e6 === 0 && process.ppid !== parent) process.exit(0);`;

const busy = [];
function startBusy(n) {
  for (let i = 0; i < n; i++) busy.push(spawn(process.execPath, ['-e', BUSY], { stdio: 'ignore' }));
}
function stopBusy() {
  for (const child of busy.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

let current; // the vitest child of the run in progress
let interrupted = false;
function onSignal(signal) {
  if (interrupted) return;
  interrupted = true;
  console.error(`\ntest-under-load: ${signal}, stopping`);
  stopBusy();
  if (current && current.exitCode === null) signalRun(current, signal);
  else process.exit(130);
}

/** Sends `signal` to a run's whole process group (vitest, and the preview server and browsers it started). */
function signalRun(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('exit', stopBusy);

/** One run of the suite; resolves with its exit code (or 1 when it was ended by a signal). */
function runOnce(args) {
  return new Promise((resolve) => {
    // In a process group of its own, so an interrupted run can be ended whole (see signalRun).
    const child = spawn(process.execPath, [vitest, 'run', '--project', 'e2e', ...args], { cwd: root, stdio: 'inherit', env: process.env, detached: true });
    current = child;
    child.on('error', (e) => {
      console.error(`test-under-load: could not start vitest: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      // Whatever of the run outlived vitest (a preview server after an interrupted setup) goes with it.
      signalRun(child, 'SIGKILL');
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const USAGE = `usage: node scripts/test-under-load.mjs [--runs N] [--busy N] [vitest args...]
  --runs N   run the e2e suite N times in a row, stopping at the first failing run (default 1)
  --busy N   busy-loop processes beside it (default: one per core, ${availableParallelism()} here)
  the rest goes to \`vitest run --project e2e\` as it is: test files, -t <name pattern>, ...
  e.g. E2E_BUILD_DIR=/tmp/b E2E_SKIP_BUILD=1 node scripts/test-under-load.mjs --runs 3 tests/e2e/widgets-console.test.ts`;
if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
  console.log(USAGE);
  process.exit(0);
}
const { runs, busy: burners, rest } = parseArgs(process.argv.slice(2));
const results = [];
try {
  startBusy(burners);
  console.log(`test-under-load: ${burners} busy process${burners === 1 ? '' : 'es'} on ${availableParallelism()} core${availableParallelism() === 1 ? '' : 's'}; ${runs} run${runs === 1 ? '' : 's'} of: vitest run --project e2e ${rest.join(' ')}`.trimEnd());
  for (let n = 1; n <= runs && !interrupted; n++) {
    const started = Date.now();
    const code = await runOnce(rest);
    const ok = code === 0 && !interrupted;
    results.push(ok);
    console.log(`test-under-load: run ${n}/${runs}: ${ok ? 'pass' : `FAIL (exit code ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!ok) break;
  }
} finally {
  stopBusy();
}
const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(interrupted ? 130 : passed === results.length && results.length > 0 ? 0 : 1);
