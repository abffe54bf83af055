// The text report (src/checker/format.ts) of real runs: the checker on real server processes through the Node
// engine (a toy server that passes, one that logs to stdout, the legacy one, and mutants of the reference
// server with a warning or unannotated tools), then what formatReport prints for each report, line by line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { formatReport, runChecks, withWords, type CheckOptions, type CheckReport, type WordedCheck } from '../../../src/checker/index.ts';
import { checkWordsIn } from '../../../src/i18n/checks.ts';
import { MAX_LINE_CHARS } from '../../../src/checker/format.ts';
import { writeMutants } from '../../fixtures/mutants/generate.mjs';

const ROOT = new URL('../../../', import.meta.url).pathname;
const FAST: CheckOptions = { replyTimeoutMs: 5000, exitTimeoutMs: 2000, quietMs: 150 };
let mutants: string;

async function check(root: string, entry: string, options: CheckOptions = {}): Promise<{ report: CheckReport<WordedCheck>; lines: string[] }> {
  const engine = new NodeEngine({ root });
  const report = withWords(await runChecks(() => engine.spawn(entry), { ...FAST, ...options }), checkWordsIn('en'));
  const text = formatReport(report);
  expect(text.endsWith('\n')).toBe(true);
  return { report, lines: text.slice(0, -1).split('\n') };
}

const checks = (r: CheckReport<WordedCheck>) => r.stages.flatMap((s) => s.checks);

/** The closing line, from the report's own counts. */
function closing(r: CheckReport): string {
  const s = r.summary;
  return `checks: ${s.checksPassed} passed, ${s.checksFailed} failed, ${s.checksWarned} ${s.checksWarned === 1 ? 'warning' : 'warnings'}, ${s.checksSkipped} skipped, ${s.checksNotRun} not run`;
}

/** Every line that shows a wire line (`-> [n] ...` or `<- [n] ...`), without its prefix. */
function wireTexts(lines: string[]): string[] {
  return lines.flatMap((l) => {
    const m = /^\s+(?:->|<-) \[\d+\] (.*)$/.exec(l);
    return m ? [m[1]!] : [];
  });
}

/** No count is said with the wrong number: "1 stages", "1 checks", "1 warnings", "2 warning " never appear. */
function expectPlurals(lines: string[]): void {
  for (const l of lines) {
    expect(l).not.toMatch(/\b1 (stages|checks|warnings|more lines)\b/);
    expect(l).not.toMatch(/\b(0|[2-9]|\d\d+) (stage|check|warning|more line)\b(?!s)/);
  }
}

beforeAll(() => {
  mutants = mkdtempSync(join(tmpdir(), 'format-mutants-'));
  writeMutants(mutants);
});
afterAll(() => rmSync(mutants, { recursive: true, force: true }));

describe('formatReport', () => {
  it('a passing server: the verdict first, then the era, every check with its mark, the counts last', async () => {
    const { report, lines } = await check(ROOT, 'toy-servers/calendar.mjs');
    expect(report.verdict).toBe('pass');
    expect(lines[0]).toBe(`verdict: PASS (0 failed, ${report.summary.checksWarned === 1 ? '1 warning' : `${report.summary.checksWarned} warnings`})`);
    expect(lines[1]).toBe(`era: modern (${report.era.detail})`);
    // Each check once, with its own mark (a skipped one with its reason after the rule).
    const MARKS = { pass: 'PASS   ', fail: 'FAIL   ', warn: 'WARN   ', skipped: 'SKIP   ', 'not-run': 'NOT RUN' } as const;
    expect(checks(report).filter((c) => c.status === 'pass').length).toBeGreaterThan(20);
    for (const c of checks(report)) {
      const line = `  ${MARKS[c.status]}  ${c.id}: ${c.rule}`;
      expect(lines.filter((l) => l === line || l.startsWith(`${line} (`)), c.id).toHaveLength(1);
      if (c.status === 'skipped') expect(lines).toContain(`${line} (${c.reason})`);
    }
    expect(lines.at(-1)).toBe(closing(report));
    expect(lines.at(-2)).toBe(`8 stages: ${report.stages.filter((s) => s.status === 'pass').length} passed, 0 failed`);
    expectPlurals(lines);
  }, 90_000);

  it('framing fails: the verdict says why, each later stage is one NOT RUN line, and no check of theirs is listed', async () => {
    const { report, lines } = await check(ROOT, 'toy-servers/noisy.mjs');
    expect(report.verdict).toBe('fail');
    const failed = checks(report).filter((c) => c.status === 'fail');
    expect(failed.map((c) => c.stage)).toEqual(['framing']);
    expect(lines[0]).toBe(`verdict: FAIL (${failed.length} failed, ${report.summary.checksWarned} warnings); stage 1 failed, so 7 stages did not run`);
    for (const stage of report.stages.slice(1)) {
      expect(stage.checks.every((c) => c.status === 'not-run' && c.notRun === 'stage-failed')).toBe(true);
      expect(lines.filter((l) => l.startsWith(`Stage ${stage.number}:`))).toEqual([`Stage ${stage.number}: ${stage.title} [NOT RUN] (not run: stage 1 failed)`]);
      for (const c of stage.checks) expect(lines.some((l) => l.includes(`${c.id}:`))).toBe(false);
    }
    // The failure: level, expected, got, fix, spec and the spec's sentence beside it, then the wire lines.
    const at = lines.findIndex((l) => l.startsWith(`  FAIL     ${failed[0]!.id}: `));
    expect(lines.slice(at + 1, at + 7).map((l) => l.trim())).toEqual([
      'level:    MUST',
      `expected: ${failed[0]!.expected}`,
      `got:      ${failed[0]!.actual}`,
      `fix:      ${failed[0]!.hint}`,
      `spec:     ${failed[0]!.specUrl}`,
      `quote:    “${failed[0]!.quote}”`,
    ]);
    // The noisy calendar's discover reply is longer than a printed line may be: it is cut, and says how long it was.
    const wire = wireTexts(lines);
    expect(wire.length).toBeGreaterThan(0);
    const cut = wire.filter((w) => /… \[\d+ chars\]$/.test(w));
    expect(cut.length).toBeGreaterThan(0);
    for (const w of wire) expect(w.replace(/… \[\d+ chars\]$/, '').length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    for (const w of cut) expect(Number(/\[(\d+) chars\]$/.exec(w)![1])).toBeGreaterThan(MAX_LINE_CHARS);
    expect(lines.at(-1)).toBe(closing(report));
    expectPlurals(lines);
  }, 90_000);

  it('a legacy server: the era line says plainly what was and was not checked', async () => {
    const { report, lines } = await check(ROOT, 'toy-servers/legacy.mjs');
    expect(report.era.era).toBe('legacy');
    expect(lines[1]).toBe(`era: legacy (${report.era.detail})`);
    expect(lines[2]).toMatch(/^\s+this is a legacy server \(it speaks 2025-11-25\): only the rules that hold in both eras were checked, each process after an initialize handshake; the modern rules did not run$/);
    // The modern rules did not run, and say so.
    const era = checks(report).filter((c) => c.notRun === 'era');
    expect(era.length).toBeGreaterThan(0);
    expect(report.summary.checksNotRun).toBeGreaterThanOrEqual(era.length);
    expect(lines.at(-1)).toBe(closing(report));
    expectPlurals(lines);
  }, 90_000);

  it('a warning: marked WARN with its level, the spec sentence and link; counted apart, not failed; --strict fails it', async () => {
    const { report, lines } = await check(mutants, 'ok-no-identity.mjs');
    const warned = checks(report).filter((c) => c.status === 'warn');
    expect(warned.map((c) => c.id)).toEqual(['discover.server-info']);
    expect(report.verdict).toBe('pass');
    expect(lines[0]).toBe('verdict: PASS (0 failed, 1 warning)');
    const at = lines.findIndex((l) => l.startsWith('  WARN     discover.server-info: '));
    expect(at).toBeGreaterThan(0);
    const block = lines.slice(at + 1, at + 7).map((l) => l.trim());
    expect(block[0]).toBe('level:    SHOULD (a warning; --strict counts it as a failure)');
    expect(block).toContain(`spec:     ${warned[0]!.specUrl}`);
    expect(block).toContain(`quote:    “${warned[0]!.quote}”`);
    expect(block).toContain(`got:      ${warned[0]!.actual}`);
    expect(lines.at(-1)).toBe(closing(report));
    expect(lines.at(-1)).toContain(', 0 failed, 1 warning, ');
    expect(lines.at(-2)).toContain('1 passed with warnings');

    const strict = await check(mutants, 'ok-no-identity.mjs', { strict: true });
    expect(strict.report.verdict).toBe('fail');
    expect(strict.lines[0]).toBe('verdict: FAIL (0 failed, 1 warning, counted as failures under --strict)');
    expect(strict.lines).toContain(lines[at]);
    expectPlurals(strict.lines);
  }, 120_000);

  it('incomplete: the first line names every check the tool policy kept out, and the option that runs them', async () => {
    const { report, lines } = await check(mutants, 'unannotated-state-not-verified.mjs', { callTools: 'safe' });
    expect(report.verdict).toBe('incomplete');
    const ids = report.incomplete.map((i) => i.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(lines[0]).toBe(`verdict: INCOMPLETE: ${ids.length} ${ids.length === 1 ? 'check' : 'checks'} did not run because of --call-tools safe: ${ids.join(', ')}; run with --call-tools all to run them`);
    // Then each with its reason, before the era line.
    expect(lines.slice(1, 1 + ids.length)).toEqual(report.incomplete.map((i) => `  NOT RUN  ${i.id}: ${i.reason}`));
    expect(lines[1 + ids.length]).toMatch(/^era: modern /);
    for (const i of report.incomplete) expect(lines.filter((l) => l.startsWith(`  NOT RUN  ${i.id}: `)).length).toBe(2);
    expect(lines.at(-1)).toBe(closing(report));
    expectPlurals(lines);
  }, 90_000);
});
