/**
 * The share bar of a widget that holds an exchange (Console, ProbeFlow,
 * Replay): "Share as a link" (the page's own URL with the exchange in its
 * fragment, see `pure/share-link.ts`; shown in a labelled field and copied),
 * "Copy as Markdown" (`pure/exchange-markdown.ts`), "Download as a file" (the
 * same exchange as JSON; the only way when the link would pass
 * {@link SHARE_URL_LIMIT_BYTES}, and the bar says so) and "Open a shared
 * file". When the page was opened with a shared exchange for this widget
 * (`page/shared-fragment.ts`) the bar shows it (ui/SharedExchange.tsx);
 * a refused fragment or file is said in a sentence, and the page works on.
 *
 * Props: `widget` (its kind), `id` (the widget's id, when it has one),
 * `server`, `transport`, `lines` (called on each press: the lines to share,
 * with the arguments of each process), `ready` (false until the widget hydrated).
 * Buttons carry `data-action` (`share-link`, `share-markdown`,
 * `share-download`, `share-open`) in every language.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, type StringKey } from '../../i18n/index.ts';
import {
  encodeExchange,
  exchangeJson,
  fitsInLink,
  parseExchange,
  SHARE_JSON_LIMIT_BYTES,
  SHARE_URL_LIMIT_BYTES,
  SHARE_VERSION,
  shareUrl,
  utf8Bytes,
  type SharedExchange as Exchange,
  type SharedLine,
  type ShareRefusal,
  type ShareWidget,
} from '../pure/share-link.ts';
import { exchangeMarkdown } from '../pure/exchange-markdown.ts';
import { barWhich, SHARE_BAR, SHARE_SERVERS, SHARE_WHICH, sharedForBar } from '../page/shared-fragment.ts';
import { SharedExchange } from './SharedExchange.tsx';
import './share.css';
import { editedSources, originalEntry, type ServerName } from '../page/server-sources.ts';

/** Props of {@link ShareBar}. */
export interface ShareBarProps {
  widget: ShareWidget;
  id?: string | undefined;
  server: string;
  transport: 'stdio' | 'http';
  /** The lines to share now, and the arguments each process ran with (index = process number). */
  lines: () => { lines: SharedLine[]; args?: string[][] };
  ready: boolean;
}

const why = (reason: ShareRefusal | 'no-widget') => t(`share.why.${reason}` as StringKey);

/** The share bar (see the module). */
export function ShareBar(props: ShareBarProps): JSX.Element {
  const root = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [shared, setShared] = useState<Exchange>();
  const [refused, setRefused] = useState('');
  const [status, setStatus] = useState('');
  const [link, setLink] = useState('');
  const [tooLarge, setTooLarge] = useState(false);

  useEffect(() => {
    if (!root.current) return;
    void sharedForBar(root.current).then((got) => {
      if (got.kind === 'exchange') setShared(got.exchange);
      else if (got.kind === 'refused') setRefused(t('share.refused', { why: why(got.reason) }));
    });
  }, []);

  /** The exchange as it stands, with the edited source the page runs for this server, if any; undefined when there is nothing to share. */
  async function current(): Promise<Exchange | undefined> {
    const { lines, args } = props.lines();
    if (!lines.length) return undefined;
    const exchange: Exchange = { v: SHARE_VERSION, widget: props.widget, which: barWhich(root.current!, props.widget), server: props.server, transport: props.transport, lines };
    if (args?.some((a) => a.length)) exchange.args = args;
    // The reader's own text of the entry file, as they typed it (its imports name the shipped siblings).
    const source = editedSources(props.server as ServerName)?.get(originalEntry(props.server as ServerName));
    if (source !== undefined) exchange.source = source;
    return exchange;
  }

  async function withExchange(run: (exchange: Exchange) => Promise<void>): Promise<void> {
    try {
      const exchange = await current();
      if (!exchange) {
        setStatus(t('share.nothing'));
        return;
      }
      await run(exchange);
    } catch {
      setStatus(t('common.copyFailed'));
    }
  }

  const shareLink = () =>
    withExchange(async (exchange) => {
      setStatus(t('share.preparing'));
      const url = shareUrl(location.href, await encodeExchange(exchange));
      if (!fitsInLink(url)) {
        setLink('');
        setTooLarge(true);
        setStatus(t('share.tooLarge', { bytes: utf8Bytes(url), limit: SHARE_URL_LIMIT_BYTES }));
        return;
      }
      setTooLarge(false);
      setLink(url);
      try {
        await navigator.clipboard.writeText(url);
        setStatus(t('share.linkCopied'));
      } catch {
        setStatus(t('share.linkShown'));
      }
    });

  const copyMarkdown = () =>
    withExchange(async (exchange) => {
      await navigator.clipboard.writeText(exchangeMarkdown(exchange, t(`share.widget.${exchange.widget}` as StringKey)));
      setStatus(t('share.markdownCopied'));
    });

  const download = () =>
    withExchange(async (exchange) => {
      const url = URL.createObjectURL(new Blob([exchangeJson(exchange)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `mcp-exchange-${exchange.server}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus(t('share.downloaded'));
    });

  async function openFile(chosen: File | undefined): Promise<void> {
    if (!chosen) return;
    const got = chosen.size > SHARE_JSON_LIMIT_BYTES ? ({ ok: false, reason: 'too-large' } as const) : parseExchange(await chosen.text(), SHARE_SERVERS);
    if (got.ok) {
      setRefused('');
      setShared(got.exchange);
    } else setRefused(t('share.refused.file', { why: why(got.reason) }));
    if (file.current) file.current.value = '';
  }

  const attrs = { [SHARE_BAR]: props.widget, ...(props.id ? { [SHARE_WHICH]: props.id } : {}) };
  return (
    <div ref={root} class="mcp-share" {...attrs}>
      {refused ? (
        <p class="mcp-warning" role="alert" data-share-refused>
          {refused}
        </p>
      ) : null}
      {shared ? <SharedExchange exchange={shared} onClose={() => setShared(undefined)} /> : null}
      <div class="mcp-toolbar" role="group" aria-label={t('share.bar')}>
        <button type="button" class="mcp-btn mcp-btn-small" data-action="share-link" disabled={!props.ready} onClick={() => void shareLink()}>
          {t('share.link')}
        </button>
        <button type="button" class="mcp-btn mcp-btn-small" data-action="share-markdown" disabled={!props.ready} onClick={() => void copyMarkdown()}>
          {t('share.markdown')}
        </button>
        <button type="button" class={tooLarge ? 'mcp-btn mcp-btn-small mcp-btn-primary' : 'mcp-btn mcp-btn-small'} data-action="share-download" disabled={!props.ready} onClick={() => void download()}>
          {t('share.download')}
        </button>
        <button type="button" class="mcp-btn mcp-btn-small" data-action="share-open" disabled={!props.ready} onClick={() => file.current?.click()}>
          {t('share.open')}
        </button>
        <input ref={file} type="file" accept=".json,application/json" hidden tabIndex={-1} aria-label={t('share.open')} data-control="share-file" disabled={!props.ready} onChange={(e) => void openFile((e.currentTarget as HTMLInputElement).files?.[0])} />
        <span class="mcp-sr-status" role="status" data-share-status={tooLarge ? 'too-large' : undefined}>
          {status}
        </span>
      </div>
      {link ? (
        <p class="mcp-share-link">
          <label>
            {t('share.linkLabel')}{' '}
            <input type="text" readOnly value={link} data-control="share-url" onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
          </label>
        </p>
      ) : null}
    </div>
  );
}
