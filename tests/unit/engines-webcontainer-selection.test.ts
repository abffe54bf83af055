/**
 * Engine selection rules (src/components/pure/engine-policy.ts): when the
 * page may start WebContainer, and why it does not. Pure function, no browser.
 * Also the stdout line framing every engine shares (src/engines/stdout-lines.ts).
 */
import { describe, expect, test } from 'vitest';
import { decideEngine, OFF_REASON } from '../../src/components/pure/engine-policy.ts';
import { stdoutLines } from '../../src/engines/stdout-lines.ts';

describe('decideEngine', () => {
  test('off: always the Worker engine, whatever the reader chose, and the badge says WebContainer is off', () => {
    expect(decideEngine('off', undefined, true)).toEqual({ start: 'worker', reason: OFF_REASON });
    expect(decideEngine('off', 'webcontainer', true)).toEqual({ start: 'worker', reason: OFF_REASON });
  });

  test('on-demand (the default): the Worker engine until the reader asks for real Node', () => {
    expect(decideEngine('on-demand', undefined, true)).toEqual({ start: 'worker' });
    expect(decideEngine('on-demand', 'worker', true)).toEqual({ start: 'worker' });
    expect(decideEngine('on-demand', 'webcontainer', true)).toEqual({ start: 'webcontainer' });
  });

  test('preferred: WebContainer where the page is isolated, unless the reader chose the Worker engine', () => {
    expect(decideEngine('preferred', undefined, true)).toEqual({ start: 'webcontainer' });
    expect(decideEngine('preferred', 'worker', true)).toEqual({ start: 'worker' });
  });

  test('without cross-origin isolation, WebContainer is not tried, and the reason says so', () => {
    for (const [policy, choice] of [['preferred', undefined], ['on-demand', 'webcontainer'], ['on-demand', undefined]] as const) {
      const d = decideEngine(policy, choice, false);
      expect(d.start).toBe('worker');
      expect(d.reason).toMatch(/cross-origin isolated/);
    }
  });
});

describe('stdoutLines (the one splitter of every engine)', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);

  test('splits at "\\n" only, keeps "\\r", decodes characters cut across chunks', () => {
    const s = stdoutLines();
    const all = bytes('a\r\nb');
    const euro = bytes('€\n');
    expect(s.pushLines(all)).toEqual(['a\r']);
    expect(s.pushLines(euro.subarray(0, 1))).toEqual([]);
    expect(s.pushLines(euro.subarray(1))).toEqual(['b€']);
    expect(s.pushLines(bytes('\n\nlast'))).toEqual(['', '']);
    expect(s.endLines()).toEqual(['last']);
    expect(s.endLines()).toEqual([]);
  });

  test('invalid UTF-8 becomes U+FFFD, as Node decodes it, also when the bad bytes end a chunk before the "\\n"', () => {
    expect(stdoutLines().pushLines(new Uint8Array([0x61, 0xff, 0x62, 0x0a]))).toEqual(['a\uFFFDb']);
    const s = stdoutLines();
    expect(s.pushLines(new Uint8Array([0x61, 0xe2, 0x82]))).toEqual([]);
    expect(s.pushLines(new Uint8Array([0x0a, 0x62, 0x0a]))).toEqual(['a\uFFFD', 'b']);
    expect(new TextDecoder().decode(new Uint8Array([0x61, 0xe2, 0x82]))).toBe('a\uFFFD');
  });
});
