/**
 * HttpRequest: HTTP typed by hand to toy HTTP servers running in the page
 * (any registry server that is a WHATWG fetch handler, served by the page's
 * engine), with the whole response shown and explained. Built for MCP's
 * authorization flow (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization):
 * a 401's challenge, discovery documents, a consent page answered by a typed
 * POST, the code redirect, the token request with PKCE, the Bearer request.
 *
 * - The request: method, path (or a full URL of a server of the page), header
 *   lines, body. `{{name}}` is filled from the values table when sending.
 *   Bad input is said and nothing typed is lost; the typed request is kept
 *   per page across reloads. Ctrl/⌘+Enter sends from any field.
 * - The response: status line, every header, the body (JSON pretty-printed
 *   with the raw bytes beside it, an event stream event by event, HTML as
 *   source with its forms listed, never rendered), and one note per notable
 *   thing (see explain.ts). A handler that hangs gets a deadline; a body that
 *   floods is read up to a cap.
 * - Values: kept per page; responses fill some (`access_token`, `code`,
 *   `state`, `iss`, `issuer`, ...); the reader edits any.
 * - PKCE: a fresh `code_verifier` and its S256 `code_challenge`, every byte
 *   shown (../pure/pkce.ts).
 *
 * The island puts together hooks per concern (the typed request, the values
 * table, what is kept across reloads, the server processes, the PKCE helper,
 * sending) and small views of them (RequestForm, PkcePanel, ValuesTable,
 * ExchangeView).
 *
 * Props: `targets` (servers and the origins they are addressed by, from the
 * `.astro` wrapper), `templates?`, `values?`, `lang?`; see
 * src/components/README.md. Words from src/i18n (area `httpRequest`).
 * Controls tests press carry a `data-action` that is the same in every language.
 */
import type { JSX } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { setLang, t } from '../../i18n/index.ts';
import type { ServerName } from '../page/server-sources.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { variablesIn, type RequestDraft, type Target } from './request-text.ts';
import { formDraft, type HtmlForm } from './html-forms.ts';
import type { Exchange } from './exchange.ts';
import { useRequestDraft } from './use-request-draft.ts';
import { useValues, type ValueRow } from './use-values.ts';
import { useKeptRequest } from './use-kept-request.ts';
import { useEndpoints } from './use-endpoints.ts';
import { usePkce } from './use-pkce.ts';
import { useSend } from './use-send.ts';
import { RequestForm } from './RequestForm.tsx';
import { PkcePanel } from './PkcePanel.tsx';
import { ValuesTable } from './ValuesTable.tsx';
import { ExchangeView } from './ExchangeView.tsx';
import '../ui/widget.css';
import './http-request.css';

/** A starting request a lesson offers one click away. */
export interface HttpRequestTemplate {
  /** The button's text. */
  label: string;
  /** Default `GET`. */
  method?: string;
  /** `/path?query` on `server` (default: the first server), or a full URL of one of the servers. */
  path: string;
  /** One `Name: value` per line. */
  headers?: string;
  body?: string;
  /** Which server a `/path` goes to (a name among the widget's servers). */
  server?: string;
}

/** Props of {@link HttpRequest}. */
export interface HttpRequestProps {
  /** The servers the reader can address, each at its origin; the first is the default. */
  targets: ReadonlyArray<{ server: ServerName; origin: string }>;
  templates?: ReadonlyArray<HttpRequestTemplate>;
  /** Values the lesson gives from the start (`client_id`, `redirect_uri`, ...). */
  values?: Readonly<Record<string, string>>;
  /** The page's language (`en` when absent). */
  lang?: string;
}

let widgets = 0;

function draftOf(tpl: HttpRequestTemplate | undefined, first: string): RequestDraft {
  if (!tpl) return { method: 'GET', path: '/', headers: '', body: '', target: first };
  return { method: tpl.method ?? 'GET', path: tpl.path, headers: tpl.headers ?? '', body: tpl.body ?? '', target: tpl.server ?? first };
}

/** The HttpRequest island. */
export function HttpRequest(props: HttpRequestProps): JSX.Element {
  setLang(props.lang);
  const uid = useMemo(() => `mcp-http-${++widgets}`, []);
  const targets: Target[] = props.targets.map((x) => ({ server: x.server, origin: x.origin }));
  const first = targets[0]?.server ?? '';
  const initialDraft = useMemo(() => draftOf(props.templates?.[0], first), []);
  const initialRows = useMemo<ValueRow[]>(() => Object.entries(props.values ?? {}).map(([name, value]) => ({ name, value, from: { key: 'httpRequest.from.lesson' } })), []);
  const request = useRequestDraft(initialDraft);
  const values = useValues(initialRows);
  const [announce, setAnnounce] = useState('');
  const section = useRef<HTMLElement>(null);
  const pathInput = useRef<HTMLInputElement>(null);
  const ready = useKeptRequest(section, { draft: request.draft, setDraft: request.setDraft, initialDraft, rows: values.rows, setRows: values.setRows, initialRows, setNote: request.setNote });
  const { endpoints, pid } = useEndpoints(targets);
  const pkce = usePkce(values.rows, values.setValues, setAnnounce);
  const sending = useSend({ draft: request.draft, targets, endpoints, valueMap: () => values.valueMap(), setValues: values.setValues, setProblems: request.setProblems, announce: setAnnounce });

  const useTemplate = (tpl: HttpRequestTemplate) => {
    request.update(draftOf(tpl, first));
    request.setNote('');
    pathInput.current?.focus();
  };

  const answerForm = (ex: Exchange, form: HtmlForm, i: number) => {
    const submit = form.submits[i];
    const pageUrl = `${targets.find((x) => x.server === ex.server)?.origin ?? ''}${ex.path}`;
    const d = formDraft(form, submit, pageUrl);
    request.update({ ...d, target: ex.server });
    request.setNote(t('httpRequest.formWritten', { label: submit?.label ?? '' }));
    pathInput.current?.focus();
  };

  const pkceOpen = (props.templates ?? []).some((tpl) => variablesIn(`${tpl.path}\n${tpl.headers ?? ''}\n${tpl.body ?? ''}`).some((v) => v === 'code_verifier' || v === 'code_challenge'));
  const names = targets.map((x) => x.server).join(', ');

  return (
    <section
      ref={section}
      class="mcp-widget mcp-http-request"
      aria-labelledby={`${uid}-title`}
      data-ready={ready ? 'yes' : undefined}
      data-servers={names}
    >
      <header class="mcp-widget-head">
        <h3 id={`${uid}-title`} class="mcp-widget-title">
          {t('httpRequest.title', { servers: names })}
        </h3>
        <EngineBadge pid={pid} />
      </header>

      {props.templates?.length ? (
        <div class="mcp-starts" role="group" aria-label={t('httpRequest.starting')}>
          <span aria-hidden="true">{t('httpRequest.starting')}</span>
          {props.templates.map((tpl) => (
            <button key={tpl.label} type="button" class="mcp-btn mcp-btn-small" data-action="use-template" onClick={() => useTemplate(tpl)}>
              {tpl.label}
            </button>
          ))}
        </div>
      ) : null}

      <RequestForm
        uid={uid}
        targets={targets}
        draft={request.draft}
        update={request.update}
        note={request.note}
        problems={request.problems}
        busy={sending.busy}
        pathInput={pathInput}
        onSend={() => void sending.send()}
        onRestart={() => endpoints.stopAll()}
        onClear={sending.clear}
      />
      <p class="mcp-announce" aria-live="polite">
        {announce}
      </p>

      <PkcePanel uid={uid} open={pkceOpen} pkce={pkce} />

      <ValuesTable
        uid={uid}
        rows={values.rows}
        onEdit={(name, value) => values.setValues([[name, value]], { key: 'httpRequest.from.you' })}
        onRemove={(name) => values.setRows((prev) => prev.filter((r) => r.name !== name))}
        newName={values.newName}
        newValue={values.newValue}
        nameError={values.nameError}
        setNewName={values.setNewName}
        setNewValue={values.setNewValue}
        onAdd={values.add}
      />

      <div class="mcp-http-exchanges" role="region" aria-label={t('httpRequest.responses')}>
        <h4 class="mcp-lane-title">{t('httpRequest.responses')}</h4>
        {sending.exchanges.length === 0 ? <p class="mcp-empty">{t('httpRequest.none')}</p> : null}
        <ol class="mcp-lines">
          {sending.exchanges.map((ex, i) => (
            <ExchangeView key={ex.n} ex={ex} open={i === 0} onAnswer={(form, k) => answerForm(ex, form, k)} />
          ))}
        </ol>
      </div>
    </section>
  );
}
