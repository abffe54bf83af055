/**
 * legacy.mjs: the calendar as a 2025-11-25-era server (the "legacy" era), over stdio.
 *
 * What it teaches: how the servers a modern client will meet for years behave.
 * - The conversation starts with a handshake: `initialize` (answered with
 *   protocolVersion "2025-11-25", whatever version was asked for), then the
 *   notification `notifications/initialized`. `ping` works.
 * - It has never heard of `server/discover`: that gets -32601 "Method not
 *   found", which is how a modern client's probe tells it is legacy.
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
 * Run it:   node toy-servers/legacy.mjs   then, one per line:
 *   {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"me","version":"1"}}}
 *   {"jsonrpc":"2.0","method":"notifications/initialized"}
 *   {"jsonrpc":"2.0","id":2,"method":"tools/list"}
 *
 * Environment: TOY_CLOCK and TOY_SEED are accepted like everywhere (see
 * shared.mjs); this server uses neither clock nor randomness, so its output is
 * always reproducible.
 */
import {
  CALENDAR_INSTRUCTIONS, CREATE_EVENT_TOOL, ERR, PREPARE_WEEK_PROMPT, RpcError, WEEK_RESOURCE,
  answerRequest, errorResponse, normaliseDateTime, parseMessage, prepareWeekText, readPromptArgs, readToolCall, seedEvents, serveStdio,
} from './shared.mjs';

const LEGACY_VERSION = '2025-11-25';
const SERVER_INFO = { name: 'calendar-legacy', title: 'Toy calendar (2025-11-25)', version: '1.0.0' };
const EVENTS = seedEvents(); // in memory, like calendar.mjs

const toolResult = (text, extra = {}) => ({ content: [{ type: 'text', text }], ...extra });

/** The legacy method table: plain results, no resultType, no cache hints. */
const handlers = {
  initialize: () => ({
    protocolVersion: LEGACY_VERSION,
    capabilities: { tools: {}, resources: {}, prompts: {} },
    serverInfo: SERVER_INFO,
    instructions: CALENDAR_INSTRUCTIONS,
  }),
  ping: () => ({}),
  'tools/list': () => ({ tools: [CREATE_EVENT_TOOL] }),
  'tools/call': (params) => {
    const { args, problem } = readToolCall(params, [CREATE_EVENT_TOOL]);
    if (problem) return toolResult(`create_event failed: ${problem}.`, { isError: true });
    if (args.startsAt === undefined) {
      return toolResult('create_event failed: this server cannot ask for a start time; pass startsAt.', { isError: true });
    }
    const event = { id: `e${EVENTS.length + 1}`, title: args.title, startsAt: normaliseDateTime(args.startsAt) };
    EVENTS.push(event);
    return toolResult(`Created ${event.id}: ${event.title} at ${event.startsAt}`, { structuredContent: event, isError: false });
  },
  'resources/list': () => ({ resources: [WEEK_RESOURCE] }),
  'resources/templates/list': () => ({ resourceTemplates: [] }),
  'resources/read': (params) => {
    if (params.uri !== WEEK_RESOURCE.uri) throw new RpcError(ERR.LEGACY_RESOURCE_NOT_FOUND, 'Resource not found', { uri: params.uri });
    return { contents: [{ uri: WEEK_RESOURCE.uri, mimeType: 'application/json', text: JSON.stringify(EVENTS) }] };
  },
  'prompts/list': () => ({ prompts: [PREPARE_WEEK_PROMPT] }),
  'prompts/get': (params) => {
    if (params.name !== PREPARE_WEEK_PROMPT.name) throw new RpcError(ERR.INVALID_PARAMS, `Unknown prompt: ${String(params.name)}`);
    const args = readPromptArgs(params);
    return {
      description: PREPARE_WEEK_PROMPT.description,
      messages: [{ role: 'user', content: { type: 'text', text: prepareWeekText(args.focus ?? 'balance') } }],
    };
  },
};

/** One line in, one response out (null for notifications such as notifications/initialized). */
async function handleText(text) {
  const message = parseMessage(text);
  if (message.kind === 'notification') return null;
  if (message.kind === 'error') return errorResponse(message.id, message.error);
  const { id, method } = message;
  return answerRequest(SERVER_INFO.name, id, method, () => {
    if (!Object.hasOwn(handlers, method)) throw new RpcError(ERR.METHOD_NOT_FOUND, 'Method not found');
    if (Array.isArray(message.params)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "params" must be an object');
    return handlers[method](message.params ?? {});
  });
}

serveStdio({ handleText }, `calendar-legacy: ready, MCP ${LEGACY_VERSION} over stdio (initialize first)`);
