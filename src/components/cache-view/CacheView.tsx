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
 * The island puts together the log (./use-cache-log.ts), the server process
 * (./use-cache-server.ts) and the cache's tasks (./use-cache-client.ts), and
 * shows them with CacheEntries and CacheLog.
 *
 * Words come from src/i18n (area `cache`), in the `lang` the wrapper passes;
 * numbers in them are formatted for that language (60,000 / 60.000).
 */
import { useState } from 'preact/hooks';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import type { ServerFor } from '../page/server-sources.ts';
import { setLang } from '../../i18n/index.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { say, secs } from './cache-words.ts';
import { useCacheLog } from './use-cache-log.ts';
import { useCacheServer } from './use-cache-server.ts';
import { useCacheClient } from './use-cache-client.ts';
import { CacheEntries } from './CacheEntries.tsx';
import { CacheLog } from './CacheLog.tsx';
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

const AUTH_CONTEXTS = ['alice', 'bob'] as const;

/** The CacheView widget. */
export function CacheView({ server: name = 'calendar', uri = 'calendar://week', lang }: CacheProps) {
  setLang(lang);
  const [auth, setAuth] = useState<(typeof AUTH_CONTEXTS)[number]>('alice');
  // The authorization context the reader chose before hydration, if they did.
  const typedRoot = useTypedBefore('cache', (typed) => {
    const a = typed.choice('auth', AUTH_CONTEXTS);
    if (a) setAuth(a);
  });
  /** Set once hydrated (`data-ready`, for tests); the controls work from then on. */
  const ready = useHydrated();
  const { log, note, counter } = useCacheLog();
  const server = useCacheServer(name, note, counter);
  const client = useCacheClient(uri, auth, server, note);

  return (
    <section class="fw cache-view not-content" aria-label={say('title')} data-widget="cache-view" data-ready={ready ? 'yes' : undefined} {...typedRoot}>
      <div class="fw-head">
        <p class="fw-title">{say('title')}</p>
        <EngineBadge pid={server.pid} processState={server.serverUp ? undefined : say('stopped')} />
      </div>
      <p class="fw-meta">{say('intro')}</p>
      <div class="fw-row">
        <button type="button" class="mcp-btn mcp-btn-primary" disabled={client.busy || !ready} data-action="need-week" onClick={() => void client.need(uri, 'resources/read', { uri })}>
          {say('needWeek')}
        </button>
        <button type="button" class="mcp-btn" disabled={client.busy || !ready} data-action="need-tools" onClick={() => void client.need('tools/list', 'tools/list')}>
          {say('needTools')}
        </button>
        <button type="button" class="mcp-btn" disabled={client.busy || !ready} data-action="create-event" onClick={() => void client.createEvent()}>
          {say('createEvent')}
        </button>
        {server.listening ? (
          <button type="button" class="mcp-btn" disabled={client.busy || !ready} data-action="stop-listening" onClick={client.stopListening}>
            {say('stopListening')}
          </button>
        ) : (
          <button type="button" class="mcp-btn" disabled={client.busy || !server.serverUp || !ready} data-action="listen" onClick={() => void client.listen()}>
            {say('listen')}
          </button>
        )}
      </div>
      <div class="fw-row">
        <button type="button" class="mcp-btn" disabled={client.busy || !ready} data-action="advance" onClick={client.advance}>
          {say('advance')}
        </button>
        <button type="button" class="mcp-btn" disabled={client.busy || !ready} data-action={server.serverUp ? 'stop-server' : 'start-server'} onClick={server.toggleServer}>
          {server.serverUp ? say('stopServer') : say('startServer')}
        </button>
        <button type="button" class="mcp-btn" disabled={client.busy || !ready} data-action="clear" onClick={client.clear}>
          {say('clear')}
        </button>
        <label class="cv-auth">
          {say('auth')}{' '}
          <select data-field="auth" data-typed="auth" value={auth} disabled={client.busy} onChange={(e) => setAuth((e.target as HTMLSelectElement).value as (typeof AUTH_CONTEXTS)[number])}>
            {AUTH_CONTEXTS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="fw-meta" data-cache-clock={client.clock}>
        {say('clock', { s: secs(client.clock) })}
      </p>
      <h3 class="cv-h">{say('entriesTitle')}</h3>
      <CacheEntries entries={client.entries} />
      <CacheLog log={log} wire={server.wire} />
    </section>
  );
}
