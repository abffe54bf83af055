/**
 * What CacheView's buttons do with its client cache (./client-cache.ts): serve
 * a fresh copy or send the request and store the reply by its hints, create
 * an event (a `tools/call`, never stored), open and cancel a
 * `subscriptions/listen` stream whose notifications (only those of its own
 * subscriptionId) make copies stale, let 30 s of the simulated clock pass,
 * empty the cache. Each says what happened in the log.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 */
import { useRef, useState } from 'preact/hooks';
import { type Connection, RequestBuilder, type JsonRpcNotification, type JsonRpcRequest } from '../../protocol/index.ts';
import { errorText } from '../pure/failure-text.ts';
import { ClientCache, invalidationTarget, subscriptionIdOf, type CacheResponse } from './client-cache.ts';
import { say, secs, type CacheKey } from './cache-words.ts';
import type { CacheServer } from './use-cache-server.ts';

const STEP_MS = 30_000;
const LISTEN_TIMEOUT_MS = 2 ** 31 - 1; // a stream stays open until cancelled; setTimeout's maximum

/**
 * The cache, its simulated clock (ms), whether a button's task is under way,
 * and the tasks; `auth` is the authorization context in force, `uri` the
 * resource read and watched, `server` the process (./use-cache-server.ts),
 * `note` the log's.
 */
export function useCacheClient(
  uri: string,
  auth: string,
  server: CacheServer,
  note: (kind: CacheKey, vars?: Record<string, string | number>, key?: CacheKey) => void,
) {
  const clock = useRef(0);
  const cache = useRef(new ClientCache(() => clock.current));
  const builder = useRef(new RequestBuilder({ clientCapabilities: {} }));
  const [busy, setBusy] = useState(false);
  const [, setTick] = useState(0);
  const rerender = () => setTick((t) => t + 1);

  function onNotification(m: JsonRpcNotification) {
    const sid = subscriptionIdOf(m);
    if (m.method === 'notifications/subscriptions/acknowledged') {
      if (sid !== undefined && sid === server.listenId.current) note('acknowledged', { id: String(sid), filter: JSON.stringify(m.params?.notifications ?? {}) });
      return;
    }
    if (!invalidationTarget(m)) return;
    // On stdio every stream shares one channel: only notifications of our own subscription count.
    if (sid === undefined || sid !== server.listenId.current) {
      note('foreign', { method: m.method, id: String(sid) });
      return;
    }
    const keys = cache.current.applyNotification(m);
    const target = typeof m.params?.uri === 'string' ? m.params.uri : '';
    if (keys.length) note('updated', { method: m.method, uri: target, id: String(sid), n: keys.length }, keys.length === 1 ? 'updated' : 'updatedMany');
    else note('updatedNone', { method: m.method, id: String(sid) });
    rerender();
  }

  async function run(task: () => Promise<void>) {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
      rerender();
    }
  }

  /** The application needs `method`'s result: serve it from the cache or fetch it. */
  const need = (what: string, method: string, params: Record<string, unknown> = {}) =>
    run(async () => {
      const probe = { method, params: { ...params, _meta: builder.current.meta() } };
      const found = cache.current.lookup(probe, auth);
      if (found.state === 'fresh') {
        note('hit', { what, s: secs(found.remainingMs) });
        return;
      }
      const hidden = found.state === 'miss' && cache.current.entries().some((e) => e.method === method && e.cacheScope === 'private' && e.authContext !== auth && e.keyParams.uri === params.uri);
      if (hidden) note('otherContext', { what, auth });
      let request: JsonRpcRequest;
      let message: CacheResponse;
      try {
        const c = await server.connection(onNotification);
        request = builder.current.request(method, params);
        note(found.state === 'miss' ? 'miss' : 'refetch', { what, id: String(request.id), why: found.state === 'stale' ? say(`why.${found.why}`) : '' });
        message = (await c.request(request)).message as CacheResponse;
      } catch (e) {
        const error = errorText(e);
        if (found.state === 'stale') note('servedStale', { what, error });
        else note('failedNoCopy', { what, error });
        return;
      }
      const verdict = cache.current.store(request, message, auth);
      if (verdict.cacheable) {
        if (verdict.ttlAssumed) note('storedAssumed', { what });
        else note('stored', { what, scope: say(verdict.cacheScope === 'public' ? 'scopePublic' : 'scopePrivate'), s: secs(verdict.ttlMs), ttl: verdict.ttlMs });
      } else {
        const why = say(`reason.${verdict.reason}`, { method, code: message.error ? String(message.error.code) : '' });
        note('notStored', { what, why });
      }
    });

  const createEvent = () =>
    run(async () => {
      const params = { name: 'create_event', arguments: { title: 'Lunch', startsAt: '2026-09-08T12:00:00Z' } };
      try {
        const c = await server.connection(onNotification);
        const request = builder.current.request('tools/call', params);
        const message = (await c.request(request)).message as CacheResponse & { result?: { content?: Array<{ text?: string }> } };
        const text = message.error ? `${message.error.code} ${message.error.message}` : String(message.result?.content?.[0]?.text ?? '');
        note('created', { text });
        const verdict = cache.current.store(request, message, auth);
        if (!verdict.cacheable) note('notStored', { what: 'tools/call', why: say(`reason.${verdict.reason}`, { method: 'tools/call', code: '' }) });
      } catch (e) {
        note('failedNoCopy', { what: 'tools/call', error: errorText(e) });
      }
    });

  const listen = () =>
    run(async () => {
      let c: Connection;
      try {
        c = await server.connection(onNotification);
      } catch (e) {
        note('failedNoCopy', { what: 'subscriptions/listen', error: errorText(e) });
        return;
      }
      const request = builder.current.request('subscriptions/listen', { notifications: { resourceSubscriptions: [uri] } });
      server.listenId.current = request.id;
      server.setListening(true);
      note('listening', { id: String(request.id) });
      // The reply comes only when the stream ends: an error at once, or the graceful close.
      c.request(request, { timeoutMs: LISTEN_TIMEOUT_MS }).then(
        (reply) => {
          if (server.listenId.current !== request.id) return;
          server.listenId.current = undefined;
          server.setListening(false);
          const m = reply.message as CacheResponse;
          if (m.error) note('listenFailed', { code: String(m.error.code), message: m.error.message });
          else note('listenClosed', { id: String(request.id) });
        },
        () => undefined, // the process ended or was stopped: nothing more to say
      );
    });

  const stopListening = () => {
    const id = server.listenId.current;
    const c = server.conn.current;
    server.listenId.current = undefined;
    server.setListening(false);
    if (id === undefined || !c) return;
    c.notify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'The reader stopped listening' } });
    note('cancelled', { id: String(id) });
  };

  const advance = () => {
    clock.current += STEP_MS;
    note('advanced', { s: secs(clock.current) });
    rerender();
  };

  const clear = () => {
    cache.current.clear();
    note('cleared');
    rerender();
  };

  return { clock: clock.current, entries: cache.current.entries(), busy, need, createEvent, listen, stopListening, advance, clear };
}
