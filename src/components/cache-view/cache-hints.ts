/**
 * The caching rules of MCP results, as a client reads the hints `ttlMs` and
 * `cacheScope`: what may be stored, under which key, and how long it stays
 * fresh. Pure: no DOM, no engine, no timers; the clock is passed in.
 * The cache itself is ./client-cache.ts, which lists the rules in full.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
 */

/** Methods whose complete results carry caching hints. */
export const CACHEABLE_METHODS: readonly string[] = [
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
];

/**
 * `_meta` keys left out of the cache key because they change from request to
 * request without changing the result: the progress token, W3C trace context,
 * the self-reported client identity (display only) and the deprecated log level.
 * The protocol version and the client capabilities stay in the key.
 */
export const VOLATILE_META_KEYS: readonly string[] = [
  'progressToken',
  'traceparent',
  'tracestate',
  'baggage',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/logLevel',
];

/** The part of a request the cache looks at. */
export interface CacheRequest {
  method: string;
  params?: { [key: string]: unknown } | undefined;
}

/** A JSON-RPC response as received (result or error). */
export interface CacheResponse {
  result?: { [key: string]: unknown } | undefined;
  error?: { code: number; message: string; data?: unknown } | undefined;
}

/** Why a reply was not stored. */
export type NotCachedReason =
  /** The method's results carry no caching hints (e.g. `tools/call`, `prompts/get`). */
  | 'method'
  /** The request was a multi round-trip retry (`inputResponses` or `requestState`). */
  | 'retry'
  /** The result is `input_required`: interim, never cacheable. */
  | 'input_required'
  /** The result's `resultType` is neither absent nor `complete`. */
  | 'not_complete'
  /** The reply is a JSON-RPC error. */
  | 'error';

/** The verdict of {@link cacheability}. */
export type Cacheability =
  | {
      cacheable: true;
      /** Milliseconds fresh, after normalising (see {@link normaliseTtl}). */
      ttlMs: number;
      /** True when the server sent no usable `ttlMs` and `0` was assumed. */
      ttlAssumed: boolean;
      /** `private` when the server sent no usable scope (the safe reading). */
      cacheScope: 'public' | 'private';
    }
  | { cacheable: false; reason: NotCachedReason };

/** A stored result. */
export interface CacheEntry {
  /** See {@link cacheKey}. */
  key: string;
  method: string;
  /** The params that formed the key (volatile `_meta` removed). */
  keyParams: { [key: string]: unknown };
  result: { [key: string]: unknown };
  ttlMs: number;
  ttlAssumed: boolean;
  cacheScope: 'public' | 'private';
  /** Authorization context it was stored for (`private` entries serve only this context). */
  authContext: string;
  /** Clock reading (ms) when the reply was received. */
  receivedAt: number;
  /** Clock reading (ms) when a notification invalidated it, if one did. */
  invalidatedAt?: number;
  /** The notification method that invalidated it. */
  invalidatedBy?: string;
}

/** Freshness of an entry: `fresh`, or `stale` by its TTL, or `stale` by a notification. */
export type Freshness = { state: 'fresh'; remainingMs: number } | { state: 'stale'; why: 'ttl' | 'notification' };

/** True for a plain object (not null, not an array). */
export function isObject(v: unknown): v is { [key: string]: unknown } {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** JSON with object keys sorted at every depth, so equal params give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The params that form the key: everything except the volatile `_meta` keys (an emptied `_meta` is dropped). */
export function keyParams(params: CacheRequest['params']): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (k !== '_meta') {
      out[k] = v;
      continue;
    }
    if (!isObject(v)) continue;
    const meta: { [key: string]: unknown } = {};
    for (const [mk, mv] of Object.entries(v)) if (!VOLATILE_META_KEYS.includes(mk)) meta[mk] = mv;
    if (Object.keys(meta).length) out._meta = meta;
  }
  return out;
}

/**
 * The cache key of a request: method and result-affecting params as canonical
 * JSON, e.g. `resources/read {"_meta":{…},"uri":"calendar://week"}`.
 */
export function cacheKey(request: CacheRequest): string {
  return `${request.method} ${canonicalJson(keyParams(request.params))}`;
}

/**
 * `ttlMs` as a client should read it: a finite number >= 0 is kept; absent,
 * negative or anything else becomes `0` (immediately stale) with `assumed: true`.
 */
export function normaliseTtl(ttlMs: unknown): { ttlMs: number; assumed: boolean } {
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs < 0) return { ttlMs: 0, assumed: true };
  return { ttlMs, assumed: false };
}

/** True when the request is a multi round-trip retry (its params carry `inputResponses` or `requestState`). */
export function isRetry(request: CacheRequest): boolean {
  return !!request.params && ('inputResponses' in request.params || 'requestState' in request.params);
}

/** Whether a reply to `request` may be stored, and with which hints. Never throws. */
export function cacheability(request: CacheRequest, response: CacheResponse): Cacheability {
  if (!CACHEABLE_METHODS.includes(request.method)) return { cacheable: false, reason: 'method' };
  if (isRetry(request)) return { cacheable: false, reason: 'retry' };
  if (response.error || !isObject(response.result)) return { cacheable: false, reason: 'error' };
  const type = response.result.resultType;
  if (type === 'input_required') return { cacheable: false, reason: 'input_required' };
  if (type !== undefined && type !== 'complete') return { cacheable: false, reason: 'not_complete' };
  const { ttlMs, assumed } = normaliseTtl(response.result.ttlMs);
  const cacheScope = response.result.cacheScope === 'public' ? 'public' : 'private';
  return { cacheable: true, ttlMs, ttlAssumed: assumed, cacheScope };
}

/** Freshness of `entry` at clock reading `now` (ms). */
export function freshness(entry: CacheEntry, now: number): Freshness {
  if (entry.invalidatedAt !== undefined) return { state: 'stale', why: 'notification' };
  const remainingMs = entry.receivedAt + entry.ttlMs - now;
  return remainingMs > 0 ? { state: 'fresh', remainingMs } : { state: 'stale', why: 'ttl' };
}
