/**
 * http.mjs: the calendar over Streamable HTTP (MCP 2026-07-28).
 *
 * What it teaches: the same messages as calendar.mjs (which it imports),
 * carried by HTTP instead of stdio
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http).
 * - One endpoint, `POST /mcp`; every message is its own POST. GET and DELETE
 *   get 405 (there is no stream to open and no session to end).
 * - Headers repeat what routing needs, and must agree with the body:
 *   `MCP-Protocol-Version` (= `_meta` protocolVersion), `Mcp-Method`
 *   (= method) and, for tools/call, resources/read and prompts/get,
 *   `Mcp-Name` (= params.name or params.uri). Missing or different -> 400
 *   with -32020.
 * - The JSON-RPC error decides the HTTP status: -32601 -> 404; -32602,
 *   -32021, -32022 (and -32700, -32600) -> 400.
 * - A legacy client's `initialize` comes without those headers. This server
 *   does not serve clients older than 2025-06-18 (which sent no
 *   MCP-Protocol-Version), so it rejects it like any request without the
 *   header: 400 with -32020, and the message names 2026-07-28, the version it
 *   speaks (a modern-only server SHOULD name its versions in any error it
 *   returns to an `initialize`: https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning).
 * - Replies are `application/json`, except tools/call, which answers with a
 *   `text/event-stream` whose last event is the response (any notification a
 *   tool sends for its call would come before it; create_event sends none).
 * - A notification gets `202 Accepted` and no body.
 * - A foreign `Origin` gets 403 (DNS-rebinding defence); `Mcp-Session-Id` is
 *   ignored and never sent (there are no sessions).
 * - Like calendar.mjs, events live in this process's memory.
 *
 * Use it two ways:
 * - as a program: `node toy-servers/http.mjs [port]` listens on 127.0.0.1
 *   (port from the argument, else env TOY_HTTP_PORT or PORT, else 8080; 0 picks
 *   a free one) and prints the URL on stderr;
 * - as a module: `import { handle } from './http.mjs'` gives the WHATWG fetch
 *   handler `(Request) => Promise<Response>`, which runs anywhere (the
 *   browser engines call it directly). Importing it does not load node:http.
 *
 * Environment: as calendar.mjs (TOY_CLOCK, TOY_SEED, ...), and
 * TOY_ALLOWED_ORIGINS, a comma-separated list of extra origins to accept
 * (loopback origins such as http://localhost:4321 are always accepted).
 */
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { META, PROTOCOL_VERSION, answer, parseMessage } from './calendar.mjs';
import { RpcError, errorResponse, isMainModule, isObject, log, serveOnLoopback } from './plumbing.mjs';

/** The one MCP endpoint path. */
export const MCP_PATH = '/mcp';

const INFO = { name: 'calendar-http', title: 'Toy calendar over HTTP', version: '1.0.0' };

/** Headers that disagree with the body: https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#server-validation */
const HEADER_MISMATCH = -32020;

/** Methods whose target travels in the `Mcp-Name` header, and where it is in params. */
const NAME_FIELD = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** HTTP status for a JSON-RPC error code: -32601 -> 404, -32603 -> 500, the rest 400. */
function statusFor(code) {
  if (code === -32601) return 404;
  if (code === -32603) return 500;
  return 400;
}

/**
 * True for an Origin this server accepts: loopback hosts on any port, plus
 * those in TOY_ALLOWED_ORIGINS. Requests without Origin (not from a browser page) are accepted.
 * @param {string | null} origin
 */
export function isAllowedOrigin(origin) {
  if (origin === null) return true;
  const extra = (process.env.TOY_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (extra.includes(origin)) return true;
  return /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);
}

/** Decodes a header value that may use the `=?base64?...?=` form for non-ASCII text. */
function headerText(value) {
  const m = value === null ? null : /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : value;
}

const json = (status, body) => new Response(JSON.stringify(body), {
  status,
  headers: { 'content-type': 'application/json' },
});

const rpcError = (id, err) => json(statusFor(err.code), errorResponse(id, err));

/**
 * Checks the MCP headers of a request POST against its body; throws RpcError
 * -32020 naming the first disagreement. A request without MCP-Protocol-Version
 * (a legacy `initialize` among them) is rejected "per Server Validation", as a
 * server that does not treat it as 2025-03-26 must; the message names the
 * version this server speaks.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#protocol-version-header
 * @param {Headers} headers @param {{method: string, params: unknown}} message
 */
function checkHeaders(headers, message) {
  const mismatch = (text) => new RpcError(HEADER_MISMATCH, `Header mismatch: ${text}`);
  const params = isObject(message.params) ? message.params : {};
  const version = headers.get('mcp-protocol-version');
  if (version === null) throw mismatch(`the MCP-Protocol-Version header is required (this server speaks MCP ${PROTOCOL_VERSION})`);
  const bodyVersion = isObject(params._meta) ? params._meta[META.protocolVersion] : undefined;
  if (typeof bodyVersion === 'string' && bodyVersion !== version) {
    throw mismatch(`MCP-Protocol-Version header value '${version}' does not match body value '${bodyVersion}'`);
  }
  const method = headers.get('mcp-method');
  if (method === null) throw mismatch('the Mcp-Method header is required');
  if (method !== message.method) throw mismatch(`Mcp-Method header value '${method}' does not match body value '${message.method}'`);
  const field = NAME_FIELD[message.method];
  if (field === undefined) return;
  const name = headerText(headers.get('mcp-name'));
  if (name === null) throw mismatch(`the Mcp-Name header is required for ${message.method}`);
  if (name !== params[field]) throw mismatch(`Mcp-Name header value '${name}' does not match body value '${String(params[field])}'`);
}

/**
 * The Streamable HTTP endpoint as a WHATWG fetch handler.
 * POST /mcp with one JSON-RPC message -> 200 (JSON, or SSE for tools/call),
 * 202 (notification), 400/404/500 (JSON-RPC error in the body); 403 for a
 * foreign Origin; 405 for other methods on /mcp; 404 for other paths.
 * Never throws.
 * @param {Request} request
 * @returns {Promise<Response>}
 */
export async function handle(request) {
  if (!isAllowedOrigin(request.headers.get('origin'))) {
    return new Response('Forbidden: origin not allowed\n', { status: 403, headers: { 'content-type': 'text/plain' } });
  }
  if (new URL(request.url).pathname !== MCP_PATH) {
    return new Response('Not found: the MCP endpoint is /mcp\n', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
  if (request.method !== 'POST') {
    return new Response('Method not allowed: send JSON-RPC messages with POST\n', {
      status: 405,
      headers: { allow: 'POST', 'content-type': 'text/plain' },
    });
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await request.arrayBuffer());
  } catch {
    text = null;
  }
  const message = parseMessage(text);
  if (message.kind === 'error') return rpcError(message.id, message.error);
  if (message.kind === 'notification') return new Response(null, { status: 202 });
  try {
    checkHeaders(request.headers, message);
  } catch (err) {
    return rpcError(message.id, err);
  }
  const events = [];
  const send = (m) => events.push(m);
  const reply = await answer(message, { info: INFO, send });
  if (reply.error) return json(statusFor(reply.error.code), reply);
  if (message.method !== 'tools/call') return json(200, reply);
  const body = [...events, reply].map((m) => `event: message\ndata: ${JSON.stringify(m)}\n\n`).join('');
  return new Response(`: the response to ${message.method} follows\n\n${body}`, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
  });
}

// ---------------------------------------------------------------------------
// Run as a program: serve handle() on 127.0.0.1 (plumbing.mjs's node:http binding).
// ---------------------------------------------------------------------------

if (isMainModule(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.TOY_HTTP_PORT ?? process.env.PORT ?? 8080);
  const origin = await serveOnLoopback(handle, port);
  log(`calendar-http: ready, MCP ${PROTOCOL_VERSION} over Streamable HTTP at ${origin}${MCP_PATH}`);
}
