/**
 * The Console's link to a server over Streamable HTTP
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#streamable-http):
 * http.mjs's `handle(Request)` in one engine process, called from the page.
 * Each POST and its response (an event stream parsed frame by frame) is one
 * transcript item.
 */
import { classifyMessage, parseMessageLine, type Classification } from '../../protocol/index.ts';
import { describeReply } from '../pure/meaning.ts';
import { errorText } from '../pure/failure-text.ts';
import { t } from '../../i18n/index.ts';
import { openHttpEndpoint, currentEntry, type HttpEndpoint, type ServerName } from '../page/server-sources.ts';
import type { HttpItem, SseItem } from './items.ts';
import { MCP_ENDPOINT, mcpHeaders, parseSse, rawRequest, rawResponse } from './http-exchange.ts';
import { ended, event, exitEvent, nextKey, startFailed, type Session, type SessionHooks } from './sessions.ts';

/** Streamable HTTP: http.mjs's `handle(Request)` in one engine process, called from the page. */
export class HttpSession implements Session {
  #server: ServerName;
  #hooks: SessionHooks;
  #endpoint: HttpEndpoint | undefined;
  #starting: Promise<void> | undefined;
  #started = 0;
  #exited = false;
  #disposed = false;

  constructor(server: ServerName, hooks: SessionHooks) {
    this.#server = server;
    this.#hooks = hooks;
  }

  get pid(): number | undefined {
    return this.#endpoint?.process.pid;
  }

  ensure(): Promise<void> {
    if (this.#endpoint && !this.#exited) return Promise.resolve();
    this.#starting ??= this.#start().finally(() => (this.#starting = undefined));
    return this.#starting;
  }

  async #start(): Promise<void> {
    this.#hooks.state(undefined, t('console.state.starting'));
    let ep: HttpEndpoint;
    try {
      ep = await openHttpEndpoint(this.#server);
    } catch (e) {
      startFailed(this.#hooks, 'console.ev.couldNotLoad', this.#server, e);
    }
    if (this.#disposed) {
      ep.process.kill();
      return;
    }
    this.#endpoint = ep;
    this.#exited = false;
    this.#started = performance.now();
    const pid = ep.process.pid;
    const entry = currentEntry(this.#server);
    this.#hooks.item(event(t('console.ev.loaded', { entry }), 'info', pid, 'loaded', entry));
    this.#hooks.state(pid, t('console.state.serving'));
    ep.process.onStderr((text) => this.#hooks.item({ kind: 'stderr', key: nextKey(), t: this.#t(), pid, text }));
    void ep.process.exit.then((info) => {
      if (this.#endpoint !== ep) return;
      this.#exited = true;
      this.#hooks.item(exitEvent(info, 'warn', pid));
      this.#hooks.state(pid, ended(info));
    });
  }

  #t(): number {
    return Math.round((performance.now() - this.#started) * 1000) / 1000;
  }

  #meaningOf(data: string): { message?: Record<string, unknown>; meaning?: SseItem['meaning']; classification?: Classification } {
    const parsed = parseMessageLine(data);
    if (!parsed.ok) return {};
    const message = parsed.message as unknown as Record<string, unknown>;
    const classification = classifyMessage(parsed.message);
    return { message, classification, meaning: describeReply(classification, message, this.#hooks.methodOf(message.id)) };
  }

  async send(line: string, message: Record<string, unknown> | undefined): Promise<void> {
    await this.ensure();
    const ep = this.#endpoint!;
    const headers = mcpHeaders(message);
    const at = this.#t();
    const request = new Request(MCP_ENDPOINT, { method: 'POST', headers, body: line });
    let response: Response;
    try {
      response = await ep.handle(request);
    } catch (e) {
      this.#hooks.item(event(t('console.ev.handlerFailed', { why: errorText(e) }), 'error', ep.process.pid, 'failed'));
      return;
    }
    const body = await response.text();
    const respHeaders = [...response.headers.entries()];
    const contentType = response.headers.get('content-type') ?? '';
    const item: HttpItem = {
      kind: 'http',
      key: nextKey(),
      t: at,
      pid: ep.process.pid,
      requestText: rawRequest(MCP_ENDPOINT, headers, line),
      responseText: rawResponse(response.status, response.statusText, respHeaders, body),
      status: response.status,
      contentType,
    };
    const replies: Array<{ message: Record<string, unknown>; classification: Classification }> = [];
    if (contentType.startsWith('text/event-stream')) {
      item.frames = parseSse(body).map((f) => {
        const m = f.data ? this.#meaningOf(f.data) : {};
        if (m.message && m.classification) replies.push({ message: m.message, classification: m.classification });
        const frame: SseItem = { event: f.event, data: f.data, comments: f.comments };
        if (m.message) frame.message = m.message;
        if (m.meaning) frame.meaning = m.meaning;
        return frame;
      });
    } else if (body) {
      const m = this.#meaningOf(body);
      if (m.message) item.message = m.message;
      if (m.meaning) item.meaning = m.meaning;
      else if (contentType.startsWith('application/json')) item.meaning = { text: t('console.http.notJsonRpc'), tone: 'warn' };
      if (m.message && m.classification) replies.push({ message: m.message, classification: m.classification });
    } else {
      const status = String(response.status);
      item.meaning = { text: t(response.status === 202 ? 'console.http.accepted' : 'console.http.noBody', { status }), tone: response.status < 400 ? 'ok' : 'error' };
    }
    this.#hooks.item(item);
    for (const r of replies) this.#hooks.reply(r.message, r.classification);
  }

  async restart(): Promise<void> {
    const old = this.#endpoint;
    this.#endpoint = undefined;
    if (old) {
      this.#hooks.item(event(t('console.ev.restartingHttp'), 'info', old.process.pid, 'restarting'));
      old.process.kill();
    }
    await this.ensure();
  }

  dispose(): void {
    this.#disposed = true;
    this.#endpoint?.process.kill();
  }
}
