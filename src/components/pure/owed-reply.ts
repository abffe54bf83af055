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
import { isRequestId, parseMessageLine } from '../../protocol/parse-message.ts';

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
