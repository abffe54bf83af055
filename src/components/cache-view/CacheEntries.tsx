import { say, secs } from './cache-words.ts';
import type { CacheEntry, Freshness } from './client-cache.ts';

/** The cache's entries as a table: key (method and params, `_meta` left out), scope, TTL, fresh or stale and why; or a sentence when it is empty. */
export function CacheEntries({ entries }: { entries: Array<CacheEntry & { freshness: Freshness }> }) {
  return entries.length === 0 ? (
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
  );
}

/** The key params without `_meta`, for display (the envelope is the same on every row). */
function withoutMeta(params: Record<string, unknown>): Record<string, unknown> {
  const { _meta: _, ...rest } = params;
  return rest;
}
