/**
 * Stage 2, `subscriptions/listen` streams over stdio: the acknowledgement
 * comes first, only the notification types a stream asked for come on it,
 * and everything on a stream (its notifications, the result that closes it)
 * carries its `subscriptionId`. To make the server notify, the checker opens
 * two streams on one process (one asking for every type the server declares
 * it can notify, one asking for none), calls each tool with every argument
 * made up, then closes stdin and reads what the server writes as it shuts down.
 * Skipped when the server offers no listen streams (an error to
 * subscriptions/listen, and no `listChanged` or `subscribe` capability).
 * These run over stdio only: over Streamable HTTP the stream is the SSE
 * response of its POST, and a stream's end is the client closing it.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 */
import type { JsonObject, RequestId } from '../../protocol/messages.ts';
import { describeReply, errorOf, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { callEachTool, ensureDiscover, ensureTools, toolsKeptOut } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC } from '../spec-urls.ts';
import { isResponseTo, SessionError, type ReceivedLine, type Session } from '../session.ts';

/** The `_meta` key naming the stream a message belongs to: the id of its `subscriptions/listen` request. */
export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** The notification a server acknowledges a stream with. */
export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/** The page the rules come from. */
const SUBSCRIPTIONS_URL = `${SPEC}/basic/patterns/subscriptions`;

/** The notification types a stream can carry, each with the field of the filter that asks for it (schema `SubscriptionFilter`). */
export const STREAM_TYPES: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
};

/** The `subscriptionId` a message carries in `_meta` (a notification's `params._meta`, a result's `_meta`), or `undefined`. */
export function subscriptionIdOf(message: JsonObject | undefined): unknown {
  if (!message) return undefined;
  const holder = isObject(message.params) ? message.params : isObject(message.result) ? message.result : undefined;
  const meta = holder && isObject(holder._meta) ? holder._meta : undefined;
  return meta && Object.hasOwn(meta, SUBSCRIPTION_ID) ? meta[SUBSCRIPTION_ID] : undefined;
}

/** The capability flags the server declares that promise notifications on a stream (e.g. `resources.subscribe`). */
export function declaredNotifications(c: CheckContext): string[] {
  const caps = c.state.capabilities ?? {};
  const out: string[] = [];
  for (const [cap, flag] of [['tools', 'listChanged'], ['prompts', 'listChanged'], ['resources', 'listChanged'], ['resources', 'subscribe']] as const) {
    const v: unknown = caps[cap];
    if (isObject(v) && v[flag] === true) out.push(`${cap}.${flag}`);
  }
  return out;
}

/**
 * A filter that asks for every notification type the server declares: the list-changed flags of its
 * capabilities, and (with `resources.subscribe`) the first five resources of `resources/list`.
 */
export async function declaredFilter(c: CheckContext, s: Session): Promise<JsonObject> {
  const caps = c.state.capabilities ?? {};
  const filter: JsonObject = {};
  if (isObject(caps.tools) && caps.tools.listChanged === true) filter.toolsListChanged = true;
  if (isObject(caps.prompts) && caps.prompts.listChanged === true) filter.promptsListChanged = true;
  if (isObject(caps.resources) && caps.resources.listChanged === true) filter.resourcesListChanged = true;
  if (isObject(caps.resources) && caps.resources.subscribe === true) {
    const list = resultOf(await s.request(c.request('resources/list')));
    const uris = Array.isArray(list?.resources) ? list.resources.filter(isObject).map((r) => r.uri).filter((u): u is string => typeof u === 'string') : [];
    filter.resourceSubscriptions = uris.slice(0, 5);
  }
  return filter;
}

/** A `subscriptions/listen` request sent on a process, and the first line of its stream. */
export interface OpenedStream {
  id: RequestId;
  filter: JsonObject;
  /** Index of the first line after the request was sent. */
  from: number;
  /** The first line for this stream: an acknowledgement, another notification carrying its id, or the reply to the request; `undefined` when none came in time. */
  first?: ReceivedLine;
}

/**
 * Sends `subscriptions/listen` with `filter` on `s` and waits (at most the reply timeout) for the first line
 * of its stream: a message carrying its id as `subscriptionId`, the reply to the request, or (so that an
 * acknowledgement with a wrong id is seen too) an acknowledgement not carrying the id of a stream in `others`.
 * Rejects only when the process ends.
 */
export async function openStream(c: CheckContext, s: Session, filter: JsonObject, others: RequestId[] = []): Promise<OpenedStream> {
  const request = c.request('subscriptions/listen', { notifications: filter });
  const from = s.lines.length;
  s.send(request);
  const stream: OpenedStream = { id: request.id, filter, from };
  const belongs = (l: ReceivedLine) => {
    const m = l.message;
    if (!m) return false;
    if (isResponseTo(m, request.id) || subscriptionIdOf(m) === request.id) return true;
    return m.method === ACKNOWLEDGED && !others.includes(subscriptionIdOf(m) as RequestId);
  };
  try {
    stream.first = await s.waitFor(belongs, c.state.options.replyTimeoutMs, from, `notifications/subscriptions/acknowledged for subscriptions/listen (id ${request.id})`);
  } catch (e) {
    if (!(e instanceof SessionError) || e.kind !== 'timeout') throw e;
  }
  return stream;
}

/** True when the stream's first line is the reply to its request (an error: no stream; a result: closed at once). */
export function answeredAtOnce(stream: OpenedStream): boolean {
  return stream.first?.message !== undefined && isResponseTo(stream.first.message, stream.id);
}

/** Why the server has no streams to judge (skip), when listen got an error and nothing promises notifications; else `undefined`. */
function noStreams(c: CheckContext, stream: OpenedStream): string | undefined {
  const reply = stream.first?.message;
  if (!reply || !answeredAtOnce(stream) || !errorOf(reply) || declaredNotifications(c).length > 0) return undefined;
  return `the server declares no listChanged or subscribe capability and answered subscriptions/listen with ${describeReply(reply)}`;
}

/** What the streams of one process carried, for the checks after the acknowledgement. */
interface Watched {
  s: Session;
  /** The streams that were opened (acknowledged or, at least, not refused). */
  streams: OpenedStream[];
  /** The tools the policy kept out of the calls that were to make the server notify. */
  keptOut: string[];
}

/**
 * Opens a stream asking for every declared type and one asking for none, calls each tool with every
 * argument made up (what a tool changes, the server may notify), waits `quietMs`, then closes stdin and
 * waits for the exit (a server ending its streams as it shuts down may send their closing results).
 */
async function watchStreams(c: CheckContext): Promise<Watched> {
  await ensureDiscover(c);
  const s = await c.open();
  const all = await openStream(c, s, await declaredFilter(c, s));
  const skip = noStreams(c, all);
  if (skip) c.skip(skip);
  const none = await openStream(c, s, {}, [all.id]);
  const streams = [all, none].filter((st) => !(answeredAtOnce(st) && errorOf(st.first!.message!)));
  const tools = (await ensureTools(c)) ?? [];
  await callEachTool(c, s, tools, { allArguments: true });
  await s.quiet(c.state.options.quietMs);
  await s.closeAndWait(c.state.options.exitTimeoutMs);
  return { s, streams, keptOut: toolsKeptOut(c, tools) };
}

/** Ends a check that saw nothing to judge: not run for policy when tools were kept out (one might have made the server notify), else skipped. */
function nothingToJudge(c: CheckContext, w: Watched, reason: string): never {
  if (w.keptOut.length > 0) c.notRun('policy', `${reason}, and ${w.keptOut.slice(0, 3).join(', ')}${w.keptOut.length > 3 ? ` and ${w.keptOut.length - 3} more` : ''} were not called (not annotated readOnlyHint: true or destructiveHint: false; run with --call-tools all)`);
  c.skip(reason);
}

/** True when `filter` asked for notifications of `method`. */
function requested(filter: JsonObject, method: string): boolean {
  const field = STREAM_TYPES[method];
  if (field === undefined) return false;
  if (field === 'resourceSubscriptions') return Array.isArray(filter.resourceSubscriptions) && filter.resourceSubscriptions.length > 0;
  return filter[field] === true;
}

export const SUBSCRIPTION_CHECKS: CheckDef[] = [
  /**
   * "The server **MUST** send `notifications/subscriptions/acknowledged` as the first message carrying the
   * subscription's ID in `_meta` under `io.modelcontextprotocol/subscriptionId`, and **MUST NOT** send any
   * notification on the subscription before it." Its `notifications` (required by the schema) "reflects
   * the subset the server agreed to honor": it names nothing the stream did not ask for. A server that
   * declares `listChanged` or `subscribe` has promised notifications that only a listen stream can carry,
   * so refusing the stream fails; one that declares neither and refuses it is skipped.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions#acknowledgment
   */
  {
    id: 'subscriptions.acknowledged',
    stage: 'jsonrpc',
    specUrl: `${SUBSCRIPTIONS_URL}#acknowledgment`,
    quote: 'The server MUST send notifications/subscriptions/acknowledged as the first message carrying the subscription\'s ID in _meta under io.modelcontextprotocol/subscriptionId, and MUST NOT send any notification on the subscription before it.',
    level: 'must',
    transports: ['stdio'],
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const s = await c.open();
      const stream = await openStream(c, s, await declaredFilter(c, s));
      const skip = noStreams(c, stream);
      if (skip) c.skip(skip);
      const first = stream.first?.message;
      if (!first) c.fail(`no notifications/subscriptions/acknowledged for subscriptions/listen (id ${stream.id}) within ${c.state.options.replyTimeoutMs} ms`);
      if (answeredAtOnce(stream)) {
        const declared = declaredNotifications(c).join(', ');
        if (errorOf(first)) c.fail(`subscriptions/listen was answered with ${describeReply(first)}, although the server declares ${declared}, notifications only a listen stream can carry`);
        c.fail(`subscriptions/listen was answered with ${describeReply(first)} before any notifications/subscriptions/acknowledged`);
      }
      if (first.method !== ACKNOWLEDGED) c.fail(`the first message of the stream was a ${String(first.method)} notification, not notifications/subscriptions/acknowledged`);
      const sid = subscriptionIdOf(first);
      if (sid === undefined) c.fail(`the acknowledgement carries no subscriptionId in _meta; it must be the id of the subscriptions/listen request (${JSON.stringify(stream.id)})`);
      if (sid !== stream.id) c.fail(`the acknowledgement carries subscriptionId ${JSON.stringify(sid)}, not the id of the subscriptions/listen request (${JSON.stringify(stream.id)})`);
      const honoured = isObject(first.params) ? first.params.notifications : undefined;
      if (!isObject(honoured)) c.fail('the acknowledgement has no params.notifications object (the subset of the filter the server honours)');
      for (const [field, value] of Object.entries(honoured)) {
        const asked = stream.filter[field];
        const extra = field === 'resourceSubscriptions'
          ? (Array.isArray(value) ? value : []).filter((u) => !(Array.isArray(asked) && asked.includes(u)))
          : value === true && asked !== true ? [field] : [];
        if (extra.length > 0) c.fail(`the acknowledgement honours ${field} ${JSON.stringify(value)}, which the request did not ask for (it asked for ${JSON.stringify(stream.filter)})`);
      }
    },
  },
  /**
   * "The server **MUST NOT** send notification types the client has not explicitly requested." Judged on
   * every notification carrying the id of one of the two streams (the one asking for nothing is the
   * control): one of a type its filter did not ask for fails. Notifications without a stream's id are the
   * next check's. A `notifications/cancelled` naming the stream is not a type anyone asks for: it is the
   * stream's teardown, which the server "MUST send ... when it tears down that subscription stream"
   * (the next check judges whom it names).
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions#opening-a-stream
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation
   */
  {
    id: 'subscriptions.requested-only',
    stage: 'jsonrpc',
    specUrl: `${SUBSCRIPTIONS_URL}#opening-a-stream`,
    quote: 'The server MUST NOT send notification types the client has not explicitly requested.',
    level: 'must',
    transports: ['stdio'],
    needs: ['subscriptions.acknowledged'],
    async run(c: CheckContext) {
      const w = await watchStreams(c);
      let seen = 0;
      for (const stream of w.streams) {
        for (const line of w.s.lines.slice(stream.from)) {
          const m = line.message;
          if (!m || typeof m.method !== 'string' || 'id' in m || m.method === ACKNOWLEDGED || subscriptionIdOf(m) !== stream.id) continue;
          if (m.method === 'notifications/cancelled' && isObject(m.params) && m.params.requestId === stream.id) continue; // the teardown
          seen++;
          if (!requested(stream.filter, m.method)) c.fail(`the stream of subscriptions/listen (id ${JSON.stringify(stream.id)}) asked for ${JSON.stringify(stream.filter)} and carried ${m.method}, a type it did not request`);
        }
      }
      if (seen === 0) nothingToJudge(c, w, 'no notification came on the streams but their acknowledgements, so there was no type to judge');
    },
  },
  /**
   * (schema, NotificationMetaObject) "The server **MUST** include this key on every notification
   * delivered via a `subscriptions/listen` stream", the key being `io.modelcontextprotocol/subscriptionId`,
   * "the JSON-RPC ID of the `subscriptions/listen` request that opened the stream"; the result that closes
   * a stream carries it too (its `_meta` is required by the schema's SubscriptionsListenResult: "Like every
   * other message on the stream, the response carries `io.modelcontextprotocol/subscriptionId` in `_meta`"),
   * and a `notifications/cancelled` from the server may only end a stream ("Server-sent cancellation
   * notifications **MUST** reference a `subscriptions/listen` request"). The list-changed and
   * resources/updated notifications exist only on streams, so one without a stream's id fails.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions#receiving-notifications
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation#behavior-requirements
   */
  {
    id: 'subscriptions.subscription-id',
    stage: 'jsonrpc',
    specUrl: `${SUBSCRIPTIONS_URL}#receiving-notifications`,
    quote: '(schema, NotificationMetaObject) The server MUST include this key on every notification delivered via a subscriptions/listen stream, so the client can correlate the notification with the originating subscription. / Like every other message on the stream, the response carries io.modelcontextprotocol/subscriptionId in _meta, identifying which subscription it closes. / Server-sent cancellation notifications MUST reference a subscriptions/listen request, to terminate that subscription stream',
    level: 'must',
    transports: ['stdio'],
    needs: ['subscriptions.acknowledged'],
    async run(c: CheckContext) {
      const w = await watchStreams(c);
      const ids = w.streams.map((st) => st.id);
      const from = Math.min(...w.streams.map((st) => st.from));
      let seen = 0;
      for (const line of w.s.lines.slice(from)) {
        const m = line.message;
        if (!m) continue;
        const sid = subscriptionIdOf(m);
        if (typeof m.method === 'string' && !('id' in m)) {
          if (m.method === ACKNOWLEDGED) continue;
          if (m.method === 'notifications/cancelled') {
            seen++;
            const target = isObject(m.params) ? m.params.requestId : undefined;
            if (!ids.includes(target as RequestId)) c.fail(`the server sent notifications/cancelled for ${JSON.stringify(target)}, which is not a subscriptions/listen request: ${line.text.slice(0, 200)}`);
            continue;
          }
          if (!(m.method in STREAM_TYPES) && sid === undefined) continue;
          seen++;
          if (sid === undefined) c.fail(`a ${m.method} notification came without _meta["${SUBSCRIPTION_ID}"]: ${line.text.slice(0, 200)}`);
          if (!ids.includes(sid as RequestId)) c.fail(`a ${m.method} notification carries subscriptionId ${JSON.stringify(sid)}, the id of no subscriptions/listen request (${ids.map((i) => JSON.stringify(i)).join(', ')})`);
          continue;
        }
        const closed = ids.find((id) => isResponseTo(m, id));
        if (closed === undefined || !resultOf(m)) continue;
        seen++;
        if (sid === undefined) c.fail(`the result closing subscriptions/listen (id ${JSON.stringify(closed)}) carries no subscriptionId in result._meta`);
        if (sid !== closed) c.fail(`the result closing subscriptions/listen (id ${JSON.stringify(closed)}) carries subscriptionId ${JSON.stringify(sid)} in result._meta, not ${JSON.stringify(closed)}`);
      }
      if (seen === 0) nothingToJudge(c, w, 'nothing came on the streams but their acknowledgements, so there was no subscriptionId to judge');
    },
  },
];
