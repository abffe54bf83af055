/**
 * Streamable HTTP as a checker "process": every line the checker writes
 * becomes one HTTP POST to the MCP endpoint, with the headers a conforming
 * client builds from the body, and every JSON-RPC message of the response
 * (a JSON body, or each event of an SSE stream) comes back as one stdout
 * line. So every stage that speaks messages runs unchanged over HTTP; the
 * HTTP rules themselves (statuses, headers, Origin, 405) read the
 * {@link HttpProcess.exchanges} and send raw requests with
 * {@link HttpProcess.next} and {@link HttpProcess.request}.
 *
 * ```ts
 * const spawn = httpSpawner('http://127.0.0.1:3000/mcp');
 * const report = await runChecks(spawn, { transport: 'http' });
 * ```
 *
 * The rules it follows as a client:
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
 * ("Every JSON-RPC message sent from the client MUST be a new HTTP POST request to the MCP endpoint.",
 * the `Accept` header, the request metadata headers and their Value Encoding).
 * Servers of this revision are stateless, so a "process" is nothing but a
 * list of exchanges: each spawn is a fresh one and nothing needs restarting.
 * Uses the global `fetch` (or the fetch handler it is given) and nothing else.
 */
import { failure, FailureError } from '../protocol/failure.ts';
import type { ProcessExit } from '../protocol/connection.ts';
import { META_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../protocol/messages.ts';
import type { CheckerProcess, SpawnServer } from './types.ts';

/** Something that answers a Request: the global `fetch`, or a server module's `handle(request)` run in the page. */
export type FetchLike = (request: Request) => Promise<Response>;

/** Options of {@link httpSpawner}. */
export interface HttpSpawnerOptions {
  /** How requests are sent. Default: the global `fetch`. In the page: the engine's fetch handler for the reader's module. */
  fetch?: FetchLike;
  /** An `Origin` header for every request (as a page at that origin would send). Default: none. */
  origin?: string;
  /**
   * Headers sent with every request, the first GET included, unless a request sets that header itself
   * (names are case-insensitive). For a server that needs credentials, e.g.
   * `{ authorization: 'Bearer <access token>' }`: MCP's authorization says the token goes in this header
   * on every request (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#token-requirements).
   * Default: none.
   */
  headers?: Record<string, string>;
  /** How long the first spawn waits for any HTTP response from the URL before it rejects, in ms. Default 5000. */
  connectTimeoutMs?: number;
  /** The most a response body may carry, in UTF-8 bytes; past it the "process" ends. Default 4 MiB. */
  maxBodyBytes?: number;
}

/** One HTTP request the adapter sent, as sent (header names lower-case). */
export interface HttpRequestRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body text, `null` for a request without one (GET, DELETE). */
  body: string | null;
}

/** What an SSE response carried. */
export interface SseRecord {
  /** The `data` of each event, in order (data lines joined with `"\n"`). */
  events: string[];
  /** How many comment lines (starting with `:`) came. */
  comments: number;
  /** True when the stream ended in the middle of an event (no blank line after its last field): that event was dropped, as SSE says. */
  incomplete: boolean;
}

/** One request and its response. `status` is 0 until a response came (and stays 0 when none did: see `error`). */
export interface HttpExchange {
  request: HttpRequestRecord;
  status: number;
  /** Response headers, names lower-case. */
  headers: Record<string, string>;
  /** The response body as text (UTF-8, one leading BOM dropped), as much as has arrived. */
  body: string;
  /** The media type of `Content-Type`, lower-case, without parameters (`''` when there is none). */
  contentType: string;
  /** Each message of the body, parsed: the JSON body (whatever its Content-Type says), or each SSE event whose data is JSON. Only those of a JSON or SSE body come out as stdout lines. */
  messages: unknown[];
  /** For a `text/event-stream` response: its events. */
  sse?: SseRecord;
  /** True once the body has ended (or the exchange failed). */
  done: boolean;
  /** Why there is no (whole) response: a network error, an abort, a body over the limit. */
  error?: string;
}

/** A raw request for {@link HttpProcess.request}. */
export interface RawRequest {
  /** Default `POST`. */
  method?: string;
  /** Sent as they are (plus `Origin` when the spawner has one and these do not set it). */
  headers?: Record<string, string>;
  body?: string;
  /** Resolve as soon as the status and headers have come, and leave the body unread (a GET may open a stream that never ends). */
  headersOnly?: boolean;
}

/** Header changes for one POST: a value replaces the header (names are case-insensitive), `null` removes it. */
export type HeaderOverrides = Record<string, string | null>;

/** Methods whose target travels in `Mcp-Name`, and the params field it mirrors. */
const NAME_FIELD: Readonly<Record<string, string>> = { 'tools/call': 'name', 'resources/read': 'uri', 'prompts/get': 'name' };

/** Visible ASCII (0x21-0x7E) with spaces only inside: a value that can go in a header as it is. Tab is a control character. */
const PLAIN_SAFE = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

/** The sentinel form: a plain value that looks like this must be encoded too, or it would be decoded on arrival. */
const SENTINEL = /^=\?base64\?.*\?=$/s;

/**
 * A header value under the Value Encoding rule: a value that is not plain header-safe ASCII (non-ASCII,
 * control characters, leading or trailing whitespace) or that matches the sentinel pattern is sent as
 * `=?base64?{Base64 of its UTF-8}?=`; anything else as it is. `encodeHeaderValue('Hello, 世界')` is
 * `=?base64?SGVsbG8sIOS4lueVjA==?=`. Set `force` to encode a plain value too (allowed: the server decodes
 * every value in that form).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#value-encoding
 */
export function encodeHeaderValue(text: string, force = false): string {
  if (!force && PLAIN_SAFE.test(text) && !SENTINEL.test(text)) return text;
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/** The parsed body of a line, or `undefined` when it is not JSON. */
function parseBody(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The headers a conforming client sends with a POST whose body is `line` (names lower-case):
 * `content-type: application/json`; `accept: application/json, text/event-stream`;
 * `mcp-protocol-version` = the body's `_meta["io.modelcontextprotocol/protocolVersion"]`, else
 * `fallbackVersion` (the header is required on every POST, so a body without the field still gets one);
 * `mcp-method` = `method`; `mcp-name` = `params.name` (`tools/call`, `prompts/get`) or `params.uri`
 * (`resources/read`), encoded by {@link encodeHeaderValue}. A body that is not a JSON object (a broken
 * line, a batch) gets only the first three. A legacy `initialize` (no `_meta` version) gets the headers of
 * a 2025-11-25 client: no `mcp-protocol-version` and no `mcp-method`.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#request-metadata
 */
export function headersFor(line: string, fallbackVersion: string = MODERN_PROTOCOL_VERSION): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const message = parseBody(line);
  const params = isRecord(message) && isRecord(message.params) ? message.params : {};
  const meta = isRecord(params._meta) ? params._meta : {};
  const version = typeof meta[META_PROTOCOL_VERSION] === 'string' ? (meta[META_PROTOCOL_VERSION] as string) : undefined;
  const method = isRecord(message) && typeof message.method === 'string' ? message.method : undefined;
  if (method === 'initialize' && version === undefined) return headers;
  headers['mcp-protocol-version'] = encodeHeaderValue(version ?? fallbackVersion);
  if (method === undefined) return headers;
  headers['mcp-method'] = encodeHeaderValue(method);
  const field = NAME_FIELD[method];
  const target = field ? params[field] : undefined;
  if (typeof target === 'string') headers['mcp-name'] = encodeHeaderValue(target);
  return headers;
}

/** `headers` with `overrides` applied (names compared case-insensitively; the result's names are lower-case). */
export function withOverrides(headers: Record<string, string>, overrides: HeaderOverrides = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  for (const [k, v] of Object.entries(overrides)) {
    if (v === null) delete out[k.toLowerCase()];
    else out[k.toLowerCase()] = v;
  }
  return out;
}

/** Reads a `text/event-stream` body as it arrives (WHATWG event stream interpretation: CRLF, LF or CR end a line). */
class SseReader {
  #buffer = '';
  #data: string[] = [];
  #hasField = false;
  readonly record: SseRecord = { events: [], comments: 0, incomplete: false };
  readonly #onEvent: (data: string) => void;

  constructor(onEvent: (data: string) => void) {
    this.#onEvent = onEvent;
  }

  push(text: string): void {
    this.#buffer += text;
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.#buffer);
      // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
      if (!m || (m[0] === '\r' && m.index === this.#buffer.length - 1)) return;
      const line = this.#buffer.slice(0, m.index);
      this.#buffer = this.#buffer.slice(m.index + m[0].length);
      this.#line(line);
    }
  }

  end(): void {
    if (this.#buffer !== '') {
      const rest = this.#buffer.replace(/\r$/, '');
      this.#buffer = '';
      this.#line(rest);
      if (rest !== '') this.#line('');
    }
    // What is left had no blank line after it: not dispatched.
    if (this.#hasField) this.record.incomplete = true;
  }

  #line(line: string): void {
    if (line === '') {
      if (this.#data.length > 0) {
        const data = this.#data.join('\n');
        this.record.events.push(data);
        this.#onEvent(data);
      }
      this.#data = [];
      this.#hasField = false;
      return;
    }
    if (line.startsWith(':')) {
      this.record.comments++;
      return;
    }
    this.#hasField = true;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.#data.push(value);
  }
}

/** `text` as one stdout line: a JSON value written over several lines is put on one (over HTTP, lines are not the framing). */
function asLine(text: string): string {
  if (!/[\r\n]/.test(text)) return text;
  const v = parseBody(text);
  return v === undefined ? text.replace(/\r\n|\r|\n/g, ' ') : JSON.stringify(v);
}

let nextPid = 1;

/**
 * One "process": a client of the MCP endpoint that turns lines into POSTs (see the module comment).
 * Structurally a {@link CheckerProcess}; the HTTP checks also use {@link exchanges}, {@link next} and
 * {@link request}. Never throws from `write`; a response that cannot be read ends the process.
 */
export class HttpProcess implements CheckerProcess {
  readonly pid = nextPid++;
  /** The MCP endpoint. */
  readonly url: string;
  /** Every request sent and its response, in the order sent. */
  readonly exchanges: HttpExchange[] = [];
  readonly exit: Promise<ProcessExit>;
  readonly #fetch: FetchLike;
  readonly #origin: string | undefined;
  readonly #extraHeaders: Record<string, string>;
  readonly #maxBodyBytes: number;
  readonly #stdout = new Set<(line: string) => void>();
  readonly #stderr = new Set<(text: string) => void>();
  readonly #inFlight = new Set<AbortController>();
  #resolveExit!: (info: ProcessExit) => void;
  #exited = false;
  #closing = false;
  #pending: { overrides: HeaderOverrides; resolve: (e: HttpExchange) => void }[] = [];
  /** After a legacy `initialize` answered here: the version it agreed and the session it assigned, sent on later POSTs. */
  #legacy: { version?: string; sessionId?: string } = {};

  constructor(url: string, options: { fetch: FetchLike; origin?: string; headers?: Record<string, string>; maxBodyBytes: number }) {
    this.url = url;
    this.#fetch = options.fetch;
    this.#origin = options.origin;
    this.#extraHeaders = withOverrides(options.headers ?? {});
    this.#maxBodyBytes = options.maxBodyBytes;
    this.exit = new Promise((resolve) => (this.#resolveExit = resolve));
  }

  /** POSTs `line` (as it is, even when it is not JSON) with the headers of {@link headersFor}. Ignored once the process has ended. */
  write(line: string): void {
    if (this.#exited || this.#closing) return;
    const pending = this.#pending.shift();
    const body = parseBody(line);
    const isNotification = isRecord(body) && typeof body.method === 'string' && !('id' in body);
    let headers = headersFor(line, this.#legacy.version);
    if (this.#legacy.sessionId !== undefined) headers['mcp-session-id'] = this.#legacy.sessionId;
    headers = withOverrides(headers, pending?.overrides);
    const exchange = this.#send({ method: 'POST', url: this.url, headers, body: line }, { emit: true, isNotification, isInitialize: isRecord(body) && body.method === 'initialize' });
    void exchange.then((e) => pending?.resolve(e));
  }

  /**
   * Changes the headers of the next {@link write} (the next line the checker sends) and resolves with that
   * POST's exchange once its body has ended (or it failed). Its messages still come out as stdout lines.
   * Calls queue up: each applies to one later write, in order.
   */
  next(overrides: HeaderOverrides): Promise<HttpExchange> {
    return new Promise((resolve) => this.#pending.push({ overrides, resolve }));
  }

  /** Sends one raw request (e.g. a GET, or a POST with headers of the caller's own) and resolves with its exchange; its messages are not written to stdout. */
  request(raw: RawRequest): Promise<HttpExchange> {
    const headers = withOverrides(raw.headers ?? {});
    return this.#send({ method: raw.method ?? 'POST', url: this.url, headers, body: raw.body ?? null }, { emit: false, isNotification: false, isInitialize: false, headersOnly: raw.headersOnly === true });
  }

  onStdout(listener: (line: string) => void): () => void {
    this.#stdout.add(listener);
    return () => this.#stdout.delete(listener);
  }

  onStderr(listener: (text: string) => void): () => void {
    this.#stderr.add(listener);
    return () => this.#stderr.delete(listener);
  }

  /** Sends nothing more; the process exits (code 0) once every request in flight has its whole response. */
  closeStdin(): void {
    this.#closing = true;
    if (this.#inFlight.size === 0) this.#end({ code: 0 });
  }

  /** Aborts every request in flight and ends the process at once. */
  kill(): void {
    for (const c of this.#inFlight) c.abort();
    this.#end({ code: null, signal: 'SIGKILL' });
  }

  #end(info: ProcessExit): void {
    if (this.#exited) return;
    this.#exited = true;
    this.#resolveExit(info);
  }

  async #send(request: HttpRequestRecord, how: { emit: boolean; isNotification: boolean; isInitialize: boolean; headersOnly?: boolean }): Promise<HttpExchange> {
    const headers = { ...request.headers };
    if (this.#origin !== undefined && !('origin' in headers)) headers.origin = this.#origin;
    for (const [name, value] of Object.entries(this.#extraHeaders)) if (!(name in headers)) headers[name] = value;
    const exchange: HttpExchange = { request: { ...request, headers }, status: 0, headers: {}, body: '', contentType: '', messages: [], done: false };
    this.exchanges.push(exchange);
    if (this.#exited) {
      exchange.error = 'the process had ended';
      exchange.done = true;
      return exchange;
    }
    const controller = new AbortController();
    this.#inFlight.add(controller);
    const emit = (text: string) => {
      const value = parseBody(text);
      if (value !== undefined) exchange.messages.push(value);
      if (!how.emit) return;
      // A notification the server cannot accept may get an error status with an id-less error body: that is allowed, not a reply.
      if (how.isNotification && exchange.status >= 400) return;
      this.#emitStdout(asLine(text));
    };
    try {
      const init: RequestInit = { method: request.method, headers, signal: controller.signal };
      if (request.body !== null) init.body = request.body;
      const built = new Request(this.url, init);
      // What actually goes out: a browser drops some headers (Origin) from a Request it builds.
      exchange.request.headers = Object.fromEntries([...built.headers].map(([k, v]) => [k.toLowerCase(), v]));
      const response = await this.#fetch(built);
      exchange.status = response.status;
      for (const [k, v] of response.headers) exchange.headers[k.toLowerCase()] = v;
      exchange.contentType = (exchange.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (how.isInitialize && exchange.headers['mcp-session-id'] !== undefined) this.#legacy.sessionId = exchange.headers['mcp-session-id'];
      if (how.headersOnly) {
        void response.body?.cancel().catch(() => {});
        return exchange;
      }
      const sse = exchange.contentType === 'text/event-stream' ? new SseReader(emit) : undefined;
      if (sse) exchange.sse = sse.record;
      await this.#readBody(response, exchange, controller, (text) => sse?.push(text));
      sse?.end();
      if (!sse && exchange.body.trim() !== '') {
        // Only a JSON body is a message on the wire; another type's body is kept in the record for the HTTP checks.
        if (exchange.contentType === 'application/json') emit(exchange.body.trim());
        else if (parseBody(exchange.body) !== undefined) exchange.messages.push(parseBody(exchange.body));
      }
      if (how.isInitialize) this.#rememberLegacy(exchange);
    } catch (e) {
      const aborted = controller.signal.aborted;
      exchange.error = aborted ? 'aborted' : describeError(e);
      if (!aborted && !this.#exited) {
        const detail = exchange.error;
        this.#emitStderr(`${request.method} ${this.url} failed: ${detail}\n`);
        this.#end({ code: null, reason: exchange.status === 0 ? `the server at ${this.url} could not be reached (${detail})` : `the response from ${this.url} could not be read (${detail})`, why: failure('network', { what: this.url, detail }) });
      }
    } finally {
      exchange.done = true;
      this.#inFlight.delete(controller);
      if (this.#closing && this.#inFlight.size === 0) this.#end({ code: 0 });
    }
    return exchange;
  }

  async #readBody(response: Response, exchange: HttpExchange, controller: AbortController, onText: (text: string) => void): Promise<void> {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder('utf-8');
    let bytes = 0;
    const abort = () => void reader.cancel().catch(() => {});
    controller.signal.addEventListener('abort', abort, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > this.#maxBodyBytes) {
          controller.abort();
          this.#end({ code: null, reason: `the response from ${this.url} carried more than ${this.#maxBodyBytes} bytes; it was stopped`, why: failure('flood', { limit: this.#maxBodyBytes, channel: 'http' }) });
          throw new Error(`the body carried more than ${this.#maxBodyBytes} bytes`);
        }
        const text = decoder.decode(value, { stream: true });
        exchange.body += text;
        onText(text);
      }
      const rest = decoder.decode();
      exchange.body += rest;
      if (rest) onText(rest);
    } finally {
      controller.signal.removeEventListener('abort', abort);
    }
  }

  /** After an `initialize` got an InitializeResult: later POSTs carry its version in `MCP-Protocol-Version` (a 2025-11-25 client's rule). */
  #rememberLegacy(exchange: HttpExchange): void {
    const reply = exchange.messages.find((m) => isRecord(m) && isRecord(m.result));
    const result = isRecord(reply) && isRecord(reply.result) ? reply.result : undefined;
    if (result && typeof result.protocolVersion === 'string') this.#legacy.version = result.protocolVersion;
  }

  #emitStdout(line: string): void {
    for (const l of [...this.#stdout]) l(line);
  }

  #emitStderr(text: string): void {
    for (const l of [...this.#stderr]) l(text);
  }
}

function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? (cause as Error & { code?: string }).code ?? cause.message : undefined;
  return inner && inner !== e.message ? `${e.message}: ${inner}` : e.message;
}

/** True when `proc` is an {@link HttpProcess} (the process of a check run over Streamable HTTP). */
export function isHttpProcess(proc: unknown): proc is HttpProcess {
  return proc instanceof HttpProcess;
}

/**
 * A {@link SpawnServer} for the Streamable HTTP server at `url` (its MCP endpoint, e.g.
 * `http://127.0.0.1:3000/mcp`): each call gives a fresh {@link HttpProcess}. The first call first asks the URL
 * for any HTTP response (a GET, its body left unread) and rejects with a {@link FailureError} (`network`)
 * saying why when none comes within `connectTimeoutMs`; a later failure ends that process instead. Throws a
 * TypeError at once when `url` is not an http(s) URL.
 */
export function httpSpawner(url: string, options: HttpSpawnerOptions = {}): SpawnServer & { url: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`${url} is not an http:// or https:// URL`);
  const fetchFn: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const timeoutMs = options.connectTimeoutMs ?? 5000;
  let reachable: Promise<void> | undefined;
  const spawn = async (): Promise<HttpProcess> => {
    reachable ??= reach(url, fetchFn, timeoutMs, options.origin, options.headers ?? {}).catch((e: unknown) => {
      reachable = undefined;
      throw e;
    });
    await reachable;
    const proc = new HttpProcess(url, {
      fetch: fetchFn,
      maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
      ...(options.origin !== undefined ? { origin: options.origin } : {}),
      ...(options.headers !== undefined ? { headers: options.headers } : {}),
    });
    return proc;
  };
  return Object.assign(spawn, { url });
}

/** Resolves once `url` gives any HTTP response; rejects with a FailureError saying why not. */
async function reach(url: string, fetchFn: FetchLike, timeoutMs: number, origin: string | undefined, extra: Record<string, string>): Promise<void> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new FailureError(`no HTTP response from ${url} within ${timeoutMs} ms`, failure('network', { what: url, detail: `no response within ${timeoutMs} ms` })));
    }, timeoutMs);
  });
  try {
    const headers: Record<string, string> = { ...withOverrides(extra), accept: 'application/json, text/event-stream' };
    if (origin !== undefined) headers.origin = origin;
    const response = await Promise.race([fetchFn(new Request(url, { method: 'GET', headers, signal: controller.signal })), late]);
    void response.body?.cancel().catch(() => {});
  } catch (e) {
    if (e instanceof FailureError) throw e;
    const detail = describeError(e);
    throw new FailureError(`cannot reach ${url}: ${detail}`, failure('network', { what: url, detail }));
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
