/**
 * Sending the HttpRequest widget's typed request: built with the values
 * filled in (./request-text.ts; problems are said and nothing is sent), handed
 * to the server's fetch handler in its engine process with a deadline (its
 * signal aborted past it), the body read up to a cap, the response explained
 * (./explain.ts) and its values written into the table. The newest exchanges
 * are kept, newest first.
 */
import { useRef, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import type { ServerName } from '../page/server-sources.ts';
import { errorText } from '../pure/failure-text.ts';
import { reportAction } from '../page/reader-actions.ts';
import { buildRequest, type RequestDraft, type RequestProblem, type Target } from './request-text.ts';
import { explainResponse, headerChanges, type Words } from './explain.ts';
import { callWithDeadline, readCapped } from './read-body.ts';
import { requestText, statusLine } from './raw-text.ts';
import type { Endpoints } from './endpoints.ts';
import { BODY_CAP, DEADLINE_MS, KEEP_EXCHANGES, type Exchange } from './exchange.ts';

/** What sending needs from the widget: the draft and servers, the values, and where problems and announcements go. */
export interface SendDeps {
  draft: RequestDraft;
  targets: Target[];
  endpoints: Endpoints;
  valueMap: () => Record<string, string>;
  setValues: (entries: Array<[string, string]>, from: Words) => void;
  setProblems: (problems: RequestProblem[]) => void;
  announce: (text: string) => void;
}

/** The exchanges so far, whether one is in flight, and `send` (a second send while one is in flight does nothing). */
export function useSend(d: SendDeps) {
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [busy, setBusy] = useState(false);
  const counter = useRef(0);

  async function send(): Promise<void> {
    if (busy) return;
    const values = d.valueMap();
    const built = buildRequest(d.draft, d.targets, values);
    if (!built.ok) {
      d.setProblems(built.problems);
      return;
    }
    d.setProblems([]);
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
        endpoint = await d.endpoints.get(r.target.server as ServerName);
      } catch (e) {
        ex.failure = t('httpRequest.loadFailed', { entry: d.endpoints.entryOf(r.target.server as ServerName), why: errorText(e) });
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
      if (explained.captures.length) d.setValues(explained.captures, { key: 'httpRequest.from.response', vars: { n } });
    } finally {
      setExchanges((prev) => [ex, ...prev].slice(0, KEEP_EXCHANGES));
      d.announce(ex.statusLine ? `${t('httpRequest.exchange', { n, method: ex.method, path: ex.path })}: ${ex.statusLine}` : (ex.failure ?? ''));
      setBusy(false);
    }
  }

  return { exchanges, clear: () => setExchanges([]), busy, send };
}
