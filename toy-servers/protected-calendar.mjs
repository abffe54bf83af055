/**
 * protected-calendar.mjs: the calendar over Streamable HTTP (http.mjs), as an
 * OAuth 2.1 resource server. Every request to POST /mcp must carry an access
 * token from auth-server.mjs; the MCP messages themselves are http.mjs's.
 *
 * What it teaches (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization),
 * in the order a request meets it:
 * 1. A request without a token gets 401 and
 *    `WWW-Authenticate: Bearer resource_metadata="<url>", scope="calendar.read"`:
 *    where to read about this server, and what to ask for.
 * 2. That URL, /.well-known/oauth-protected-resource/mcp (and the same at
 *    /.well-known/oauth-protected-resource, the root a client tries next),
 *    is the Protected Resource Metadata (RFC 9728): this server's canonical
 *    URI, its authorization server, its scopes.
 * 3. The token goes in the Authorization header, never in the URL: a token
 *    in the query string is refused with 400.
 * 4. Every token is checked on every request, here, without asking anyone:
 *    its signature, who issued it, that it has not expired, that its
 *    audience is this server (RFC 8707), and its scope. A bad or expired
 *    token gets 401 `error="invalid_token"`.
 * 5. Reading needs `calendar.read`; create_event writes and needs
 *    `calendar.write` too. Too little scope gets 403
 *    `error="insufficient_scope"` naming every scope the call needs, so the
 *    client can ask the reader once more for exactly that (step-up).
 * 6. Then the request goes to the calendar (http.mjs's handler) without its
 *    Authorization header: the calendar never sees the token, and the token
 *    goes nowhere else. A server that called another API would get its own
 *    token for it; passing the client's on is forbidden
 *    (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/security-considerations#access-token-privilege-restriction).
 *
 * Its canonical URI (what tokens must name as `aud`) is TOY_RESOURCE_URL when
 * set. Otherwise it is the origin the request came to plus /mcp: run with
 * node, that is http://127.0.0.1:<port>/mcp; in the page's Worker engine it
 * is whatever origin the page addresses it by. A real server fixes it in its
 * configuration; deriving it from the request is only safe here because the
 * authorization server issues tokens for a fixed list of resources.
 *
 * Use it two ways:
 * - as a program: `node toy-servers/protected-calendar.mjs [port]` listens on
 *   127.0.0.1 (port from the argument, else TOY_PROTECTED_PORT, else 8081);
 *   start auth-server.mjs beside it;
 * - as a module: `handle(Request)` is the WHATWG fetch handler, and
 *   `createProtectedCalendar(options)` makes one with its own clock.
 *
 * Environment:
 *   TOY_RESOURCE_URL  its canonical URI (default: the request's origin + /mcp)
 *   TOY_AUTH_SERVER   the issuer of its tokens (default http://127.0.0.1:9000,
 *                     auth-server.mjs's default)
 *   and as http.mjs (TOY_CLOCK, TOY_SEED, TOY_ALLOWED_ORIGINS, ...): the key
 *   that checks tokens is shared with auth-server.mjs through TOY_SEED or
 *   .toy-state/secret.key, so start both in the same directory.
 */
import process from 'node:process';
import { CREATE_EVENT_TOOL } from './calendar.mjs';
import { MCP_PATH, handle as calendar, isAllowedOrigin } from './http.mjs';
import { fromBase64url, isMainModule, isObject, log, now as toyNow, serveOnLoopback, sharedKey } from './plumbing.mjs';

/** Where Protected Resource Metadata lives: https://www.rfc-editor.org/rfc/rfc9728#section-3 */
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The scope every request needs, and the one writing needs as well. */
export const READ_SCOPE = 'calendar.read';
export const WRITE_SCOPE = 'calendar.write';

/**
 * Makes the protected calendar. Options (all optional): `resource`, its
 * canonical URI (default: the request's origin + /mcp); `authorizationServer`,
 * the issuer whose tokens it accepts; `now()`, the clock in ms since the epoch.
 * Returns `{ handle(request: Request): Promise<Response> }`; handle never throws.
 */
export function createProtectedCalendar({
  resource: fixedResource = process.env.TOY_RESOURCE_URL || undefined,
  authorizationServer = process.env.TOY_AUTH_SERVER || 'http://127.0.0.1:9000',
  now = toyNow,
} = {}) {
  async function handle(request) {
    if (!isAllowedOrigin(request.headers.get('origin'))) return calendar(request); // http.mjs answers 403
    const url = new URL(request.url);
    const resource = fixedResource ?? `${url.origin}${MCP_PATH}`;
    const self = new URL(resource);
    const metadataUrl = `${self.origin}${METADATA_PATH}${self.pathname === '/' ? '' : self.pathname}`;

    // 2. The metadata, at the path-suffixed well-known URI and at the root.
    if (request.method === 'GET' && (url.pathname === new URL(metadataUrl).pathname || url.pathname === METADATA_PATH)) {
      return json(200, {
        resource,
        authorization_servers: [authorizationServer],
        // MCP: the minimum for basic use; calendar.write is asked for by step-up when needed.
        scopes_supported: [READ_SCOPE],
        bearer_methods_supported: ['header'],
        resource_name: 'Toy calendar (protected)',
      });
    }
    if (url.pathname !== MCP_PATH) return calendar(request); // http.mjs answers 404

    const challenge = (status, fields, description) => {
      // The order of the spec's examples: resource_metadata first without an error; error first with one.
      const params = fields.error
        ? { ...fields, resource_metadata: metadataUrl, error_description: description }
        : { resource_metadata: metadataUrl, ...fields };
      // A quoted value may hold only these characters (RFC 6750 section 3): no quote, no backslash, no line break.
      const quoted = (v) => `"${String(v).replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '')}"`;
      const header = `Bearer ${Object.entries(params).map(([k, v]) => `${k}=${quoted(v)}`).join(', ')}`;
      const body = fields.error ? { error: fields.error, error_description: description } : { error_description: description };
      return json(status, body, { 'www-authenticate': header });
    };

    // 3. Never in the URL: OAuth 2.1 removed the query-string method, since URLs end up in logs and
    //    histories. The request is malformed, so 400 invalid_request (RFC 6750 section 3.1), not 401:
    //    it must be fixed, not retried with a new token.
    if (url.searchParams.has('access_token')) {
      return challenge(400, { error: 'invalid_request' }, 'Access tokens must not be sent in the URL; use the Authorization header');
    }
    const authorization = request.headers.get('authorization');
    // 1. No token at all: 401 with where to look and what to ask for, and no error code (RFC 6750 section 3.1).
    if (authorization === null || !/^bearer(\s|$)/i.test(authorization)) {
      return challenge(401, { scope: READ_SCOPE }, 'This server needs an access token');
    }
    const token = authorization.slice(6).trim();
    if (!/^[A-Za-z0-9._~+/-]+=*$/.test(token)) return challenge(400, { error: 'invalid_request' }, 'The Authorization header must be Bearer followed by one token');

    // 4. The token itself.
    const checked = await checkAccessToken(token, { resource, issuer: authorizationServer, now });
    if (checked.problem) return challenge(401, { error: 'invalid_token' }, checked.problem);

    // 5. Its scope, for what this request does.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
    const needed = scopesFor(body);
    const granted = checked.claims.scope.split(' ');
    if (!needed.every((s) => granted.includes(s))) {
      return challenge(403, { error: 'insufficient_scope', scope: needed.join(' ') }, `This call needs the scopes ${needed.join(' ')}`);
    }

    // 6. On to the calendar, without the token.
    const headers = new Headers(request.headers);
    headers.delete('authorization');
    return calendar(new Request(request.url, { method: request.method, headers, body, signal: request.signal }));
  }

  return { handle };
}

/**
 * The scopes one POST body needs: `calendar.read` for everything, and
 * `calendar.write` as well for a tools/call of create_event (the calendar's
 * one tool that writes). The two are independent: neither implies the other.
 * A body that is not JSON needs only `calendar.read`; the calendar then
 * answers it with its JSON-RPC error.
 * @param {Uint8Array | undefined} body
 */
export function scopesFor(body) {
  let message;
  try {
    message = JSON.parse(new TextDecoder().decode(body));
  } catch {
    message = undefined;
  }
  const writes = isObject(message) && message.method === 'tools/call' && isObject(message.params) && message.params.name === CREATE_EVENT_TOOL.name;
  return writes ? [READ_SCOPE, WRITE_SCOPE] : [READ_SCOPE];
}

/**
 * Checks an access token as OAuth 2.1 section 5.2 and RFC 9068 say, in
 * order: three base64url parts; header `{"alg":"HS256","typ":"at+jwt"}`
 * (anything else, `alg: none` included, is refused before any key is used);
 * the HMAC-SHA256 signature under the key shared with auth-server.mjs
 * (compared in constant time by Web Crypto); `iss` is our authorization
 * server; `aud` is this server's canonical URI; `exp` is in the future; a
 * `scope` string is there. Returns `{claims}` or `{problem}` (a sentence
 * that can go in a header: no quotes).
 * https://www.rfc-editor.org/rfc/rfc9068#section-4
 */
export async function checkAccessToken(token, { resource, issuer, now = toyNow }) {
  const parts = token.split('.');
  const [header, claims, signature] = parts.map(fromBase64url);
  if (parts.length !== 3 || !header || !claims || !signature) return { problem: 'The token is not a JWT' };
  const parsed = (bytes) => {
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return undefined;
    }
  };
  const head = parsed(header);
  if (!isObject(head) || head.alg !== 'HS256' || head.typ !== 'at+jwt') return { problem: 'The token is not an HS256 at+jwt access token' };
  const key = await crypto.subtle.importKey('raw', sharedKey('access-token'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const signed = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
  if (!(await crypto.subtle.verify('HMAC', key, signature, signed))) return { problem: 'The token signature is not valid' };
  const body = parsed(claims);
  if (!isObject(body)) return { problem: 'The token claims are not a JSON object' };
  if (body.iss !== issuer) return { problem: `The token was issued by ${String(body.iss)}, not ${issuer}` };
  const audiences = Array.isArray(body.aud) ? body.aud : [body.aud];
  if (!audiences.includes(resource)) return { problem: `The token is for ${audiences.join(' ')}, not for ${resource}` };
  if (typeof body.exp !== 'number' || Math.floor(now() / 1000) >= body.exp) return { problem: 'The token has expired' };
  if (typeof body.scope !== 'string') return { problem: 'The token has no scope' };
  return { claims: body };
}

function json(status, body, headers = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The server the browser engines and `node toy-servers/protected-calendar.mjs` run: configured from the environment. */
export const { handle } = createProtectedCalendar();

// ---------------------------------------------------------------------------
// Run as a program: serve handle() on 127.0.0.1 (plumbing.mjs's node:http binding).
// ---------------------------------------------------------------------------

if (isMainModule(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.TOY_PROTECTED_PORT ?? 8081);
  const origin = await serveOnLoopback(handle, port);
  const resource = process.env.TOY_RESOURCE_URL || `${origin}${MCP_PATH}`;
  log(`protected-calendar: ready, MCP over Streamable HTTP at ${origin}${MCP_PATH} (canonical URI ${resource}), tokens from ${process.env.TOY_AUTH_SERVER || 'http://127.0.0.1:9000'}`);
}
