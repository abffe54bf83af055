/**
 * The shapes of MCP 2026-07-28 messages that this client reads and writes.
 *
 * Written by hand from the normative `schema/2026-07-28/schema.ts` of
 * modelcontextprotocol/modelcontextprotocol (https://modelcontextprotocol.io/specification/2026-07-28),
 * not copied from it. Only what the course needs is typed; every object stays
 * open (`[key: string]: unknown`) because servers may add fields.
 *
 * Pure types and constants: no runtime dependencies, safe in a Web Worker.
 */

/** The revision this client prefers: the modern era starts here (https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning, terminology). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The newest legacy (handshake-era) revision, asked for in `initialize` (https://modelcontextprotocol.io/specification/2026-07-28/server/discover, legacy shape). */
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';

/** The JSON-RPC version string every message carries. */
export const JSONRPC_VERSION = '2.0';

/** Reserved `_meta` keys of the per-request envelope and of results (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
/** `_meta` key: the client capabilities, required on every request (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
/** `_meta` key: the client's self-reported identity, SHOULD be on every request (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
/** `_meta` key on results: the server's self-reported identity (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** Which side of the 2026-07-28 line a server is on (https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning, terminology). */
export type Era = 'modern' | 'legacy';

/** A JSON-RPC id: string or integer, never null (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export type RequestId = string | number;

/** Any JSON object; used where the schema says `{ [key: string]: unknown }`. */
export type JsonObject = { [key: string]: unknown };

/** Self-reported name and version of a client or server (schema.ts `Implementation`). Display only. */
export interface Implementation {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

/** What a client can do, sent on every request in `_meta` (https://modelcontextprotocol.io/specification/2026-07-28/server/discover). `{}` means nothing optional. */
export interface ClientCapabilities {
  experimental?: { [key: string]: JsonObject };
  /** Deprecated in 2026-07-28 (SEP-2577). */
  roots?: JsonObject;
  /** Deprecated in 2026-07-28 (SEP-2577). */
  sampling?: { context?: JsonObject; tools?: JsonObject };
  /** `{}` is equivalent to `{ form: {} }`. */
  elicitation?: { form?: JsonObject; url?: JsonObject };
  extensions?: { [extensionId: string]: JsonObject };
  [key: string]: unknown;
}

/** What a server offers, from `DiscoverResult.capabilities` or a legacy `InitializeResult` (https://modelcontextprotocol.io/specification/2026-07-28/server/discover). */
export interface ServerCapabilities {
  experimental?: { [key: string]: JsonObject };
  logging?: JsonObject;
  completions?: JsonObject;
  prompts?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  tools?: { listChanged?: boolean };
  extensions?: { [extensionId: string]: JsonObject };
  [key: string]: unknown;
}

/** The `_meta` object every modern request carries (schema.ts `RequestMetaObject`, https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export interface RequestMeta {
  'io.modelcontextprotocol/protocolVersion': string;
  'io.modelcontextprotocol/clientCapabilities': ClientCapabilities;
  'io.modelcontextprotocol/clientInfo'?: Implementation;
  [key: string]: unknown;
}

/** `params` of a request; modern requests always carry `_meta` (https://modelcontextprotocol.io/specification/2026-07-28/basic, "params and _meta are required in practice"). */
export interface RequestParams {
  _meta?: RequestMeta;
  [key: string]: unknown;
}

/** A JSON-RPC request (client to server). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: RequestParams;
}

/** A JSON-RPC notification: no id, never answered (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JsonObject;
}

/** A successful response. `result.resultType` is required by 2026-07-28; legacy servers omit it (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export interface JsonRpcResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: Result;
}

/** The `error` member of an error response (https://modelcontextprotocol.io/specification/2026-07-28/basic). `code` is an integer. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** An error response. `id` is absent when the request id could not be read (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id?: RequestId;
  error: JsonRpcErrorObject;
}

/** A response of either kind. */
export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

/** Any single JSON-RPC message; there are no batches in MCP (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** `"complete"`, `"input_required"`, or an extension's value such as `"task"` (schema.ts `ResultType`). */
export type ResultType = 'complete' | 'input_required' | (string & {});

/** The base of every result (schema.ts `Result`). */
export interface Result {
  resultType?: ResultType;
  _meta?: JsonObject;
  [key: string]: unknown;
}

/** Caching hints on list, read and discover results (https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching, "ttlMs / cacheScope"). `ttlMs` is in milliseconds. */
export interface CacheableResult extends Result {
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

/** The answer to `server/discover` (https://modelcontextprotocol.io/specification/2026-07-28/server/discover). Identity is in `_meta["io.modelcontextprotocol/serverInfo"]`. */
export interface DiscoverResult extends CacheableResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
}

/** The legacy `initialize` result (2025-11-25 schema; https://modelcontextprotocol.io/specification/2026-07-28/server/discover, end). */
export interface InitializeResult extends Result {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  instructions?: string;
}

/** `data` of `-32022 UnsupportedProtocolVersion` (https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes). */
export interface UnsupportedProtocolVersionData {
  supported: string[];
  requested: string;
}

/** `data` of `-32021 MissingRequiredClientCapability` (https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes). */
export interface MissingRequiredClientCapabilityData {
  requiredCapabilities: ClientCapabilities;
}

/** A tool as listed by `tools/list` (https://modelcontextprotocol.io/specification/2026-07-28/server/tools). */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  _meta?: JsonObject;
  [key: string]: unknown;
}

/** The `tools/list` result (https://modelcontextprotocol.io/specification/2026-07-28/server/tools). `ttlMs`/`cacheScope` are absent from legacy servers. */
export interface ListToolsResult extends Result {
  tools: Tool[];
  nextCursor?: string;
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
}

/** A server-to-client request embedded in an `InputRequiredResult`: bare `{method, params}` (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr). */
export interface InputRequest {
  method: string;
  params?: JsonObject;
}

/** Keys are server-assigned and unique within the request (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr). */
export type InputRequests = { [key: string]: InputRequest };

/** The client's answers, under the same keys. They carry no `resultType` (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr). */
export type InputResponses = { [key: string]: JsonObject };

/** An interim result asking the client for input (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr). At least one of the two fields is present. */
export interface InputRequiredResult extends Result {
  resultType: 'input_required';
  inputRequests?: InputRequests;
  /** Opaque; echoed back byte for byte, never parsed (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr, "Retry"). */
  requestState?: string;
}

/** The answer to an `elicitation/create` input request (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr, `ElicitResult`). */
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: { [key: string]: string | number | boolean | string[] };
  [key: string]: unknown;
}
