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
import { cacheability, cacheKey, CACHEABLE_METHODS, freshness, isRetry, keyParams, type CacheEntry, type CacheRequest, type CacheResponse, type Cacheability, type Freshness } from './cache-hints.ts';
import { invalidationTarget } from './cache-notifications.ts';

export {
  CACHEABLE_METHODS,
  VOLATILE_META_KEYS,
  canonicalJson,
  keyParams,
  cacheKey,
  normaliseTtl,
  isRetry,
  cacheability,
  freshness,
  type CacheRequest,
  type CacheResponse,
  type NotCachedReason,
  type Cacheability,
  type CacheEntry,
  type Freshness,
} from './cache-hints.ts';
export { invalidationTarget, subscriptionIdOf } from './cache-notifications.ts';

/** What {@link ClientCache.lookup} finds. */
export type Lookup =
  | { state: 'fresh'; entry: CacheEntry; remainingMs: number }
  | { state: 'stale'; entry: CacheEntry; why: 'ttl' | 'notification' }
  | { state: 'miss' };

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
