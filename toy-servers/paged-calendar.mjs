/**
 * paged-calendar.mjs: the calendar (MCP 2026-07-28, stdio) whose resource list
 * comes in pages.
 *
 * What it teaches: pagination.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination
 * - Besides `calendar://week`, every event is a resource of its own,
 *   `calendar://events/<id>`, so `resources/list` grows as events are created.
 * - A list answers at most PAGE_SIZE (2) items. A page that is not the last
 *   carries `nextCursor`; the client sends the same list request with `cursor`
 *   set to it for the next page. No `nextCursor` means the last page.
 * - The cursor is opaque to the client (here: `next-` and the offset of the
 *   next item). A cursor this list did not issue gets -32602.
 *
 * Everything else is calendar.mjs, which it imports.
 *
 * Run it:   node toy-servers/paged-calendar.mjs   (one JSON-RPC message per line on stdin)
 *
 * Environment: as calendar.mjs (TOY_CLOCK, TOY_SEED).
 */
import { CATALOG_CACHE, EVENTS, HANDLERS, WEEK_CACHE, WEEK_RESOURCE, serveStdio } from './calendar.mjs';
import { ERR, RpcError, isMainModule } from './plumbing.mjs';

const INFO = { name: 'calendar-paged', title: 'Toy calendar with paged lists', version: '1.0.0' };

/** Items per page: small on purpose, so that a short list already needs two pages. */
export const PAGE_SIZE = 2;
const EVENT_URI = 'calendar://events/';

/** One page of `items` under `key`, from the offset the cursor names; -32602 for a cursor this list did not issue. */
function page(params, key, items) {
  let from = 0;
  if (Object.hasOwn(params, 'cursor')) {
    const m = typeof params.cursor === 'string' ? /^next-(\d+)$/.exec(params.cursor) : null;
    from = m ? Number(m[1]) : NaN;
    if (!(from > 0 && from < items.length && from % PAGE_SIZE === 0)) {
      throw new RpcError(ERR.INVALID_PARAMS, `Invalid params: cursor ${JSON.stringify(params.cursor)} is not one this list issued`);
    }
  }
  const result = { resultType: 'complete', [key]: items.slice(from, from + PAGE_SIZE) };
  if (from + PAGE_SIZE < items.length) result.nextCursor = `next-${from + PAGE_SIZE}`;
  return { ...result, ...CATALOG_CACHE };
}

const eventResource = (event) => ({
  uri: `${EVENT_URI}${event.id}`, name: event.id, title: event.title,
  description: `One event, as JSON {id, title, startsAt}.`, mimeType: 'application/json',
});

/** `calendar://events/<id>` is that event; anything else is the calendar's own resources/read. */
function read(params, request) {
  const event = typeof params.uri === 'string' && params.uri.startsWith(EVENT_URI) ? EVENTS.find((e) => `${EVENT_URI}${e.id}` === params.uri) : undefined;
  if (!event) return HANDLERS['resources/read'](params, request);
  return { resultType: 'complete', contents: [{ uri: params.uri, mimeType: 'application/json', text: JSON.stringify(event) }], ...WEEK_CACHE };
}

export const PAGED_HANDLERS = Object.freeze({
  ...HANDLERS,
  'resources/list': (params) => page(params, 'resources', [WEEK_RESOURCE, ...EVENTS.map(eventResource)]),
  'resources/read': read,
});

if (isMainModule(import.meta.url)) serveStdio({ info: INFO, handlers: PAGED_HANDLERS });
