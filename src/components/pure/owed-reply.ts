/**
 * What a line a client sent owes it back, and which sent line a reply
 * answers. Pure: the Console decides from these whether silence after a line
 * is worth a warning, and says which line an id-less error answers.
 *
 * The rules, from https://modelcontextprotocol.io/specification/2026-07-28/basic/index#messages
 * and JSON-RPC 2.0:
 * - a request (a `method` and a string or integer `id`) is owed one response
 *   carrying that id;
 * - `subscriptions/listen` is a request that stays open: notifications tagged
 *   with its id, and no response until the stream ends
 *   (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions);
 * - a notification (no `id`) is owed nothing; `notifications/cancelled` also
 *   releases the request it names: "the server sends nothing more for it"
 *   (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation);
 * - a line the server cannot read an id from (not JSON, a batch array, not an
 *   object, an id that is neither a string nor an integer) is owed an error
 *   without an id (MCP leaves the `id` out; JSON-RPC 2.0 sends `"id": null`);
 * - a response the client sends (to a server's request) is owed nothing.
 */
import { isRequestId, parseMessageLine } from '../../protocol/index.ts';

/** A request id as the wire carries it. */
export type RequestId = string | number;

/** What one sent line owes the client, decided from the line alone. */
export type Owed =
  /** A response with this id. `progressToken` is the request's `_meta.progressToken`, when it asked for progress. */
  | { kind: 'reply'; id: RequestId; progressToken?: RequestId }
  /** An open stream (`subscriptions/listen`): silence is what it should do until it ends. */
  | { kind: 'stream'; id: RequestId }
  /** An error with no usable id, because the server cannot read one from this line. */
  | { kind: 'idless-error' }
  /** Nothing; `cancels` is the id a `notifications/cancelled` names, whose reply is no longer owed. */
  | { kind: 'nothing'; cancels?: RequestId };

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Decides what the exact line sent (without its `"\n"`) owes. Never throws.
 * A line that is not a valid message but carries a readable id (say
 * `"jsonrpc"` is missing) is owed an error with that id.
 */
export function owedBy(line: string): Owed {
  const parsed = parseMessageLine(line);
  if (!parsed.ok) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { kind: 'idless-error' };
    }
    if (isObject(value) && isRequestId(value.id)) return { kind: 'reply', id: value.id };
    return { kind: 'idless-error' };
  }
  const m = parsed.message as unknown as Record<string, unknown>;
  if (typeof m.method !== 'string') return { kind: 'nothing' }; // a response the client sends
  if (!('id' in m)) {
    const params = isObject(m.params) ? m.params : {};
    if (m.method === 'notifications/cancelled' && isRequestId(params.requestId)) return { kind: 'nothing', cancels: params.requestId };
    return { kind: 'nothing' };
  }
  const id = m.id as RequestId;
  if (m.method === 'subscriptions/listen') return { kind: 'stream', id };
  const meta = isObject(m.params) && isObject(m.params._meta) ? m.params._meta : {};
  return isRequestId(meta.progressToken) ? { kind: 'reply', id, progressToken: meta.progressToken } : { kind: 'reply', id };
}

/** A sent line still waiting for an id-less error, oldest first. `t` is when it went out (ms), once known. */
export interface IdlessWaiting {
  line: string;
  t?: number;
}

/** Which sent line an incoming message answers. */
export type Answer =
  /** Not a response (a notification, a server's request), or a response whose id is readable: matched by id. */
  | { kind: 'by-id' }
  /** An id-less error: it answers this line, the oldest still waiting for one (stdio replies come in order). */
  | { kind: 'line'; waiting: IdlessWaiting; index: number }
  /** An id-less error with no line waiting for one, while exactly one request is in flight: most likely its answer. */
  | { kind: 'only-in-flight'; id: RequestId }
  /** An id-less error nothing explains. */
  | { kind: 'unmatched' };

/**
 * Matches an incoming message to what was sent.
 * @param message the parsed incoming message.
 * @param idless the sent lines still owed an id-less error, oldest first.
 * @param inFlight ids of the requests still owed a response (streams left out).
 */
export function answerOf(message: unknown, idless: readonly IdlessWaiting[], inFlight: readonly RequestId[]): Answer {
  if (!isObject(message) || typeof message.method === 'string') return { kind: 'by-id' };
  if (!('result' in message) && !('error' in message)) return { kind: 'by-id' };
  if (isRequestId(message.id)) return { kind: 'by-id' };
  if (idless.length) return { kind: 'line', waiting: idless[0]!, index: 0 };
  if (inFlight.length === 1) return { kind: 'only-in-flight', id: inFlight[0]! };
  return { kind: 'unmatched' };
}

/**
 * The progress token of a `notifications/progress` message, or `undefined`.
 * A request that gets progress is not silent, so its wait starts again
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation:
 * a client may reset its timeout on progress).
 */
export function progressTokenOf(message: unknown): RequestId | undefined {
  if (!isObject(message) || message.method !== 'notifications/progress' || 'id' in message) return undefined;
  const params = isObject(message.params) ? message.params : {};
  return isRequestId(params.progressToken) ? params.progressToken : undefined;
}

/** A clock to wait with: `set` calls `fn` once after `ms` and returns a handle `clear` cancels (setTimeout's shape). */
export interface WaitClock {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** What went unanswered for the whole wait: a request by its id, or a line owed an id-less error. */
export type Silence = { kind: 'reply'; id: RequestId } | { kind: 'idless-error'; line: string };

/** What {@link Waits.sent} started for one line, to hand back to {@link Waits.settledBy} when its exchange is complete. */
export interface SentLine {
  owed: Owed;
  idless?: IdlessWaiting;
}

/**
 * The waits of one client connection, decided from what was sent: a wait per
 * request id owed a response and per line owed an id-less error; each wait
 * that runs out calls `onSilence` once. A response by id ends its wait, an
 * id-less error ends the oldest line's (see {@link answerOf}), progress for a
 * request starts its wait again, a cancel ends the cancelled one's, and an
 * open `subscriptions/listen` never starts one.
 */
export class Waits {
  readonly #ms: number;
  readonly #clock: WaitClock;
  readonly #onSilence: (s: Silence) => void;
  #byId = new Map<RequestId, { timer: unknown; progressToken?: RequestId }>();
  #idless: Array<IdlessWaiting & { timer: unknown }> = [];

  /** @param ms how long a wait lasts (ms). @param onSilence told once per wait that ran out. @param clock default setTimeout/clearTimeout. */
  constructor(ms: number, onSilence: (s: Silence) => void, clock: WaitClock = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) }) {
    this.#ms = ms;
    this.#onSilence = onSilence;
    this.#clock = clock;
  }

  /** The ids still owed a response, oldest first. */
  get waitingIds(): RequestId[] {
    return [...this.#byId.keys()];
  }

  /** The lines still owed an id-less error, oldest first. */
  get waitingLines(): string[] {
    return this.#idless.map((w) => w.line);
  }

  /** Records the exact line sent (without `"\n"`) and starts what it owes. */
  sent(line: string): SentLine {
    const owed = owedBy(line);
    if (owed.kind === 'reply') this.#waitFor(owed.id, owed.progressToken);
    else if (owed.kind === 'stream') this.release(owed.id); // open until cancelled or closed: silence is expected
    else if (owed.kind === 'nothing' && owed.cancels !== undefined) this.release(owed.cancels); // nothing more comes for it
    else if (owed.kind === 'idless-error') {
      const waiting: IdlessWaiting & { timer: unknown } = { line, timer: undefined };
      waiting.timer = this.#clock.set(() => {
        this.#drop(waiting);
        this.#onSilence({ kind: 'idless-error', line });
      }, this.#ms);
      this.#idless.push(waiting);
      return { owed, idless: waiting };
    }
    return { owed };
  }

  /**
   * Settles what an incoming message answers and says how it was matched
   * (`by-id` for anything that needs no words). A response by id, or the
   * only request in flight an id-less error most likely answers, ends that wait.
   */
  received(message: unknown): Answer {
    const token = progressTokenOf(message);
    if (token !== undefined) {
      for (const [id, w] of [...this.#byId]) if (w.progressToken === token) this.#waitFor(id, token);
      return { kind: 'by-id' };
    }
    const answer = answerOf(message, this.#idless, this.waitingIds);
    if (answer.kind === 'line') this.#drop(answer.waiting);
    else if (answer.kind === 'only-in-flight') this.release(answer.id);
    else if (answer.kind === 'by-id' && isObject(message) && typeof message.method !== 'string' && isRequestId(message.id)) this.release(message.id);
    return answer;
  }

  /** The exchange of `sent` is complete (an HTTP response read to its end): nothing more comes for it. */
  settledBy(sent: SentLine): void {
    if (sent.idless) this.#drop(sent.idless);
    if (sent.owed.kind === 'reply') this.release(sent.owed.id);
  }

  /** Ends the wait for a response to `id`, if there is one. */
  release(id: unknown): void {
    const w = this.#byId.get(id as RequestId);
    if (!w) return;
    this.#clock.clear(w.timer);
    this.#byId.delete(id as RequestId);
  }

  /** Ends every wait (the process that owed them is gone). */
  releaseAll(): void {
    for (const w of this.#byId.values()) this.#clock.clear(w.timer);
    for (const w of this.#idless) this.#clock.clear(w.timer);
    this.#byId = new Map();
    this.#idless = [];
  }

  #waitFor(id: RequestId, progressToken?: RequestId): void {
    this.release(id);
    const timer = this.#clock.set(() => {
      this.#byId.delete(id);
      this.#onSilence({ kind: 'reply', id });
    }, this.#ms);
    this.#byId.set(id, progressToken === undefined ? { timer } : { timer, progressToken });
  }

  #drop(waiting: IdlessWaiting): void {
    const i = this.#idless.indexOf(waiting as IdlessWaiting & { timer: unknown });
    if (i < 0) return;
    this.#clock.clear(this.#idless[i]!.timer);
    this.#idless.splice(i, 1);
  }
}

/**
 * The object of an incoming line that a client flags only because its id is
 * not a string or an integer (JSON-RPC's `"id": null` error), so that it can
 * still be matched to the line it answers; `undefined` for any other line.
 * `reason` is the framing violation's reason from `parseMessageLine`.
 */
export function nullIdMessage(text: string, reason: string | undefined): unknown {
  if (reason !== 'id is not a string or integer') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
