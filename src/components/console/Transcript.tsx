/**
 * The Console's transcript: the wire lane (stdin and stdout lines, or HTTP
 * exchanges) and, beside it, the quieter stderr lane. Every line shows its
 * direction, time (ms since its process started) and pid; replies carry a
 * one-line meaning with a spec link and the JSON, highlighted and
 * collapsible. All server text is rendered as text.
 *
 * Props: `items` (the transcript), `label` (accessible name of the wire lane).
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { JsonView } from '../shared/JsonView.tsx';
import { MeaningText } from '../shared/MeaningText.tsx';
import { RawLine } from '../shared/RawLine.tsx';
import type { HttpItem, Item, StderrItem, WireItem } from './items.ts';

const ms = (t: number) => `${t.toFixed(1)} ms`;

function Wire({ item }: { item: WireItem }): JSX.Element {
  const out = item.direction === 'out';
  const framing = item.classification?.kind === 'framing_violation';
  return (
    <li class={`mcp-line ${out ? 'mcp-line-out' : 'mcp-line-in'}${framing ? ' mcp-line-bad' : ''}`}>
      <div class="mcp-line-head">
        <span class="mcp-dir">{out ? '→ stdin' : '← stdout'}</span>
        <span class="mcp-time">{ms(item.t)}</span>
        <span class="mcp-pid">pid {item.pid}</span>
        {item.meaning ? <MeaningText meaning={item.meaning} /> : out && framing ? <span class="mcp-meaning mcp-tone-warn">not a JSON-RPC message (sent anyway, as asked)</span> : null}
      </div>
      {item.note ? <div class="mcp-note">{item.note}</div> : null}
      {item.message !== undefined ? (
        <details class="mcp-line-body">
          <summary>
            <RawLine text={item.text} />
          </summary>
          <JsonView value={item.message} />
        </details>
      ) : (
        <div class="mcp-line-body">
          <RawLine text={item.text} />
        </div>
      )}
    </li>
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
      <details class="mcp-line-body">
        <summary>Raw request</summary>
        <pre class="mcp-raw-block">{item.requestText}</pre>
      </details>
      <details class="mcp-line-body" open>
        <summary>Raw response ({item.contentType || 'no content type'})</summary>
        <pre class="mcp-raw-block">{item.responseText}</pre>
      </details>
      {item.frames ? (
        <div class="mcp-sse">
          <p class="mcp-sse-title">SSE frames, parsed by hand ({item.frames.length}):</p>
          <ol>
            {item.frames.map((f, i) => (
              <li key={i}>
                {f.data ? <span class="mcp-dir">event: {f.event}</span> : null}
                {f.comments.length ? <span class="mcp-note"> comment (keep-alive, ignored): {f.comments.join(' / ')}</span> : null}
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
        <details class="mcp-line-body">
          <summary>Body as JSON</summary>
          <JsonView value={item.message} />
        </details>
      ) : null}
    </li>
  );
}

/** Keeps a lane scrolled to its newest line, unless the reader scrolled up to read. */
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

/** The wire lane. */
export function WireLane({ items, label }: { items: Item[]; label: string }): JSX.Element {
  const wire = items.filter((i) => i.kind !== 'stderr');
  const { lane, onScroll } = useFollow(wire.length);
  return (
    <div class="mcp-lane" role="log" aria-label={label} tabIndex={0} ref={lane} onScroll={onScroll}>
      {wire.length === 0 ? <p class="mcp-empty">Nothing sent yet. Press Send or Ctrl+Enter (⌘+Enter on a Mac).</p> : null}
      <ol class="mcp-lines">
        {wire.map((item) =>
          item.kind === 'wire' ? (
            <Wire key={item.key} item={item} />
          ) : item.kind === 'http' ? (
            <Http key={item.key} item={item} />
          ) : item.kind === 'event' ? (
            <li key={item.key} class={`mcp-line mcp-event mcp-tone-${item.tone}`}>
              <span class="mcp-dir">—</span> {item.text}
              {item.pid !== undefined ? <span class="mcp-pid"> (pid {item.pid})</span> : null}
            </li>
          ) : null,
        )}
      </ol>
    </div>
  );
}

/** The stderr lane: free-form logs, quieter, never taken as errors (spec digest §7). */
export function StderrLane({ items }: { items: Item[] }): JSX.Element {
  const err = items.filter((i): i is StderrItem => i.kind === 'stderr');
  const { lane, onScroll } = useFollow(err.length);
  return (
    <div class="mcp-lane mcp-stderr" role="log" aria-label="stderr (server logs)" tabIndex={0} ref={lane} onScroll={onScroll}>
      <p class="mcp-lane-title">stderr: logs, not protocol</p>
      {err.length === 0 ? <p class="mcp-empty">No logs yet.</p> : null}
      <ol class="mcp-lines">
        {err.map((e) => (
          <li key={e.key} class="mcp-stderr-line">
            <span class="mcp-time">{ms(e.t)}</span> <span class="mcp-pid">pid {e.pid}</span> <span class="mcp-raw">{e.text.length > 2000 ? e.text.slice(0, 2000) + '…' : e.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
