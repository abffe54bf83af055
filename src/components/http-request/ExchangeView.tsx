import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import type { HtmlForm } from './html-forms.ts';
import { BODY_CAP, DEADLINE_MS, type Exchange } from './exchange.ts';
import { NoteView } from './NoteView.tsx';
import { BodyViewer } from './BodyViewer.tsx';

/** One exchange of the responses list: the request as sent, the status line, every header, the notes, the body (`open`: the newest is shown open). */
export function ExchangeView({ ex, open, onAnswer }: { ex: Exchange; open: boolean; onAnswer: (form: HtmlForm, submit: number) => void }): JSX.Element {
  const type = ex.headers?.find(([k]) => k === 'content-type')?.[1];
  const view = ex.explained?.view;
  return (
    <li class="mcp-line mcp-line-http" data-exchange={String(ex.n)} data-status={ex.status === undefined ? 'none' : String(ex.status)}>
      <details open={open}>
        <summary>
          <span class="mcp-dir">{t('httpRequest.exchange', { n: ex.n, method: ex.method, path: ex.path })}</span>{' '}
          <span class="mcp-note">{t('httpRequest.sentTo', { server: ex.server })}</span>{' '}
          {ex.statusLine ? <span class={`mcp-status ${ex.status! >= 400 ? 'mcp-tone-error' : 'mcp-tone-ok'}`}>{ex.statusLine}</span> : null}
        </summary>
        {ex.substituted.length ? <p class="mcp-note" data-substituted="">{t('httpRequest.substituted', { names: ex.substituted.map((s) => `{{${s}}}`).join(', ') })}</p> : null}
        {ex.dropped.length ? <p class="mcp-tone-warn" data-dropped="">{t('httpRequest.dropped', { names: ex.dropped.join(', ') })}</p> : null}
        {ex.added.length ? <p class="mcp-note" data-added="">{t('httpRequest.added', { names: ex.added.join(', ') })}</p> : null}
        <details class="mcp-line-body">
          <summary>{t('httpRequest.requestAsSent')}</summary>
          <pre class="mcp-raw-block" data-raw="request">
            {ex.requestText}
          </pre>
        </details>
        {ex.failure ? (
          <p class="mcp-tone-error" role="alert" data-failure="">
            {ex.failure}
          </p>
        ) : null}
        {ex.statusLine ? (
          <>
            <p>
              <span class="sr-only">{t('httpRequest.statusLine')}: </span>
              <code class="mcp-status" data-status-line="">
                {ex.statusLine}
              </code>
            </p>
            <p class="mcp-note">{t('httpRequest.responseHeaders', { n: ex.headers!.length })}</p>
            {ex.headers!.length ? (
              <pre class="mcp-raw-block mcp-raw-full" data-raw="headers">
                {ex.headers!.map(([k, v]) => `${k}: ${v}`).join('\n')}
              </pre>
            ) : (
              <p class="mcp-empty">{t('httpRequest.noHeaders')}</p>
            )}
            {ex.explained?.notes.length ? (
              <div class="mcp-http-notes">
                <p class="mcp-note">{t('httpRequest.explained')}</p>
                <ul>
                  {ex.explained.notes.map((n, i) => (
                    <NoteView key={i} note={n} />
                  ))}
                </ul>
              </div>
            ) : null}
            {ex.capped ? <p class="mcp-tone-warn" data-capped="">{t('httpRequest.capped', { cap: BODY_CAP })}</p> : null}
            {ex.bodyTimeout ? <p class="mcp-tone-warn">{t('httpRequest.bodyTimeout', { s: DEADLINE_MS / 1000 })}</p> : null}
            {ex.bodyError ? <p class="mcp-tone-error">{t('httpRequest.bodyBroke', { why: ex.bodyError })}</p> : null}
            <p class="mcp-note">{t('httpRequest.bodyTitle', { bytes: ex.bytes ?? 0, type: type ?? t('httpRequest.noContentType') })}</p>
            {ex.body ? (
              <>
                {view ? <BodyViewer view={view} body={ex.body} onAnswer={onAnswer} /> : null}
                {view?.kind === 'html' ? null : view?.kind === 'text' || !view ? (
                  <pre class="mcp-raw-block" data-raw="body">
                    {ex.body}
                  </pre>
                ) : (
                  <details class="mcp-line-body">
                    <summary>{t('httpRequest.rawBody')}</summary>
                    <pre class="mcp-raw-block" data-raw="body">
                      {ex.body}
                    </pre>
                  </details>
                )}
              </>
            ) : (
              <p class="mcp-empty">{t('httpRequest.emptyBody')}</p>
            )}
          </>
        ) : null}
      </details>
    </li>
  );
}
