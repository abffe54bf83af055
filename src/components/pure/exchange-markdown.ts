/**
 * A shared exchange as Markdown, to paste into an issue tracker: a sentence
 * naming the widget and the server (in the reader's language), then a fenced
 * block with one wire line per line, each after its direction and process:
 * `-> stdin  #1 ` (sent), `<- stdout #1 ` (received), `<- stderr #1 `, and
 * `-> HTTP #1` / `<- HTTP #1` on a line of their own before a request or a
 * response. The heads are the same in every language (as in the Console's
 * Copy transcript), so the block reads back by program; the lines are the
 * exact bytes. The fence is longer than any run of backticks inside, so no
 * line can close it.
 */
import { t } from '../../i18n/index.ts';
import type { SharedExchange } from './share-link.ts';

const HEAD = { out: '-> stdin ', in: '<- stdout', err: '<- stderr' } as const;

/** The fence that encloses `body`: at least three backticks, one more than the longest run inside. */
export function fenceFor(body: string): string {
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** The wire lines of `exchange`, one per line after its head (see the module). */
export function exchangeLines(exchange: SharedExchange): string {
  const out: string[] = [];
  for (const line of exchange.lines) {
    const proc = `#${line.proc + 1}`;
    if (exchange.transport === 'http' && line.dir !== 'err') out.push(`${line.dir === 'out' ? '-> HTTP' : '<- HTTP'} ${proc}`, line.text);
    else out.push(`${HEAD[line.dir]} ${proc} ${line.dir === 'err' ? line.text.replace(/\n$/, '') : line.text}`);
  }
  return out.join('\n');
}

/**
 * `exchange` as Markdown: the header sentence (`share.md.header`, naming the
 * server file and the widget; `share.md.edited` after it when the exchange
 * ran an edited source), then the fenced block (language `text`).
 */
export function exchangeMarkdown(exchange: SharedExchange, widgetName: string): string {
  const body = exchangeLines(exchange);
  const fence = fenceFor(body);
  const head = t('share.md.header', { server: `${exchange.server}.mjs`, widget: widgetName, sent: exchange.lines.filter((l) => l.dir === 'out').length, received: exchange.lines.filter((l) => l.dir !== 'out').length });
  const edited = exchange.source !== undefined ? ` ${t('share.md.edited')}` : '';
  return `${head}${edited}\n\n${fence}text\n${body}\n${fence}\n`;
}
