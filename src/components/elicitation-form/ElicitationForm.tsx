/**
 * The standalone ElicitationForm: what a client shows for one
 * `elicitation/create` request, with the `ElicitResult` it would send back.
 * No server is involved (the Console opens the same panel for real
 * `input_required` replies).
 *
 * Props: `schema` (a form-mode `requestedSchema`) and `message`; or `url` and
 * `message` for URL mode; `lang` (the page's language; words from src/i18n,
 * area `elicitation`). Buttons carry `data-action` (`accept`, `decline`,
 * `cancel`, `again`).
 */
import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { ElicitResult } from '../../protocol/index.ts';
import { JsonView } from '../ui/JsonView.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { ElicitationPanel } from './ElicitationPanel.tsx';
import { rich } from '../ui/rich-text.tsx';
import { setLang, t } from '../../i18n/index.ts';
import '../ui/widget.css';

/** Props of {@link ElicitationForm}. */
export interface ElicitationFormProps {
  schema?: Record<string, unknown>;
  message: string;
  url?: string;
  /** The page's language (`en` when absent). */
  lang?: string;
}

let demos = 0;

/** The island. */
export function ElicitationForm(props: ElicitationFormProps): JSX.Element {
  setLang(props.lang);
  /** Set once hydrated, so tests (and styles) can tell the island is live; the buttons work from then on. */
  const ready = useHydrated();
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
          {t(props.url !== undefined ? 'elicitation.demo.titleUrl' : 'elicitation.demo.titleForm')}
        </h3>
        <span class="mcp-note">{t('elicitation.demo.noServer')}</span>
      </header>
      <details class="mcp-line-body">
        <summary>{t('elicitation.demo.params')}</summary>
        <JsonView value={params} />
      </details>
      <ElicitationPanel key={round} params={params} onResult={setResult} disabled={!ready} />
      {result ? (
        <div class="mcp-elicit-result" role="status">
          <p>{rich('elicitation.demo.sendsBack', { result: <code>ElicitResult</code>, inputResponses: <code>inputResponses</code> })}</p>
          <JsonView value={result} />
          <button
            type="button"
            class="mcp-btn"
            data-action="again"
            onClick={() => {
              setResult(undefined);
              setRound(round + 1);
            }}
          >
            {t('elicitation.demo.again')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
