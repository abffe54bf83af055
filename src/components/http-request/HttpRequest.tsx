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
 * Props: `targets` (servers and the origins they are addressed by, from the
 * `.astro` wrapper), `templates?`, `values?`, `lang?`; see
 * src/components/README.md. Words from src/i18n (area `httpRequest`).
 * Controls tests press carry a `data-action` that is the same in every language.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { setLang, t, type StringKey } from '../../i18n/index.ts';
import { engineGeneration, onServerSourceChange, type ServerName } from '../page/page-engine.ts';
import { loadKeptText, saveKeptText } from '../page/kept-text.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { JsonView } from '../ui/JsonView.tsx';
import { BrowserWords } from '../ui/BrowserWords.tsx';
import { errorText } from '../pure/failure-text.ts';
import { generateVerifier, hexBytes, randomState, s256, verifierProblem, VERIFIER_MAX, VERIFIER_MIN, type S256Steps } from '../pure/pkce.ts';
import { buildRequest, variablesIn, type RequestDraft, type RequestProblem, type Target } from './request-text.ts';
import { explainResponse, headerChanges, type BodyView, type Explained, type Note, type Words } from './explain.ts';
import { formDraft, type HtmlForm } from './html-forms.ts';
import { callWithDeadline, readCapped } from './read-body.ts';
import { requestText, statusLine } from './raw-text.ts';
import { Endpoints } from './endpoints.ts';
import '../ui/widget.css';
import './http-request.css';
import { reportAction } from '../page/reader-actions.ts';

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

/** How long a handler may take to answer, and a body to arrive, in ms. */
const DEADLINE_MS = 10_000;
/** The most of a body the widget reads, in bytes (a flood is cut there). */
const BODY_CAP = 256 * 1024;
/** Responses kept on screen; older ones are dropped. */
const KEEP_EXCHANGES = 20;
/** Events of one stream rendered one by one (the raw body still has them all). */
const SHOWN_EVENTS = 200;

/** One row of the values table. */
interface ValueRow {
  name: string;
  value: string;
  from: Words;
}

/** One request sent and what came of it. */
interface Exchange {
  n: number;
  server: string;
  method: string;
  path: string;
  requestText: string;
  substituted: string[];
  dropped: string[];
  added: string[];
  failure?: string;
  status?: number;
  statusLine?: string;
  headers?: Array<[string, string]>;
  body?: string;
  bytes?: number;
  capped?: boolean;
  bodyTimeout?: boolean;
  bodyError?: string;
  explained?: Explained;
}

const VALUE_NAME = /^[A-Za-z0-9_.-]+$/;

let widgets = 0;

function said(w: Words): string {
  return t(w.key, w.vars ?? {});
}

function problemText(p: RequestProblem): string {
  return t(`httpRequest.problem.${p.code}` as StringKey, p.vars);
}

function draftOf(tpl: HttpRequestTemplate | undefined, first: string): RequestDraft {
  if (!tpl) return { method: 'GET', path: '/', headers: '', body: '', target: first };
  return { method: tpl.method ?? 'GET', path: tpl.path, headers: tpl.headers ?? '', body: tpl.body ?? '', target: tpl.server ?? first };
}

function parseKept<T>(text: string | undefined, check: (v: unknown) => v is T): T | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return check(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

const isDraft = (v: unknown): v is RequestDraft =>
  typeof v === 'object' && v !== null && ['method', 'path', 'headers', 'body', 'target'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');
const isRows = (v: unknown): v is ValueRow[] =>
  Array.isArray(v) && v.every((r) => r && typeof r.name === 'string' && typeof r.value === 'string' && r.from && typeof r.from.key === 'string');

/** The HttpRequest island. */
export function HttpRequest(props: HttpRequestProps): JSX.Element {
  setLang(props.lang);
  const uid = useMemo(() => `mcp-http-${++widgets}`, []);
  const targets: Target[] = props.targets.map((x) => ({ server: x.server, origin: x.origin }));
  const first = targets[0]?.server ?? '';
  const initialDraft = useMemo(() => draftOf(props.templates?.[0], first), []);
  const initialRows = useMemo<ValueRow[]>(() => Object.entries(props.values ?? {}).map(([name, value]) => ({ name, value, from: { key: 'httpRequest.from.lesson' } })), []);
  const [ready, setReady] = useState(false);
  const [draft, setDraft] = useState<RequestDraft>(initialDraft);
  const [rows, setRows] = useState<ValueRow[]>(initialRows);
  const [problems, setProblems] = useState<RequestProblem[]>([]);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [announce, setAnnounce] = useState('');
  const [pid, setPid] = useState<number | undefined>();
  const [pkceLength, setPkceLength] = useState(VERIFIER_MIN);
  const [steps, setSteps] = useState<S256Steps | { error: string } | undefined>();
  const [newName, setNewName] = useState('');
  const [newValue, setNewValue] = useState('');
  const [nameError, setNameError] = useState('');
  const keys = useRef<{ draft: string; values: string } | undefined>();
  const section = useRef<HTMLElement>(null);
  const pathInput = useRef<HTMLInputElement>(null);
  const counter = useRef(0);
  const endpoints = useMemo(() => new Endpoints(setPid), []);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const valueMap = (list: ValueRow[] = rowsRef.current): Record<string, string> => Object.fromEntries(list.map((r) => [r.name, r.value]));

  /** Sets `name` to `value` (added at the end when new), saying where it came from. */
  const setValues = (entries: Array<[string, string]>, from: Words) =>
    setRows((prev) => {
      const next = [...prev];
      for (const [name, value] of entries) {
        const i = next.findIndex((r) => r.name === name);
        if (i === -1) next.push({ name, value, from });
        else if (next[i]!.value !== value) next[i] = { name, value, from };
      }
      return next;
    });

  // Restore the kept request and values once hydrated; keep them as they change.
  useEffect(() => {
    const el = section.current;
    const index = el ? [...document.querySelectorAll('section.mcp-http-request')].indexOf(el) : 0;
    const base = `mcp-by-hand:http-request:${location.pathname}:${index}`;
    keys.current = { draft: `${base}:draft`, values: `${base}:values` };
    const kept = parseKept(loadKeptText(keys.current.draft), isDraft);
    if (kept && JSON.stringify(kept) !== JSON.stringify(initialDraft)) {
      setDraft(kept);
      setNote(t('httpRequest.draftRestored'));
    }
    const keptRows = parseKept(loadKeptText(keys.current.values), isRows);
    if (keptRows) setRows(keptRows);
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready && keys.current) saveKeptText(keys.current.draft, JSON.stringify(draft), JSON.stringify(initialDraft));
  }, [draft, ready]);
  useEffect(() => {
    if (ready && keys.current) saveKeptText(keys.current.values, JSON.stringify(rows), JSON.stringify(initialRows));
  }, [rows, ready]);

  // Processes: fresh ones after an engine switch or reset, or when a ServerEditor runs an edit of one of the servers.
  useEffect(() => {
    let firstRun = true;
    const unsub = engineGeneration.subscribe(() => {
      if (firstRun) firstRun = false;
      else endpoints.stopAll();
    });
    const unsubs = targets.map((x) => onServerSourceChange(x.server as ServerName, () => endpoints.stopAll()));
    return () => {
      unsub();
      for (const u of unsubs) u();
      endpoints.stopAll();
    };
  }, []);

  // The S256 challenge of the kept code_verifier, computed live.
  const verifier = rows.find((r) => r.name === 'code_verifier')?.value;
  useEffect(() => {
    let live = true;
    if (verifier === undefined || verifier === '') {
      setSteps(undefined);
      return;
    }
    s256(verifier).then(
      (s) => {
        if (!live) return;
        setSteps(s);
        if (!verifierProblem(verifier)) setValues([['code_challenge', s.challenge]], { key: 'httpRequest.from.pkce' });
      },
      () => live && setSteps({ error: t('httpRequest.pkceNotAscii') }),
    );
    return () => {
      live = false;
    };
  }, [verifier]);

  const update = (patch: Partial<RequestDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblems([]);
  };

  async function send(): Promise<void> {
    if (busy) return;
    const values = valueMap();
    const built = buildRequest(draft, targets, values);
    if (!built.ok) {
      setProblems(built.problems);
      return;
    }
    setProblems([]);
    setBusy(true);
    const r = built.request;
    const n = ++counter.current;
    const u = new URL(r.url);
    const ex: Exchange = { n, server: r.target.server, method: r.method, path: `${u.pathname}${u.search}`, requestText: '', substituted: r.substituted, dropped: [], added: [] };
    try {
      let request: Request;
      try {
        request = new Request(r.url, { method: r.method, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) });
      } catch (e) {
        ex.requestText = requestText(r.method, r.url, r.headers, r.body);
        ex.failure = errorText(e);
        return;
      }
      const sent = [...request.headers];
      const changes = headerChanges(r.headers, sent);
      ex.dropped = changes.dropped;
      ex.added = changes.added.map(([k, v]) => `${k}: ${v}`);
      ex.requestText = requestText(request.method, r.url, sent, r.body);
      let endpoint;
      try {
        endpoint = await endpoints.get(r.target.server as ServerName);
      } catch (e) {
        ex.failure = t('httpRequest.loadFailed', { entry: endpoints.entryOf(r.target.server as ServerName), why: errorText(e) });
        return;
      }
      // Past the deadline the request's signal is aborted: a handler that watches it sees the client leave.
      const outcome = await callWithDeadline((signal) => endpoint.handle(new Request(request, { signal })), DEADLINE_MS);
      if (outcome.kind === 'timeout') {
        ex.failure = t('httpRequest.timeout', { s: DEADLINE_MS / 1000 });
        return;
      }
      if (outcome.kind === 'failed') {
        ex.failure = t('httpRequest.failed', { why: errorText(outcome.error) });
        return;
      }
      const response = outcome.response;
      const read = await readCapped(response, BODY_CAP, DEADLINE_MS);
      const body = new TextDecoder().decode(read.bytes);
      ex.status = response.status;
      reportAction({ widget: 'http-request', kind: 'response', server: ex.server, method: ex.method, path: u.pathname, status: response.status });
      ex.statusLine = statusLine(response.status, response.statusText);
      ex.headers = [...response.headers];
      ex.body = body;
      ex.bytes = read.bytes.byteLength;
      ex.capped = read.capped;
      ex.bodyTimeout = read.timedOutAfterMs !== undefined;
      if (read.error !== undefined) ex.bodyError = errorText(read.error);
      const explained = explainResponse({ status: response.status, headers: ex.headers, body, url: r.url }, values);
      ex.explained = explained;
      if (explained.captures.length) setValues(explained.captures, { key: 'httpRequest.from.response', vars: { n } });
    } finally {
      setExchanges((prev) => [ex, ...prev].slice(0, KEEP_EXCHANGES));
      setAnnounce(ex.statusLine ? `${t('httpRequest.exchange', { n, method: ex.method, path: ex.path })}: ${ex.statusLine}` : (ex.failure ?? ''));
      setBusy(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };

  const useTemplate = (tpl: HttpRequestTemplate) => {
    update(draftOf(tpl, first));
    setNote('');
    pathInput.current?.focus();
  };

  const answerForm = (ex: Exchange, form: HtmlForm, i: number) => {
    const submit = form.submits[i];
    const pageUrl = `${targets.find((x) => x.server === ex.server)?.origin ?? ''}${ex.path}`;
    const d = formDraft(form, submit, pageUrl);
    update({ ...d, target: ex.server });
    setNote(t('httpRequest.formWritten', { label: submit?.label ?? '' }));
    pathInput.current?.focus();
  };

  const verifierIssue = verifier ? verifierProblem(verifier) : undefined;
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

      <form
        class="mcp-http-form"
        aria-label={t('httpRequest.requestRegion')}
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div class="mcp-http-line">
          {targets.length > 1 ? (
            <span class="mcp-http-field">
              <label for={`${uid}-server`}>{t('httpRequest.server')}</label>
              <select id={`${uid}-server`} data-control="server" value={draft.target} onChange={(e) => update({ target: (e.currentTarget as HTMLSelectElement).value })}>
                {targets.map((x) => (
                  <option key={x.server} value={x.server}>
                    {`${x.server} (${x.origin})`}
                  </option>
                ))}
              </select>
            </span>
          ) : null}
          <TextField
            id={`${uid}-method`}
            class="mcp-http-method"
            label={t('httpRequest.method')}
            control="method"
            value={draft.method}
            list={`${uid}-methods`}
            onValue={(method) => update({ method })}
          />
          <datalist id={`${uid}-methods`}>
            {['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          <TextField id={`${uid}-path`} class="mcp-http-path" label={t('httpRequest.path')} control="path" value={draft.path} inputRef={pathInput} onValue={(path) => update({ path })} />
        </div>
        <TextField id={`${uid}-headers`} label={t('httpRequest.headers')} control="headers" value={draft.headers} rows={4} onValue={(headers) => update({ headers })} />
        <TextField
          id={`${uid}-body`}
          label={t('httpRequest.body')}
          control="body"
          value={draft.body}
          rows={5}
          describedBy={`${uid}-help`}
          onValue={(body) => update({ body })}
        />
        <p id={`${uid}-help`} class="mcp-help">
          {t('httpRequest.help')}
        </p>
        {note ? <p class="mcp-note" data-note="draft">{note}</p> : null}
        {problems.length ? (
          <div class="mcp-warning mcp-http-problems" role="alert" data-problems="">
            <p>{t('httpRequest.problems')}</p>
            <ul>
              {problems.map((p, i) => (
                <li key={i} data-problem={p.code}>
                  {problemText(p)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div class="mcp-toolbar">
          <button type="submit" class="mcp-btn mcp-btn-primary" data-action="send" disabled={busy} aria-describedby={`${uid}-help`}>
            {busy ? t('httpRequest.sending') : t('httpRequest.send')}
          </button>
          <button type="button" class="mcp-btn" data-action="restart" onClick={() => endpoints.stopAll()}>
            {t('httpRequest.restart')}
          </button>
          <button type="button" class="mcp-btn" data-action="clear" onClick={() => setExchanges([])}>
            {t('httpRequest.clear')}
          </button>
        </div>
      </form>
      <p class="mcp-announce" aria-live="polite">
        {announce}
      </p>

      <details class="mcp-http-pkce" open={pkceOpen}>
        <summary data-action="pkce">{t('httpRequest.pkce')}</summary>
        <p class="mcp-help">{t('httpRequest.pkceHelp')}</p>
        <div class="mcp-toolbar">
          <span class="mcp-http-field mcp-http-inline">
            <label for={`${uid}-pkce-length`}>{t('httpRequest.pkceLength')}</label>
            <input
              id={`${uid}-pkce-length`}
              type="number"
              min={VERIFIER_MIN}
              max={VERIFIER_MAX}
              value={String(pkceLength)}
              onInput={(e) => setPkceLength(Number((e.currentTarget as HTMLInputElement).value))}
            />
          </span>
          <button
            type="button"
            class="mcp-btn"
            data-action="new-verifier"
            onClick={() => {
              const length = Math.min(VERIFIER_MAX, Math.max(VERIFIER_MIN, Math.round(pkceLength) || VERIFIER_MIN));
              setPkceLength(length);
              setValues([['code_verifier', generateVerifier(length)]], { key: 'httpRequest.from.pkce' });
              setAnnounce(t('httpRequest.pkceGenerated'));
            }}
          >
            {t('httpRequest.pkceGenerate')}
          </button>
          <button
            type="button"
            class="mcp-btn"
            data-action="new-state"
            onClick={() => {
              setValues([['state', randomState()]], { key: 'httpRequest.from.pkce' });
              setAnnounce(t('httpRequest.stateGenerated'));
            }}
          >
            {t('httpRequest.pkceState')}
          </button>
        </div>
        {verifier ? (
          <dl class="mcp-http-pkce-steps">
            <dt>{t('httpRequest.pkceVerifier')}</dt>
            <dd>
              <code class="mcp-raw" data-pkce="verifier">
                {verifier}
              </code>
              {verifierIssue ? (
                <p class="mcp-tone-error" data-pkce="problem">
                  {t('httpRequest.problem.verifier', {
                    why:
                      verifierIssue.kind === 'length'
                        ? t('httpRequest.pkceBadLength', { length: verifierIssue.length })
                        : t('httpRequest.pkceBadChar', { index: verifierIssue.index + 1, char: verifierIssue.char }),
                  })}
                </p>
              ) : null}
            </dd>
            {steps && 'error' in steps ? (
              <dd class="mcp-tone-error">{steps.error}</dd>
            ) : steps && steps.verifier === verifier ? (
              ([
                ['ascii', t('httpRequest.pkceAscii', { n: steps.ascii.length }), hexBytes(steps.ascii)],
                ['digest', t('httpRequest.pkceDigest'), hexBytes(steps.digest)],
                ['challenge', t('httpRequest.pkceChallenge'), steps.challenge],
              ] as const).map(([step, term, bytes]) => [
                <dt key={`${step}-t`}>{term}</dt>,
                <dd key={`${step}-d`}>
                  <code class="mcp-raw" data-pkce={step}>
                    {bytes}
                  </code>
                </dd>,
              ])
            ) : null}
          </dl>
        ) : (
          <p class="mcp-empty">{t('httpRequest.pkceNone')}</p>
        )}
      </details>

      <ValuesTable
        uid={uid}
        rows={rows}
        onEdit={(name, value) => setValues([[name, value]], { key: 'httpRequest.from.you' })}
        onRemove={(name) => setRows((prev) => prev.filter((r) => r.name !== name))}
        newName={newName}
        newValue={newValue}
        nameError={nameError}
        setNewName={setNewName}
        setNewValue={setNewValue}
        onAdd={() => {
          const name = newName.trim();
          if (!VALUE_NAME.test(name)) {
            setNameError(t('httpRequest.valueBadName'));
            return;
          }
          setNameError('');
          setValues([[name, newValue]], { key: 'httpRequest.from.you' });
          setNewName('');
          setNewValue('');
        }}
      />

      <div class="mcp-http-exchanges" role="region" aria-label={t('httpRequest.responses')}>
        <h4 class="mcp-lane-title">{t('httpRequest.responses')}</h4>
        {exchanges.length === 0 ? <p class="mcp-empty">{t('httpRequest.none')}</p> : null}
        <ol class="mcp-lines">
          {exchanges.map((ex, i) => (
            <ExchangeView key={ex.n} ex={ex} open={i === 0} onAnswer={(form, k) => answerForm(ex, form, k)} />
          ))}
        </ol>
      </div>
    </section>
  );
}

/** A labelled text input (or textarea, with `rows`) of the widget; `control` names it for tests (`data-control`). */
function TextField(p: {
  id: string;
  label: string;
  control: string;
  value: string;
  onValue: (value: string) => void;
  class?: string;
  rows?: number;
  list?: string;
  describedBy?: string;
  inputRef?: { current: HTMLInputElement | null };
}): JSX.Element {
  const common = { id: p.id, 'data-control': p.control, value: p.value, spellcheck: false, 'aria-describedby': p.describedBy };
  return (
    <span class={`mcp-http-field ${p.class ?? ''}`}>
      <label for={p.id}>{p.label}</label>
      {p.rows ? (
        <textarea {...common} class="mcp-editor-fallback mcp-http-text" rows={p.rows} onInput={(e) => p.onValue((e.currentTarget as HTMLTextAreaElement).value)} />
      ) : (
        <input {...common} ref={p.inputRef} list={p.list} autocomplete="off" onInput={(e) => p.onValue((e.currentTarget as HTMLInputElement).value)} />
      )}
    </span>
  );
}

interface ValuesTableProps {
  uid: string;
  rows: ValueRow[];
  onEdit: (name: string, value: string) => void;
  onRemove: (name: string) => void;
  newName: string;
  newValue: string;
  nameError: string;
  setNewName: (v: string) => void;
  setNewValue: (v: string) => void;
  onAdd: () => void;
}

function ValuesTable(p: ValuesTableProps): JSX.Element {
  return (
    <div class="mcp-http-values" role="group" aria-labelledby={`${p.uid}-values`}>
      <h4 id={`${p.uid}-values`} class="mcp-lane-title">
        {t('httpRequest.values')}
      </h4>
      <p class="mcp-help">{t('httpRequest.valuesHelp')}</p>
      {p.rows.length ? (
        <ul class="mcp-http-values-list" data-values="">
          {p.rows.map((r) => (
            <li key={r.name} class="mcp-http-value-row" data-value={r.name}>
              <label class="mcp-http-value-name" for={`${p.uid}-v-${r.name}`}>
                <code>{r.name}</code>
                <span class="sr-only"> ({t('httpRequest.valueValue')})</span>
              </label>
              <input
                id={`${p.uid}-v-${r.name}`}
                class="mcp-http-value"
                value={r.value}
                spellcheck={false}
                autocomplete="off"
                onInput={(e) => p.onEdit(r.name, (e.currentTarget as HTMLInputElement).value)}
              />
              <span class="mcp-note mcp-http-value-from">{t('httpRequest.valueFromIs', { from: said(r.from) })}</span>
              <button type="button" class="mcp-btn mcp-btn-small" data-action="remove-value" aria-label={t('httpRequest.valueRemoveNamed', { name: r.name })} onClick={() => p.onRemove(r.name)}>
                {t('httpRequest.valueRemove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="mcp-empty">{t('httpRequest.noValues')}</p>
      )}
      <form
        class="mcp-toolbar"
        aria-label={t('httpRequest.valueAdd')}
        onSubmit={(e) => {
          e.preventDefault();
          p.onAdd();
        }}
      >
        <TextField id={`${p.uid}-new-name`} class="mcp-http-inline" label={t('httpRequest.valueNewName')} control="new-name" value={p.newName} onValue={p.setNewName} />
        <TextField id={`${p.uid}-new-value`} class="mcp-http-inline" label={t('httpRequest.valueNewValue')} control="new-value" value={p.newValue} onValue={p.setNewValue} />
        <button type="submit" class="mcp-btn" data-action="add-value">
          {t('httpRequest.valueAdd')}
        </button>
        {p.nameError ? (
          <span class="mcp-tone-error" role="alert">
            {p.nameError}
          </span>
        ) : null}
      </form>
    </div>
  );
}

function NoteView({ note }: { note: Note }): JSX.Element {
  return (
    <li class={`mcp-http-note mcp-tone-${note.tone}`} data-note={note.words.key.replace(/^httpRequest\.note\./, '')}>
      <span>{said(note.words)}</span>
      {note.detail !== undefined ? <BrowserWords text={note.detail} /> : null}
      {note.fields?.length ? (
        <ul class="mcp-http-fields">
          {note.fields.map((f, i) => (
            <li key={i} data-field={f.name}>
              <code>{f.name}</code> = <code class="mcp-http-field-value">{f.value}</code>
              {f.meaning ? <span class="mcp-http-meaning">: {said(f.meaning)}</span> : null}
              {f.checks?.map((c, k) => (
                <p key={k} class={`mcp-tone-${c.tone}`} data-check={c.key.replace(/^httpRequest\./, '')}>
                  {said(c)}
                </p>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {note.jwt ? (
        <div class="mcp-http-jwt">
          <p class="mcp-note">{t('httpRequest.jwtHeader')}</p>
          <JsonView value={note.jwt.header} />
          <p class="mcp-note">{t('httpRequest.jwtPayload')}</p>
          <JsonView value={note.jwt.payload} />
          {note.jwtTimes ? <p class="mcp-note">{t('httpRequest.jwtTimes', { times: note.jwtTimes })}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

function BodyViewer({ view, body, onAnswer }: { view: BodyView; body: string; onAnswer: (form: HtmlForm, submit: number) => void }): JSX.Element | null {
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

function ExchangeView({ ex, open, onAnswer }: { ex: Exchange; open: boolean; onAnswer: (form: HtmlForm, submit: number) => void }): JSX.Element {
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
