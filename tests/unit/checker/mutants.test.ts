// Mutation tests: every mutant (reference.mjs with one bug) is caught by the check that names its bug and by
// no other check; the reference itself passes every check. Real processes through the Node engine. The
// mutants are written into a temporary folder before the tests (tests/fixtures/mutants/generate.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { CHECK_IDS, runChecks, type CheckReport } from '../../../src/checker/index.ts';
import { MUTATIONS } from '../../fixtures/mutants/mutations.mjs';
import { REFERENCE, writeMutants } from '../../fixtures/mutants/generate.mjs';

interface Mutation {
  name: string;
  bug: string;
  fails: string[];
  warns?: string[];
}
const mutations = MUTATIONS as Mutation[];
let dir: string;
let engine: NodeEngine;
const FAST = { replyTimeoutMs: 5000, exitTimeoutMs: 2000, quietMs: 150 };

function withStatus(report: CheckReport, status: 'fail' | 'warn'): string[] {
  return report.stages.flatMap((s) => s.checks).filter((c) => c.status === status).map((c) => c.id);
}

const failed = (report: CheckReport) => withStatus(report, 'fail');

/** Failed and warned checks with what happened, and what did not run, for a readable assertion message. */
function why(report: CheckReport): string {
  const checks = report.stages.flatMap((s) => s.checks);
  return [
    ...checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => `${c.status} ${c.id}: ${c.actual}`),
    ...checks.filter((c) => c.status === 'not-run').map((c) => `not-run ${c.id}: ${c.reason}`),
  ].join('\n');
}

describe('mutants', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mutants-'));
    writeMutants(dir);
    engine = new NodeEngine({ root: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('there are at least fifteen bugs, each with a distinct name and naming checks that exist', () => {
    expect(mutations.filter((m) => m.fails.length > 0).length).toBeGreaterThanOrEqual(15);
    expect(new Set(mutations.map((m) => m.name)).size).toBe(mutations.length);
    for (const m of mutations) for (const id of [...m.fails, ...(m.warns ?? [])]) expect(CHECK_IDS).toContain(id);
  });

  it('the reference server passes every check of every stage, with no warning, and the verdict is pass', async () => {
    const report = await runChecks(() => engine.spawn(REFERENCE), FAST);
    expect([...failed(report), ...withStatus(report, 'warn')], why(report)).toEqual([]);
    expect(report.stages.map((s) => s.status)).toEqual(Array(8).fill('pass'));
    expect(report.inputTool).toBe('book');
    expect(report.verdict).toBe('pass');
    expect(report.era.era).toBe('modern');
  }, 60_000);

  it.concurrent.each(mutations.map((m) => [m.name, m] as const))('%s: exactly the checks naming its bug fail or warn', async (name, m) => {
    const report = await runChecks(() => engine.spawn(`${name}.mjs`), FAST);
    expect(failed(report), `${m.bug}\n${why(report)}`).toEqual(m.fails);
    expect(withStatus(report, 'warn'), `${m.bug}\n${why(report)}`).toEqual(m.warns ?? []);
    expect(report.verdict, why(report)).toBe(m.fails.length > 0 ? 'fail' : 'pass');
    expect(report.incomplete).toEqual([]);
    for (const id of [...m.fails, ...(m.warns ?? [])]) {
      const check = report.stages.flatMap((s) => s.checks).find((c) => c.id === id)!;
      expect(check.actual).toBeTruthy();
      expect(check.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);
      expect(check.sent.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('under callTools "safe", a server whose tools carry no annotations is incomplete, never pass, and says what did not run', async () => {
    const report = await runChecks(() => engine.spawn('unannotated-state-not-verified.mjs'), { ...FAST, callTools: 'safe' });
    expect(failed(report), why(report)).toEqual([]);
    expect(report.verdict).toBe('incomplete');
    const ids = report.incomplete.map((i) => i.id);
    for (const id of ['framing.no-server-requests', 'tools.call', 'meta.undeclared-capability', 'mrtr.input-required', 'mrtr.tampered-state']) expect(ids).toContain(id);
    for (const i of report.incomplete) expect(i.reason).toMatch(/--call-tools all/);
    // No tool was called at all.
    const sent = report.stages.flatMap((s) => s.checks).flatMap((c) => c.sent);
    expect(sent.filter((l) => l.includes('"tools/call"') && l.includes('"book"'))).toEqual([]);
  }, 60_000);
});
