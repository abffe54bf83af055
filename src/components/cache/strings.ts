/**
 * Every user-visible string of CacheView, in English, in one table so a
 * translation (or the shared strings table in ../shared/strings.ts) can take
 * them over unchanged. `{name}` is replaced by {@link say}; numbers are
 * formatted for the page's locale. Wire bytes never live here.
 */
export const CACHE_STRINGS = {
  title: 'A client cache, driven by real replies',
  intro: 'Each button is something the application needs. The cache answers from its copy while it is fresh, and sends a request when it has none or its copy is stale.',
  clock: 'Cache clock: {s} s (simulated; it moves only when you press "Let 30 s pass")',
  auth: 'Authorization context',
  needWeek: 'Need the week (resources/read)',
  needTools: 'Need the tool list (tools/list)',
  createEvent: 'Create an event (tools/call)',
  listen: 'Listen for changes (subscriptions/listen)',
  stopListening: 'Stop listening (notifications/cancelled)',
  advance: 'Let 30 s pass',
  stopServer: 'Stop the server',
  startServer: 'Start the server again',
  clear: 'Empty the cache',
  entriesTitle: 'Cached copies',
  entriesEmpty: 'Nothing cached yet.',
  colKey: 'Key (method and params; volatile _meta left out)',
  colScope: 'Scope',
  colTtl: 'ttlMs',
  colState: 'State',
  fresh: 'fresh, {s} s left',
  staleTtl: 'stale: its TTL ran out',
  staleNote: 'stale: {method} arrived',
  logTitle: 'What happened',
  wireTitle: 'Lines on the wire',
  // Outcomes of a need.
  hit: '{what}: served from the cache (fresh, {s} s left); no request sent',
  miss: '{what}: not in the cache; sent request {id}',
  refetch: '{what}: cached copy is stale ({why}); sent request {id}',
  stored: '{what}: stored, {scope}, fresh for {s} s (ttlMs {ttl})',
  storedAssumed: '{what}: stored, but the result has no usable ttlMs, so it is stale at once',
  notStored: '{what}: not stored: {why}',
  servedStale: '{what}: the refetch failed ({error}); served the stale copy instead',
  failedNoCopy: '{what}: the request failed ({error}) and there is no copy to fall back on',
  otherContext: '{what}: {auth} may not see the private copy stored for another authorization context',
  // Reasons a reply is not stored.
  'reason.method': 'results of {method} carry no caching hints',
  'reason.retry': 'a multi round-trip retry (inputResponses or requestState) is never cached',
  'reason.input_required': 'an input_required result is interim and never cached',
  'reason.not_complete': 'the resultType is not "complete"',
  'reason.error': 'the reply is an error ({code})',
  'why.ttl': 'TTL ran out',
  'why.notification': 'a change notification',
  // Subscriptions.
  listening: 'subscriptions/listen sent as request {id}; waiting for the acknowledgement',
  acknowledged: 'subscription {id} acknowledged: {filter}',
  listenFailed: 'subscriptions/listen was answered with error {code} ({message})',
  listenClosed: 'subscription {id} closed by the server',
  cancelled: 'sent notifications/cancelled for request {id}',
  updated: '{method} for {uri} (subscription {id}): {n} cached copy made stale',
  updatedNone: '{method} (subscription {id}): nothing cached was affected',
  foreign: '{method} with subscription {id}, which this client did not open: ignored',
  created: 'tools/call answered: {text}',
  advanced: 'the clock moved 30 s, to {s} s',
  stopped: 'the server process was stopped',
  started: 'a fresh server process will start with the next request',
  cleared: 'the cache was emptied',
  scopePublic: 'public',
  scopePrivate: 'private',
  otherUser: 'as {auth}',
} as const;

/** A key of {@link CACHE_STRINGS}. */
export type CacheStringKey = keyof typeof CACHE_STRINGS;

/** The string `key` with `{name}` replaced by `vars.name` (numbers formatted for the page's locale). */
export function say(key: CacheStringKey, vars: Record<string, string | number> = {}): string {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  return CACHE_STRINGS[key].replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) return `{${name}}`;
    return typeof v === 'number' ? v.toLocaleString(lang) : v;
  });
}
