/**
 * legacy.mjs: the calendar as a 2025-11-25-era server (the "legacy" era), over stdio.
 *
 * What it teaches: how the servers a modern client will meet for years behave.
 * - The conversation starts with a handshake: `initialize` (answered with
 *   protocolVersion "2025-11-25", whatever version was asked for), then the
 *   notification `notifications/initialized`. `ping` works.
 *   https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle
 * - It has never heard of `server/discover`. How it says so is chosen with
 *   `--discover=<style>`, because real legacy servers differ:
 *     method-not-found  -32601 "Method not found" (the default)
 *     invalid-params    -32602, as servers that validate before they route do
 *     silent            no answer at all: the client's probe times out
 *     exit              the process exits with code 1
 *   A modern client must fall back to `initialize` in every case: the spec
 *   forbids keying the fallback to one error code.
 *   https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning
 * - Results carry no `resultType`, `ttlMs` or `cacheScope`; the server's
 *   identity is in the initialize result, not in each result's `_meta`.
 *   A `_meta` sent by the client is ignored.
 * - Like many real legacy servers, it does not insist on the handshake: it
 *   serves `tools/list`, `resources/list` and `prompts/list` (and everything
 *   else) sent before `initialize`. That is the hazard the spec's probing rule
 *   exists for: a modern request can be served under legacy rules.
 * - A missing resource is -32002 here (the 2025 code); 2026-07-28 uses -32602.
 * - It cannot ask the user for anything in the middle of a call the modern
 *   way, so create_event without startsAt is a tool error.
 *
 * Run it:   node toy-servers/legacy.mjs [--discover=silent]   then, one per line:
 *   {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"me","version":"1"}}}
 *   {"jsonrpc":"2.0","method":"notifications/initialized"}
 *   {"jsonrpc":"2.0","id":2,"method":"tools/list"}
 *
 * It uses no clock and no randomness, so its output is always reproducible.
 * The catalog (tool, resource, prompt) is the calendar's, imported from calendar.mjs.
 */
import process from 'node:process';
import { CALENDAR_INSTRUCTIONS, CREATE_EVENT_TOOL, PREPARE_WEEK_PROMPT, SEED_EVENTS, WEEK_RESOURCE, getPrompt, parseMessage, readLines } from './calendar.mjs';
import {
  ERR, RpcError, errorResponse, exitWhenFlushed, findTool, log, normaliseDateTime, resultResponse, schemaProblem, writeMessage,
} from './plumbing.mjs';

const LEGACY_VERSION = '2025-11-25';
const SERVER_INFO = { name: 'calendar-legacy', title: 'Toy calendar (2025-11-25)', version: '1.0.0' };
/** Resource not found, in 2025-11-25 and earlier. */
const LEGACY_RESOURCE_NOT_FOUND = -32002;

const STYLES = ['method-not-found', 'invalid-params', 'silent', 'exit'];
const DISCOVER_STYLE = (process.argv.find((a) => a.startsWith('--discover=')) ?? '--discover=method-not-found').slice('--discover='.length);
if (!STYLES.includes(DISCOVER_STYLE)) {
  log(`calendar-legacy: unknown --discover=${DISCOVER_STYLE}; use one of ${STYLES.join(', ')}`);
  process.exit(2);
}

const EVENTS = SEED_EVENTS.map((event) => ({ ...event })); // in memory, like calendar.mjs

// 1. Read a line, 2. parse it, 3. answer it (no _meta to check: this era has none).
readLines((text) => {
  const message = parseMessage(text);
  if (message.kind === 'notification') return; // notifications/initialized and friends: never answered
  if (message.kind === 'error') return writeMessage(errorResponse(message.id, message.error));
  if (message.method === 'server/discover' && DISCOVER_STYLE === 'silent') return;
  if (message.method === 'server/discover' && DISCOVER_STYLE === 'exit') {
    log('calendar-legacy: unknown method server/discover; exiting');
    process.exit(1);
  }
  try {
    writeMessage(resultResponse(message.id, dispatch(message.method, message.params ?? {})));
  } catch (err) {
    writeMessage(errorResponse(message.id, err, SERVER_INFO.name));
  }
}, exitWhenFlushed);
log(`calendar-legacy: ready, MCP ${LEGACY_VERSION} over stdio (initialize first)`);

const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list',
  'resources/read', 'prompts/list', 'prompts/get'];

/** The legacy method table: plain results, no resultType, no cache hints. */
function dispatch(method, params) {
  if (method === 'server/discover' && DISCOVER_STYLE === 'invalid-params') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params');
  if (!METHODS.includes(method)) throw new RpcError(ERR.METHOD_NOT_FOUND, 'Method not found');
  if (Array.isArray(params)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "params" must be an object');
  switch (method) {
    case 'initialize': return {
      protocolVersion: LEGACY_VERSION,
      capabilities: { tools: {}, resources: {}, prompts: {} },
      serverInfo: SERVER_INFO,
      instructions: CALENDAR_INSTRUCTIONS,
    };
    case 'ping': return {};
    case 'tools/list': return { tools: [CREATE_EVENT_TOOL] };
    case 'tools/call': return createEvent(params);
    case 'resources/list': return { resources: [WEEK_RESOURCE] };
    case 'resources/templates/list': return { resourceTemplates: [] };
    case 'resources/read':
      if (params.uri !== WEEK_RESOURCE.uri) throw new RpcError(LEGACY_RESOURCE_NOT_FOUND, 'Resource not found', { uri: params.uri });
      return { contents: [{ uri: WEEK_RESOURCE.uri, mimeType: 'application/json', text: JSON.stringify(EVENTS) }] };
    case 'prompts/list': return { prompts: [PREPARE_WEEK_PROMPT] };
    case 'prompts/get': {
      const { resultType, ...result } = getPrompt(params); // the same prompt, minus the 2026 field
      return result;
    }
  }
}

/** A tool result of this era: no resultType; structured content repeated as JSON text. */
const toolResult = (text, { structuredContent, isError } = {}) => ({
  content: [{ type: 'text', text }, ...(structuredContent ? [{ type: 'text', text: JSON.stringify(structuredContent) }] : [])],
  ...(structuredContent ? { structuredContent } : {}),
  ...(isError !== undefined ? { isError } : {}),
});

function createEvent(params) {
  const { args } = findTool(params, [CREATE_EVENT_TOOL]);
  const problem = schemaProblem(args, CREATE_EVENT_TOOL.inputSchema);
  if (problem) return toolResult(`create_event failed: ${problem}.`, { isError: true });
  if (args.startsAt === undefined) {
    return toolResult('create_event failed: this server cannot ask for a start time; pass startsAt.', { isError: true });
  }
  const event = { id: `e${EVENTS.length + 1}`, title: args.title, startsAt: normaliseDateTime(args.startsAt) };
  EVENTS.push(event);
  return toolResult(`Created ${event.id}: ${event.title} at ${event.startsAt}`, { structuredContent: event, isError: false });
}
