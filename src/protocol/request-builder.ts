/**
 * Builds the messages a client writes: modern requests with the required
 * `_meta` envelope, legacy requests without it, notifications, fresh ids, and
 * the one-line serialisation stdio needs.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/basic ("Every request MUST include the required _meta fields":
 * `io.modelcontextprotocol/protocolVersion` and
 * `io.modelcontextprotocol/clientCapabilities`; `clientInfo` SHOULD be sent),
 * the same page (ids are strings or integers, unique while in flight, never
 * null) and https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio (one message per line, no
 * embedded newlines).
 */
import {
  JSONRPC_VERSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSION,
  type ClientCapabilities,
  type Implementation,
  type JsonObject,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
  type RequestMeta,
} from './messages.ts';

/** The client identity this course sends unless told otherwise. Display only (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export const DEFAULT_CLIENT_INFO: Implementation = { name: 'mcp-by-hand', version: '0.1.0' };

/** Options for {@link RequestBuilder}. */
export interface RequestBuilderOptions {
  /** Version put in `_meta`. Default `"2026-07-28"`. */
  protocolVersion?: string;
  /** Capabilities put in `_meta`. Default `{}` (nothing optional). */
  clientCapabilities?: ClientCapabilities;
  /** Identity put in `_meta`; `null` leaves the (optional) key out. Default {@link DEFAULT_CLIENT_INFO}. */
  clientInfo?: Implementation | null;
  /** First id handed out; ids then count up by one. Default 1. */
  firstId?: number;
}

/**
 * Hands out ids and builds requests.
 *
 * ```ts
 * const b = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
 * b.request('tools/list');            // {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{...}}}
 * b.request('tools/call', { name: 'x', arguments: {} }, { protocolVersion: '2099-01-01' });
 * b.legacyRequest('initialize', {...}); // no _meta
 * serializeMessage(msg);              // one line, no "\n"
 * ```
 */
export class RequestBuilder {
  /** Version used when a call does not override it. */
  protocolVersion: string;
  /** Capabilities used when a call does not override them. */
  clientCapabilities: ClientCapabilities;
  /** Identity used when a call does not override it; `null` = omit. */
  clientInfo: Implementation | null;
  #next: number;

  constructor(options: RequestBuilderOptions = {}) {
    this.protocolVersion = options.protocolVersion ?? MODERN_PROTOCOL_VERSION;
    this.clientCapabilities = options.clientCapabilities ?? {};
    this.clientInfo = options.clientInfo === undefined ? DEFAULT_CLIENT_INFO : options.clientInfo;
    this.#next = options.firstId ?? 1;
  }

  /** A fresh integer id, never handed out before by this builder. */
  nextId(): RequestId {
    return this.#next++;
  }

  /** The `_meta` envelope for one request, with optional per-call overrides. */
  meta(overrides: MetaOverrides = {}): RequestMeta {
    const meta: RequestMeta = {
      [META_PROTOCOL_VERSION]: overrides.protocolVersion ?? this.protocolVersion,
      [META_CLIENT_CAPABILITIES]: overrides.clientCapabilities ?? this.clientCapabilities,
    };
    const info = overrides.clientInfo === undefined ? this.clientInfo : overrides.clientInfo;
    if (info) meta[META_CLIENT_INFO] = info;
    return meta;
  }

  /**
   * A modern request: `params._meta` carries the envelope; a `_meta` already in
   * `params` is merged over it (so callers may add e.g. `progressToken`).
   * The envelope comes first in `params`, as in the spec's examples.
   */
  request(method: string, params: JsonObject = {}, overrides: MetaOverrides = {}): JsonRpcRequest {
    const { _meta: extra, ...rest } = params as { _meta?: JsonObject } & JsonObject;
    const meta = { ...this.meta(overrides), ...(extra ?? {}) } as RequestMeta;
    return { jsonrpc: JSONRPC_VERSION, id: overrides.id ?? this.nextId(), method, params: { _meta: meta, ...rest } };
  }

  /** A request without the envelope, as a 2025-era client sends it (`params` omitted when not given). */
  legacyRequest(method: string, params?: JsonObject, id?: RequestId): JsonRpcRequest {
    const msg: JsonRpcRequest = { jsonrpc: JSONRPC_VERSION, id: id ?? this.nextId(), method };
    if (params !== undefined) msg.params = params;
    return msg;
  }

  /** A notification (no id; never answered). `params` omitted when not given. */
  notification(method: string, params?: JsonObject): JsonRpcNotification {
    const msg: JsonRpcNotification = { jsonrpc: JSONRPC_VERSION, method };
    if (params !== undefined) msg.params = params;
    return msg;
  }
}

/** Per-call overrides for {@link RequestBuilder.request}. */
export interface MetaOverrides {
  protocolVersion?: string;
  clientCapabilities?: ClientCapabilities;
  /** `null` omits the key for this call. */
  clientInfo?: Implementation | null;
  /** Use this id instead of a fresh one. */
  id?: RequestId;
}

/**
 * The exact line written to stdin, without the `"\n"` (the engine appends it).
 * `JSON.stringify` never emits a raw newline (it escapes them as `\n`), so one
 * message is one line. Throws `TypeError` for values JSON cannot hold
 * (BigInt, cycles), as `JSON.stringify` does.
 */
export function serializeMessage(message: JsonRpcMessage): string {
  return JSON.stringify(message);
}
