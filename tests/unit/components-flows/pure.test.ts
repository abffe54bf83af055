/** Pure helpers of the flow widgets. */
import { describe, expect, it } from 'vitest';
import { clampCount, countIntegrations } from '../../../src/components/integration-counter/integrations.ts';
import { capture, substitute, toLine } from '../../../src/components/replay/substitute.ts';
import { CONTEXT_WINDOWS, formatShare, windowShare } from '../../../src/components/token-meter/context-windows.ts';
import { defaultExchange } from '../../../src/components/replay/exchanges.ts';

describe('integrations', () => {
  it('N × M vs N + M', () => {
    expect(countIntegrations(4, 6)).toEqual({ pointToPoint: 24, withProtocol: 10, saved: 14 });
    expect(countIntegrations(1, 1).saved).toBe(-1);
    expect(() => countIntegrations(1.5, 2)).toThrow(RangeError);
    expect(clampCount(Number.NaN, 1, 50)).toBe(1);
    expect(clampCount(99, 1, 50)).toBe(50);
  });
});

describe('substitution', () => {
  it('fills placeholders JSON-escaped and says which', () => {
    const { text, used } = substitute('{"s":"{{requestState}}","c":"{{calendar}}"}', { requestState: 'a"b' });
    expect(JSON.parse(text)).toEqual({ s: 'a"b', c: '{{calendar}}' });
    expect(used).toEqual([{ name: 'requestState', value: 'a"b' }]);
  });

  it('captures requestState and an open_calendar handle', () => {
    const vars = {};
    expect(capture({ requestState: 'x.y' }, vars)).toEqual(['requestState']);
    expect(capture({ structuredContent: { calendar: 'cal_1', expiresAt: 'z' } }, vars)).toEqual(['calendar']);
    expect(vars).toEqual({ requestState: 'x.y', calendar: 'cal_1' });
  });

  it('compacts pretty JSON to one line; leaves non-JSON as typed (on one line)', () => {
    expect(toLine('{\n  "a": 1\n}')).toEqual({ line: '{"a":1}', valid: true });
    expect(toLine('{"a":\n')).toEqual({ line: '{"a": ', valid: false });
  });

  it('default exchanges are valid JSON-RPC with distinct ids', () => {
    for (const server of ['calendar', 'calendar-handles'] as const) {
      const ids = defaultExchange(server).map((m) => JSON.parse(m.text).id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('context windows', () => {
  it('shares', () => {
    expect(CONTEXT_WINDOWS.map((w) => w.tokens)).toEqual([128_000, 200_000, 1_000_000]);
    expect(formatShare(windowShare(1280, CONTEXT_WINDOWS[0]))).toBe('1.0%');
    expect(formatShare(windowShare(10, CONTEXT_WINDOWS[2]))).toBe('<0.1%');
    expect(formatShare(150)).toBe('150%');
    expect(formatShare(1.25 * 1.2, 'id')).toBe('1,5%');
    expect(formatShare(1234.4, 'en')).toBe('1,234%');
    expect(formatShare(1234.4, 'id')).toBe('1.234%');
    expect(formatShare(0.01, 'id')).toBe('<0,1%');
  });
});

describe('probe path', () => {
  it('a recognised modern error lights its branch and the retry, never initialize', async () => {
    const { pathTaken, branchShown } = await import('../../../src/components/probe-flow/branches.ts');
    const report = {
      era: 'modern' as const,
      outcome: 'ok' as const,
      branch: 'recognised-modern-error' as const,
      protocolVersion: '2026-07-28',
      steps: [
        { kind: 'discover' as const, sent: 'a', branch: 'recognised-modern-error' as const, outcome: '-32022', reason: '' },
        { kind: 'discover' as const, sent: 'b', branch: 'discover-result' as const, outcome: 'DiscoverResult', reason: '' },
      ],
    };
    expect(pathTaken(report)).toEqual(['discover', 'recognised-modern-error', 'retry', 'discover-result', 'modern']);
    expect(pathTaken(report, 1)).toEqual(['discover', 'recognised-modern-error']);
    expect(branchShown(report, 0)).toBeUndefined();
    expect(branchShown(report, 2)).toBe('recognised-modern-error');
  });
});
