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
}
const mutations = MUTATIONS as Mutation[];
let dir: string;
let engine: NodeEngine;
const FAST = { replyTimeoutMs: 5000, exitTimeoutMs: 2000, quietMs: 150 };

function failed(report: CheckReport): string[] {
  return report.stages.flatMap((s) => s.checks).filter((c) => c.status === 'fail').map((c) => c.id);
}

/** Failed checks with what happened, for a readable assertion message. */
function why(report: CheckReport): string {
  return report.stages.flatMap((s) => s.checks).filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.actual}`).join('\n');
}

describe('mutants', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mutants-'));
    writeMutants(dir);
    engine = new NodeEngine({ root: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('there are at least fifteen, each with a distinct name and naming checks that exist', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(15);
    expect(new Set(mutations.map((m) => m.name)).size).toBe(mutations.length);
    for (const m of mutations) {
      expect(m.fails.length).toBeGreaterThan(0);
      for (const id of m.fails) expect(CHECK_IDS).toContain(id);
    }
  });

  it('the reference server passes every check of every stage', async () => {
    const report = await runChecks(() => engine.spawn(REFERENCE), FAST);
    expect(failed(report), why(report)).toEqual([]);
    expect(report.stages.map((s) => s.status)).toEqual(Array(8).fill('pass'));
    expect(report.inputTool).toBe('book');
  }, 60_000);

  it.concurrent.each(mutations.map((m) => [m.name, m] as const))('%s is caught by exactly the check naming its bug', async (name, m) => {
    const report = await runChecks(() => engine.spawn(`${name}.mjs`), FAST);
    expect(failed(report), `${m.bug}\n${why(report)}`).toEqual(m.fails);
    for (const id of m.fails) {
      const check = report.stages.flatMap((s) => s.checks).find((c) => c.id === id)!;
      expect(check.actual).toBeTruthy();
      expect(check.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);
      expect(check.sent.length).toBeGreaterThan(0);
    }
  }, 120_000);
});
