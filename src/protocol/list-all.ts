/**
 * Lists every item of a list method, following `nextCursor` (https://modelcontextprotocol.io/specification/2026-07-28/server/tools#listing-tools:
 * list params `{_meta, cursor?}`; paginated results carry `nextCursor`).
 *
 * In the modern era every request carries the `_meta` envelope; in the legacy
 * era (after `initialize`) requests go out bare, as a 2025 client sends them.
 */
import type { Classification } from './classify.ts';
import { ConnectionError, type Connection, type Reply } from './connection.ts';
import type { Failure } from './failure.ts';
import { LIST_KEYS } from './hazard.ts';
import type { Era, JsonObject } from './messages.ts';
import type { RequestBuilder } from './request-builder.ts';
import { utf8Length } from './utf8.ts';

/** All pages of one list method. */
export interface ListAllResult {
  method: string;
  /** Every item of every page, in order. */
  items: JsonObject[];
  /** Each page's reply. */
  pages: Reply[];
  /** Each page's `result` object. */
  results: JsonObject[];
  /**
   * Size of the listing in bytes: the UTF-8 length of `JSON.stringify(result)`
   * summed over pages (for one page: the result object, e.g. `{"tools":[…]}`,
   * without the JSON-RPC envelope).
   */
  bytes: number;
  /** Set when a page failed: the error's classification (e.g. `-32601` when the capability is absent). */
  errorClassification?: Classification;
  /** Set when a page got no reply (timeout, exit). */
  error?: string;
  /** {@link error} as data (src/protocol/failure.ts), for a page to say in its reader's language. */
  failure?: Failure;
}

/** Options for {@link listAll}. */
export interface ListAllOptions {
  /** Stop after this many pages. Default 100. */
  maxPages?: number;
  /** Per-request timeout in ms; default the connection's. */
  timeoutMs?: number;
  /** Modern only: the version for `_meta`, e.g. the probe's negotiated one. */
  protocolVersion?: string;
}

/**
 * Sends `method` (e.g. `tools/list`) until there is no `nextCursor`.
 * Resolves even when a page fails (see `error` / `errorClassification`); never rejects for protocol reasons.
 */
export async function listAll(
  connection: Connection,
  builder: RequestBuilder,
  method: string,
  era: Era,
  options: ListAllOptions = {},
): Promise<ListAllResult> {
  const key = LIST_KEYS[method] ?? 'items';
  const out: ListAllResult = { method, items: [], pages: [], results: [], bytes: 0 };
  let cursor: string | undefined;
  const maxPages = options.maxPages ?? 100;
  for (let page = 0; page < maxPages; page++) {
    const params: JsonObject = cursor === undefined ? {} : { cursor };
    const request =
      era === 'modern'
        ? builder.request(
            method,
            params,
            options.protocolVersion === undefined ? {} : { protocolVersion: options.protocolVersion },
          )
        : builder.legacyRequest(method, cursor === undefined ? undefined : params);
    let reply: Reply;
    try {
      reply = await connection.request(request, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
    } catch (e) {
      if (e instanceof ConnectionError) {
        out.error = e.message;
        out.failure = e.failure;
        return out;
      }
      throw e;
    }
    out.pages.push(reply);
    if (!('result' in reply.message)) {
      out.errorClassification = reply.classification;
      return out;
    }
    const result = reply.message.result as JsonObject;
    out.results.push(result);
    out.bytes += utf8Length(JSON.stringify(result));
    const items = result[key];
    if (Array.isArray(items)) out.items.push(...(items as JsonObject[]));
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (cursor === undefined) break;
  }
  return out;
}
