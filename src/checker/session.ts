/**
 * One server process under test: writes lines, waits for lines, and records
 * every line in order. Every wait has a timeout; a process that exits or
 * floods stdout ends every wait with a {@link SessionError}. Nothing here can
 * hang the checker.
 *
 * A wait for the reply to a request (`request`, or `waitFor` given the
 * request) also ends early, within {@link FRAMING_GRACE_MS} ms of the
 * evidence, when what the server wrote shows why the reply cannot come as a
 * line of its own (a `framing` error): a line left without its newline, a
 * banner glued to the reply, a reply pretty-printed over several lines, a
 * reply under an id that was never sent, a request of the server's own.
 * Notifications and no reply are named when the wait times out (a server
 * may report progress on a request it is still working on). A flood of notifications or of lines that are
 * not JSON is named as such, and a crash names the error and the file:line
 * the server's stderr reported. The rules these follow:
 * "Messages are delimited by newlines, and **MUST NOT** contain embedded
 * newlines." / "The server **MUST NOT** write anything to its `stdout` that
 * is not a valid MCP message." / "The server **MUST NOT** write JSON-RPC
 * _requests_ to `stdout`."
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 * and "Result responses **MUST** include the same ID as the request they
 * correspond to." https://modelcontextprotocol.io/specification/2026-07-28/basic#responses
 */
import { parseMessageLine } from '../protocol/parse-message.ts';
import type { JsonObject, RequestId } from '../protocol/messages.ts';
import { utf8Length } from '../protocol/utf8.ts';
import type { CheckerProcess, WireLine } from './types.ts';
import type { ProcessExit } from '../protocol/connection.ts';
import { failure, type Failure } from '../protocol/failure.ts';

/**
 * Why a wait ended without the line it waited for. `framing`: what the server wrote shows the reply cannot
 * come as a line of its own (see the module comment); the message says what it wrote.
 */
export type SessionErrorKind = 'timeout' | 'exit' | 'flood' | 'framing' | 'stopped';

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

/** How long evidence that the reply cannot come (a line without its newline, a reply under a wrong id, notifications and nothing else) must stand, with nothing more written, before a reply wait ends on it, in ms. */
export const FRAMING_GRACE_MS = 1500;

/** Notifications, or lines that are not JSON, written since the last reply: past this many while a line is awaited, the server is flooding and is stopped. */
export const FLOOD_LINES = 1000;

/** How much of the server's stderr is kept (its end), in characters: enough for a Node stack trace. */
export const STDERR_TAIL_CHARS = 4096;

/**
 * Bounds on looking for a pretty-printed message in a run of consecutive lines that are not messages: a run
 * longer than this (lines or characters) is not joined up, and at most {@link SPREAD_MAX_TRIES} joins are
 * tried per run (a pretty-printed message needs one, on its unindented closing line).
 */
const SPREAD_MAX_LINES = 20_000;
const SPREAD_MAX_CHARS = 1024 * 1024;
const SPREAD_MAX_TRIES = 50;

interface Waiter {
  match: (line: ReceivedLine) => boolean;
  resolve: (line: ReceivedLine) => void;
  reject: (error: SessionError) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Index of the first line the wait looks at. */
  from: number;
  /** For a reply wait: the request whose reply it waits for (framing evidence ends such a wait early). */
  request?: { id: RequestId; method: string };
  /** Builds the timeout error (the wait's own words). */
  timeout: () => SessionError;
}

/** Evidence on one line that ends a reply wait at once: built into the error for the wait it ends. */
interface Instant {
  at: number;
  error: (request: { id: RequestId; method: string }) => SessionError;
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
  /** Every id this session sent a request (or anything) under. */
  #sentIds = new Set<RequestId>();
  /** The stdout text written so far without its newline (`''` when none), as the engine reported it. */
  #partial = '';
  /** Evidence that ends a reply wait at once (a request from the server, a banner glued to a message, a pretty-printed message). */
  #instant: Instant[] = [];
  /** Indexes of responses under an id that was never sent, and of notifications. */
  #wrongIds: number[] = [];
  #notifications: number[] = [];
  /** Since the last response: notifications (by method) and lines that are not JSON (count and the first). */
  #streak = { notifications: 0, methods: new Map<string, number>(), junk: 0, firstJunk: '' };
  /** Index where the current run of consecutive lines that are not messages began (`-1`: the last line was a message), its length in characters, its lines that begin with `{`, and the joins tried in it. */
  #runStart = -1;
  #runChars = 0;
  #runOpens: number[] = [];
  #runTries = 0;
  #grace: ReturnType<typeof setTimeout> | undefined;

  constructor(proc: CheckerProcess, options: SessionOptions) {
    this.#proc = proc;
    this.#options = options;
    this.#unsubscribe.push(proc.onStdout((text) => this.#onLine(text)));
    if (proc.onStdoutPartial) this.#unsubscribe.push(proc.onStdoutPartial((pending) => this.#onPartial(pending)));
    this.#unsubscribe.push(
      proc.onStderr((text) => {
        this.#stderrTail = (this.#stderrTail + text).slice(-STDERR_TAIL_CHARS);
        if (options.wire.length < 400) options.wire.push({ dir: 'stderr', text, process: options.processNumber });
      }),
    );
    void proc.exit.then((info) => {
      this.exitInfo = info;
      this.#end(exitError(info, this.#stderrTail));
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

  /** Writes one line (an object is serialised with `JSON.stringify`). Returns the text written. Remembers the ids it carries. */
  send(line: string | object): string {
    const text = typeof line === 'string' ? line : JSON.stringify(line);
    if (typeof line === 'object' && line !== null && 'id' in line) this.#sentIds.add((line as { id: RequestId }).id);
    else if (typeof line === 'string') for (const part of text.split('\n')) this.#rememberId(part);
    this.#options.wire.push({ dir: 'sent', text, process: this.#options.processNumber });
    this.#proc.write(text);
    return text;
  }

  /**
   * Waits for the first stdout line at index `from` or later (default 0: any line so far or to come) that `match` accepts.
   * Rejects with {@link SessionError} on timeout, exit or flood. `what` names the awaited line in the
   * English message; `request`, when the line is the reply to one, names it in the error's `failure`, and
   * makes the wait a reply wait: it also ends early (kind `framing`) on evidence that the reply cannot come
   * as a line of its own (see the module comment).
   */
  waitFor(match: (line: ReceivedLine) => boolean, timeoutMs = this.#options.replyTimeoutMs, from = 0, what = 'reply', request?: { id: RequestId; method: string }): Promise<ReceivedLine> {
    for (let i = from; i < this.lines.length; i++) if (match(this.lines[i])) return Promise.resolve(this.lines[i]);
    if (this.#ended) return Promise.reject(this.#ended);
    if (request) {
      const found = this.#instant.find((e) => e.at >= from);
      if (found) return Promise.reject(found.error(request));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve,
        reject,
        from,
        ...(request ? { request } : {}),
        timeout: () =>
          new SessionError('timeout', `no ${what} within ${timeoutMs} ms`, request ? failure('timeout', { method: request.method, id: JSON.stringify(request.id), ms: timeoutMs }) : failure('no-reply', { ms: timeoutMs })),
        timer: setTimeout(() => {
          this.#waiters.delete(waiter);
          // Evidence that came too slowly to end the wait early still says more than "no reply".
          reject((waiter.request && this.#delayedEvidence(waiter.request, waiter.from)) || waiter.timeout());
        }, timeoutMs),
      };
      this.#waiters.add(waiter);
      this.#armGrace();
    });
  }

  /** Sends a request object and waits for the response with the same id (a line with `result` or `error`); a reply wait (see {@link waitFor}). */
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

  /** Resolves once the process has exited, or after `ms` ms, whichever comes first (never rejects). */
  async reaped(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#proc.exit.then(() => undefined, () => undefined), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }

  #rememberId(text: string): void {
    if (!text.includes('"id"')) return;
    try {
      const v: unknown = JSON.parse(text);
      if (v && typeof v === 'object' && !Array.isArray(v) && 'id' in v) this.#sentIds.add((v as { id: RequestId }).id);
    } catch {
      // not JSON: it carries no id
    }
  }

  #onLine(text: string): void {
    if (this.#ended?.kind === 'flood' || this.#ended?.kind === 'stopped') return;
    this.#bytes += utf8Length(text) + 1;
    if (this.#bytes > this.#options.maxStdoutBytes) {
      this.#flood(this.#floodError(`more than ${this.#options.maxStdoutBytes} bytes to stdout`, true));
      return;
    }
    const parsed = parseMessageLine(text);
    const line: ReceivedLine = parsed.ok ? { text, message: parsed.message as unknown as JsonObject } : { text, violation: parsed.violation };
    const index = this.lines.length;
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
    this.#classify(line, index);
    if (this.#ended) return;
    if (this.#waiters.size > 0 && (this.#streak.notifications > FLOOD_LINES || (this.#streak.junk > FLOOD_LINES && !this.#mayBeSpread()))) {
      this.#flood(this.#floodError('', false));
      return;
    }
    this.#armGrace();
  }

  /** Records what `line` shows about the server's framing, and ends the reply waits it settles at once. */
  #classify(line: ReceivedLine, index: number): void {
    const m = line.message;
    if (m) {
      this.#runStart = -1;
      const hasId = 'id' in m;
      if (typeof m.method === 'string') {
        if (hasId) {
          const method = m.method;
          const id = JSON.stringify(m.id);
          this.#addInstant(index, () => new SessionError('framing', `the server wrote a JSON-RPC request to stdout (${method}, id ${id}); servers must not send requests: ask with input_required instead`, failure('server-request', { method, id })));
          return;
        }
        this.#notifications.push(index);
        this.#streak.notifications++;
        this.#streak.methods.set(m.method, (this.#streak.methods.get(m.method) ?? 0) + 1);
        return;
      }
      this.#streak = { notifications: 0, methods: new Map(), junk: 0, firstJunk: '' };
      if (hasId && !this.#sentIds.has(m.id as RequestId)) this.#wrongIds.push(index);
      return;
    }
    if (this.#streak.junk === 0) this.#streak.firstJunk = line.text;
    this.#streak.junk++;
    if (this.#runStart === -1) {
      this.#runStart = index;
      this.#runChars = 0;
      this.#runOpens = [];
      this.#runTries = 0;
    }
    this.#runChars += line.text.length + 1;
    if (line.text.startsWith('{')) this.#runOpens.push(index);
    const glued = gluedMessage(line.text);
    if (glued) {
      const prefix = JSON.stringify(cut(glued.prefix, 80));
      this.#addInstant(index, () => new SessionError('framing', `a line started with ${prefix} before the JSON message (a banner or log written to stdout without a newline)`, failure('line-prefix', { prefix })));
      return;
    }
    const spread = this.#spreadMessage(index);
    if (spread) {
      const n = spread.lines;
      const message = spread.message;
      this.#addInstant(index, (request) =>
        isResponseTo(message, request.id)
          ? new SessionError('framing', `the reply was spread over ${n} lines (pretty-printed JSON); a message must be one line: JSON.stringify(reply) with no indent`, failure('multi-line-reply', { lines: n }))
          : new SessionError('framing', `a JSON-RPC message was spread over ${n} lines (pretty-printed JSON); a message must be one line: JSON.stringify(message) with no indent`, failure('multi-line', { lines: n })),
      );
    }
  }

  /**
   * The message that the current run of lines that are not messages, ending at `index`, makes when joined
   * (a pretty-printed message ends on an unindented line ending in `}`; it starts on an unindented `{`).
   */
  #spreadMessage(index: number): { lines: number; message: JsonObject } | undefined {
    const text = this.lines[index].text.trimEnd();
    if (!text.endsWith('}') || /^\s/.test(text) || this.#runStart === index) return undefined;
    if (index - this.#runStart > SPREAD_MAX_LINES || this.#runChars > SPREAD_MAX_CHARS || this.#runTries >= SPREAD_MAX_TRIES) return undefined;
    const starts = this.#runOpens.filter((i) => i < index).slice(-3);
    if (starts.length > 0) this.#runTries++;
    for (const start of starts) {
      const parsed = parseMessageLine(this.lines.slice(start, index + 1).map((l) => l.text).join('\n'));
      if (parsed.ok) return { lines: index - start + 1, message: parsed.message as unknown as JsonObject };
    }
    return undefined;
  }

  /** True while the lines that are not JSON could still be one pretty-printed message (an unindented `{` began the run). */
  #mayBeSpread(): boolean {
    if (this.#runStart === -1 || this.lines.length - this.#runStart > SPREAD_MAX_LINES || this.#runChars > SPREAD_MAX_CHARS) return false;
    return this.lines[this.#runStart].text.startsWith('{');
  }

  #addInstant(at: number, error: Instant['error']): void {
    this.#instant.push({ at, error });
    for (const w of [...this.#waiters]) {
      if (!w.request || w.from > at) continue;
      clearTimeout(w.timer);
      this.#waiters.delete(w);
      w.reject(error(w.request));
    }
  }

  #onPartial(pending: string): void {
    if (this.#ended) return;
    this.#partial = pending;
    if (pending !== '' && this.#bytes + pending.length > this.#options.maxStdoutBytes) {
      this.#flood(new SessionError('flood', `the server wrote more than ${this.#options.maxStdoutBytes} bytes to stdout without a newline; it was stopped`, failure('flood', { limit: this.#options.maxStdoutBytes, channel: 'stdout' })));
      return;
    }
    this.#armGrace();
  }

  /** (Re)starts the grace period after the latest stdout activity, while a reply is awaited and there is evidence to judge. */
  #armGrace(): void {
    if (this.#grace !== undefined) clearTimeout(this.#grace);
    this.#grace = undefined;
    if (this.#ended || ![...this.#waiters].some((w) => w.request)) return;
    // Notifications alone never end a wait early: a server may send progress or log notifications for a
    // request while it works on it ("Notifications that relate to an in-flight request"). They only name
    // what came instead when the wait times out.
    if (this.#partial === '' && this.#wrongIds.length === 0) return;
    this.#grace = setTimeout(() => {
      this.#grace = undefined;
      for (const w of [...this.#waiters]) {
        if (!w.request) continue;
        const error = this.#delayedEvidence(w.request, w.from);
        if (!error) continue;
        clearTimeout(w.timer);
        this.#waiters.delete(w);
        w.reject(error);
      }
    }, FRAMING_GRACE_MS);
  }

  /** Why the reply to `request` has not come, from what the server wrote since line `from` and what it left without a newline; `undefined` when nothing shows why. */
  #delayedEvidence(request: { id: RequestId; method: string }, from: number): SessionError | undefined {
    const want = JSON.stringify(request.id);
    if (this.#partial !== '') {
      const chars = this.#partial.length;
      const start = `${JSON.stringify(cut(this.#partial, 80))}${chars > 80 ? '…' : ''}`;
      return new SessionError('framing', `the server wrote ${chars} characters without a newline: ${start}; each message must end with \\n`, failure('partial-line', { chars, start }));
    }
    const wrong = this.#wrongIds.find((i) => i >= from);
    if (wrong !== undefined) {
      const got = JSON.stringify(this.lines[wrong].message!.id);
      return new SessionError('framing', `a reply came under id ${got}, which was never sent (the request had id ${want})`, failure('wrong-id', { got, sent: want }));
    }
    const notes = this.#notifications.filter((i) => i >= from);
    if (notes.length > 0) {
      const methods = [...new Set(notes.map((i) => String(this.lines[i].message!.method)))];
      const notification = methods.length > 2 ? `${methods.slice(0, 2).join(', ')}, …` : methods.join(' and ');
      const count = notes.length;
      return new SessionError(
        'framing',
        `the server sent ${count} ${notification} notification${count === 1 ? '' : 's'} but no reply to ${request.method} (id ${want})`,
        failure('notifications-only', { count, notification, method: request.method, id: want }),
      );
    }
    return undefined;
  }

  /** A flood, named by what it was made of since the last reply: notifications, lines that are not JSON, or just bytes (`budget`: it crossed the stdout budget). */
  #floodError(what: string, budget: boolean): SessionError {
    const s = this.#streak;
    const limit = this.#options.maxStdoutBytes;
    const over = budget ? ` (more than ${limit} bytes)` : '';
    if (s.notifications >= 10 && s.notifications >= s.junk) {
      const method = [...s.methods.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      return new SessionError('flood', `a notification flood: the server wrote ${s.notifications} ${method} notifications${over} and no reply; it was stopped`, failure('notification-flood', { count: s.notifications, method }));
    }
    if (s.junk >= 10) {
      const first = JSON.stringify(cut(s.firstJunk, 80));
      return new SessionError('flood', `a flood of ${s.junk} lines that are not JSON${over}, the first ${first}, and no reply; it was stopped`, failure('junk-flood', { count: s.junk, first }));
    }
    return new SessionError('flood', `the server wrote ${what}; it was stopped`, failure('flood', { limit, channel: 'stdout' }));
  }

  #flood(error: SessionError): void {
    this.#end(error);
    this.#proc.kill();
  }

  #end(error: SessionError): void {
    if (!this.#ended) this.#ended = error;
    if (this.#grace !== undefined) clearTimeout(this.#grace);
    this.#grace = undefined;
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

/** `text` cut to `n` characters (never inside a surrogate pair). */
function cut(text: string, n: number): string {
  if (text.length <= n) return text;
  return /[\uD800-\uDBFF]/.test(text[n - 1] ?? '') ? text.slice(0, n - 1) : text.slice(0, n);
}

/**
 * A JSON-RPC message that a line carries after text that is not JSON (a banner or log written without its
 * newline runs into the next message): the text before it and the message. Looks at the first three `{`.
 */
export function gluedMessage(text: string): { prefix: string; message: JsonObject } | undefined {
  if (text.length > 4 * 1024 * 1024) return undefined;
  let at = text.indexOf('{', 1);
  for (let tries = 0; at > 0 && tries < 3; tries++, at = text.indexOf('{', at + 1)) {
    const prefix = text.slice(0, at);
    if (prefix.trim() === '') continue;
    const parsed = parseMessageLine(text.slice(at));
    if (parsed.ok) return { prefix, message: parsed.message as unknown as JsonObject };
  }
  return undefined;
}

/** What an uncaught exception printed to stderr says: the error's name and message, and where it was thrown. */
export interface CrashReport {
  /** E.g. `TypeError`. */
  error: string;
  message: string;
  /** The file as the process named it (e.g. `file:///home/me/server.mjs`, `/home/me/server.js`, `server.py`). */
  file: string;
  line: number;
}

const NODE_ERROR_LINE = /^([A-Za-z_$][\w$.]*(?: \[[^\]]+\])?): (.*)$/;
const NODE_HEADER = /^((?:file:\/\/|\/|[A-Za-z]:\\)\S*?):(\d+)$/;
const NODE_FRAME = /(?:\(|^at )((?:file:\/\/|\/|[A-Za-z]:\\)[^\s()]*?):(\d+):\d+\)?$/;
const PYTHON_FRAME = /^\s*File "([^"]+)", line (\d+)/;
const PYTHON_ERROR_LINE = /^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)): (.*)$/;

/**
 * Finds the last uncaught exception in a process's stderr, as Node prints it (a `file:line` header, the
 * source line and a caret, then `Name: message` and its `at` frames) or as Python prints a traceback (its
 * `File "…", line N` frames, then `Name: message`). `undefined` when the text holds none.
 */
export function parseCrash(stderr: string): CrashReport | undefined {
  const lines = stderr.split(/\r?\n/);
  for (let i = lines.length - 2; i >= 0; i--) {
    const err = NODE_ERROR_LINE.exec(lines[i]!);
    if (!err || !/^\s+at /.test(lines[i + 1] ?? '')) continue;
    let file: string | undefined;
    let line = 0;
    for (let j = i - 1; j >= Math.max(0, i - 6); j--) {
      const h = NODE_HEADER.exec(lines[j]!.trim());
      if (h) {
        file = h[1];
        line = Number(h[2]);
        break;
      }
    }
    if (file === undefined) {
      for (let j = i + 1; j < lines.length && /^\s+at /.test(lines[j]!); j++) {
        const f = NODE_FRAME.exec(lines[j]!.trim());
        if (f) {
          file = f[1];
          line = Number(f[2]);
          break;
        }
      }
    }
    if (file === undefined) continue;
    return { error: err[1]!, message: cut(err[2]!, 200), file, line };
  }
  for (let i = lines.length - 1; i >= 0; i--) {
    const err = PYTHON_ERROR_LINE.exec(lines[i]!);
    if (!err) continue;
    for (let j = i - 1; j >= 0; j--) {
      const f = PYTHON_FRAME.exec(lines[j]!);
      if (f) return { error: err[1]!, message: cut(err[2]!, 200), file: f[1]!, line: Number(f[2]) };
      if (/^Traceback \(most recent call last\)/.test(lines[j]!)) break;
    }
  }
  return undefined;
}

/** The error a process's exit ends the waits with: a crash names the error and where it was thrown, any other exit its code and last stderr. */
function exitError(info: ProcessExit, stderrTail: string): SessionError {
  const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
  const crash = info.code !== 0 && !info.reason ? parseCrash(stderrTail) : undefined;
  if (crash) {
    const vars: Failure['vars'] = { error: crash.error, message: crash.message, file: crash.file, line: crash.line };
    if (info.signal) vars.signal = info.signal;
    else vars.code = String(info.code);
    const end = info.signal ? `killed by ${info.signal}` : `exit code ${info.code}`;
    return new SessionError('exit', `the server process crashed: ${crash.error}: ${crash.message} at ${crash.file}:${crash.line} (${end})`, failure('crash', vars, info.why));
  }
  const trimmed = stderrTail.trim();
  const stderr = trimmed ? JSON.stringify(trimmed.slice(-160)) : '';
  const tail = stderr ? ` (last stderr: ${stderr})` : '';
  const vars: Failure['vars'] = info.signal ? { signal: info.signal } : { code: String(info.code) };
  if (stderr) vars.stderr = stderr;
  return new SessionError('exit', `the server process ${how}${info.reason ? `, ${info.reason}` : ''}${tail}`, failure('exit', vars, info.why));
}
