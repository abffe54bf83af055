/**
 * CacheView's island: a client cache (./client-cache.ts) in front of one real
 * toy server process. The reader presses "need" buttons; the cache serves a
 * fresh copy, or sends the request and stores the reply with its `ttlMs` and
 * `cacheScope`, or explains why a reply is not stored. A `subscriptions/listen`
 * stream feeds change notifications, correlated by subscriptionId, that make
 * copies stale. The clock is simulated (it moves only on "Let 30 s pass"), so
 * a reader never waits a minute for a TTL to run out.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 *
 * Words come from src/i18n (area `cache`), in the `lang` the wrapper passes;
 * numbers in them are formatted for that language (60,000 / 60.000).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Connection } from '../../protocol/connection.ts';
import { RequestBuilder } from '../../protocol/request-builder.ts';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../../protocol/messages.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { engineGeneration, type ServerFor } from '../page/page-engine.ts';
import { ClientCache, invalidationTarget, subscriptionIdOf, type CacheResponse } from './client-cache.ts';
import { setLang, t, type StringKey } from '../../i18n/index.ts';
import { errorText } from '../pure/failure-text.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import '../ui/widget.css';
import '../ui/flow-base.css';
import './cache-view.css';

/** Props of {@link CacheView}. */
export interface CacheProps {
  /** The stdio server behind the cache, one the registry lets CacheView run. Default `calendar`. */
  server?: ServerFor<'CacheView'>;
  /** The resource the "Need the week" button reads and the subscription watches. Default `calendar://week`. */
  uri?: string;
  /** The page's language (`en`, `id`); the wrapper passes it. */
  lang?: string;
}

/** A key of the cache area without its `cache.` prefix, e.g. `hit`, `reason.method`. */
type Unprefixed<K> = K extends `cache.${infer R}` ? R : never;
type CacheKey = Unprefixed<StringKey>;

/** The cache area's string `key` (without the `cache.` prefix), in the language in force. */
const say = (key: CacheKey, vars: Record<string, string | number> = {}) => t(`cache.${key}` as StringKey, vars);

/** One line of the "What happened" log. `kind` is the strings key without `cache.` (`hit`, `miss`, ...), for tests and styling. */
interface LogItem {
  n: number;
  kind: CacheKey;
  text: string;
}

/** One line on the wire. */
interface WireItem {
  n: number;
  dir: 'out' | 'in';
  text: string;
}

const AUTH_CONTEXTS = ['alice', 'bob'] as const;
const STEP_MS = 30_000;
const LISTEN_TIMEOUT_MS = 2 ** 31 - 1; // a stream stays open until cancelled; setTimeout's maximum
const WIRE_KEEP = 40;

const secs = (ms: number) => Math.round(ms / 1000);

/** The CacheView widget. */
export function CacheView({ server = 'calendar', uri = 'calendar://week', lang }: CacheProps) {
  setLang(lang);
  const clock = useRef(0);
  const cache = useRef(new ClientCache(() => clock.current));
  const conn = useRef<Connection | undefined>(undefined);
  const builder = useRef(new RequestBuilder({ clientCapabilities: {} }));
  const listenId = useRef<RequestId | undefined>(undefined);
  const stopped = useRef(false);
  const counter = useRef(0);
  const [auth, setAuth] = useState<(typeof AUTH_CONTEXTS)[number]>('alice');
  // The authorization context the reader chose before hydration, if they did.
  const typedRoot = useTypedBefore('cache', (typed) => {
    const a = typed.choice('auth', AUTH_CONTEXTS);
    if (a) setAuth(a);
  });
  const [log, setLog] = useState<LogItem[]>([]);
  const [wire, setWire] = useState<WireItem[]>([]);
  const [pid, setPid] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [listening, setListening] = useState(false);
  const [serverUp, setServerUp] = useState(true);
  const [, setTick] = useState(0);
  /** Set once hydrated (`data-ready`, for tests); the controls work from then on. */
  const ready = useHydrated();
  const rerender = () => setTick((t) => t + 1);

  const generation = engineGeneration.value;
  useEffect(() => {
    // The page's engine was replaced or its files reset: the next request starts a fresh process.
    return () => dropConnection();
  }, [generation]);

  function note(kind: CacheKey, vars: Record<string, string | number> = {}, key: CacheKey = kind) {
    const item = { n: ++counter.current, kind, text: say(key, vars) };
    setLog((l) => [...l, item]);
  }

  function dropConnection() {
    const c = conn.current;
    conn.current = undefined;
    listenId.current = undefined;
    setListening(false);
    if (c) c.kill();
  }

  async function connection(): Promise<Connection> {
    if (stopped.current) throw new Error(say('stopped'));
    const live = conn.current;
    if (live && !live.ended) return live;
    const pageEngine = await import('../page/page-engine.ts');
    const c = new Connection(await pageEngine.spawnServer(server), { timeoutMs: 10_000 });
    conn.current = c;
    setPid(c.pid);
    c.onEntry((e) => {
      if (e.channel === 'stderr') return;
      const item: WireItem = { n: ++counter.current, dir: e.direction, text: e.text };
      setWire((w) => [...w, item].slice(-WIRE_KEEP));
    });
    c.onNotification((m) => onNotification(m));
    return c;
  }

  function onNotification(m: JsonRpcNotification) {
    const sid = subscriptionIdOf(m);
    if (m.method === 'notifications/subscriptions/acknowledged') {
      if (sid !== undefined && sid === listenId.current) note('acknowledged', { id: String(sid), filter: JSON.stringify(m.params?.notifications ?? {}) });
      return;
    }
    if (!invalidationTarget(m)) return;
    // On stdio every stream shares one channel: only notifications of our own subscription count.
    if (sid === undefined || sid !== listenId.current) {
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
        const c = await connection();
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
        const c = await connection();
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
        c = await connection();
      } catch (e) {
        note('failedNoCopy', { what: 'subscriptions/listen', error: errorText(e) });
        return;
      }
      const request = builder.current.request('subscriptions/listen', { notifications: { resourceSubscriptions: [uri] } });
      listenId.current = request.id;
      setListening(true);
      note('listening', { id: String(request.id) });
      // The reply comes only when the stream ends: an error at once, or the graceful close.
      c.request(request, { timeoutMs: LISTEN_TIMEOUT_MS }).then(
        (reply) => {
          if (listenId.current !== request.id) return;
          listenId.current = undefined;
          setListening(false);
          const m = reply.message as CacheResponse;
          if (m.error) note('listenFailed', { code: String(m.error.code), message: m.error.message });
          else note('listenClosed', { id: String(request.id) });
        },
        () => undefined, // the process ended or was stopped: nothing more to say
      );
    });

  const stopListening = () => {
    const id = listenId.current;
    const c = conn.current;
    listenId.current = undefined;
    setListening(false);
    if (id === undefined || !c) return;
    c.notify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'The reader stopped listening' } });
    note('cancelled', { id: String(id) });
  };

  const advance = () => {
    clock.current += STEP_MS;
    note('advanced', { s: secs(clock.current) });
    rerender();
  };

  const toggleServer = () => {
    if (serverUp) {
      stopped.current = true;
      dropConnection();
      setServerUp(false);
      note('stopped');
    } else {
      stopped.current = false;
      setServerUp(true);
      note('started');
    }
  };

  const entries = cache.current.entries();
  return (
    <section class="fw cache-view not-content" aria-label={say('title')} data-widget="cache-view" data-ready={ready ? 'yes' : undefined} {...typedRoot}>
      <div class="fw-head">
        <p class="fw-title">{say('title')}</p>
        <EngineBadge pid={pid} processState={serverUp ? undefined : say('stopped')} />
      </div>
      <p class="fw-meta">{say('intro')}</p>
      <div class="fw-row">
        <button type="button" class="mcp-btn mcp-btn-primary" disabled={busy || !ready} data-action="need-week" onClick={() => void need(uri, 'resources/read', { uri })}>
          {say('needWeek')}
        </button>
        <button type="button" class="mcp-btn" disabled={busy || !ready} data-action="need-tools" onClick={() => void need('tools/list', 'tools/list')}>
          {say('needTools')}
        </button>
        <button type="button" class="mcp-btn" disabled={busy || !ready} data-action="create-event" onClick={() => void createEvent()}>
          {say('createEvent')}
        </button>
        {listening ? (
          <button type="button" class="mcp-btn" disabled={busy || !ready} data-action="stop-listening" onClick={stopListening}>
            {say('stopListening')}
          </button>
        ) : (
          <button type="button" class="mcp-btn" disabled={busy || !serverUp || !ready} data-action="listen" onClick={() => void listen()}>
            {say('listen')}
          </button>
        )}
      </div>
      <div class="fw-row">
        <button type="button" class="mcp-btn" disabled={busy || !ready} data-action="advance" onClick={advance}>
          {say('advance')}
        </button>
        <button type="button" class="mcp-btn" disabled={busy || !ready} data-action={serverUp ? 'stop-server' : 'start-server'} onClick={toggleServer}>
          {serverUp ? say('stopServer') : say('startServer')}
        </button>
        <button
          type="button"
          class="mcp-btn"
          disabled={busy || !ready}
          data-action="clear"
          onClick={() => {
            cache.current.clear();
            note('cleared');
            rerender();
          }}
        >
          {say('clear')}
        </button>
        <label class="cv-auth">
          {say('auth')}{' '}
          <select data-field="auth" data-typed="auth" value={auth} disabled={busy} onChange={(e) => setAuth((e.target as HTMLSelectElement).value as (typeof AUTH_CONTEXTS)[number])}>
            {AUTH_CONTEXTS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="fw-meta" data-cache-clock={clock.current}>
        {say('clock', { s: secs(clock.current) })}
      </p>
      <h3 class="cv-h">{say('entriesTitle')}</h3>
      {entries.length === 0 ? (
        <p class="fw-meta">{say('entriesEmpty')}</p>
      ) : (
        <div class="cv-table-wrap fw-table-box" tabindex={0} role="region" aria-label={say('entriesTitle')}>
          <table class="cv-table">
            <thead>
              <tr>
                <th scope="col">{say('colKey')}</th>
                <th scope="col">{say('colScope')}</th>
                <th scope="col">{say('colTtl')}</th>
                <th scope="col">{say('colState')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const f = e.freshness;
                const state = f.state === 'fresh' ? say('fresh', { s: secs(f.remainingMs) }) : f.why === 'ttl' ? say('staleTtl') : say('staleNote', { method: e.invalidatedBy ?? '' });
                return (
                  <tr key={`${e.key}|${e.cacheScope}|${e.authContext}`} data-method={e.method} data-state={f.state} data-why={f.state === 'stale' ? f.why : undefined}>
                    <td>
                      <code>{e.method}</code> <code class="cv-params">{JSON.stringify(withoutMeta(e.keyParams))}</code>
                    </td>
                    <td>
                      {e.cacheScope === 'public' ? say('scopePublic') : `${say('scopePrivate')} (${e.authContext})`}
                    </td>
                    <td class="fw-num">{e.ttlMs}</td>
                    <td class={f.state === 'fresh' ? 'fw-ok' : 'fw-warn'}>{state}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <h3 class="cv-h">{say('logTitle')}</h3>
      <ol class="cv-log" aria-live="polite">
        {log.map((item) => (
          <li key={item.n} data-kind={item.kind}>
            {item.text}
          </li>
        ))}
      </ol>
      <details class="cv-wire">
        <summary>
          {say('wireTitle')} ({wire.length})
        </summary>
        <ol class="cv-wire-lines">
          {wire.map((w) => (
            <li key={w.n} class="fw-line" data-dir={w.dir}>
              {w.dir === 'out' ? '-> ' : '<- '}
              {w.text}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

/** The key params without `_meta`, for display (the envelope is the same on every row). */
function withoutMeta(params: Record<string, unknown>): Record<string, unknown> {
  const { _meta: _, ...rest } = params;
  return rest;
}
