/**
 * passthrough-proxy.mjs: what an MCP server must NOT do. A "calendar
 * gateway" that puts the protected calendar (protected-calendar.mjs) behind
 * its own address and, to reach it, forwards the client's access token
 * upstream unchanged: token passthrough, the anti-pattern MCP forbids.
 *
 * "The MCP server MUST NOT pass through the token it received from the MCP
 * client." (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/security-considerations#access-token-privilege-restriction)
 * Why, in the security best practices
 * (https://modelcontextprotocol.io/docs/2026-07-28/tutorials/security/security_best_practices#token-passthrough):
 * it breaks the audience boundary, the calendar logs the client and never
 * the proxy, whatever the proxy should have checked (who may call, how
 * often) is skipped, and a server downstream may trust a forwarded token as
 * if the proxy had checked it, a confused deputy
 * (https://modelcontextprotocol.io/docs/2026-07-28/tutorials/security/security_best_practices#confused-deputy-problem).
 *
 * What it does, in the order a request meets it:
 * 1. POST /mcp is all it serves. It checks nothing about the request: not
 *    whether a token came, not who issued it, not whom it is for (its own
 *    canonical URI, http://127.0.0.1:8082/mcp, is never compared with
 *    anything). That is the first half of the mistake.
 * 2. It copies the request, every header included, Authorization among them,
 *    and sends the copy to the calendar. That is the second half.
 * 3. It hands back whatever the calendar answered, status, headers and body,
 *    adding only `Via: 1.1 passthrough-proxy` (RFC 9110 section 7.6.3: a
 *    proxy names itself there). A 401 from the calendar reaches the client
 *    with the calendar's own challenge: the client is told to get a token
 *    for the calendar and give it to the proxy. Clients that do are how
 *    passthrough spreads.
 *
 * What the specification asks instead: accept only tokens whose audience is
 * this server, and call the calendar as an OAuth client of its own, with a
 * token the calendar's authorization server issued to this server for the
 * calendar. Two tokens, two audiences.
 *
 * Where "upstream" is:
 * - TOY_UPSTREAM_URL set: that URL, reached with fetch() over the network
 *   (run it on your machine beside protected-calendar.mjs:
 *   TOY_UPSTREAM_URL=http://127.0.0.1:8081/mcp);
 * - unset (the page, where servers have no network between them): the
 *   protected calendar's handler in this process, as protected-calendar.mjs
 *   runs it with canonical URI http://127.0.0.1:8081/mcp. A fetch handler
 *   takes the same Request and gives the same Response as fetch() does, so
 *   the forwarding code is one line either way.
 *
 * Use it two ways:
 * - as a program: `node toy-servers/passthrough-proxy.mjs [port]` listens on
 *   127.0.0.1 (port from the argument, else TOY_PROXY_PORT, else 8082);
 *   start auth-server.mjs beside it, in the same directory (the in-process
 *   calendar checks tokens with the key they share);
 * - as a module: `handle(Request)` is the WHATWG fetch handler, and
 *   `createPassthroughProxy(options)` makes one with its own upstream.
 *
 * Environment: TOY_UPSTREAM_URL (above), TOY_AUTH_SERVER (the issuer the
 * in-process calendar trusts; default http://127.0.0.1:9000), and as
 * protected-calendar.mjs (TOY_SEED, TOY_CLOCK, ...).
 */
import process from 'node:process';
import { MCP_PATH } from './http.mjs';
import { createProtectedCalendar } from './protected-calendar.mjs';
import { isMainModule, log, serveOnLoopback } from './plumbing.mjs';

/** The calendar it forwards to when TOY_UPSTREAM_URL is not set: protected-calendar.mjs's default address. */
export const DEFAULT_UPSTREAM = 'http://127.0.0.1:8081/mcp';

/** What the proxy adds to every answer it relays (RFC 9110 section 7.6.3). */
export const VIA = '1.1 passthrough-proxy';

/** Headers that belong to one connection, never forwarded by a proxy (RFC 9110 section 7.6.1); Host names the proxy, not the calendar. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'te', 'upgrade', 'proxy-connection', 'content-length', 'host'];

/**
 * Makes the proxy. Options (all optional): `upstreamUrl`, where requests go
 * (default TOY_UPSTREAM_URL, else {@link DEFAULT_UPSTREAM}); `send`, how they
 * get there, `(Request) => Promise<Response>` (default: fetch when
 * TOY_UPSTREAM_URL is set, else the protected calendar's handler in this
 * process). Returns `{ handle(request: Request): Promise<Response> }`.
 */
export function createPassthroughProxy({
  upstreamUrl = process.env.TOY_UPSTREAM_URL || DEFAULT_UPSTREAM,
  send = process.env.TOY_UPSTREAM_URL ? (request) => fetch(request) : createProtectedCalendar({ resource: upstreamUrl }).handle,
} = {}) {
  async function handle(request) {
    const url = new URL(request.url);
    if (request.method !== 'POST' || url.pathname !== MCP_PATH) {
      return new Response(JSON.stringify({ error: 'not_found', error_description: `This proxy serves POST ${MCP_PATH} only` }), {
        status: 404, headers: { 'content-type': 'application/json', via: VIA },
      });
    }

    // 1-2. No check of any kind, then the whole request upstream: the client's Authorization header too.
    const headers = new Headers(request.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    const body = new Uint8Array(await request.arrayBuffer());
    let answer;
    try {
      answer = await send(new Request(upstreamUrl, { method: 'POST', headers, body, signal: request.signal }));
    } catch (err) {
      return new Response(JSON.stringify({ error: 'bad_gateway', error_description: `The calendar at ${upstreamUrl} could not be reached (${err?.message ?? err})` }), {
        status: 502, headers: { 'content-type': 'application/json', via: VIA },
      });
    }

    // 3. The calendar's answer, as it came, plus Via.
    const relayed = new Headers(answer.headers);
    for (const name of HOP_BY_HOP) relayed.delete(name);
    relayed.set('via', VIA);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: relayed });
  }

  return { handle };
}

/** The proxy the browser engines and `node toy-servers/passthrough-proxy.mjs` run: configured from the environment. */
export const { handle } = createPassthroughProxy();

// ---------------------------------------------------------------------------
// Run as a program: serve handle() on 127.0.0.1 (plumbing.mjs's node:http binding).
// ---------------------------------------------------------------------------

if (isMainModule(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.TOY_PROXY_PORT ?? 8082);
  const origin = await serveOnLoopback(handle, port);
  const upstream = process.env.TOY_UPSTREAM_URL || `${DEFAULT_UPSTREAM} (the calendar's handler in this process)`;
  log(`passthrough-proxy: ready at ${origin}${MCP_PATH}, forwarding every request, Authorization included, to ${upstream}`);
}
