/**
 * noisy.mjs breaks the stdio rule on purpose: a stray line at start-up and one
 * before each tools/call response. This checks that exactly that happens and
 * that everything else on stdout is still well-formed JSON-RPC.
 */
import { describe, expect, it } from 'vitest';
import { modern } from './cases.ts';
import { parseStdout, runLines } from './harness.ts';

const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

describe('noisy.mjs', () => {
  it('prints a non-JSON line first, and one just before each tools/call response', async () => {
    const lines = [
      modern(1, 'tools/list'),
      modern(2, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
      modern(3, 'resources/read', { uri: 'calendar://week' }),
      modern(4, 'tools/call', { name: 'create_event', arguments: { title: 'Gym', startsAt: '2026-09-12T06:00:00Z' } }),
    ];
    const run = await runLines('noisy', lines);
    expect(run.code).toBe(0);
    expect(isJson(run.lines[0])).toBe(false);
    const stray = run.lines.filter((l) => !isJson(l));
    expect(stray).toHaveLength(3);
    run.lines.forEach((line, i) => {
      if (isJson(line) && JSON.parse(line).result?.content) expect(isJson(run.lines[i - 1]), 'a stray line right before').toBe(false);
    });
    const replies = parseStdout(run, (l) => !isJson(l));
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('would fail the clean-stdout check that every other server passes', async () => {
    const run = await runLines('noisy', [modern(1, 'server/discover')]);
    expect(() => parseStdout(run)).toThrow(/not a JSON-RPC message/);
  });
});
