/**
 * The standalone ElicitationForm: what a client shows for one
 * `elicitation/create` request, with the `ElicitResult` it would send back.
 * No server is involved (the Console opens the same panel for real
 * `input_required` replies).
 *
 * Props: `schema` (a form-mode `requestedSchema`) and `message`; or `url` and
 * `message` for URL mode.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ElicitResult } from '../../protocol/messages.ts';
import { JsonView } from '../shared/JsonView.tsx';
import { ElicitationPanel } from './ElicitationPanel.tsx';
import '../shared/widget.css';

/** Props of {@link ElicitationDemo}. */
export interface ElicitationDemoProps {
  schema?: Record<string, unknown>;
  message: string;
  url?: string;
}

let demos = 0;

/** The island. */
export function ElicitationDemo(props: ElicitationDemoProps): JSX.Element {
  /** Set once hydrated, so tests (and styles) can tell the island is live. */
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const uid = useMemo(() => `mcp-elicit-demo-${++demos}`, []);
  const params = useMemo<Record<string, unknown>>(
    () => (props.url !== undefined ? { mode: 'url', message: props.message, url: props.url } : { mode: 'form', message: props.message, requestedSchema: props.schema }),
    [],
  );
  const [result, setResult] = useState<ElicitResult | undefined>();
  const [round, setRound] = useState(0);
  return (
    <section class="mcp-widget mcp-elicitation" aria-labelledby={`${uid}-title`} data-ready={ready ? 'yes' : undefined}>
      <header class="mcp-widget-head">
        <h3 id={`${uid}-title`} class="mcp-widget-title">
          Elicitation ({props.url !== undefined ? 'URL' : 'form'} mode)
        </h3>
        <span class="mcp-note">No server here: this is what a client shows, and what it would send back.</span>
      </header>
      <details class="mcp-line-body">
        <summary>The request's params, as the server sent them</summary>
        <JsonView value={params} />
      </details>
      <ElicitationPanel key={round} params={params} onResult={setResult} />
      {result ? (
        <div class="mcp-elicit-result" role="status">
          <p>
            The client sends back this <code>ElicitResult</code> (under the request's key in <code>inputResponses</code>):
          </p>
          <JsonView value={result} />
          <button
            type="button"
            class="mcp-btn"
            onClick={() => {
              setResult(undefined);
              setRound(round + 1);
            }}
          >
            Answer again
          </button>
        </div>
      ) : null}
    </section>
  );
}
