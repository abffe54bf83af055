/**
 * calendar.mjs: the course's calendar, a complete MCP server for revision
 * 2026-07-28 over stdio. Read it top to bottom: that is the order a request
 * travels through it (1. read a line, 2. parse it, 3. check `_meta` and pick
 * the handler, 4. the handlers).
 *
 * What it teaches:
 * - One calendar, three primitives: the tool `create_event` (the model
 *   decides), the resource `calendar://week` (the application attaches it),
 *   the prompt `prepare_week` (the user picks it).
 * - No handshake: every request carries `_meta` with its protocol version and
 *   client capabilities, and is judged on its own. `server/discover` says who
 *   the server is and what it supports.
 * - Multi round-trip requests: `create_event` without `startsAt` answers
 *   `input_required` with a form under the key `"when"` and a signed
 *   `requestState` (request-state.mjs); the client retries with
 *   `inputResponses` and the same `requestState`, here or in a fresh process.
 * - A deliberate bug: the events live in `EVENTS`, in this process's memory,
 *   so an event created in one process is missing in the next.
 *   calendar-handles.mjs is the fix.
 *
 * Run it: `node toy-servers/calendar.mjs`, then type one JSON-RPC message per line:
 *   {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
 * Close stdin (Ctrl-D) and it exits with code 0. TOY_CLOCK freezes the clock
 * and TOY_SEED fixes the signing key (see README.md). Other servers build on
 * this one by importing it: noisy.mjs, countdown.mjs, listening-calendar.mjs,
 * paged-calendar.mjs, calendar-handles.mjs, http.mjs.
 */
import { Buffer } from 'node:buffer';
import process from 'node:process';
import {
  ERR, RpcError, errorResponse, exitWhenFlushed, isMainModule, isObject, log, normaliseDateTime, resultResponse, writeMessage,
} from './plumbing.mjs';
import { openRequestState, sealRequestState } from './request-state.mjs';

export const PROTOCOL_VERSION = '2026-07-28';
export const SERVER_INFO = { name: 'calendar', title: 'Toy calendar', version: '1.0.0' };
/** Reserved `_meta` keys: https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
});
/** MCP's own error codes: https://modelcontextprotocol.io/specification/2026-07-28/basic/index#error-codes */
export const MISSING_CAPABILITY = -32021;
export const UNSUPPORTED_VERSION = -32022;

/** The events every calendar of the course starts with (legacy.mjs and calendar-handles.mjs start from them too). */
export const SEED_EVENTS = Object.freeze([
  Object.freeze({ id: 'e1', title: 'Standup', startsAt: '2026-09-07T09:00:00Z' }),
  Object.freeze({ id: 'e2', title: 'Design review', startsAt: '2026-09-09T15:00:00Z' }),
]);
/** The deliberate bug: state kept in this process, named by no request. */
export const EVENTS = SEED_EVENTS.map((event) => ({ ...event }));

// 1. Read a line: on stdio each message is one line of UTF-8 JSON on stdin, each
//    reply one line on stdout; logs go to stderr. Lines are cut from the raw bytes,
//    so a chunk may end anywhere, even inside a character.
//    https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio

/** Calls `onLine(text)` per line (`\r` dropped, blank lines skipped, `null` if not UTF-8), then `onEnd()`. */
export function readLines(onLine, onEnd) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = [];
  const emit = (bytes) => {
    let text = null;
    try { text = decoder.decode(bytes).replace(/\r$/, ''); } catch { /* not UTF-8: text stays null */ }
    if (text === null || text.trim() !== '') onLine(text);
  };
  process.stdin.on('data', (chunk) => {
    let bytes = Buffer.from(chunk);
    for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10)) {
      emit(Buffer.concat([...pending, bytes.subarray(0, nl)]));
      pending = [];
      bytes = bytes.subarray(nl + 1);
    }
    if (bytes.length > 0) pending.push(bytes);
  });
  process.stdin.on('end', () => {
    if (pending.length > 0) emit(Buffer.concat(pending));
    onEnd();
  });
}

// 2. Parse it: not JSON is -32700; JSON that is not one JSON-RPC message is -32600,
//    without an id when none could be read. https://www.jsonrpc.org/specification

/**
 * `{kind:'request', id, method, params}`, `{kind:'notification', method, params}`
 * or `{kind:'error', error, id?}`. Never throws. An integer id beyond 2^53 keeps
 * its digits (a `JSON.rawJSON` value, written back byte for byte).
 * @param {string | null} text
 */
export function parseMessage(text) {
  const error = (code, why, id) => ({ kind: 'error', id, error: new RpcError(code, why) });
  if (text === null) return error(ERR.PARSE_ERROR, 'Parse error: the line is not valid UTF-8');
  let value;
  const bigIds = new WeakMap(); // object -> the source text of its "id", when too big for a double
  try {
    value = JSON.parse(text, function (key, v, context) {
      if (key === 'id' && typeof v === 'number' && !Number.isSafeInteger(v)) bigIds.set(this, context?.source);
      return v;
    });
  } catch (e) {
    const where = /\bat position \d+(?: \(line \d+ column \d+\))?/.exec(e.message)?.[0]; // where V8 stopped
    return error(ERR.PARSE_ERROR, `Parse error: the line is malformed JSON${where ? ` ${where}` : ''}`);
  }
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'an array (batches are not allowed)' : `a JSON ${value === null ? 'null' : typeof value}`;
    return error(ERR.INVALID_REQUEST, `Invalid Request: expected one JSON-RPC object, got ${what}`);
  }
  const hasId = Object.hasOwn(value, 'id');
  let id = typeof value.id === 'string' || Number.isSafeInteger(value.id) ? value.id : undefined;
  let idProblem = '"id" must be a string or an integer';
  const bigId = isObject(value) ? bigIds.get(value) : undefined;
  if (hasId && id === undefined && typeof value.id === 'number') {
    if (/^-?(0|[1-9][0-9]*)$/.test(bigId ?? '') && typeof JSON.rawJSON === 'function') id = JSON.rawJSON(bigId);
    else if (Number.isInteger(value.id) || !Number.isFinite(value.id)) {
      idProblem = `"id" ${bigId ?? value.id} is a number this server cannot echo exactly; send an integer in plain digits, or a string`;
    }
  }
  const invalid = (why) => error(ERR.INVALID_REQUEST, `Invalid Request: ${why}`, id);
  if (value.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  if (hasId && id === undefined) return invalid(idProblem);
  if (typeof value.method !== 'string') {
    return invalid(hasId && (Object.hasOwn(value, 'result') || Object.hasOwn(value, 'error')) ? 'clients do not send responses to a server' : '"method" must be a string');
  }
  if (Object.hasOwn(value, 'params') && !isObject(value.params) && !Array.isArray(value.params)) return invalid('"params" must be an object');
  return hasId ? { kind: 'request', id, method: value.method, params: value.params } : { kind: 'notification', method: value.method, params: value.params };
}

/**
 * Serves on stdin/stdout: requests are answered one at a time, in order;
 * notifications go to `onNotification` as soon as they are read (the calendar
 * ignores them). At the end of stdin, `onEnd` runs and the process exits 0.
 * The servers built on this one pass their own `info`, `handlers` and hooks.
 */
export function serveStdio({ info = SERVER_INFO, handlers = HANDLERS, beforeReply, onNotification, onEnd } = {}) {
  let turn = Promise.resolve();
  readLines((text) => {
    const message = parseMessage(text);
    if (message.kind === 'notification') return onNotification?.(message);
    turn = turn.then(async () => {
      const reply = await answer(message, { info, handlers });
      if (reply === undefined) return; // nothing to send (yet): see countdown.mjs and listening-calendar.mjs
      beforeReply?.(message, reply);
      writeMessage(reply);
    });
  }, () => turn.then(() => { onEnd?.(info); exitWhenFlushed(); }));
  log(`${info.name}: ready, MCP ${PROTOCOL_VERSION} over stdio`);
}

// 3. Check `_meta`, then hand the request to the handler its method names.

/**
 * One parsed message in, its response out (undefined: nothing to send).
 * `handlers[method](params, {id, capabilities, send})` returns the result;
 * `send` writes a notification for this request. Used by serveStdio and http.mjs.
 */
export async function answer(message, { info = SERVER_INFO, handlers = HANDLERS, send = writeMessage } = {}) {
  if (message.kind === 'error') return errorResponse(message.id, message.error);
  const { id, method, params = {} } = message;
  try {
    if (method === 'initialize') throw noHandshake(params);
    if (!Object.hasOwn(handlers, method)) throw new RpcError(ERR.METHOD_NOT_FOUND, `Method not found: ${method}`);
    if (Array.isArray(params)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "params" must be an object');
    const capabilities = checkMeta(params);
    const result = await handlers[method](params, { id, capabilities, send });
    return result === undefined ? undefined : resultResponse(id, withServerInfo(result, info));
  } catch (err) {
    return errorResponse(id, err, info.name);
  }
}

/** No `initialize` here: -32022 naming the versions it speaks. https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning */
export function noHandshake(params) {
  const requested = isObject(params) && typeof params.protocolVersion === 'string' ? params.protocolVersion : '(none)';
  return new RpcError(UNSUPPORTED_VERSION,
    `Unsupported protocol version: this server speaks only ${PROTOCOL_VERSION}, with no initialize handshake; send server/discover`,
    { supported: [PROTOCOL_VERSION], requested });
}

/** Version present (-32602) and spoken (-32022), capabilities present (-32602); returns the capabilities. */
export function checkMeta(params) {
  const meta = params._meta;
  const bad = (key, problem) => new RpcError(ERR.INVALID_PARAMS, `Invalid params: _meta key ${key} is ${problem}`, { key, problem });
  if (!isObject(meta) || !Object.hasOwn(meta, META.protocolVersion)) throw bad(META.protocolVersion, 'missing');
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string') throw bad(META.protocolVersion, 'not a string');
  if (version !== PROTOCOL_VERSION) throw new RpcError(UNSUPPORTED_VERSION, `Unsupported protocol version: ${version}`, { supported: [PROTOCOL_VERSION], requested: version });
  if (!Object.hasOwn(meta, META.clientCapabilities)) throw bad(META.clientCapabilities, 'missing');
  if (!isObject(meta[META.clientCapabilities])) throw bad(META.clientCapabilities, 'not an object');
  return meta[META.clientCapabilities];
}

/** Who answered goes in every result's `_meta`. */
export const withServerInfo = (result, info) => ({ ...result, _meta: { ...result._meta, [META.serverInfo]: info } });

// 4. The handlers. Results carry cache hints: how long a client may reuse them, and
//    whether for everyone. https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching

/** Which handler answers which method. A method not here is -32601. */
export const HANDLERS = Object.freeze({
  'server/discover': discover,
  'tools/list': (params) => list(params, 'tools', TOOLS),
  'tools/call': callTool,
  'resources/list': (params) => list(params, 'resources', [WEEK_RESOURCE]),
  'resources/templates/list': (params) => list(params, 'resourceTemplates', []),
  'resources/read': readWeek,
  'prompts/list': (params) => list(params, 'prompts', [PREPARE_WEEK_PROMPT]),
  'prompts/get': getPrompt,
});

export const CATALOG_CACHE = Object.freeze({ ttlMs: 300_000, cacheScope: 'public' });
export const WEEK_CACHE = Object.freeze({ ttlMs: 60_000, cacheScope: 'private' });
export const CALENDAR_INSTRUCTIONS = 'A toy calendar. Read calendar://week for the events, call create_event to add one, use the prepare_week prompt to plan.';

export function discover() {
  return {
    resultType: 'complete', supportedVersions: [PROTOCOL_VERSION], capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions: CALENDAR_INSTRUCTIONS, ttlMs: 3_600_000, cacheScope: 'public',
  };
}

/** A list on one page: any cursor is one this server never issued, -32602. paged-calendar.mjs pages. */
export function list(params, key, items) {
  if (Object.hasOwn(params, 'cursor')) throw new RpcError(ERR.INVALID_PARAMS, `Invalid params: cursor ${JSON.stringify(params.cursor)} is not one this list issued`);
  return { resultType: 'complete', [key]: items, ...CATALOG_CACHE };
}

// --- The tool: create_event ---

export const EVENT_PROPERTIES = Object.freeze({
  title: { type: 'string', minLength: 1, description: 'What the event is called, e.g. "Dentist".' },
  startsAt: { type: 'string', format: 'date-time', description: 'When it starts, ISO 8601 in UTC, e.g. "2026-09-10T08:30:00Z". Leave it out and the server asks the user.' },
});
/** Hints for clients: it writes, is not idempotent, touches nothing outside the calendar. */
export const CREATE_EVENT_ANNOTATIONS = Object.freeze({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
export const CREATE_EVENT_TOOL = Object.freeze({
  name: 'create_event',
  title: 'Create event',
  description: 'Create a calendar event. Writes to the calendar. If startsAt is missing, the server asks the user for it.',
  inputSchema: { type: 'object', properties: EVENT_PROPERTIES, required: ['title'], additionalProperties: false },
  annotations: CREATE_EVENT_ANNOTATIONS,
});

/** A tools/call that breaks CallToolRequest or names an unknown tool is -32602: https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling */
export function findTool(params, tools) {
  if (typeof params.name !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "name" must be a string');
  const tool = tools.find((t) => t.name === params.name);
  if (!tool) throw new RpcError(ERR.INVALID_PARAMS, `Unknown tool: ${params.name}`);
  const args = Object.hasOwn(params, 'arguments') ? params.arguments : {};
  if (!isObject(args)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "arguments" must be an object');
  return { tool, args };
}

/** Arguments that break create_event's schema are a tool error the model can fix: the sentence, or undefined. */
export function eventProblem(args, otherKeys = []) {
  const unknown = Object.keys(args).find((key) => !Object.hasOwn(EVENT_PROPERTIES, key) && !otherKeys.includes(key));
  if (unknown !== undefined) return `unknown argument "${unknown}"`;
  if (!Object.hasOwn(args, 'title')) return '"title" is required';
  if (typeof args.title !== 'string') return '"title" must be a string';
  if (args.title === '') return '"title" must not be empty';
  if (args.startsAt === undefined || normaliseDateTime(args.startsAt) !== undefined) return undefined;
  return typeof args.startsAt === 'string' ? '"startsAt" must be an ISO 8601 date-time such as 2026-09-10T08:30:00Z' : '"startsAt" must be a string';
}

/** A complete tool result; structured content also as JSON text. https://modelcontextprotocol.io/specification/2026-07-28/server/tools#structured-content */
export function toolResult(text, { structuredContent, isError = false } = {}) {
  const result = { resultType: 'complete', content: [{ type: 'text', text }] };
  if (structuredContent !== undefined) {
    result.content.push({ type: 'text', text: JSON.stringify(structuredContent) });
    result.structuredContent = structuredContent;
  }
  result.isError = isError;
  return result;
}

/** The calendar's tools, named once: tools/list lists them and tools/call finds them here. */
export const TOOLS = [CREATE_EVENT_TOOL];

function callTool(params, { capabilities }) {
  const { tool, args } = findTool(params, TOOLS);
  const problem = eventProblem(args);
  if (problem) return toolResult(`${tool.name} failed: ${problem}.`, { isError: true });
  return createEvent(params, args, capabilities);
}

/** The key under which create_event asks for a start time in `inputRequests`. */
export const WHEN_KEY = 'when';

/**
 * With `startsAt`, create at once. Without it, ask: `input_required` with a form
 * under `when` and a sealed `requestState` (only if the request declares form
 * elicitation; else -32021). The retry brings `inputResponses.when` and the same
 * state: accept with a date creates; decline or cancel creates nothing; anything
 * else asks again. `create(startsAt, args)` makes the event (calendar-handles.mjs passes its own).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
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
  const e = capabilities.elicitation; // `{}` means form only: https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation#capabilities
  if (!isObject(e) || !(isObject(e.form) || (!Object.hasOwn(e, 'form') && !Object.hasOwn(e, 'url')))) {
    throw new RpcError(MISSING_CAPABILITY, 'create_event without startsAt needs to ask the user, and this request does not declare form elicitation',
      { requiredCapabilities: { elicitation: { form: {} } } });
  }
  return { resultType: 'input_required', inputRequests: { [WHEN_KEY]: askForStart(args.title, retryNote) }, requestState: sealRequestState(binding) };
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

/** Adds the event to EVENTS, which only this process will ever see (the bug), and tells EVENT_LISTENERS. */
function addToEvents(startsAt, { title }) {
  const event = { id: `e${EVENTS.length + 1}`, title, startsAt };
  EVENTS.push(event);
  for (const hear of EVENT_LISTENERS) hear(event);
  return toolResult(`Created ${event.id}: ${event.title} at ${event.startsAt}`, { structuredContent: event });
}

/** Functions called with each event created here (listening-calendar.mjs adds one). */
export const EVENT_LISTENERS = new Set();

// --- The resource: calendar://week ---

export const WEEK_RESOURCE = Object.freeze({
  uri: 'calendar://week', name: 'week', title: 'This week',
  description: 'The events of the calendar, as a JSON array of {id, title, startsAt}.', mimeType: 'application/json',
});

/** An unknown resource is -32602, never empty contents. https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling */
function readWeek(params) {
  if (typeof params.uri !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "uri" must be a string');
  if (params.uri !== WEEK_RESOURCE.uri) throw new RpcError(ERR.INVALID_PARAMS, 'Resource not found', { uri: params.uri });
  return { resultType: 'complete', contents: [{ uri: WEEK_RESOURCE.uri, mimeType: 'application/json', text: JSON.stringify(EVENTS) }], ...WEEK_CACHE };
}

// --- The prompt: prepare_week ---

export const PREPARE_WEEK_PROMPT = Object.freeze({
  name: 'prepare_week', title: 'Prepare my week', description: 'Plan the week from the calendar.',
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

// Run as a program (not when another server imports this file).
if (isMainModule(import.meta.url)) serveStdio();
