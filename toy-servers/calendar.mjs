/**
 * calendar.mjs: the course's calendar, a complete MCP server for revision 2026-07-28 over stdio. Read it top to
 * bottom, the order a request travels: 1. read a line, 2. parse it, 3. check `_meta` (every request carries its
 * own: no handshake) and pick the handler, 4. the handlers: discovery, the tool `create_event` (the model decides;
 * create-event.mjs asks the person for a missing start time), the resource `calendar://week` (the application
 * attaches it), the prompt `prepare_week` (the user picks it). A deliberate bug: the events live in `EVENTS`, in
 * this process's memory. Run it: `node toy-servers/calendar.mjs`, then type one JSON-RPC message per line:
 *   {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
 * Close stdin (Ctrl-D) and it exits with code 0. TOY_CLOCK and TOY_SEED: see README.md.
 */
import { Buffer } from 'node:buffer';
import process from 'node:process';
import {
  ERR, RpcError, errorResponse, exitWhenFlushed, findTool, isMainModule, isObject, log, onePage, parseJsonLine, resultResponse, schemaProblem, toolResult, writeMessage,
} from './plumbing.mjs';
import { createEvent } from './create-event.mjs';

export const PROTOCOL_VERSION = '2026-07-28';
export const SERVER_INFO = { name: 'calendar', title: 'Toy calendar', version: '1.0.0' };
/** Reserved `_meta` keys: https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion', clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo', subscriptionId: 'io.modelcontextprotocol/subscriptionId',
});
/** MCP's error code for a version it does not speak: https://modelcontextprotocol.io/specification/2026-07-28/basic/index#error-codes */
export const UNSUPPORTED_VERSION = -32022;

/** The events every calendar of the course starts with (legacy.mjs and calendar-handles.mjs start from them too). */
export const SEED_EVENTS = Object.freeze([
  Object.freeze({ id: 'e1', title: 'Standup', startsAt: '2026-09-07T09:00:00Z' }),
  Object.freeze({ id: 'e2', title: 'Design review', startsAt: '2026-09-09T15:00:00Z' }),
]);
/** The deliberate bug: state kept in this process, named by no request. */
export const EVENTS = SEED_EVENTS.map((event) => ({ ...event }));

// 1. Read a line: on stdio each message is one line of UTF-8 JSON on stdin, each reply one line on stdout; logs go
//    to stderr. Lines are cut from the raw bytes, so a chunk may end anywhere, even inside a character.
//    https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
/** Calls `onLine(text)` per line (`\r` dropped, blank lines skipped, `null` if not UTF-8), then `onEnd()`. */
export function readLines(onLine, onEnd) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const pending = [];
  const emit = (bytes) => {
    let text = null;
    try { text = decoder.decode(bytes).replace(/\r$/, ''); } catch { /* not UTF-8: text stays null */ }
    if (text === null || text.trim() !== '') onLine(text);
  };
  process.stdin.on('data', (chunk) => {
    let bytes = Buffer.from(chunk);
    for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10)) {
      emit(Buffer.concat([...pending.splice(0), bytes.subarray(0, nl)]));
      bytes = bytes.subarray(nl + 1);
    }
    if (bytes.length > 0) pending.push(bytes);
  });
  process.stdin.on('end', () => { if (pending.length > 0) emit(Buffer.concat(pending)); onEnd(); });
}

// 2. Parse it: not JSON is -32700; JSON that is not one JSON-RPC message is -32600,
//    without an id when none could be read. https://www.jsonrpc.org/specification
/** `{kind:'request', id, method, params}`, `{kind:'notification', method, params}` or `{kind:'error', error, id?}`; never throws. */
export function parseMessage(text) {
  const error = (code, why, id) => ({ kind: 'error', id, error: new RpcError(code, why) });
  if (text === null) return error(ERR.PARSE_ERROR, 'Parse error: the line is not valid UTF-8');
  const { value, id, idProblem, malformed } = parseJsonLine(text); // the id as a reply can echo it: a string or an integer
  if (malformed !== undefined) return error(ERR.PARSE_ERROR, `Parse error: the line is malformed JSON${malformed}`);
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'an array (batches are not allowed)' : `a JSON ${value === null ? 'null' : typeof value}`;
    return error(ERR.INVALID_REQUEST, `Invalid Request: expected one JSON-RPC object, got ${what}`);
  }
  const hasId = Object.hasOwn(value, 'id');
  const invalid = (why) => error(ERR.INVALID_REQUEST, `Invalid Request: ${why}`, id);
  if (value.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  if (hasId && id === undefined) return invalid(idProblem);
  const isResponse = hasId && (Object.hasOwn(value, 'result') || Object.hasOwn(value, 'error'));
  if (typeof value.method !== 'string') return invalid(isResponse ? 'clients do not send responses to a server' : '"method" must be a string');
  if (Object.hasOwn(value, 'params') && !isObject(value.params) && !Array.isArray(value.params)) return invalid('"params" must be an object');
  return hasId ? { kind: 'request', id, method: value.method, params: value.params } : { kind: 'notification', method: value.method, params: value.params };
}

/** The read loop: each request answered in turn, notifications to `onNotification`; at the end of stdin, `onEnd`, then exit 0. */
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
/** One parsed message in, its response out (undefined: nothing to send); `send` writes a notification for this request. */
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
  } catch (err) { return errorResponse(id, err, info.name); }
}

/** A version this server does not speak is -32022, naming the one it does: https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning */
const unsupported = (requested, why = requested) => new RpcError(UNSUPPORTED_VERSION, `Unsupported protocol version: ${why}`, { supported: [PROTOCOL_VERSION], requested });
/** No `initialize` here: the handshake is gone from this revision. */
const noHandshake = (params) => unsupported(typeof params.protocolVersion === 'string' ? params.protocolVersion : '(none)',
  `this server speaks only ${PROTOCOL_VERSION}, with no initialize handshake; send server/discover`);

/** Version present (-32602) and spoken (-32022), capabilities present (-32602); returns the capabilities. */
export function checkMeta(params) {
  const meta = params._meta;
  const bad = (key, problem) => new RpcError(ERR.INVALID_PARAMS, `Invalid params: _meta key ${key} is ${problem}`, { key, problem });
  if (!isObject(meta) || !Object.hasOwn(meta, META.protocolVersion)) throw bad(META.protocolVersion, 'missing');
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string') throw bad(META.protocolVersion, 'not a string');
  if (version !== PROTOCOL_VERSION) throw unsupported(version);
  if (!Object.hasOwn(meta, META.clientCapabilities)) throw bad(META.clientCapabilities, 'missing');
  if (!isObject(meta[META.clientCapabilities])) throw bad(META.clientCapabilities, 'not an object');
  return meta[META.clientCapabilities];
}

/** Who answered goes in every result's `_meta`. */
export const withServerInfo = (result, info) => ({ ...result, _meta: { ...result._meta, [META.serverInfo]: info } });

// 4. The handlers. Results carry cache hints (how long to reuse them, and for whom): https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
/** Which handler answers which method (a method not here is -32601). Lists come on one page: paged-calendar.mjs pages. */
export const HANDLERS = Object.freeze({
  'server/discover': discover,
  'tools/list': (params) => onePage(params, { tools: TOOLS, ...CATALOG_CACHE }),
  'tools/call': callTool,
  'resources/list': (params) => onePage(params, { resources: [WEEK_RESOURCE], ...CATALOG_CACHE }),
  'resources/templates/list': (params) => onePage(params, { resourceTemplates: [], ...CATALOG_CACHE }),
  'resources/read': readWeek,
  'prompts/list': (params) => onePage(params, { prompts: [PREPARE_WEEK_PROMPT], ...CATALOG_CACHE }),
  'prompts/get': getPrompt,
});

export const CATALOG_CACHE = Object.freeze({ ttlMs: 300_000, cacheScope: 'public' });
export const WEEK_CACHE = Object.freeze({ ttlMs: 60_000, cacheScope: 'private' });
export const CALENDAR_INSTRUCTIONS = 'A toy calendar. Read calendar://week for the events, call create_event to add one, use the prepare_week prompt to plan.';

export function discover() {
  const capabilities = { tools: {}, resources: {}, prompts: {} };
  return { resultType: 'complete', supportedVersions: [PROTOCOL_VERSION], capabilities, instructions: CALENDAR_INSTRUCTIONS, ttlMs: 3_600_000, cacheScope: 'public' };
}

// --- The tool: create_event ---
export const EVENT_PROPERTIES = Object.freeze({
  title: { type: 'string', minLength: 1, description: 'What the event is called, e.g. "Dentist".' },
  startsAt: { type: 'string', format: 'date-time', description: 'When it starts, ISO 8601 in UTC, e.g. "2026-09-10T08:30:00Z". Leave it out and the server asks the user.' },
});
export const CREATE_EVENT_TOOL = Object.freeze({
  name: 'create_event', title: 'Create event',
  description: 'Create a calendar event. Writes to the calendar. If startsAt is missing, the server asks the user for it.',
  inputSchema: { type: 'object', properties: EVENT_PROPERTIES, required: ['title'], additionalProperties: false },
  // Hints for clients: it writes, is not idempotent, touches nothing outside the calendar.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
});
/** The calendar's tools, named once: tools/list lists them and tools/call finds them here. */
export const TOOLS = [CREATE_EVENT_TOOL];

/** Arguments that break the tool's inputSchema are a tool error the model can fix; createEvent asks for a missing start. */
function callTool(params, { capabilities }) {
  const { tool, args } = findTool(params, TOOLS);
  const problem = schemaProblem(args, tool.inputSchema);
  if (problem) return toolResult(`${tool.name} failed: ${problem}.`, { isError: true });
  return createEvent(params, args, capabilities, addToEvents);
}

/** Adds the event to EVENTS, which only this process will ever see (the bug). */
function addToEvents(startsAt, { title }) {
  const event = { id: `e${EVENTS.length + 1}`, title, startsAt };
  EVENTS.push(event);
  return toolResult(`Created ${event.id}: ${event.title} at ${event.startsAt}`, { structuredContent: event });
}

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
  const strings = isObject(args) && Object.values(args).every((v) => typeof v === 'string');
  if (!strings) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: prompt arguments must be an object of strings');
  const text = `Read ${WEEK_RESOURCE.uri} and draft a plan for my week. Focus: ${args.focus ?? 'balance'}.`;
  return { resultType: 'complete', description: PREPARE_WEEK_PROMPT.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}

// Run as a program (not when another server imports this file).
if (isMainModule(import.meta.url)) serveStdio();
