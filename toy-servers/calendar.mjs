/**
 * calendar.mjs: the course's calendar, a complete MCP server for revision
 * 2026-07-28 over stdio. Read it top to bottom: that is the order a request
 * travels through it.
 *
 * What it teaches:
 * - One calendar, three primitives: the tool `create_event` (the model
 *   decides), the resource `calendar://week` (the application attaches it),
 *   the prompt `prepare_week` (the user picks it).
 * - No handshake: every request carries `_meta` with its protocol version and
 *   client capabilities, and is judged on its own. `server/discover` says who
 *   the server is and what it supports.
 * - Multi round-trip requests: `create_event` without `startsAt` answers
 *   `resultType: "input_required"` with a form elicitation under the key
 *   `"when"` and a signed `requestState`; the client retries with
 *   `inputResponses` and the same `requestState`, in this process or a fresh one.
 * - `subscriptions/listen`: ask to hear when `calendar://week` changes.
 * - And a deliberate bug: the events live in the array `EVENTS` below, in this
 *   process's memory. An event created in one process is missing in the next.
 *   calendar-handles.mjs is the fix.
 *
 * Run it:   node toy-servers/calendar.mjs
 * then type one JSON-RPC message per line, for example:
 *   {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
 * Close stdin (Ctrl-D): each open subscription gets its result and then
 * `notifications/cancelled`, and the process exits (with code 0).
 *
 * Environment:
 *   TOY_CLOCK=2026-09-07T08:00:00Z  freezes the clock (requestState expiry)
 *   TOY_SEED=any-string             derives the requestState key from the seed
 *                                   (else it is kept in .toy-state/secret.key)
 *   TOY_COUNTDOWN=1                 adds the slow tool `countdown` (progress and
 *                                   cancellation); TOY_TICK_MS sets its step (default 1000)
 *   TOY_PAGE_SIZE=n                 lists return at most n items per page (pagination)
 *
 * noisy.mjs and http.mjs import this file and serve the same calendar; the
 * helpers it imports (framing, reply builders, signing) are in plumbing.mjs.
 */
import process from 'node:process';
import {
  ERR, RpcError, errorResponse, idKey, isMainModule, isObject, log, normaliseDateTime, notification,
  openRequestState, parseMessage, readLines, resultResponse, sealRequestState, sleep, writeMessage, exitWhenFlushed,
} from './plumbing.mjs';

/** The one protocol revision this server speaks. */
export const PROTOCOL_VERSION = '2026-07-28';
export const SERVER_INFO = { name: 'calendar', title: 'Toy calendar', version: '1.0.0' };

/** Reserved `_meta` keys: https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
});

/** MCP's own error codes, beside JSON-RPC's: https://modelcontextprotocol.io/specification/2026-07-28/basic/index#error-codes */
export const MISSING_CAPABILITY = -32021;
export const UNSUPPORTED_VERSION = -32022;

/** The deliberate bug: state kept in this process, not named by any request. */
export const EVENTS = [
  { id: 'e1', title: 'Standup', startsAt: '2026-09-07T09:00:00Z' },
  { id: 'e2', title: 'Design review', startsAt: '2026-09-09T15:00:00Z' },
];

// Two things only some lessons switch on, so that every other lesson sees the calendar's one tool.
const WITH_COUNTDOWN = process.env.TOY_COUNTDOWN === '1';
const TICK_MS = Number(process.env.TOY_TICK_MS ?? 1000);
const PAGE_SIZE = Number(process.env.TOY_PAGE_SIZE) > 0 ? Number(process.env.TOY_PAGE_SIZE) : Infinity;

// ---------------------------------------------------------------------------
// 1. Read a line. On stdio each message is one line of JSON on stdin, and each
//    reply one line on stdout; logs go to stderr.
//    https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
// ---------------------------------------------------------------------------

/** Requests read but not yet answered, by id, so that a `notifications/cancelled` can reach them. */
const IN_FLIGHT = new Map();

/**
 * Serves the calendar on stdin/stdout: requests are answered one at a time, in
 * order; notifications are acted on as soon as they are read. When stdin ends,
 * open subscriptions are closed gracefully and the process exits with code 0.
 * `beforeReply(message, reply)` runs just before each reply is written;
 * `respond` is the function that answers (calendar-handles.mjs passes its own).
 */
export function serveStdio({ info = SERVER_INFO, startupLine = `calendar: ready, MCP ${PROTOCOL_VERSION} over stdio`, beforeReply, respond = answer } = {}) {
  let turn = Promise.resolve();
  readLines((text) => {
    const message = parseMessage(text); // 2. parse it
    if (message.kind === 'notification') return onNotification(message);
    const signal = track(message);
    turn = turn.then(async () => {
      if (signal?.aborted) return; // cancelled while it waited its turn: send nothing for it
      const reply = await respond(message, { info, send: writeMessage, signal });
      if (reply === undefined) return; // cancelled, or a subscription still open
      IN_FLIGHT.delete(idKey(message.id));
      beforeReply?.(message, reply);
      writeMessage(reply);
    });
  }, () => turn.then(() => {
    closeSubscriptions(info);
    exitWhenFlushed();
  }));
  log(startupLine);
}

function track(message) {
  if (message.kind !== 'request') return undefined;
  const controller = new AbortController();
  IN_FLIGHT.set(idKey(message.id), controller);
  return controller.signal;
}

/**
 * The only notification a client sends is `notifications/cancelled`: stop the
 * named request and send nothing more for it. Unknown ids are ignored.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation
 */
function onNotification({ method, params }) {
  if (method !== 'notifications/cancelled' || !isObject(params)) return;
  IN_FLIGHT.get(idKey(params.requestId))?.abort();
  IN_FLIGHT.delete(idKey(params.requestId));
}

// ---------------------------------------------------------------------------
// 2. Parse it (plumbing.mjs's parseMessage): a line that is not JSON gets
//    -32700, one that is not a JSON-RPC request gets -32600, both without an
//    id when none could be read. https://modelcontextprotocol.io/specification/2026-07-28/basic/index#messages
// 3. Check `_meta`, then dispatch on the method.
// ---------------------------------------------------------------------------

const METHODS = ['server/discover', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list',
  'resources/read', 'prompts/list', 'prompts/get', 'subscriptions/listen'];

/**
 * Answers one parsed message; returns the response, or undefined when there is
 * nothing to send yet (a cancelled request, an open subscription). `send`
 * delivers notifications; `signal` aborts when the request is cancelled.
 * Used by serveStdio here and by http.mjs.
 */
export async function answer(message, { info = SERVER_INFO, send = writeMessage, signal } = {}) {
  if (message.kind === 'error') return errorResponse(message.id, message.error);
  const { id, method, params = {} } = message;
  try {
    if (method === 'initialize') throw noHandshake(params);
    if (!METHODS.includes(method)) throw new RpcError(ERR.METHOD_NOT_FOUND, `Method not found: ${method}`);
    if (Array.isArray(params)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "params" must be an object');
    const capabilities = checkMeta(params);
    const result = await dispatch(method, params, { id, capabilities, send, signal });
    return result === undefined ? undefined : resultResponse(id, withServerInfo(result, info));
  } catch (err) {
    return errorResponse(id, err, info.name);
  }
}

/** The one visible switch: which method, which handler. */
function dispatch(method, params, request) {
  switch (method) {
    case 'server/discover': return discover();
    case 'tools/list': return page(params, 'tools', WITH_COUNTDOWN ? [CREATE_EVENT_TOOL, COUNTDOWN_TOOL] : [CREATE_EVENT_TOOL]);
    case 'tools/call': return callTool(params, request);
    case 'resources/list': return page(params, 'resources', [WEEK_RESOURCE]);
    case 'resources/templates/list': return page(params, 'resourceTemplates', []);
    case 'resources/read': return readWeek(params);
    case 'prompts/list': return page(params, 'prompts', [PREPARE_WEEK_PROMPT]);
    case 'prompts/get': return getPrompt(params);
    case 'subscriptions/listen': return listen(params, request);
  }
}

/**
 * A modern-only server has no `initialize`: it says so with -32022 naming the
 * versions it supports, the only diagnostic a legacy client can show.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning
 */
export function noHandshake(params) {
  const asked = isObject(params) && typeof params.protocolVersion === 'string' ? params.protocolVersion : '(none)';
  return new RpcError(UNSUPPORTED_VERSION,
    `Unsupported protocol version: this server speaks only ${PROTOCOL_VERSION}, with no initialize handshake; send server/discover`,
    { supported: [PROTOCOL_VERSION], requested: asked });
}

/**
 * Every request carries its own context, checked in this order: protocol
 * version present (-32602) and supported (-32022), client capabilities present
 * (-32602). Returns the capabilities.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta
 */
export function checkMeta(params) {
  const meta = params._meta;
  const bad = (key, problem) => new RpcError(ERR.INVALID_PARAMS, `Invalid params: _meta key ${key} is ${problem}`, { key, problem });
  if (!isObject(meta) || !Object.hasOwn(meta, META.protocolVersion)) throw bad(META.protocolVersion, 'missing');
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string') throw bad(META.protocolVersion, 'not a string');
  if (version !== PROTOCOL_VERSION) {
    throw new RpcError(UNSUPPORTED_VERSION, `Unsupported protocol version: ${version}`, { supported: [PROTOCOL_VERSION], requested: version });
  }
  if (!Object.hasOwn(meta, META.clientCapabilities)) throw bad(META.clientCapabilities, 'missing');
  if (!isObject(meta[META.clientCapabilities])) throw bad(META.clientCapabilities, 'not an object');
  return meta[META.clientCapabilities];
}

/** Who answered goes in every result's `_meta`. */
export function withServerInfo(result, info) {
  return { ...result, _meta: { ...result._meta, [META.serverInfo]: info } };
}

// ---------------------------------------------------------------------------
// 4. The handlers. List results carry cache hints (how long the client may
//    reuse them, and whether for everyone): https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
// ---------------------------------------------------------------------------

export const CATALOG_CACHE = Object.freeze({ ttlMs: 300_000, cacheScope: 'public' });
export const WEEK_CACHE = Object.freeze({ ttlMs: 60_000, cacheScope: 'private' });
export const CALENDAR_INSTRUCTIONS =
  'A toy calendar. Read calendar://week for the events, call create_event to add one, use the prepare_week prompt to plan.';

function discover() {
  return {
    resultType: 'complete',
    supportedVersions: [PROTOCOL_VERSION],
    capabilities: { tools: {}, resources: { subscribe: true }, prompts: {} },
    instructions: CALENDAR_INSTRUCTIONS,
    ttlMs: 3_600_000,
    cacheScope: 'public',
  };
}

/**
 * One page of a list. Without TOY_PAGE_SIZE everything fits on the first page.
 * The cursor is opaque to the client; here it is the offset of the next item.
 * A cursor this list did not issue is -32602.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination
 */
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

// --- The tool: create_event ---------------------------------------------------

export const EVENT_PROPERTIES = Object.freeze({
  title: { type: 'string', minLength: 1, description: 'What the event is called, e.g. "Dentist".' },
  startsAt: {
    type: 'string',
    format: 'date-time',
    description: 'When it starts, ISO 8601 in UTC, e.g. "2026-09-10T08:30:00Z". Leave it out and the server asks the user.',
  },
});

/** Hints for clients: create_event writes, is not idempotent, touches nothing outside the calendar. */
export const CREATE_EVENT_ANNOTATIONS = Object.freeze({
  readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false,
});

export const CREATE_EVENT_TOOL = Object.freeze({
  name: 'create_event',
  title: 'Create event',
  description: 'Create a calendar event. Writes to the calendar. If startsAt is missing, the server asks the user for it.',
  inputSchema: { type: 'object', properties: EVENT_PROPERTIES, required: ['title'], additionalProperties: false },
  annotations: CREATE_EVENT_ANNOTATIONS,
});

const COUNTDOWN_TOOL = Object.freeze({
  name: 'countdown',
  title: 'Count down',
  description: 'Slow on purpose: counts down from "from" (1 to 10), one step per tick, reporting progress.',
  inputSchema: { type: 'object', properties: { from: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['from'], additionalProperties: false },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});

/**
 * tools/call. A request that does not fit the CallToolRequest schema (no
 * name, arguments not an object) or names an unknown tool is a protocol error,
 * -32602; arguments that break the tool's own input schema are a tool error
 * the model can read and fix (`isError: true`).
 * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling
 */
async function callTool(params, request) {
  const tools = WITH_COUNTDOWN ? [CREATE_EVENT_TOOL, COUNTDOWN_TOOL] : [CREATE_EVENT_TOOL];
  const { tool, args, problem } = readToolCall(params, tools);
  if (problem) return toolResult(`${tool.name} failed: ${problem}.`, { isError: true });
  if (tool.name === 'countdown') return countdown(args, params, request);
  return createEvent(params, args, request.capabilities);
}

/** Checks name and arguments against a tool's input schema (the small subset used here). */
export function readToolCall(params, tools) {
  if (typeof params.name !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "name" must be a string');
  const tool = tools.find((t) => t.name === params.name);
  if (!tool) throw new RpcError(ERR.INVALID_PARAMS, `Unknown tool: ${params.name}`);
  const args = Object.hasOwn(params, 'arguments') ? params.arguments : {};
  if (!isObject(args)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "arguments" must be an object');
  const { properties, required = [] } = tool.inputSchema;
  const problem = (text) => ({ tool, args, problem: text });
  for (const [key, value] of Object.entries(args)) {
    const schema = properties[key];
    if (!schema) return problem(`unknown argument "${key}"`);
    if (schema.type === 'integer') {
      if (!Number.isInteger(value) || value < schema.minimum || value > schema.maximum) {
        return problem(`"${key}" must be an integer from ${schema.minimum} to ${schema.maximum}`);
      }
      continue;
    }
    if (typeof value !== 'string') return problem(`"${key}" must be a string`);
    if (schema.minLength && value.length < schema.minLength) return problem(`"${key}" must not be empty`);
    if (schema.format === 'date-time' && normaliseDateTime(value) === undefined) {
      return problem(`"${key}" must be an ISO 8601 date-time such as 2026-09-10T08:30:00Z`);
    }
  }
  for (const key of required) if (!Object.hasOwn(args, key)) return problem(`"${key}" is required`);
  return { tool, args, problem: undefined };
}

/**
 * A complete tool result. Structured content is also given as JSON text, for
 * clients that read only `content`.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#structured-content
 */
export function toolResult(text, { structuredContent, isError = false } = {}) {
  const result = { resultType: 'complete', content: [{ type: 'text', text }] };
  if (structuredContent !== undefined) {
    result.content.push({ type: 'text', text: JSON.stringify(structuredContent) });
    result.structuredContent = structuredContent;
  }
  result.isError = isError;
  return result;
}

/** The key under which create_event asks for a start time in `inputRequests`. */
export const WHEN_KEY = 'when';

/**
 * create_event: with `startsAt`, create at once. Without it, ask the user:
 * `input_required` with one form elicitation under `when` and a signed
 * `requestState` (only if this request declares form elicitation; else
 * -32021). The retry brings `inputResponses.when` and the same state:
 * accept with a date creates; decline or cancel creates nothing; anything
 * else asks again.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 *
 * The state is bound to this tool and these arguments, and expires, but it is
 * not single use: replay the same retry and the event is created again. A
 * server that needs single use must remember used states itself.
 * `create(startsAt)` makes the event; calendar-handles.mjs passes its own.
 */
export async function createEvent(params, args, capabilities, create = addToEvents) {
  if (args.startsAt !== undefined && !Object.hasOwn(params, 'requestState')) return create(normaliseDateTime(args.startsAt), args);
  const binding = { method: 'tools/call', target: params.name, args };
  let retryNote = '';
  if (Object.hasOwn(params, 'requestState')) {
    openRequestState(params.requestState, binding); // throws -32602 unless this server signed it for this call
    if (args.startsAt !== undefined) return create(normaliseDateTime(args.startsAt), args);
    const answer = isObject(params.inputResponses) ? params.inputResponses[WHEN_KEY] : undefined;
    if (isObject(answer) && (answer.action === 'decline' || answer.action === 'cancel')) {
      return toolResult(`Nothing was created: the request for a start time was ${answer.action === 'decline' ? 'declined' : 'cancelled'}.`);
    }
    if (isObject(answer) && answer.action === 'accept' && isObject(answer.content)) {
      const startsAt = normaliseDateTime(answer.content.startsAt);
      if (startsAt !== undefined) return create(startsAt, args);
      retryNote = 'That was not a date and time I can use. ';
    }
  }
  if (!supportsFormElicitation(capabilities)) {
    throw new RpcError(MISSING_CAPABILITY,
      'create_event without startsAt needs to ask the user, and this request does not declare form elicitation',
      { requiredCapabilities: { elicitation: { form: {} } } });
  }
  return { resultType: 'input_required', inputRequests: { [WHEN_KEY]: askForStart(args.title, retryNote) }, requestState: sealRequestState(binding) };
}

/** `elicitation: {}` means form only; `{form: {...}}` says so explicitly. https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation#capabilities */
function supportsFormElicitation(capabilities) {
  const e = capabilities.elicitation;
  if (!isObject(e)) return false;
  return (!Object.hasOwn(e, 'form') && !Object.hasOwn(e, 'url')) || isObject(e.form);
}

/** The form: a flat object with one string property, nothing secret. */
function askForStart(title, retryNote) {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: `${retryNote}When should "${title}" start?`,
      requestedSchema: {
        type: 'object',
        properties: {
          startsAt: { type: 'string', format: 'date-time', title: 'Start time', description: 'ISO 8601 date and time, e.g. 2026-09-10T08:30:00Z' },
        },
        required: ['startsAt'],
      },
    },
  };
}

function addToEvents(startsAt, { title }) {
  const event = { id: `e${EVENTS.length + 1}`, title, startsAt };
  EVENTS.push(event); // the bug: only this process will ever see it
  notifySubscribers(WEEK_RESOURCE.uri);
  return toolResult(`Created ${event.id}: ${event.title} at ${event.startsAt}`, { structuredContent: event });
}

/**
 * countdown: slow on purpose. With `_meta.progressToken` it reports each step
 * as `notifications/progress` (progress rising to total). Once cancelled, it
 * stops and sends nothing more for this request, not even a reply.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/progress
 */
async function countdown({ from }, params, { send, signal }) {
  const token = params._meta.progressToken;
  if (token !== undefined && typeof token !== 'string' && !Number.isSafeInteger(token)) {
    throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: _meta.progressToken must be a string or an integer');
  }
  for (let step = 1; step <= from; step++) {
    if (signal?.aborted) return undefined;
    await sleep(TICK_MS);
    if (signal?.aborted) return undefined;
    if (token !== undefined) send(notification('notifications/progress', { progressToken: token, progress: step, total: from, message: `${from - step} to go` }));
  }
  return toolResult(`Counted down from ${from}.`);
}

// --- The resource: calendar://week ---------------------------------------------

export const WEEK_RESOURCE = Object.freeze({
  uri: 'calendar://week',
  name: 'week',
  title: 'This week',
  description: 'The events of the calendar, as a JSON array of {id, title, startsAt}.',
  mimeType: 'application/json',
});

/** A resource that does not exist is -32602, never empty contents. https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling */
function readWeek(params) {
  if (typeof params.uri !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "uri" must be a string');
  if (params.uri !== WEEK_RESOURCE.uri) throw new RpcError(ERR.INVALID_PARAMS, 'Resource not found', { uri: params.uri });
  return {
    resultType: 'complete',
    contents: [{ uri: WEEK_RESOURCE.uri, mimeType: 'application/json', text: JSON.stringify(EVENTS) }],
    ...WEEK_CACHE,
  };
}

// --- The prompt: prepare_week ----------------------------------------------------

export const PREPARE_WEEK_PROMPT = Object.freeze({
  name: 'prepare_week',
  title: 'Prepare my week',
  description: 'Plan the week from the calendar.',
  arguments: [{ name: 'focus', description: 'What the plan should favour (default "balance").', required: false }],
});

/** Prompt arguments are an object of strings. */
export function getPrompt(params) {
  if (params.name !== PREPARE_WEEK_PROMPT.name) throw new RpcError(ERR.INVALID_PARAMS, `Unknown prompt: ${String(params.name)}`);
  const args = params.arguments ?? {};
  if (!isObject(args) || Object.values(args).some((v) => typeof v !== 'string')) {
    throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: prompt arguments must be an object of strings');
  }
  const text = `Read ${WEEK_RESOURCE.uri} and draft a plan for my week. Focus: ${args.focus ?? 'balance'}.`;
  return { resultType: 'complete', description: PREPARE_WEEK_PROMPT.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}

// --- subscriptions/listen: hear when calendar://week changes --------------------

/** Open subscriptions of this process, by request id. */
const SUBSCRIPTIONS = new Map();

/**
 * Opens a subscription. The first message is the acknowledgement, naming the
 * subset of the filter this server honours: only `resourceSubscriptions` for
 * URIs it serves (its lists never change, so list-changed flags are left out).
 * Every notification carries the listen request's id as `subscriptionId`.
 * The subscription has no reply until it ends: cancelled by the client (no
 * reply at all), or closed by the server (a result, then on stdio
 * `notifications/cancelled`; see closeSubscriptions).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 */
function listen(params, { id, send, signal }) {
  const filter = params.notifications;
  const uris = isObject(filter) ? filter.resourceSubscriptions ?? [] : undefined;
  if (!Array.isArray(uris) || uris.some((u) => typeof u !== 'string')
    || ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'].some((k) => Object.hasOwn(filter, k) && typeof filter[k] !== 'boolean')) {
    throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "notifications" must be a subscription filter object');
  }
  const honoured = Object.hasOwn(filter, 'resourceSubscriptions') ? { resourceSubscriptions: uris.filter((u) => u === WEEK_RESOURCE.uri) } : {};
  send(notification('notifications/subscriptions/acknowledged', { _meta: { [META.subscriptionId]: id }, notifications: honoured }));
  SUBSCRIPTIONS.set(idKey(id), { id, uris: honoured.resourceSubscriptions ?? [], send });
  signal?.addEventListener('abort', () => SUBSCRIPTIONS.delete(idKey(id)));
  return undefined;
}

function notifySubscribers(uri) {
  for (const { id, uris, send } of SUBSCRIPTIONS.values()) {
    if (uris.includes(uri)) send(notification('notifications/resources/updated', { _meta: { [META.subscriptionId]: id }, uri }));
  }
}

/**
 * Ends every open subscription gracefully. Each listen request first gets a
 * complete result (the subscriptions page: the server SHOULD respond to it
 * "with a completion result before closing the stream"). On stdio the stream
 * is then closed with `notifications/cancelled` naming the listen request
 * (the cancellation page: a server MUST send it "when it tears down that
 * subscription stream"); over HTTP (`transport: 'http'`) the end of the
 * response's event stream closes it, and no notification is sent.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions#graceful-closure
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation
 * @param {{name: string, version: string}} [info] @param {{transport?: 'stdio' | 'http'}} [options]
 */
export function closeSubscriptions(info = SERVER_INFO, { transport = 'stdio' } = {}) {
  for (const [key, { id, send }] of SUBSCRIPTIONS) {
    SUBSCRIPTIONS.delete(key);
    send(resultResponse(id, withServerInfo({ resultType: 'complete', _meta: { [META.subscriptionId]: id } }, info)));
    if (transport === 'stdio') {
      send(notification('notifications/cancelled', { _meta: { [META.subscriptionId]: id }, requestId: id, reason: 'The server is shutting down' }));
    }
  }
}

// ---------------------------------------------------------------------------
// Run as a program (not when noisy.mjs or http.mjs import this file).
// ---------------------------------------------------------------------------

if (isMainModule(import.meta.url)) serveStdio();
