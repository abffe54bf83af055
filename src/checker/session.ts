/**
 * One server process under test: writes lines, waits for lines, and records
 * every line in order. Every wait has a timeout; a process that exits or
 * floods stdout ends every wait with a {@link SessionError}. Nothing here can
 * hang the checker.
 *
 * stdio framing: https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
import { parseMessageLine } from '../protocol/parse-message.ts';
import type { JsonObject, RequestId } from '../protocol/messages.ts';
import { utf8Length } from '../protocol/utf8.ts';
import type { CheckerProcess, WireLine } from './types.ts';
import type { ProcessExit } from '../protocol/connection.ts';
import { failure, type Failure } from '../protocol/failure.ts';

/** Why a wait ended without the line it waited for. */
export type SessionErrorKind = 'timeout' | 'exit' | 'flood' | 'stopped';

/**
 * Thrown by {@link Session} waits. The message is one English sentence for
 * the report (and the command line); `failure` says the same as data (a code
 * and its values, src/protocol/failure.ts) for a page in another language.
 */
export class SessionError extends Error {
  readonly kind: SessionErrorKind;
  readonly failure: Failure;
  constructor(kind: SessionErrorKind, message: string, why: Failure) {
    super(message);
    this.name = 'SessionError';
    this.kind = kind;
    this.failure = why;
  }
}

/** A stdout line, parsed. `message` is set when the line is a JSON-RPC message; `violation` says why not otherwise. */
export interface ReceivedLine {
  text: string;
  message?: JsonObject;
  violation?: string;
}

interface Waiter {
  match: (line: ReceivedLine) => boolean;
  resolve: (line: ReceivedLine) => void;
  reject: (error: SessionError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Options of a {@link Session}. */
export interface SessionOptions {
  /** Default wait in ms. */
  replyTimeoutMs: number;
  /** Stdout budget in UTF-8 bytes. */
  maxStdoutBytes: number;
  /** Where every line is appended (shared by all processes of one check). */
  wire: WireLine[];
  /** This process's number within its check, from 1. */
  processNumber: number;
}

/**
 * A process under test.
 *
 * ```ts
 * const s = new Session(await spawn(), options);
 * const reply = await s.request({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {...} });
 * await s.closeAndWait(3000); // 'exited' | 'killed'
 * ```
 */
export class Session {
  /** Every stdout line so far, in order. */
  readonly lines: ReceivedLine[] = [];
  /** How the process ended, once it has. */
  exitInfo: ProcessExit | undefined;
  readonly #proc: CheckerProcess;
  readonly #options: SessionOptions;
  #waiters = new Set<Waiter>();
  #ended: SessionError | undefined;
  #bytes = 0;
  #stderrTail = '';
  #unsubscribe: Array<() => void> = [];

  constructor(proc: CheckerProcess, options: SessionOptions) {
    this.#proc = proc;
    this.#options = options;
    this.#unsubscribe.push(proc.onStdout((text) => this.#onLine(text)));
    this.#unsubscribe.push(
      proc.onStderr((text) => {
        this.#stderrTail = (this.#stderrTail + text).slice(-300);
        if (options.wire.length < 400) options.wire.push({ dir: 'stderr', text, process: options.processNumber });
      }),
    );
    void proc.exit.then((info) => {
      this.exitInfo = info;
      const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
      const stderr = this.#stderrTail.trim() ? JSON.stringify(this.#stderrTail.trim().slice(-160)) : '';
      const tail = stderr ? ` (last stderr: ${stderr})` : '';
      const vars: Failure['vars'] = info.signal ? { signal: info.signal } : { code: String(info.code) };
      if (stderr) vars.stderr = stderr;
      this.#end(new SessionError('exit', `the server process ${how}${info.reason ? `, ${info.reason}` : ''}${tail}`, failure('exit', vars, info.why)));
    });
  }

  /** The process id the engine reported. */
  get pid(): number {
    return this.#proc.pid;
  }

  /** The process under test, as the spawner gave it (over Streamable HTTP, the adapter of src/checker/http-process.ts). */
  get process(): CheckerProcess {
    return this.#proc;
  }

  /** True once the process exited, flooded or was stopped. */
  get ended(): boolean {
    return this.#ended !== undefined;
  }

  /** Writes one line (an object is serialised with `JSON.stringify`). Returns the text written. */
  send(line: string | object): string {
    const text = typeof line === 'string' ? line : JSON.stringify(line);
    this.#options.wire.push({ dir: 'sent', text, process: this.#options.processNumber });
    this.#proc.write(text);
    return text;
  }

  /**
   * Waits for the first stdout line at index `from` or later (default 0: any line so far or to come) that `match` accepts.
   * Rejects with {@link SessionError} on timeout, exit or flood. `what` names the awaited line in the
   * English message; `request`, when the line is the reply to one, names it in the error's `failure`.
   */
  waitFor(match: (line: ReceivedLine) => boolean, timeoutMs = this.#options.replyTimeoutMs, from = 0, what = 'reply', request?: { id: RequestId; method: string }): Promise<ReceivedLine> {
    for (let i = from; i < this.lines.length; i++) if (match(this.lines[i])) return Promise.resolve(this.lines[i]);
    if (this.#ended) return Promise.reject(this.#ended);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#waiters.delete(waiter);
          reject(new SessionError('timeout', `no ${what} within ${timeoutMs} ms`, request ? failure('timeout', { method: request.method, id: JSON.stringify(request.id), ms: timeoutMs }) : failure('no-reply', { ms: timeoutMs })));
        }, timeoutMs),
      };
      this.#waiters.add(waiter);
    });
  }

  /** Sends a request object and waits for the response with the same id (a line with `result` or `error`). */
  async request(message: { id: RequestId; method: string } & JsonObject, timeoutMs?: number): Promise<JsonObject> {
    const from = this.lines.length;
    this.send(message);
    const line = await this.waitFor((l) => isResponseTo(l.message, message.id), timeoutMs, from, `reply to ${message.method} (id ${JSON.stringify(message.id)})`, message);
    return line.message as JsonObject;
  }

  /** Sends raw text and waits for the next stdout line that is a JSON-RPC response (any id, or none). */
  async sendAndWaitResponse(text: string, timeoutMs?: number): Promise<ReceivedLine> {
    const from = this.lines.length;
    this.send(text);
    return this.waitFor((l) => l.message !== undefined && ('result' in l.message || 'error' in l.message), timeoutMs, from);
  }

  /** Waits `ms` ms (or until the process ends) and returns the stdout lines received meanwhile. */
  async quiet(ms: number): Promise<ReceivedLine[]> {
    const from = this.lines.length;
    await new Promise((r) => setTimeout(r, ms));
    return this.lines.slice(from);
  }

  /**
   * Closes stdin and waits up to `timeoutMs` for the process to exit. Resolves `'exited'` with the exit info,
   * or `'still-running'` (the process is then killed).
   */
  async closeAndWait(timeoutMs: number): Promise<{ outcome: 'exited' | 'still-running'; exit?: ProcessExit }> {
    this.#proc.closeStdin();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((r) => {
      timer = setTimeout(() => r('late'), timeoutMs);
    });
    const first = await Promise.race([this.#proc.exit, late]);
    clearTimeout(timer);
    if (first === 'late') {
      this.kill();
      return { outcome: 'still-running' };
    }
    return { outcome: 'exited', exit: first };
  }

  /** Kills the process and ends every wait with `stopped` (idempotent). */
  kill(): void {
    this.#end(new SessionError('stopped', 'the check was stopped', failure('check-stopped')));
    this.#proc.kill();
    for (const u of this.#unsubscribe) u();
    this.#unsubscribe = [];
  }

  #onLine(text: string): void {
    if (this.#ended?.kind === 'flood' || this.#ended?.kind === 'stopped') return;
    this.#bytes += utf8Length(text) + 1;
    if (this.#bytes > this.#options.maxStdoutBytes) {
      this.#end(new SessionError('flood', `the server wrote more than ${this.#options.maxStdoutBytes} bytes to stdout; it was stopped`, failure('flood', { limit: this.#options.maxStdoutBytes, channel: 'stdout' })));
      this.#proc.kill();
      return;
    }
    const parsed = parseMessageLine(text);
    const line: ReceivedLine = parsed.ok ? { text, message: parsed.message as unknown as JsonObject } : { text, violation: parsed.violation };
    this.lines.push(line);
    const wire = this.#options.wire;
    if (wire.length < 400) wire.push({ dir: 'received', text: text.length > 4000 ? `${text.slice(0, 4000)}…` : text, process: this.#options.processNumber });
    for (const w of this.#waiters) {
      if (w.match(line)) {
        clearTimeout(w.timer);
        this.#waiters.delete(w);
        w.resolve(line);
      }
    }
  }

  #end(error: SessionError): void {
    if (!this.#ended) this.#ended = error;
    for (const w of this.#waiters) {
      clearTimeout(w.timer);
      w.reject(this.#ended);
    }
    this.#waiters.clear();
  }
}

/** True when `message` is a response (result or error) carrying exactly `id`. */
export function isResponseTo(message: JsonObject | undefined, id: RequestId): boolean {
  return message !== undefined && message.id === id && ('result' in message || 'error' in message);
}
