/**
 * One client connection over one server process: writes requests, matches
 * replies to them by id, times them out, and keeps a transcript of every line
 * in and out.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/basic (ids unique while in flight; responses carry the request's
 * id) and https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio (stdout is for protocol messages only; stderr is free-form
 * logging that "SHOULD NOT" be taken as an error). Nothing here hangs: a
 * request ends with a reply, or a {@link ConnectionError} when it times out,
 * the process exits, or the process floods its output.
 *
 * Works over anything shaped like an engine process (see
 * `src/engines/types.ts`, `EngineProcess`); it is typed structurally so this
 * pure module imports nothing from the engines.
 */
import { classifyMessage, framingViolation, type Classification, type ClassifyOptions } from './classify.ts';
import { failure, type Failure } from './failure.ts';
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from './messages.ts';
import { parseMessageLine } from './parse-message.ts';
import { serializeMessage } from './request-builder.ts';
import { utf8Length } from './utf8.ts';

/** How a process ended (same shape as the engine contract's `ExitInfo`). */
export interface ProcessExit {
  code: number | null;
  signal?: string;
  reason?: string;
  /** {@link reason} as data, for a page to say in its reader's language. */
  why?: Failure;
}

/** The part of an engine process a connection uses (structurally the engine contract's `EngineProcess`). */
export interface LineProcess {
  readonly pid: number;
  write(line: string): void;
  onStdout(listener: (line: string) => void): () => void;
  /** Optional: the unterminated tail of stdout after each chunk, `''` once it is completed (the engine contract's `onStdoutPartial`). */
  onStdoutPartial?(listener: (pending: string) => void): () => void;
  onStderr(listener: (text: string) => void): () => void;
  readonly exit: Promise<ProcessExit>;
  closeStdin(): void;
  kill(): void;
}

/** One line (or stderr chunk) seen on the connection. */
export interface TranscriptEntry {
  /** Milliseconds since the connection was created. */
  t: number;
  /** `out` = client to server (stdin); `in` = server to client (stdout, stderr). */
  direction: 'in' | 'out';
  channel: 'stdin' | 'stdout' | 'stderr';
  /** The text exactly as written or read (a stdout line without its `"\n"`; stderr as chunked). */
  text: string;
  /** What the line is; absent for stderr. Outgoing lines are classified too (a non-JSON line typed by a reader is flagged). */
  classification?: Classification;
  /** The process that wrote or received the line. */
  pid: number;
  /** Extra remark, e.g. a reply that arrived after its request timed out. */
  note?: string;
}

/** Options for {@link Connection}. */
export interface ConnectionOptions {
  /** Default per-request timeout in ms. Default 10,000. */
  timeoutMs?: number;
  /** Stdout budget in bytes (UTF-8, counting each `"\n"`); past it the process is killed. Default 32 MiB. */
  maxStdoutBytes?: number;
  /** Stderr budget in bytes; past it the process is killed. Default 1 MiB. */
  maxStderrBytes?: number;
  /** Clock in ms; default `performance.now()`. */
  now?: () => number;
  /** Passed to {@link classifyMessage}. */
  classify?: ClassifyOptions;
}

/** A reply matched to its request. */
export interface Reply {
  request: JsonRpcRequest;
  message: JsonRpcResponse;
  classification: Classification;
  /** The stdout line the reply came on. */
  line: string;
  /** The stdin line the request went out as. */
  sentLine: string;
  /** Time from write to reply, in ms. */
  elapsedMs: number;
}

/** Why a request did not get a reply. */
export type ConnectionErrorKind = 'timeout' | 'exit' | 'flood' | 'closed' | 'duplicate-id';

/**
 * Rejection of {@link Connection.request}. `kind` says why; the message says it in English;
 * `failure` says it as data (src/protocol/failure.ts), for a page in another language.
 */
export class ConnectionError extends Error {
  readonly kind: ConnectionErrorKind;
  readonly request?: JsonRpcRequest;
  readonly exitInfo?: ProcessExit;
  readonly failure: Failure;
  constructor(kind: ConnectionErrorKind, message: string, request?: JsonRpcRequest, exitInfo?: ProcessExit, why?: Failure) {
    super(message);
    this.name = 'ConnectionError';
    this.kind = kind;
    if (request) this.request = request;
    if (exitInfo) this.exitInfo = exitInfo;
    this.failure = why ?? (kind === 'exit' && exitInfo ? exitFailure(exitInfo, '') : failure(kind === 'duplicate-id' ? 'duplicate-id' : kind === 'timeout' ? 'timeout' : kind === 'flood' ? 'flood' : 'closed'));
  }
}

interface Pending {
  request: JsonRpcRequest;
  sentLine: string;
  sentAt: number;
  timer: ReturnType<typeof setTimeout>;
  resolve: (reply: Reply) => void;
  reject: (error: ConnectionError) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A connection. Create it right after spawning, before writing anything:
 *
 * ```ts
 * const conn = new Connection(await engine.spawn('toy-servers/calendar.mjs'), { timeoutMs: 3000 });
 * conn.onEntry((e) => render(e));                 // live transcript
 * const reply = await conn.request(builder.request('tools/list'));
 * reply.classification.kind;                       // 'complete' | 'input_required' | 'error' | ...
 * await conn.close();                              // EOF, then kill after a grace period
 * ```
 */
export class Connection {
  /** Every entry so far, oldest first. Do not mutate. */
  readonly transcript: TranscriptEntry[] = [];
  /** Settles when the process has exited (never rejects). */
  readonly exit: Promise<ProcessExit>;
  readonly pid: number;
  #proc: LineProcess;
  #pending = new Map<RequestId, Pending>();
  #timedOut = new Set<RequestId>();
  #entryListeners = new Set<(e: TranscriptEntry) => void>();
  #notificationListeners = new Set<(m: JsonRpcNotification, e: TranscriptEntry) => void>();
  #unsubscribe: Array<() => void> = [];
  #now: () => number;
  #start: number;
  #timeoutMs: number;
  #maxOut: number;
  #maxErr: number;
  #outBytes = 0;
  #errBytes = 0;
  #stderrTail = '';
  #ended: { kind: ConnectionErrorKind; message: string; exit?: ProcessExit; why?: Failure } | undefined;
  #classify: ClassifyOptions;

  constructor(serverProcess: LineProcess, options: ConnectionOptions = {}) {
    this.#proc = serverProcess;
    this.pid = serverProcess.pid;
    this.#now = options.now ?? (() => globalThis.performance.now());
    this.#start = this.#now();
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxOut = options.maxStdoutBytes ?? 32 * 1024 * 1024;
    this.#maxErr = options.maxStderrBytes ?? 1024 * 1024;
    this.#classify = options.classify ?? {};
    this.#unsubscribe.push(serverProcess.onStdout((line) => this.#onStdout(line)));
    this.#unsubscribe.push(serverProcess.onStderr((text) => this.#onStderr(text)));
    this.exit = serverProcess.exit.then((info) => {
      this.#end('exit', describeExit(info, this.#stderrTail), info, exitFailure(info, this.#stderrTail));
      return info;
    });
  }

  /** Milliseconds since the connection was created. */
  elapsed(): number {
    return this.#now() - this.#start;
  }

  /** Why the connection ended (exit, flood, closed), or `undefined` while it is alive. */
  get ended(): { kind: ConnectionErrorKind; message: string } | undefined {
    return this.#ended;
  }

  /** Subscribes to new transcript entries as they happen. Returns an unsubscribe function. */
  onEntry(listener: (entry: TranscriptEntry) => void): () => void {
    this.#entryListeners.add(listener);
    return () => this.#entryListeners.delete(listener);
  }

  /** Subscribes to notifications from the server (e.g. `notifications/tools/list_changed`). */
  onNotification(listener: (message: JsonRpcNotification, entry: TranscriptEntry) => void): () => void {
    this.#notificationListeners.add(listener);
    return () => this.#notificationListeners.delete(listener);
  }

  /**
   * Writes a request and resolves with its reply (any reply: an error response
   * resolves too; look at `classification`).
   * Rejects with {@link ConnectionError}: `timeout` after `timeoutMs` ms,
   * `exit` when the process ends first, `flood` when it exceeds its output
   * budget, `closed` after {@link close}, `duplicate-id` when the id is already in flight.
   */
  request(request: JsonRpcRequest, options: { timeoutMs?: number } = {}): Promise<Reply> {
    if (this.#ended) {
      return Promise.reject(new ConnectionError(this.#ended.kind, this.#ended.message, request, this.#ended.exit, this.#ended.why));
    }
    if (this.#pending.has(request.id)) {
      return Promise.reject(
        new ConnectionError('duplicate-id', `id ${JSON.stringify(request.id)} is already in flight`, request, undefined, failure('duplicate-id', { id: JSON.stringify(request.id) })),
      );
    }
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const sentLine = serializeMessage(request);
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.#pending.delete(request.id)) return;
        this.#timedOut.add(request.id);
        reject(
          new ConnectionError(
            'timeout',
            `no reply to ${request.method} (id ${JSON.stringify(request.id)}) within ${timeoutMs} ms`,
            request,
            undefined,
            failure('timeout', { method: request.method, id: JSON.stringify(request.id), ms: timeoutMs }),
          ),
        );
      }, timeoutMs);
      this.#pending.set(request.id, { request, sentLine, sentAt: this.#now(), timer, resolve, reject });
      this.#write(sentLine);
    });
  }

  /** Writes a notification (nothing comes back). Ignored once the connection has ended. */
  notify(notification: JsonRpcNotification): void {
    if (this.#ended) return;
    this.#write(serializeMessage(notification));
  }

  /**
   * Writes any text as one line, as a reader typing into a console would.
   * Not correlated: replies show up in the transcript. Embedded newlines are
   * written as they are (the server will see several lines).
   */
  sendRaw(text: string): void {
    if (this.#ended) return;
    this.#write(text);
  }

  /** Ids of requests still waiting for a reply. */
  pendingIds(): RequestId[] {
    return [...this.#pending.keys()];
  }

  /**
   * Closes stdin (EOF) and waits up to `graceMs` ms for the process to exit,
   * then kills it. Pending requests reject with `closed`. Resolves with how the process ended.
   */
  async close(graceMs = 2000): Promise<ProcessExit> {
    if (!this.#ended) this.#end('closed', 'the client closed the connection', undefined, failure('closed'));
    this.#proc.closeStdin();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<'late'>((r) => {
      timer = setTimeout(() => r('late'), graceMs);
    });
    const first = await Promise.race([this.exit, grace]);
    clearTimeout(timer);
    if (first === 'late') this.#proc.kill();
    return this.exit;
  }

  /** Kills the process at once; pending requests reject with `closed`. */
  kill(): void {
    if (!this.#ended) this.#end('closed', 'the client killed the server process', undefined, failure('killed'));
    this.#proc.kill();
  }

  #write(line: string): void {
    const parsed = parseMessageLine(line);
    const classification = parsed.ok ? outgoingClassification(parsed.message) : framingViolation(parsed.violation);
    this.#record({ direction: 'out', channel: 'stdin', text: line, classification });
    this.#proc.write(line);
  }

  #onStdout(line: string): void {
    if (this.#ended && this.#ended.kind === 'flood') return;
    this.#outBytes += utf8Length(line) + 1;
    if (this.#outBytes > this.#maxOut) {
      this.#flood('stdout', this.#maxOut);
      return;
    }
    const parsed = parseMessageLine(line);
    if (!parsed.ok) {
      this.#record({ direction: 'in', channel: 'stdout', text: line, classification: framingViolation(parsed.violation) });
      return;
    }
    const message = parsed.message;
    const classification = classifyMessage(message, this.#classify);
    const entry: TranscriptEntry = { direction: 'in', channel: 'stdout', text: line, classification, t: 0, pid: this.pid };
    const m = message as unknown as Record<string, unknown>;
    if (typeof m.method === 'string') {
      this.#record(entry);
      if (!('id' in m)) for (const l of this.#notificationListeners) l(message as JsonRpcNotification, entry);
      return;
    }
    const id = m.id as RequestId | undefined;
    const pending = id === undefined ? undefined : this.#pending.get(id);
    if (!pending) {
      entry.note =
        id !== undefined && this.#timedOut.has(id)
          ? 'reply to a request that had already timed out'
          : id === undefined
            ? 'error without an id (the server could not read the request id)'
            : 'no request with this id is pending';
      this.#record(entry);
      return;
    }
    this.#record(entry);
    this.#pending.delete(pending.request.id);
    clearTimeout(pending.timer);
    pending.resolve({
      request: pending.request,
      message: message as JsonRpcResponse,
      classification,
      line,
      sentLine: pending.sentLine,
      elapsedMs: entry.t + this.#start - pending.sentAt,
    });
  }

  #onStderr(text: string): void {
    if (this.#ended && this.#ended.kind === 'flood') return;
    this.#errBytes += utf8Length(text);
    if (this.#errBytes > this.#maxErr) {
      this.#flood('stderr', this.#maxErr);
      return;
    }
    this.#stderrTail = (this.#stderrTail + text).slice(-500);
    this.#record({ direction: 'in', channel: 'stderr', text });
  }

  #flood(channel: 'stdout' | 'stderr', limit: number): void {
    this.#end('flood', `the server wrote more than ${limit} bytes to ${channel}; it was stopped`, undefined, failure('flood', { limit, channel }));
    this.#proc.kill();
  }

  #end(kind: ConnectionErrorKind, message: string, exit?: ProcessExit, why?: Failure): void {
    if (!this.#ended) this.#ended = { kind, message, ...(exit ? { exit } : {}), ...(why ? { why } : {}) };
    const ended = this.#ended;
    for (const p of this.#pending.values()) {
      clearTimeout(p.timer);
      const suffix = ` (while waiting for ${p.request.method}, id ${JSON.stringify(p.request.id)})`;
      p.reject(new ConnectionError(ended.kind, ended.message + suffix, p.request, exit ?? ended.exit, ended.why));
    }
    this.#pending.clear();
    if (kind === 'exit') for (const u of this.#unsubscribe) u();
  }

  #record(partial: Omit<TranscriptEntry, 't' | 'pid'> & { t?: number; pid?: number }): void {
    const entry = partial as TranscriptEntry;
    entry.t = Math.round((this.#now() - this.#start) * 1000) / 1000;
    entry.pid = this.pid;
    this.transcript.push(entry);
    for (const l of this.#entryListeners) l(entry);
  }
}

function outgoingClassification(message: JsonRpcMessage): Classification {
  const m = message as unknown as Record<string, unknown>;
  if (typeof m.method === 'string') {
    if ('id' in m) return { kind: 'request', id: m.id as RequestId, label: `request ${m.method}`, method: m.method };
    return { kind: 'notification', label: `notification ${m.method}`, method: m.method };
  }
  return classifyMessage(message);
}

/** How the process ended, as a {@link Failure} (`exit`, with the engine's reason as its cause). */
function exitFailure(info: ProcessExit, stderrTail: string): Failure {
  const vars: Failure['vars'] = info.signal ? { signal: info.signal } : { code: String(info.code) };
  if (stderrTail.trim()) vars.stderr = JSON.stringify(stderrTail.trim().slice(-200));
  return failure('exit', vars, info.why);
}

function describeExit(info: ProcessExit, stderrTail: string): string {
  const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
  const reason = info.reason ? ` (${info.reason})` : '';
  const tail = stderrTail.trim() ? `; last stderr: ${JSON.stringify(stderrTail.trim().slice(-200))}` : '';
  return `the server process ${how}${reason}${tail}`;
}
