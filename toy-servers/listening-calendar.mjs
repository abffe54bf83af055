/**
 * listening-calendar.mjs: the calendar (MCP 2026-07-28, stdio) that tells a
 * client when `calendar://week` changes.
 *
 * What it teaches: `subscriptions/listen` is one long request.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 * - Its first message is `notifications/subscriptions/acknowledged`, naming the
 *   part of the filter this server honours: only `resourceSubscriptions` for
 *   the URI it serves (its lists never change, so it honours no list-changed flag).
 * - Each create_event then sends `notifications/resources/updated` for
 *   `calendar://week`. Every notification of the stream carries the listen
 *   request's id in `_meta["io.modelcontextprotocol/subscriptionId"]`.
 * - The request has no response while it is open. A client ends it with
 *   `notifications/cancelled` naming its id (then nothing more comes for it).
 *   When stdin ends, the server closes each open stream gracefully: a complete
 *   result for the listen request, then `notifications/cancelled` naming it
 *   (on stdio the server must send that when it tears a stream down).
 *   https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation
 *
 * Everything else is calendar.mjs, which it imports; its discovery result adds
 * `resources.subscribe`.
 *
 * Run it:   node toy-servers/listening-calendar.mjs   (one JSON-RPC message per line on stdin)
 *
 * Environment: as calendar.mjs (TOY_CLOCK, TOY_SEED).
 */
import { EVENTS, HANDLERS, META, WEEK_RESOURCE, discover, serveStdio, withServerInfo } from './calendar.mjs';
import { ERR, RpcError, idKey, isMainModule, isObject, notification, resultResponse, writeMessage } from './plumbing.mjs';

const INFO = { name: 'calendar-listening', title: 'Toy calendar that tells you of changes', version: '1.0.0' };
const LIST_FLAGS = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'];

/** The open streams of this process, by idKey of their listen request: `{id, uris}`. */
const STREAMS = new Map();
const tagged = (id, params) => ({ _meta: { [META.subscriptionId]: id }, ...params });

/** Ids (as idKey) of the requests the client has cancelled, read as soon as each notification arrives. */
const CANCELLED = new Set();

/** Opens a stream: the acknowledgement now, no result until it ends. */
function listen(params, { id }) {
  if (CANCELLED.has(idKey(id))) return undefined; // cancelled before it was read: nothing is sent for it
  const filter = params.notifications;
  const uris = isObject(filter) ? filter.resourceSubscriptions ?? [] : undefined;
  if (!Array.isArray(uris) || uris.some((u) => typeof u !== 'string')
    || LIST_FLAGS.some((k) => Object.hasOwn(filter, k) && typeof filter[k] !== 'boolean')) {
    throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "notifications" must be a subscription filter object');
  }
  const honoured = Object.hasOwn(filter, 'resourceSubscriptions') ? { resourceSubscriptions: uris.filter((u) => u === WEEK_RESOURCE.uri) } : {};
  writeMessage(notification('notifications/subscriptions/acknowledged', tagged(id, { notifications: honoured })));
  STREAMS.set(idKey(id), { id, uris: honoured.resourceSubscriptions ?? [] });
  return undefined; // the stream stays open: no response yet
}

/** The calendar's tools/call; one that adds to EVENTS changes calendar://week, so every stream that asked for it is told, before the reply. */
async function callTool(params, request) {
  const before = EVENTS.length;
  const result = await HANDLERS['tools/call'](params, request);
  if (EVENTS.length === before) return result;
  for (const { id, uris } of STREAMS.values()) {
    if (uris.includes(WEEK_RESOURCE.uri)) writeMessage(notification('notifications/resources/updated', tagged(id, { uri: WEEK_RESOURCE.uri })));
  }
  return result;
}

/** The client cancelling its listen request closes that stream, with no reply. */
function onNotification({ method, params }) {
  if (method !== 'notifications/cancelled' || !isObject(params)) return;
  CANCELLED.add(idKey(params.requestId));
  STREAMS.delete(idKey(params.requestId));
}

/**
 * Graceful closure at the end of stdin: each listen request gets a complete
 * result, then `notifications/cancelled` naming it.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions#graceful-closure
 */
function closeStreams(info) {
  for (const [key, { id }] of STREAMS) {
    STREAMS.delete(key);
    writeMessage(resultResponse(id, withServerInfo({ resultType: 'complete', ...tagged(id) }, info)));
    writeMessage(notification('notifications/cancelled', tagged(id, { requestId: id, reason: 'The server is shutting down' })));
  }
}

export const LISTENING_HANDLERS = Object.freeze({
  ...HANDLERS,
  'server/discover': () => ({ ...discover(), capabilities: { tools: {}, resources: { subscribe: true }, prompts: {} } }),
  'tools/call': callTool,
  'subscriptions/listen': listen,
});

if (isMainModule(import.meta.url)) serveStdio({ info: INFO, handlers: LISTENING_HANDLERS, onNotification, onEnd: closeStreams });
