/**
 * countdown.mjs: the calendar (MCP 2026-07-28, stdio) plus one slow tool,
 * `countdown`, to watch progress and cancellation.
 *
 * What it teaches:
 * - Progress: a request that puts `progressToken` in its `_meta` opts into
 *   `notifications/progress` for that request, `progress` rising to `total`.
 *   Without a token, no progress is sent.
 *   https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/progress
 * - Cancellation on stdio: `notifications/cancelled` naming a request's id stops
 *   it, and the server then sends nothing more for that request: no progress,
 *   no response. A cancellation for a request it does not know, or has already
 *   answered, is ignored.
 *   https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation
 *
 * Everything else is calendar.mjs, which it imports: `tools/list` shows both
 * tools, and a tools/call of create_event goes to the calendar's own handler.
 *
 * Run it:   node toy-servers/countdown.mjs   (one JSON-RPC message per line on stdin)
 *
 * Environment: as calendar.mjs (TOY_CLOCK, TOY_SEED), and TOY_TICK_MS, the
 * length of one step in ms (default 1000; tests set it short).
 */
import process from 'node:process';
import { CATALOG_CACHE, HANDLERS, TOOLS, serveStdio } from './calendar.mjs';
import { ERR, RpcError, findTool, idKey, isMainModule, isObject, notification, onePage, sleep, toolResult } from './plumbing.mjs';

const INFO = { name: 'calendar-countdown', title: 'Toy calendar with a slow tool', version: '1.0.0' };
const TICK_MS = Number(process.env.TOY_TICK_MS ?? 1000);

export const COUNTDOWN_TOOL = Object.freeze({
  name: 'countdown',
  title: 'Count down',
  description: 'Slow on purpose: counts down from "from" (1 to 10), one step per tick, reporting progress.',
  inputSchema: { type: 'object', properties: { from: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['from'], additionalProperties: false },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});

/** Ids (as idKey) of the requests cancelled so far, read as soon as each notification arrives. */
const CANCELLED = new Set();

/** The only notification a client sends here: remember the id, so that its countdown stops. */
function onNotification({ method, params }) {
  if (method === 'notifications/cancelled' && isObject(params)) CANCELLED.add(idKey(params.requestId));
}

/**
 * countdown: one step per tick. With `_meta.progressToken` each step is a
 * `notifications/progress`; once its request is cancelled it stops and returns
 * undefined, so nothing more is sent for it, not even a reply.
 */
async function countdown(params, { id, send }) {
  const { args } = findTool(params, [COUNTDOWN_TOOL]);
  const unknown = Object.keys(args).find((key) => key !== 'from');
  if (unknown !== undefined) return toolResult(`countdown failed: unknown argument "${unknown}".`, { isError: true });
  const { from } = args;
  if (!Number.isInteger(from) || from < 1 || from > 10) return toolResult('countdown failed: "from" must be an integer from 1 to 10.', { isError: true });
  const token = params._meta.progressToken;
  if (token !== undefined && typeof token !== 'string' && !Number.isSafeInteger(token)) {
    throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: _meta.progressToken must be a string or an integer');
  }
  const cancelled = () => CANCELLED.has(idKey(id));
  for (let step = 1; step <= from; step++) {
    if (cancelled()) return undefined;
    await sleep(TICK_MS);
    if (cancelled()) return undefined;
    if (token !== undefined) send(notification('notifications/progress', { progressToken: token, progress: step, total: from, message: `${from - step} to go` }));
  }
  return toolResult(`Counted down from ${from}.`);
}

export const COUNTDOWN_HANDLERS = Object.freeze({
  ...HANDLERS,
  'tools/list': (params) => onePage(params, { tools: [...TOOLS, COUNTDOWN_TOOL], ...CATALOG_CACHE }),
  'tools/call': (params, request) => (params.name === COUNTDOWN_TOOL.name ? countdown(params, request) : HANDLERS['tools/call'](params, request)),
});

if (isMainModule(import.meta.url)) serveStdio({ info: INFO, handlers: COUNTDOWN_HANDLERS, onNotification });
