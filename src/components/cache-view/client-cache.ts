/**
 * A client-side cache of MCP results, driven by the caching hints `ttlMs` and
 * `cacheScope`. Pure: no DOM, no engine, no timers; the clock is passed in.
 *
 * Rules it follows (https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching):
 * - Only `complete` results of `server/discover`, `tools/list`, `prompts/list`,
 *   `resources/list`, `resources/templates/list` and `resources/read` are cacheable.
 *   `input_required` results carry no hints and are never cached.
 * - The key is the method plus the params that affect the result (`uri`,
 *   `cursor`, …). A request carrying `inputResponses` or `requestState` (a
 *   multi round-trip retry) MUST NOT be cached.
 * - `ttlMs` is a freshness hint in milliseconds: fresh while
 *   `now < receivedAt + ttlMs`. Absent, negative or not a number: `0`
 *   (stale at once). Each page of a paginated list is its own entry, with its own TTL.
 * - `cacheScope` `"public"` may be served to any caller; `"private"` only to the
 *   same authorization context, never shared across contexts.
 * - A relevant notification (`notifications/resources/updated`,
 *   `…/list_changed`) makes a fresh entry stale at once.
 * - When a refetch fails, a client MAY serve the stale copy it still has.
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

/** What {@link ClientCache.lookup} finds. */
export type Lookup =
  | { state: 'fresh'; entry: CacheEntry; remainingMs: number }
  | { state: 'stale'; entry: CacheEntry; why: 'ttl' | 'notification' }
  | { state: 'miss' };

function isObject(v: unknown): v is { [key: string]: unknown } {
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

/**
 * Which cached methods (and, for `resources/read`, which URI) a server
 * notification invalidates, or `undefined` when it concerns no cached result.
 */
export function invalidationTarget(notification: { method: string; params?: { [key: string]: unknown } | undefined }):
  | { methods: string[]; uri?: string }
  | undefined {
  switch (notification.method) {
    case 'notifications/resources/updated': {
      const uri = notification.params?.uri;
      return typeof uri === 'string' ? { methods: ['resources/read'], uri } : undefined;
    }
    case 'notifications/resources/list_changed':
      return { methods: ['resources/list', 'resources/templates/list'] };
    case 'notifications/tools/list_changed':
      return { methods: ['tools/list'] };
    case 'notifications/prompts/list_changed':
      return { methods: ['prompts/list'] };
    default:
      return undefined;
  }
}

/** The subscription a notification belongs to: its `_meta["io.modelcontextprotocol/subscriptionId"]`, if any. */
export function subscriptionIdOf(notification: { params?: { [key: string]: unknown } | undefined }): string | number | undefined {
  const meta = notification.params?._meta;
  if (!isObject(meta)) return undefined;
  const id = meta['io.modelcontextprotocol/subscriptionId'];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * The cache. One instance per client; entries are partitioned by scope:
 * a `public` entry serves every authorization context, a `private` one only
 * the context it was stored for.
 *
 * ```ts
 * const cache = new ClientCache(() => clock);
 * const hit = cache.lookup(req, 'alice');     // {state: 'miss'} | {state: 'fresh', entry} | {state: 'stale', entry, why}
 * cache.store(req, reply, 'alice');           // Cacheability: stored, or why not
 * cache.applyNotification(note);              // keys made stale
 * ```
 */
export class ClientCache {
  #now: () => number;
  #slots = new Map<string, CacheEntry>();

  /** @param now clock in ms (e.g. `performance.now`, or a simulated clock). */
  constructor(now: () => number) {
    this.#now = now;
  }

  #slot(key: string, scope: 'public' | 'private', authContext: string): string {
    return scope === 'public' ? `${key}\u0000*` : `${key}\u0000${authContext}`;
  }

  /** Stores the reply when it is cacheable (replacing an older copy for the same key and scope) and says what happened. */
  store(request: CacheRequest, response: CacheResponse, authContext: string): Cacheability {
    const verdict = cacheability(request, response);
    if (!verdict.cacheable) return verdict;
    const key = cacheKey(request);
    // A newer reply replaces the copy in the other scope too, so a lookup never finds an older one first.
    this.#slots.delete(this.#slot(key, 'public', authContext));
    this.#slots.delete(this.#slot(key, 'private', authContext));
    this.#slots.set(this.#slot(key, verdict.cacheScope, authContext), {
      key,
      method: request.method,
      keyParams: keyParams(request.params),
      result: response.result!,
      ttlMs: verdict.ttlMs,
      ttlAssumed: verdict.ttlAssumed,
      cacheScope: verdict.cacheScope,
      authContext,
      receivedAt: this.#now(),
    });
    return verdict;
  }

  /** The copy this authorization context may be served for `request`, with its freshness; a retry is always a miss. */
  lookup(request: CacheRequest, authContext: string): Lookup {
    if (isRetry(request) || !CACHEABLE_METHODS.includes(request.method)) return { state: 'miss' };
    const key = cacheKey(request);
    const entry = this.#slots.get(this.#slot(key, 'public', authContext)) ?? this.#slots.get(this.#slot(key, 'private', authContext));
    if (!entry) return { state: 'miss' };
    const f = freshness(entry, this.#now());
    return f.state === 'fresh' ? { state: 'fresh', entry, remainingMs: f.remainingMs } : { state: 'stale', entry, why: f.why };
  }

  /**
   * Marks every fresh entry the notification concerns as stale (see
   * {@link invalidationTarget}). Returns the keys it invalidated: a copy
   * already stale (its TTL ran out, or an earlier notification) is left as it
   * is and not counted.
   */
  applyNotification(notification: { method: string; params?: { [key: string]: unknown } | undefined }): string[] {
    const target = invalidationTarget(notification);
    if (!target) return [];
    const hit: string[] = [];
    for (const entry of this.#slots.values()) {
      if (!target.methods.includes(entry.method)) continue;
      if (target.uri !== undefined && entry.keyParams.uri !== target.uri) continue;
      if (freshness(entry, this.#now()).state !== 'fresh') continue;
      entry.invalidatedAt = this.#now();
      entry.invalidatedBy = notification.method;
      hit.push(entry.key);
    }
    return hit;
  }

  /**
   * Drops every cached page of a list method, e.g. after the server rejected a
   * cursor it issued earlier (the client should start again without a cursor).
   * Returns how many entries were dropped.
   */
  discardList(method: string): number {
    let n = 0;
    for (const [slot, entry] of this.#slots) {
      if (entry.method === method) {
        this.#slots.delete(slot);
        n++;
      }
    }
    return n;
  }

  /** Every entry, oldest first, with its freshness now. */
  entries(): Array<CacheEntry & { freshness: Freshness }> {
    const now = this.#now();
    return [...this.#slots.values()].sort((a, b) => a.receivedAt - b.receivedAt).map((e) => ({ ...e, freshness: freshness(e, now) }));
  }

  /** Empties the cache. */
  clear(): void {
    this.#slots.clear();
  }
}
