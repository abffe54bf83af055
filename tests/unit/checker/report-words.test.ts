// The sentences the checker writes while it runs, beyond each check's own words, in Indonesian: why a check
// or a stage did not run (stage 1 failed, a rule of the other era, the tool policy, a prerequisite) and what
// the era probe found. They are collected from real runs (real server processes through the Node engine: a
// server that logs to stdout, the legacy one in two of its styles, one that answers nothing, mutants of the
// reference server whose tools carry no annotations, under `callTools: 'safe'`), then each must have an
// Indonesian pattern (src/i18n/id/checks.ts) that translates all of its prose and keeps its wire terms.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { runChecks, type CheckOptions, type CheckReport } from '../../../src/checker/index.ts';
import { eraWords, hasEraWords, hasReasonWords, reasonWords } from '../../../src/components/checker/check-words.ts';
import { writeMutants } from '../../fixtures/mutants/generate.mjs';

const ROOT = new URL('../../../', import.meta.url).pathname;
const FAST: CheckOptions = { replyTimeoutMs: 1500, exitTimeoutMs: 1500, quietMs: 100, eraTimeoutMs: 1500 };
let dir: string;
const reports: CheckReport[] = [];

/** English that must not survive a translation (outside quoted values and names). */
const ENGLISH = /\b(the|which|were|was|would|builds|reply|called|only|rules|server is|not run|got|agreed)\b/i;
/** The wire terms of a sentence: error codes, versions, quoted values, method names with a slash. */
const wireTerms = (s: string) => [...s.matchAll(/-32\d{3}|\d{4}-\d{2}-\d{2}|"[^"]*"|[a-z]+\/[a-zA-Z/]+/g)].map((m) => m[0]);
/** A translation with its quoted values and check ids taken out (they stay as written). */
const prose = (s: string) => s.replace(/"[^"]*"/g, '').replace(/\b[a-z-]+\.[a-z-]+\b/g, '');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-words-'));
  writeMutants(dir);
  // A server that reads stdin and never answers: the era is unknown, framing fails on every check.
  writeFileSync(join(dir, 'silent.mjs'), "process.stdin.resume();\nprocess.stdin.on('end', () => process.exit(0));\n");
  // The unannotated mutant with five tools: the policy names three and counts the rest.
  const unannotated = readFileSync(join(dir, 'unannotated-state-not-verified.mjs'), 'utf8');
  expect(unannotated.split('tools: [TOOL]').length).toBe(2);
  writeFileSync(join(dir, 'five-tools.mjs'), unannotated.replace('tools: [TOOL]', "tools: [TOOL, ...['b2', 'b3', 'b4', 'b5'].map((name) => ({ ...TOOL, name }))]"));
  const runs: Array<[string, string, string[], CheckOptions]> = [
    [ROOT, 'toy-servers/calendar.mjs', [], {}],
    [ROOT, 'toy-servers/noisy.mjs', [], {}],
    [ROOT, 'toy-servers/legacy.mjs', [], {}],
    [ROOT, 'toy-servers/legacy.mjs', ['--discover=silent'], {}],
    [dir, 'silent.mjs', [], {}],
    [dir, 'unannotated-state-not-verified.mjs', [], { callTools: 'safe' }],
    [dir, 'five-tools.mjs', [], { callTools: 'safe' }],
  ];
  for (const [root, entry, args, options] of runs) {
    const engine = new NodeEngine({ root });
    reports.push(await runChecks(() => engine.spawn(entry, args), { ...FAST, ...options }));
  }
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Indonesian words of what a run reports beside its checks', () => {
  it('the runs cover every era and every kind of reason that matters here', () => {
    expect(reports.map((r) => r.era.era)).toEqual(['modern', 'modern', 'legacy', 'legacy', 'unknown', 'modern', 'modern']);
    const causes = new Set(reports.flatMap((r) => r.stages.flatMap((s) => s.checks.map((c) => c.notRun))).filter(Boolean));
    for (const cause of ['stage-failed', 'era', 'policy', 'prerequisite']) expect(causes).toContain(cause);
    expect(reports.flatMap((r) => r.incomplete.map((i) => i.reason)).some((reason) => / and \d+ more/.test(reason))).toBe(true);
  });

  it('every reason a check or a stage did not run (or was skipped) is translated, its prose all Indonesian', () => {
    const reasons = new Set<string>();
    for (const r of reports) {
      for (const s of r.stages) {
        if (s.reason) reasons.add(s.reason);
        for (const c of s.checks) if (c.reason) reasons.add(c.reason);
      }
      for (const i of r.incomplete) reasons.add(i.reason);
    }
    reasons.delete('the run was stopped');
    expect(reasons.size).toBeGreaterThan(8);
    for (const reason of reasons) {
      expect(hasReasonWords(reason), reason).toBe(true);
      const id = reasonWords(reason, 'id');
      expect(id, reason).not.toBe(reason);
      expect(prose(id), `English left in: ${id}`).not.toMatch(ENGLISH);
      for (const term of wireTerms(reason)) expect(id, `${term} kept in ${id}`).toContain(term);
    }
  });

  it('every prerequisite reason run.ts can write has a pattern', () => {
    const src = readFileSync(join(ROOT, 'src/checker/run.ts'), 'utf8');
    const said = /const said = \{([^}]*)\}/.exec(src);
    expect(said, 'run.ts names what each status says').not.toBeNull();
    const words = [...said![1]!.matchAll(/'[\w-]+'?: '([^']+)'|(\w+): '([^']+)'/g)].map((m) => m[1] ?? m[3]!).filter((w) => w !== 'passed');
    expect(words.length).toBeGreaterThanOrEqual(4);
    for (const w of words) {
      const reason = `it builds on "tools.call", which ${w}`;
      expect(hasReasonWords(reason), reason).toBe(true);
      expect(prose(reasonWords(reason, 'id'))).not.toMatch(ENGLISH);
    }
  });

  it('what the era probe found is translated, versions, codes and server messages kept byte for byte', () => {
    const details = [...new Set(reports.map((r) => r.era.detail))];
    expect(details.length).toBeGreaterThanOrEqual(4);
    for (const detail of details) {
      expect(hasEraWords(detail), detail).toBe(true);
      const id = eraWords(detail, 'id');
      expect(id).not.toBe(detail);
      expect(prose(id), `English left in: ${id}`).not.toMatch(ENGLISH);
      for (const term of wireTerms(detail)) expect(id, `${term} kept in ${id}`).toContain(term);
      expect(eraWords(detail, 'en')).toBe(detail);
    }
    expect(eraWords('something no pattern knows', 'id')).toBe('something no pattern knows');
  });
});
