/**
 * The Console's transcript: the wire lane (stdin and stdout lines, or HTTP
 * exchanges) and, beside it, the quieter stderr lane. Every line shows its
 * direction, time (ms since its process started) and pid; replies carry a
 * one-line meaning with a spec link and the JSON, highlighted and
 * collapsible (built when opened, and opened only with it). A sent line lists what the
 * Console changed in what the reader typed. Replies carrying a
 * `requestState` or a calendar handle get a button copying it exactly.
 * All server text is rendered as text.
 *
 * Each lane listens to the TranscriptStore itself and renders the window the
 * store shows (`folded` older items are counted in a note and stay in Copy
 * transcript; `dropped` ones are gone). A row is built once per item (items
 * do not change once in the store), so a frame costs the rows it adds.
 *
 * Props: `store` (the Console's TranscriptStore), `label` (accessible name of the wire lane).
 */
import { Component, type JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { JsonView } from '../ui/JsonView.tsx';
import { LazyDetails } from '../ui/LazyDetails.tsx';
import { MeaningText } from '../ui/MeaningText.tsx';
import { RawLine } from '../ui/RawLine.tsx';
import { BrowserWords } from '../ui/BrowserWords.tsx';
import { CopyButton } from '../ui/CopyButton.tsx';
import { currentLang, formatNumber, t } from '../../i18n/index.ts';
import { copyables, type HttpItem, type Item, type StderrItem, type WireItem } from './items.ts';
import { TRANSCRIPT_CAP, type LaneView, type TranscriptStore } from './transcript-store.ts';

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** A time in ms with one decimal, written as the page's language writes decimals (12.5 / 12,5). */
const ms = (value: number) =>
  t('console.ms', { ms: formatNumber(value, currentLang(), ONE_DECIMAL) });

function Wire({ item }: { item: WireItem }): JSX.Element {
  const out = item.direction === 'out';
  const framing = item.classification?.kind === 'framing_violation';
  return (
    <li class={`mcp-line ${out ? 'mcp-line-out' : 'mcp-line-in'}${framing ? ' mcp-line-bad' : ''}`}>
      <div class="mcp-line-head">
        <span class="mcp-dir">{out ? '→ stdin' : '← stdout'}</span>
        <span class="mcp-time">{ms(item.t)}</span>
        <span class="mcp-pid">pid {item.pid}</span>
        {item.meaning ? <MeaningText meaning={item.meaning} /> : out && framing ? <span class="mcp-meaning mcp-tone-warn">{t('console.sentAnyway')}</span> : null}
      </div>
      {item.note ? <div class="mcp-note mcp-answers">{item.note}</div> : null}
      <Changes changes={item.changes} />
      {out ? null : <Copyables text={item.text} message={item.message} />}
      {item.message !== undefined ? (
        <LazyDetails class="mcp-line-body" summary={<RawLine text={item.text} />}>{() => <JsonView value={item.message} />}</LazyDetails>
      ) : (
        <div class="mcp-line-body">
          <RawLine text={item.text} />
        </div>
      )}
    </li>
  );
}

function Changes({ changes }: { changes: string[] | undefined }): JSX.Element | null {
  if (!changes?.length) return null;
  return (
    <div class="mcp-note mcp-changes">
      {t('console.changedTitle')}
      <ul>
        {changes.map((c, i) => (
          <li key={i}>{c}</li>
        ))}
      </ul>
    </div>
  );
}

function Copyables({ text, message }: { text: string; message: unknown }): JSX.Element | null {
  const list = copyables(text, message);
  if (!list.length) return null;
  return (
    <div class="mcp-copyables">
      {list.map((c) => (
        <CopyButton key={c.value} label={c.label} value={c.value} />
      ))}
    </div>
  );
}

function Http({ item }: { item: HttpItem }): JSX.Element {
  return (
    <li class="mcp-line mcp-line-http">
      <div class="mcp-line-head">
        <span class="mcp-dir">⇄ HTTP</span>
        <span class="mcp-time">{ms(item.t)}</span>
        <span class="mcp-pid">pid {item.pid}</span>
        <span class={`mcp-status ${item.status >= 400 ? 'mcp-tone-error' : 'mcp-tone-ok'}`}>{item.status}</span>
        {item.meaning ? <MeaningText meaning={item.meaning} /> : null}
      </div>
      <Changes changes={item.changes} />
      <Copyables text={item.responseText} message={item.message ?? item.frames?.find((f) => f.message !== undefined)?.message} />
      <details class="mcp-line-body">
        <summary>{t('console.http.rawRequest')}</summary>
        <pre class="mcp-raw-block">{item.requestText}</pre>
      </details>
      <details class="mcp-line-body" open>
        <summary>{t('console.http.rawResponse', { type: item.contentType || t('console.http.noContentType') })}</summary>
        {/* No height limit: the lane scrolls, so the last line of a long SSE body is never hidden. */}
        <pre class="mcp-raw-block mcp-raw-full">{item.responseText.replace(/\n+$/, '')}</pre>
      </details>
      {item.frames ? (
        <div class="mcp-sse">
          <p class="mcp-sse-title">{t('console.http.frames', { n: item.frames.length })}</p>
          <ol>
            {item.frames.map((f, i) => (
              <li key={i}>
                {f.data ? <span class="mcp-dir">event: {f.event}</span> : null}
                {f.comments.length ? <span class="mcp-note"> {t('console.http.comment', { text: f.comments.join(' / ') })}</span> : null}
                {f.meaning ? (
                  <>
                    {' '}
                    <MeaningText meaning={f.meaning} />
                  </>
                ) : null}
                {f.message !== undefined ? <JsonView value={f.message} openDepth={1} /> : f.data ? <RawLine text={f.data} /> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : item.message !== undefined ? (
        <LazyDetails class="mcp-line-body" summary={t('console.http.bodyJson')}>{() => <JsonView value={item.message} />}</LazyDetails>
      ) : null}
    </li>
  );
}

/**
 * Keeps a lane scrolled to its newest line, unless the reader scrolled up to
 * read. Runs right after the lane's render (the store renders a lane at most
 * once per frame), so the layout it needs is the one the frame does anyway.
 */
function useFollow(count: number) {
  const lane = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const el = lane.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [count]);
  const onScroll = () => {
    const el = lane.current;
    if (el) atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  };
  return { lane, onScroll };
}

function Folded({ text }: { text: string | undefined }): JSX.Element | null {
  return text ? <p class="mcp-folded mcp-tone-warn">{text}</p> : null;
}

function foldNote(view: LaneView<unknown>, key: 'console.folded' | 'console.stderrFolded'): string | undefined {
  const parts: string[] = [];
  if (view.dropped) parts.push(t('console.capped', { cap: TRANSCRIPT_CAP, dropped: view.dropped }));
  if (view.folded) parts.push(t(key, { count: view.folded, cap: TRANSCRIPT_CAP }));
  return parts.length ? parts.join(' ') : undefined;
}

/** A lane's window, read with `read` from `store`; re-renders only when that lane changed (the store keeps its view object until then). */
function useLane<T>(store: TranscriptStore, read: () => LaneView<T>): LaneView<T> {
  const [view, setView] = useState(read);
  useEffect(() => {
    setView(read);
    return store.subscribe(() => setView(read));
  }, [store]);
  return view;
}

/** A wire-lane row, built once for its item. */
class WireRow extends Component<{ item: Exclude<Item, StderrItem> }> {
  shouldComponentUpdate(next: { item: Exclude<Item, StderrItem> }): boolean {
    return next.item !== this.props.item;
  }
  render(): JSX.Element | null {
    const { item } = this.props;
    if (item.kind === 'wire') return <Wire item={item} />;
    if (item.kind === 'http') return <Http item={item} />;
    if (item.kind === 'event')
      return (
        <li class={`mcp-line mcp-event mcp-tone-${item.tone}`} data-event={item.tag} data-entry={item.entry}>
          <span class="mcp-dir">—</span> {item.text}
          {item.pid !== undefined ? <span class="mcp-pid"> (pid {item.pid})</span> : null}
          {item.detail !== undefined ? <BrowserWords text={item.detail} /> : null}
        </li>
      );
    return null;
  }
}

/** A stderr-lane row, built once for its item. */
class StderrRow extends Component<{ item: StderrItem }> {
  shouldComponentUpdate(next: { item: StderrItem }): boolean {
    return next.item !== this.props.item;
  }
  render(): JSX.Element {
    const e = this.props.item;
    return (
      <li class="mcp-stderr-line">
        <span class="mcp-time">{ms(e.t)}</span> <span class="mcp-pid">pid {e.pid}</span> <RawLine text={e.text} max={2000} />
      </li>
    );
  }
}

/** The wire lane: the window of the store's wire lane. */
export function WireLane({ store, label }: { store: TranscriptStore; label: string }): JSX.Element {
  const view = useLane(store, () => store.view('wire'));
  const wire = view.items;
  const total = view.folded + wire.length;
  const { lane, onScroll } = useFollow(total + (wire[wire.length - 1]?.key ?? 0));
  return (
    <div class="mcp-lane" role="log" aria-label={label} tabIndex={0} ref={lane} onScroll={onScroll}>
      {total === 0 ? <p class="mcp-empty">{t('console.nothingYet')}</p> : null}
      <Folded text={foldNote(view, 'console.folded')} />
      <ol class="mcp-lines">
        {wire.map((item) => (
          <WireRow key={item.key} item={item} />
        ))}
      </ol>
    </div>
  );
}

/**
 * The stderr lane: free-form logs, quieter, never taken as errors
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#stdio).
 */
export function StderrLane({ store }: { store: TranscriptStore }): JSX.Element {
  const view = useLane(store, () => store.view('stderr'));
  const err = view.items;
  const { lane, onScroll } = useFollow(view.folded + err.length + (err[err.length - 1]?.key ?? 0));
  return (
    <div class="mcp-lane mcp-stderr" role="log" aria-label={t('console.stderrLabel')} tabIndex={0} ref={lane} onScroll={onScroll}>
      <p class="mcp-lane-title">{t('console.stderrTitle')}</p>
      {err.length === 0 && view.folded === 0 ? <p class="mcp-empty">{t('console.noLogs')}</p> : null}
      <Folded text={foldNote(view, 'console.stderrFolded')} />
      <ol class="mcp-lines">
        {err.map((e) => (
          <StderrRow key={e.key} item={e} />
        ))}
      </ol>
    </div>
  );
}
