/**
 * The checker's yardstick: runs the conformance checker (src/checker) on the
 * official SDK's server (a small server built with `@modelcontextprotocol/server`,
 * tests/peers/fixtures/sdk-server.mjs), on the reference server
 * `@modelcontextprotocol/server-everything`, and on the course's own reference
 * server, and returns each server's verdict, per-stage statuses (pass, warn,
 * fail, skipped, not-run), the failed and the warned check ids, with versions
 * and date. Every server is checked with the checker's default tool policy,
 * `callTools: 'all'` (each check in fresh processes of its own). Written into
 * `src/data/measured.json` (key `checker`) by `npm run measure`; re-measured by
 * tests/peers/checker-measured.test.ts. Node only.
 */
import { spawnCommand } from '../engines/node/node-engine.ts';
import { runChecks, type CheckStatus, type StageId, type Verdict } from '../checker/index.ts';
import { REPO_ROOT, installedVersion } from './measured-facts.ts';

/** One measured server. Counts are numbers of stages (8 in all) and of checks. */
export interface CheckerServerFacts {
  id: 'sdk-server' | 'server-everything' | 'reference';
  /** What it is, in a few words. */
  label: string;
  /** The npm package it is built with or is, and its installed version (absent for the course's own server). */
  package?: string;
  version?: string;
  /** The command, run from the repository root. */
  command: string;
  /** The checker's `callTools` option used: `all`, the default, for every server. */
  callTools: 'safe' | 'all';
  /** The run's verdict (`fail` when a check failed; warnings alone do not fail it). */
  verdict: Verdict;
  /** Each stage's status: `warn` when it passed with warnings, `not-run` when none of its checks ran. */
  stages: Record<StageId, CheckStatus>;
  stagesPassed: number;
  stagesFailed: number;
  stagesSkipped: number;
  /** Ids of the checks that failed (a MUST rule), in run order. */
  failedChecks: string[];
  /** Ids of the checks that warned (a SHOULD rule), in run order. */
  warnedChecks: string[];
}

/** The `checker` section of the measured facts file. */
export interface CheckerFacts {
  measuredOn: string;
  node: string;
  servers: CheckerServerFacts[];
}

const TARGETS: Array<Omit<CheckerServerFacts, 'verdict' | 'stages' | 'stagesPassed' | 'stagesFailed' | 'stagesSkipped' | 'failedChecks' | 'warnedChecks' | 'version'> & { args: string[] }> = [
  {
    id: 'sdk-server',
    label: 'a small server built with the official TypeScript SDK',
    package: '@modelcontextprotocol/server',
    command: 'node tests/peers/fixtures/sdk-server.mjs',
    args: ['tests/peers/fixtures/sdk-server.mjs'],
    callTools: 'all',
  },
  {
    id: 'server-everything',
    label: 'the reference server "everything"',
    package: '@modelcontextprotocol/server-everything',
    command: 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio',
    args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
    callTools: 'all',
  },
  {
    id: 'reference',
    label: "the course's reference server for the checker's tests",
    command: 'node tests/fixtures/mutants/reference.mjs',
    args: ['tests/fixtures/mutants/reference.mjs'],
    callTools: 'all',
  },
];

/** Runs the checker on one target. */
async function measureOne(t: (typeof TARGETS)[number]): Promise<CheckerServerFacts> {
  const report = await runChecks(() => spawnCommand(process.execPath, t.args, { cwd: REPO_ROOT }), { callTools: t.callTools });
  const stages = Object.fromEntries(report.stages.map((s) => [s.id, s.status])) as Record<StageId, CheckStatus>;
  const { args: _args, ...rest } = t;
  const checks = report.stages.flatMap((s) => s.checks);
  const facts: CheckerServerFacts = {
    ...rest,
    verdict: report.verdict,
    stages,
    stagesPassed: report.summary.passed,
    stagesFailed: report.summary.failed,
    stagesSkipped: report.summary.skipped,
    failedChecks: checks.filter((c) => c.status === 'fail').map((c) => c.id),
    warnedChecks: checks.filter((c) => c.status === 'warn').map((c) => c.id),
  };
  if (t.package) facts.version = installedVersion(t.package);
  return facts;
}

/** Measures every target, one after another. */
export async function measureChecker(now = new Date()): Promise<CheckerFacts> {
  const servers: CheckerServerFacts[] = [];
  for (const t of TARGETS) servers.push(await measureOne(t));
  return { measuredOn: now.toISOString().slice(0, 10), node: process.version, servers };
}
