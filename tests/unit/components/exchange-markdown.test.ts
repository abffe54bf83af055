// A shared exchange as Markdown (src/components/pure/exchange-markdown.ts): a header naming the server, then
// one fenced block whose lines, after their direction head, are the exact wire lines; no line can close it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exchangeMarkdown, fenceFor } from '../../../src/components/pure/exchange-markdown.ts';
import type { SharedExchange } from '../../../src/components/pure/share-link.ts';
import { setLang } from '../../../src/i18n/index.ts';

const exchange = (lines: SharedExchange['lines'], extra: Partial<SharedExchange> = {}): SharedExchange => ({ v: 1, widget: 'console', which: '0', server: 'calendar', transport: 'stdio', lines, ...extra });

/** The block's body: what is between the opening fence (with its language) and the closing fence. */
function body(md: string): { header: string; fence: string; lines: string[] } {
  const m = /^(.*)\n\n(`{3,})text\n([\s\S]*)\n\2\n$/.exec(md);
  if (!m) throw new Error(`not one fenced block:\n${md}`);
  return { header: m[1]!, fence: m[2]!, lines: m[3]!.split('\n') };
}

describe('exchange-markdown', () => {
  it('names the server and the widget in the header, in the language in force', () => {
    setLang('en');
    const en = body(exchangeMarkdown(exchange([{ dir: 'out', text: '{}', proc: 0 }]), 'Console')).header;
    setLang('id');
    const id = body(exchangeMarkdown(exchange([{ dir: 'out', text: '{}', proc: 0 }]), 'Console')).header;
    setLang('en');
    for (const h of [en, id]) expect(h).toContain('calendar.mjs');
    expect(en).not.toBe(id);
  });

  it('heads each line with its direction and process, then the exact line', () => {
    const lines: SharedExchange['lines'] = [
      { dir: 'out', text: '{"jsonrpc":"2.0","id":1,"method":"server/discover"}', proc: 0 },
      { dir: 'in', text: '{"jsonrpc":"2.0","id":1,"result":{}}', proc: 0 },
      { dir: 'err', text: 'calendar: ready\n', proc: 1 },
    ];
    expect(body(exchangeMarkdown(exchange(lines), 'Console')).lines).toEqual([
      `-> stdin  #1 ${lines[0]!.text}`,
      `<- stdout #1 ${lines[1]!.text}`,
      '<- stderr #2 calendar: ready',
    ]);
  });

  it('puts an HTTP request and response under a head of their own', () => {
    const md = exchangeMarkdown(exchange([{ dir: 'out', text: 'POST /mcp HTTP/1.1\n\n{}', proc: 0 }, { dir: 'in', text: 'HTTP/1.1 200 OK', proc: 0 }], { transport: 'http', server: 'http' }), 'Console');
    expect(body(md).lines).toEqual(['-> HTTP #1', 'POST /mcp HTTP/1.1', '', '{}', '<- HTTP #1', 'HTTP/1.1 200 OK']);
  });

  it('uses a fence no line can close, whatever backticks the lines carry', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[`a\n]{0,12}$/), { maxLength: 6 }), (texts) => {
        const md = exchangeMarkdown(exchange(texts.map((text) => ({ dir: 'in', text, proc: 0 }))), 'Console');
        const { fence } = body(md);
        expect(fence).toBe(fenceFor(texts.join('\n')));
        for (const l of md.split('\n').slice(3, -2)) expect(l.startsWith(fence)).toBe(false);
      }),
    );
  });

  it('says when the server ran an edited source', () => {
    expect(body(exchangeMarkdown(exchange([], { source: 'x' }), 'Console')).header).not.toBe(body(exchangeMarkdown(exchange([]), 'Console')).header);
  });
});
