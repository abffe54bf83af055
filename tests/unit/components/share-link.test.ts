// An exchange shared as a link (src/components/pure/share-link.ts): what goes in comes back byte for byte,
// the limits are where they say, and every kind of damage is refused with its own reason, never thrown.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeFragment,
  encodeExchange,
  fitsInLink,
  fromBase64Url,
  parseExchange,
  SHARE_JSON_LIMIT_BYTES,
  SHARE_LINES_LIMIT,
  SHARE_PREFIX,
  SHARE_URL_LIMIT_BYTES,
  shareUrl,
  toBase64Url,
  utf8Bytes,
  validateExchange,
  type SharedExchange,
} from '../../../src/components/pure/share-link.ts';

const sample = (lines: SharedExchange['lines']): SharedExchange => ({ v: 1, widget: 'console', which: '0', server: 'calendar', transport: 'stdio', lines });

/** Deflates `text` as the platform does, and writes the fragment the way a link carries it. */
async function fragmentOf(text: string): Promise<string> {
  const packed = new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  return SHARE_PREFIX + toBase64Url(packed);
}

const line = fc.record({ dir: fc.constantFrom('out' as const, 'in' as const, 'err' as const), text: fc.string({ unit: 'binary' }), proc: fc.nat(4) });

describe('share-link', () => {
  it('gives back every line byte for byte, the source and the arguments too', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 20 }), fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), async (lines, source) => {
        const exchange: SharedExchange = { ...sample(lines), ...(source !== undefined ? { source } : {}), args: [['--discover=silent']] };
        const back = await decodeFragment('#' + (await encodeExchange(exchange)));
        expect(back).toEqual({ ok: true, exchange });
      }),
      { numRuns: 60 },
    );
  });

  it('writes base64url: no +, / or =, and reads it back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
    );
  });

  it('measures the link in UTF-8 bytes, the limit included', () => {
    expect(utf8Bytes('é')).toBe(2);
    const base = 'https://example.org/the-wire/#';
    expect(fitsInLink(base + 'a'.repeat(SHARE_URL_LIMIT_BYTES - base.length))).toBe(true);
    expect(fitsInLink(base + 'a'.repeat(SHARE_URL_LIMIT_BYTES - base.length + 1))).toBe(false);
    expect(fitsInLink(base + 'é'.repeat((SHARE_URL_LIMIT_BYTES - base.length) / 2 + 1))).toBe(false);
  });

  it("replaces the page's own fragment and keeps its path and query", () => {
    expect(shareUrl('https://h/courses/mcp/the-wire/?x=1#top', 'share=abc')).toBe('https://h/courses/mcp/the-wire/?x=1#share=abc');
  });

  it('refuses damage with its reason', async () => {
    expect(await decodeFragment('#share=@@@not*base64')).toEqual({ ok: false, reason: 'not-base64' });
    expect(await decodeFragment('#share=')).toEqual({ ok: false, reason: 'not-base64' });
    expect(await decodeFragment('#share=' + toBase64Url(new Uint8Array([0xff, 0xfe, 0xfd, 0x07, 0x00])))).toEqual({ ok: false, reason: 'not-deflate' });
    expect(await decodeFragment(await fragmentOf('{"v":1, not json'))).toEqual({ ok: false, reason: 'not-json' });
    expect(await decodeFragment(await fragmentOf(JSON.stringify({ ...sample([]), v: 2 })))).toEqual({ ok: false, reason: 'wrong-version' });
    expect(await decodeFragment(await fragmentOf(JSON.stringify({ ...sample([]), lines: [{ dir: 'out', text: 7, proc: 0 }] })))).toEqual({ ok: false, reason: 'bad-shape' });
    expect(await decodeFragment(await fragmentOf(JSON.stringify({ ...sample([]), widget: 'checker' })))).toEqual({ ok: false, reason: 'bad-shape' });
    expect(await decodeFragment(await fragmentOf(JSON.stringify({ ...sample([]), server: 'nowhere' })), ['calendar'])).toEqual({ ok: false, reason: 'unknown-server' });
    expect(await decodeFragment('#share=' + 'A'.repeat(SHARE_URL_LIMIT_BYTES + 1))).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a fragment that inflates past the JSON limit (a small link that unpacks to megabytes)', async () => {
    const bomb = await fragmentOf(JSON.stringify(sample([{ dir: 'in', text: ' '.repeat(SHARE_JSON_LIMIT_BYTES), proc: 0 }])));
    expect(utf8Bytes(bomb)).toBeLessThan(SHARE_URL_LIMIT_BYTES);
    expect(await decodeFragment(bomb)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses more lines than the limit, and keeps only the known fields', () => {
    const many = Array.from({ length: SHARE_LINES_LIMIT + 1 }, () => ({ dir: 'out', text: '', proc: 0 }));
    expect(validateExchange({ ...sample([]), lines: many })).toEqual({ ok: false, reason: 'too-large' });
    const got = validateExchange({ ...sample([{ dir: 'in', text: '<script>alert(1)</script>', proc: 0, html: '<b>' } as never]), extra: 'x' });
    expect(got).toEqual({ ok: true, exchange: sample([{ dir: 'in', text: '<script>alert(1)</script>', proc: 0 }]) });
  });

  it('reads a file the same way, and refuses a file that is not one', () => {
    expect(parseExchange(JSON.stringify(sample([{ dir: 'out', text: 'x', proc: 0 }])))).toEqual({ ok: true, exchange: sample([{ dir: 'out', text: 'x', proc: 0 }]) });
    expect(parseExchange('[]')).toEqual({ ok: false, reason: 'bad-shape' });
    expect(parseExchange('<html>')).toEqual({ ok: false, reason: 'not-json' });
  });
});
