// Mutation tests: every mutant (reference.mjs with one bug) is caught by the check that names its bug and by
// no other check; the reference itself passes every check. Real processes through the Node engine.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { CHECK_IDS, runChecks, type CheckReport } from '../../../src/checker/index.ts';
import { MUTATIONS, mutate } from '../../fixtures/mutants/mutations.mjs';

interface Mutation {
  name: string;
  bug: string;
  fails: string[];
}
const mutations = MUTATIONS as Mutation[];
const dir = fileURLToPath(new URL('../../fixtures/mutants/', import.meta.url));
const engine = new NodeEngine({ root: dir });
const FAST = { replyTimeoutMs: 5000, exitTimeoutMs: 2000, quietMs: 150 };

function failed(report: CheckReport): string[] {
  return report.stages.flatMap((s) => s.checks).filter((c) => c.status === 'fail').map((c) => c.id);
}

/** Failed checks with what happened, for a readable assertion message. */
function why(report: CheckReport): string {
  return report.stages.flatMap((s) => s.checks).filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.actual}`).join('\n');
}

describe('mutants', () => {
  it('there are at least fifteen, each naming checks that exist, and each file is the reference with its one replacement', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(15);
    const reference = readFileSync(`${dir}/reference.mjs`, 'utf8');
    for (const m of mutations) {
      for (const id of m.fails) expect(CHECK_IDS).toContain(id);
      expect(readFileSync(`${dir}/${m.name}.mjs`, 'utf8'), `${m.name}.mjs is stale: run node tests/fixtures/mutants/generate.mjs`).toBe(mutate(reference, m));
    }
  });

  it('the reference server passes every check of every stage', async () => {
    const report = await runChecks(() => engine.spawn('reference.mjs'), FAST);
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
