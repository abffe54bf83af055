/**
 * The client cache behind CacheView (src/components/cache-view/client-cache.ts):
 * key, TTL, scope, what is never cached, invalidation by notifications, and
 * serving a stale copy. The last block feeds it real replies of the calendar
 * (toy-servers/calendar.mjs) running in a Node process.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  cacheability,
  cacheKey,
  ClientCache,
  keyParams,
  normaliseTtl,
  subscriptionIdOf,
} from '../../../src/components/cache-view/client-cache.ts';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { Connection } from '../../../src/protocol/connection.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const read = (uri: string, extraMeta: object = {}) => ({ method: 'resources/read', params: { _meta: { ...META, ...extraMeta }, uri } });
const ok = (result: object) => ({ result: { resultType: 'complete', ...result } });

describe('cache key', () => {
  it('is the method plus the result-affecting params, independent of key order', () => {
    const a = cacheKey({ method: 'resources/read', params: { uri: 'calendar://week', _meta: META } });
    const b = cacheKey({ method: 'resources/read', params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }, uri: 'calendar://week' } });
    expect(a).toBe(b);
    expect(a.startsWith('resources/read {')).toBe(true);
    expect(cacheKey(read('calendar://month'))).not.toBe(a);
    expect(cacheKey({ method: 'tools/list', params: { _meta: META, cursor: 'p2' } })).not.toBe(cacheKey({ method: 'tools/list', params: { _meta: META } }));
  });
  it('ignores volatile _meta (progress token, trace context, clientInfo) but keeps the version and capabilities', () => {
    const plain = cacheKey(read('calendar://week'));
    expect(cacheKey(read('calendar://week', { progressToken: 7, traceparent: '00-abc-def-01', 'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' } }))).toBe(plain);
    expect(cacheKey(read('calendar://week', { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }))).not.toBe(plain);
    expect(cacheKey(read('calendar://week', { 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } }))).not.toBe(plain);
    expect(keyParams({ _meta: { progressToken: 1 }, uri: 'u' })).toEqual({ uri: 'u' });
  });
});

describe('cacheability', () => {
  it('stores complete results of the six cacheable methods, with their hints', () => {
    expect(cacheability(read('calendar://week'), ok({ contents: [], ttlMs: 60000, cacheScope: 'private' }))).toEqual({ cacheable: true, ttlMs: 60000, ttlAssumed: false, cacheScope: 'private' });
    expect(cacheability({ method: 'server/discover' }, ok({ ttlMs: 3600000, cacheScope: 'public' }))).toMatchObject({ cacheable: true, cacheScope: 'public' });
  });
  it('never stores tools/call, prompts/get, input_required, retries, errors or unknown result types', () => {
    expect(cacheability({ method: 'tools/call' }, ok({ content: [] }))).toEqual({ cacheable: false, reason: 'method' });
    expect(cacheability({ method: 'prompts/get' }, ok({ messages: [] }))).toEqual({ cacheable: false, reason: 'method' });
    expect(cacheability(read('u'), { result: { resultType: 'input_required', requestState: 'x' } })).toEqual({ cacheable: false, reason: 'input_required' });
    const retry = { method: 'resources/read', params: { _meta: META, uri: 'u', inputResponses: {}, requestState: 'x' } };
    expect(cacheability(retry, ok({ contents: [], ttlMs: 60000, cacheScope: 'public' }))).toEqual({ cacheable: false, reason: 'retry' });
    expect(cacheability({ method: 'resources/read', params: { uri: 'u', requestState: 'x' } }, ok({ contents: [], ttlMs: 1, cacheScope: 'public' }))).toEqual({ cacheable: false, reason: 'retry' });
    expect(cacheability(read('u'), { error: { code: -32602, message: 'Resource not found' } })).toEqual({ cacheable: false, reason: 'error' });
    expect(cacheability({ method: 'tools/list' }, { result: { resultType: 'task', ttlMs: 1, cacheScope: 'public' } })).toEqual({ cacheable: false, reason: 'not_complete' });
  });
  it('reads an absent, negative or non-numeric ttlMs as 0, and a missing scope as private', () => {
    expect(normaliseTtl(undefined)).toEqual({ ttlMs: 0, assumed: true });
    expect(normaliseTtl(-5)).toEqual({ ttlMs: 0, assumed: true });
    expect(normaliseTtl('60000')).toEqual({ ttlMs: 0, assumed: true });
    expect(normaliseTtl(0)).toEqual({ ttlMs: 0, assumed: false });
    expect(cacheability({ method: 'tools/list' }, { result: { tools: [] } })).toEqual({ cacheable: true, ttlMs: 0, ttlAssumed: true, cacheScope: 'private' });
  });
});

describe('ClientCache', () => {
  it('is fresh while now < receivedAt + ttlMs, then stale', () => {
    let now = 1000;
    const cache = new ClientCache(() => now);
    expect(cache.lookup(read('calendar://week'), 'alice')).toEqual({ state: 'miss' });
    cache.store(read('calendar://week'), ok({ contents: [], ttlMs: 60000, cacheScope: 'private' }), 'alice');
    now = 60999;
    expect(cache.lookup(read('calendar://week'), 'alice')).toMatchObject({ state: 'fresh', remainingMs: 1 });
    now = 61000;
    expect(cache.lookup(read('calendar://week'), 'alice')).toMatchObject({ state: 'stale', why: 'ttl' });
  });
  it('ttlMs 0 is stale at once', () => {
    const cache = new ClientCache(() => 5);
    cache.store({ method: 'tools/list' }, ok({ tools: [], ttlMs: 0, cacheScope: 'public' }), 'alice');
    expect(cache.lookup({ method: 'tools/list' }, 'alice')).toMatchObject({ state: 'stale', why: 'ttl' });
  });
  it('serves public entries to every authorization context, private ones only to their own', () => {
    const cache = new ClientCache(() => 0);
    cache.store({ method: 'tools/list' }, ok({ tools: [], ttlMs: 300000, cacheScope: 'public' }), 'alice');
    cache.store(read('calendar://week'), ok({ contents: [], ttlMs: 60000, cacheScope: 'private' }), 'alice');
    expect(cache.lookup({ method: 'tools/list' }, 'bob').state).toBe('fresh');
    expect(cache.lookup(read('calendar://week'), 'bob').state).toBe('miss');
    expect(cache.lookup(read('calendar://week'), 'alice').state).toBe('fresh');
  });
  it('caches each page on its own, with its own TTL, and drops them all when a cursor is refused', () => {
    let now = 0;
    const cache = new ClientCache(() => now);
    const page = (cursor?: string) => ({ method: 'tools/list', params: { _meta: META, ...(cursor ? { cursor } : {}) } });
    cache.store(page(), ok({ tools: [], nextCursor: 'p2', ttlMs: 300000, cacheScope: 'public' }), 'alice');
    cache.store(page('p2'), ok({ tools: [], ttlMs: 10000, cacheScope: 'public' }), 'alice');
    now = 20000;
    expect(cache.lookup(page(), 'alice').state).toBe('fresh');
    expect(cache.lookup(page('p2'), 'alice').state).toBe('stale');
    expect(cache.discardList('tools/list')).toBe(2);
    expect(cache.entries()).toEqual([]);
  });
  it('a retry is never served from the cache', () => {
    const cache = new ClientCache(() => 0);
    cache.store(read('u'), ok({ contents: [], ttlMs: 60000, cacheScope: 'public' }), 'a');
    expect(cache.lookup({ method: 'resources/read', params: { _meta: META, uri: 'u', requestState: 's' } }, 'a')).toEqual({ state: 'miss' });
  });
  it('resources/updated makes the copy of that URI stale, list_changed the lists; others are untouched', () => {
    const cache = new ClientCache(() => 0);
    cache.store(read('calendar://week'), ok({ contents: [], ttlMs: 60000, cacheScope: 'private' }), 'a');
    cache.store(read('calendar://other'), ok({ contents: [], ttlMs: 60000, cacheScope: 'private' }), 'a');
    cache.store({ method: 'tools/list' }, ok({ tools: [], ttlMs: 60000, cacheScope: 'public' }), 'a');
    const note = { method: 'notifications/resources/updated', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 4 }, uri: 'calendar://week' } };
    expect(subscriptionIdOf(note)).toBe(4);
    expect(cache.applyNotification(note)).toEqual([cacheKey(read('calendar://week'))]);
    expect(cache.lookup(read('calendar://week'), 'a')).toMatchObject({ state: 'stale', why: 'notification' });
    expect(cache.lookup(read('calendar://other'), 'a').state).toBe('fresh');
    expect(cache.applyNotification(note)).toEqual([]); // already stale
    expect(cache.applyNotification({ method: 'notifications/tools/list_changed' })).toHaveLength(1);
    expect(cache.lookup({ method: 'tools/list' }, 'a')).toMatchObject({ state: 'stale', why: 'notification' });
    expect(cache.applyNotification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })).toEqual([]);
  });
  it('a notification makes stale only the copies that were fresh: a copy whose TTL ran out is neither counted nor relabelled', () => {
    // The caching lesson's order: alice's and bob's private copies of the week, alice's TTL runs out, bob's copy is
    // refetched, then resources/updated arrives: one copy made stale (bob's), and alice's still says its TTL ran out.
    let now = 0;
    const cache = new ClientCache(() => now);
    cache.store(read('calendar://week'), ok({ contents: [], ttlMs: 60000, cacheScope: 'private' }), 'alice');
    now = 61_000;
    cache.store(read('calendar://week'), ok({ contents: [], ttlMs: 60000, cacheScope: 'private' }), 'bob');
    const note = { method: 'notifications/resources/updated', params: { uri: 'calendar://week' } };
    expect(cache.applyNotification(note)).toHaveLength(1);
    expect(cache.lookup(read('calendar://week'), 'bob')).toMatchObject({ state: 'stale', why: 'notification' });
    expect(cache.lookup(read('calendar://week'), 'alice')).toMatchObject({ state: 'stale', why: 'ttl' });
  });
  it('a refetched copy replaces the stale one and is fresh again', () => {
    let now = 0;
    const cache = new ClientCache(() => now);
    cache.store(read('u'), ok({ contents: [{ text: 'old' }], ttlMs: 100, cacheScope: 'public' }), 'a');
    cache.applyNotification({ method: 'notifications/resources/updated', params: { uri: 'u' } });
    now = 50;
    cache.store(read('u'), ok({ contents: [{ text: 'new' }], ttlMs: 100, cacheScope: 'public' }), 'a');
    const hit = cache.lookup(read('u'), 'a');
    expect(hit).toMatchObject({ state: 'fresh', remainingMs: 100 });
    expect(cache.entries()).toHaveLength(1);
  });
});

describe('ClientCache with the real calendar', () => {
  const engine = new NodeEngine({ root: new URL('../../../', import.meta.url).pathname });
  const conns: Connection[] = [];
  afterAll(async () => {
    for (const c of conns) await c.close();
  });

  it('stores resources/read and tools/list replies with the hints the calendar sends, and not tools/call or input_required', async () => {
    const conn = new Connection(await engine.spawn('toy-servers/calendar.mjs', [], { env: { TOY_SEED: 'cache-test' } }), { timeoutMs: 10_000 });
    conns.push(conn);
    const builder = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
    let now = 0;
    const cache = new ClientCache(() => now);
    const ask = async (method: string, params: Record<string, unknown> = {}) => {
      const req = builder.request(method, params);
      const reply = await conn.request(req);
      return { req, verdict: cache.store(req, reply.message as never, 'reader') };
    };
    const week = await ask('resources/read', { uri: 'calendar://week' });
    expect(week.verdict).toEqual({ cacheable: true, ttlMs: 60000, ttlAssumed: false, cacheScope: 'private' });
    expect((await ask('tools/list')).verdict).toMatchObject({ cacheable: true, cacheScope: 'public' });
    expect((await ask('tools/call', { name: 'create_event', arguments: { title: 'Lunch', startsAt: '2026-09-08T12:00:00Z' } })).verdict).toEqual({ cacheable: false, reason: 'method' });
    expect((await ask('tools/call', { name: 'create_event', arguments: { title: 'Dentist' } })).verdict).toEqual({ cacheable: false, reason: 'method' });
    expect((await ask('resources/read', { uri: 'calendar://month' })).verdict).toEqual({ cacheable: false, reason: 'error' });
    // A second request id, the same params: the same key, served fresh.
    expect(cache.lookup(builder.request('resources/read', { uri: 'calendar://week' }), 'reader').state).toBe('fresh');
    now = 60000;
    expect(cache.lookup(week.req, 'reader')).toMatchObject({ state: 'stale', why: 'ttl' });
  });
});
