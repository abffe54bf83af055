/**
 * The hazard the spec warns about: a request sent with no probe and no
 * handshake. https://modelcontextprotocol.io/specification/2026-07-28/server/discover ("some legacy servers do not validate that a
 * request arrives after initialize and would process an era-ambiguous method
 * … under legacy semantics. Probing yields a deterministic failure instead").
 *
 * `sendWithoutHandshake` sends one list method as the very first message of a
 * fresh connection, exactly as a modern-only client that skips the probe would,
 * and reports whether the server served it anyway.
 */
import type { Failure } from './failure.ts';
import type { Classification } from './classify.ts';
import { ConnectionError, type Connection } from './connection.ts';
import type { JsonObject } from './messages.ts';
import { RequestBuilder, serializeMessage } from './request-builder.ts';

/** What came of a request sent with no handshake. */
export interface HazardResult {
  method: string;
  /** The exact line sent. */
  sent: string;
  /** The exact reply line, if any. */
  received?: string;
  classification?: Classification;
  /** True when the server answered with a result (it served a request it could not place in an era). */
  served: boolean;
  /** For list methods that were served: the number of items (`tools`, `resources`, `prompts`, `resourceTemplates`). */
  count?: number;
  /** The result, when served. */
  result?: JsonObject;
  /** `timeout`, `exit`, … when no reply came. */
  error?: string;
  /** {@link error} as data (src/protocol/failure.ts), for a page to say in its reader's language. */
  failure?: Failure;
}

/** Options for {@link sendWithoutHandshake}. */
export interface HazardOptions {
  builder?: RequestBuilder;
  /** Send the modern `_meta` envelope (default `true`, as a modern-only client would). `false` sends a bare 2025-style request. */
  envelope?: boolean;
  /** Request params besides `_meta`. */
  params?: JsonObject;
  /** Timeout in ms; default: the connection's. */
  timeoutMs?: number;
}

/** Key of the item array in each list result. */
export const LIST_KEYS: Readonly<Record<string, string>> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};

/**
 * Sends `method` (default `tools/list`) with no probe and no handshake; resolves
 * with what happened. Never rejects for protocol reasons.
 */
export async function sendWithoutHandshake(
  connection: Connection,
  method = 'tools/list',
  options: HazardOptions = {},
): Promise<HazardResult> {
  const builder = options.builder ?? new RequestBuilder();
  const request =
    options.envelope === false ? builder.legacyRequest(method, options.params) : builder.request(method, options.params ?? {});
  const sent = serializeMessage(request);
  try {
    const reply = await connection.request(request, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
    const out: HazardResult = { method, sent, received: reply.line, classification: reply.classification, served: false };
    if ('result' in reply.message) {
      out.served = true;
      out.result = reply.message.result as JsonObject;
      const key = LIST_KEYS[method];
      const items = key ? out.result[key] : undefined;
      if (Array.isArray(items)) out.count = items.length;
    }
    return out;
  } catch (e) {
    if (e instanceof ConnectionError) return { method, sent, served: false, error: e.message, failure: e.failure };
    throw e;
  }
}
