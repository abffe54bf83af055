import { describe, expect, it } from 'vitest';
import { LineDecoder } from '../../../src/protocol/line-decoder.ts';

const enc = new TextEncoder();
const texts = (lines: { text: string }[]) => lines.map((l) => l.text);

describe('LineDecoder', () => {
  it('splits several lines in one chunk and keeps an unterminated tail for later', () => {
    const d = new LineDecoder();
    const out = d.push('{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0","method":"x"}\n{"jsonrpc"');
    expect(texts(out)).toEqual(['{"jsonrpc":"2.0","id":1,"result":{}}', '{"jsonrpc":"2.0","method":"x"}']);
    expect(out.every((l) => l.parsed.ok)).toBe(true);
    expect(d.pending).toBe('{"jsonrpc"'.length);
    expect(texts(d.push(':"2.0","id":2,"result":{}}\n'))).toEqual(['{"jsonrpc":"2.0","id":2,"result":{}}']);
    expect(d.end()).toEqual([]);
  });

  it('reassembles a message fed byte by byte, including multi-byte UTF-8 split across chunks', () => {
    const message = '{"jsonrpc":"2.0","id":"é🎉","result":{"text":"Server – 🎉 ok"}}';
    const bytes = enc.encode(message + '\n' + message + '\n');
    const d = new LineDecoder();
    const out = [];
    for (const b of bytes) out.push(...d.push(Uint8Array.of(b)));
    expect(texts(out)).toEqual([message, message]);
    expect(out[0].parsed.ok && (out[0].parsed.message as { id: string }).id).toBe('é🎉');
  });

  it('splits a 4-byte character across two chunks at every offset', () => {
    const bytes = enc.encode('{"jsonrpc":"2.0","method":"🎉"}\n');
    const start = bytes.indexOf(0xf0);
    for (let cut = start + 1; cut < start + 4; cut++) {
      const d = new LineDecoder();
      const out = [...d.push(bytes.slice(0, cut)), ...d.push(bytes.slice(cut))];
      expect(texts(out)).toEqual(['{"jsonrpc":"2.0","method":"🎉"}']);
    }
  });

  it('strips CRLF by default and keeps the \\r when asked', () => {
    expect(texts(new LineDecoder().push('{"jsonrpc":"2.0","method":"a"}\r\n'))).toEqual(['{"jsonrpc":"2.0","method":"a"}']);
    const keep = new LineDecoder({ stripCarriageReturn: false }).push('{"jsonrpc":"2.0","method":"a"}\r\n');
    expect(texts(keep)).toEqual(['{"jsonrpc":"2.0","method":"a"}\r']);
    expect(keep[0].parsed.ok).toBe(true);
  });

  it('handles a CRLF split between chunks', () => {
    const d = new LineDecoder();
    expect(d.push('{"jsonrpc":"2.0","method":"a"}\r')).toEqual([]);
    expect(texts(d.push('\n'))).toEqual(['{"jsonrpc":"2.0","method":"a"}']);
  });

  it('flags lines that are not JSON-RPC messages, with their raw text', () => {
    const out = new LineDecoder().push('Starting server...\n\n[1,2]\n{"id":1}\n{"jsonrpc":"2.0","id":null,"result":{}}\n');
    expect(out.map((l) => (l.parsed.ok ? 'ok' : l.parsed.violation))).toEqual([
      'not JSON',
      'empty line',
      'a JSON array (batches are not allowed)',
      'missing "jsonrpc": "2.0"',
      'id is not a string or integer',
    ]);
    expect(out[0].parsed.ok === false && out[0].parsed.raw).toBe('Starting server...');
  });

  it('returns the last line without a newline at end()', () => {
    const d = new LineDecoder();
    expect(d.push('{"jsonrpc":"2.0","method":"a"}')).toEqual([]);
    expect(texts(d.end())).toEqual(['{"jsonrpc":"2.0","method":"a"}']);
  });

  it('cuts and flags an over-long line, then carries on', () => {
    const d = new LineDecoder({ maxLineLength: 10 });
    const out = d.push('x'.repeat(25) + '\n{"jsonrpc":"2.0","method":"a"}\n');
    expect(out).toHaveLength(2);
    expect(out[0].text).toHaveLength(10);
    expect(out[0].parsed.ok).toBe(false);
    expect(out[0].parsed.ok === false && out[0].parsed.violation).toMatch(/longer than 10/);
    expect(out[1].text).toHaveLength(10); // the next line is over the limit too
  });

  it('pushLines splits without parsing', () => {
    const d = new LineDecoder({ stripCarriageReturn: false });
    expect(d.pushLines('a\r\nb\nc')).toEqual(['a\r', 'b']);
    expect(d.endLines()).toEqual(['c']);
  });
});
