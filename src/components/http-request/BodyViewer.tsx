import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import { JsonView } from '../ui/JsonView.tsx';
import type { BodyView } from './explain.ts';
import type { HtmlForm } from './html-forms.ts';
import { SHOWN_EVENTS } from './exchange.ts';

/**
 * A response body as `view` says to show it: JSON pretty-printed, an event
 * stream event by event (the first SHOWN_EVENTS), HTML as source with its
 * forms' fields and a button per submit (`onAnswer(form, submit index)`).
 * Nothing for a text or empty body (the raw bytes are shown beside it).
 */
export function BodyViewer({ view, body, onAnswer }: { view: BodyView; body: string; onAnswer: (form: HtmlForm, submit: number) => void }): JSX.Element | null {
  if (view.kind === 'json') {
    return (
      <div data-body="json">
        <p class="mcp-note">{t('httpRequest.jsonPretty')}</p>
        <JsonView value={view.value} openDepth={3} />
      </div>
    );
  }
  if (view.kind === 'sse') {
    const shown = view.frames.slice(0, SHOWN_EVENTS);
    return (
      <div class="mcp-sse" data-body="sse">
        <p class="mcp-sse-title">{t('httpRequest.sseEvents', { n: view.frames.length })}</p>
        <ol>
          {shown.map((f, i) => (
            <li key={i} data-event={f.event}>
              <span class="mcp-dir">{t('httpRequest.sseEvent', { event: f.event })}</span>
              {f.id !== undefined ? <span class="mcp-note"> {t('httpRequest.sseId', { id: f.id })}</span> : null}
              {f.comments.length ? <span class="mcp-note"> {t('httpRequest.sseComment', { text: f.comments.join(' / ') })}</span> : null}
              {'json' in f ? <JsonView value={f.json} /> : f.data ? <pre class="mcp-raw">{f.data}</pre> : null}
            </li>
          ))}
        </ol>
        {view.frames.length > shown.length ? <p class="mcp-note">{t('httpRequest.sseMore', { n: view.frames.length - shown.length })}</p> : null}
      </div>
    );
  }
  if (view.kind === 'html') {
    return (
      <div data-body="html">
        <p class="mcp-note">{t('httpRequest.htmlSource')}</p>
        <pre class="mcp-raw-block" data-html-source="">
          {body}
        </pre>
        {view.forms.map((form, i) => (
          <div key={i} class="mcp-http-form-list" data-form={String(i + 1)}>
            <p class="mcp-http-form-title">{t('httpRequest.form', { n: i + 1, method: form.method, action: form.action || t('httpRequest.formThisPage') })}</p>
            {form.fields.length ? (
              <ul>
                {form.fields.map((f, k) => (
                  <li key={k} data-form-field={f.name}>
                    <code>{t('httpRequest.formField', { name: f.name, value: f.value, type: f.type })}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p class="mcp-note">{t('httpRequest.formNoFields')}</p>
            )}
            <ul>
              {form.submits.map((s, k) => (
                <li key={k}>
                  {s.name ? t('httpRequest.formSubmit', { label: s.label, pair: `${s.name}=${s.value ?? ''}` }) : t('httpRequest.formSubmitNoName', { label: s.label })}{' '}
                  <button type="button" class="mcp-btn mcp-btn-small" data-action="answer-form" onClick={() => onAnswer(form, k)}>
                    {t('httpRequest.formUse', { label: s.label })}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    );
  }
  return null;
}
