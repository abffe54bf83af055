/**
 * auth-server.mjs: a toy OAuth 2.1 authorization server for the protected
 * calendar (protected-calendar.mjs), in the order a client meets it.
 *
 * What it teaches (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization):
 * 1. Metadata (RFC 8414, https://www.rfc-editor.org/rfc/rfc8414): one JSON
 *    document at /.well-known/oauth-authorization-server, and the same at the
 *    OpenID Connect discovery path /.well-known/openid-configuration, the two
 *    places, in that order, a client tries for an issuer without a path. It
 *    says PKCE S256 only, Client ID Metadata Documents supported, `iss` in
 *    every authorization response (RFC 9207).
 * 2. Who the client is, three ways (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/client-registration):
 *    - a Client ID Metadata Document: the client_id is an https URL; this
 *      server fetches the JSON document there and checks it (its client_id is
 *      that URL exactly, its redirect_uris hold the redirect_uri asked for);
 *    - one pre-registered public client, `toy-cli`;
 *    - Dynamic Client Registration (RFC 7591) at POST /register: deprecated
 *      in MCP 2026-07-28, kept for older clients.
 * 3. GET /authorize checks the request (client and redirect URI first: those
 *    errors are shown here and never redirected; the rest are redirected with
 *    `error`, `state` and `iss`), then shows a consent page. The reader
 *    answers it: Allow or Deny, a form POST back to /authorize.
 * 4. Allow redirects with a code, `state` and `iss`. The code is good for one
 *    token request, for one minute, for this client, redirect URI, PKCE
 *    challenge and resource only.
 * 5. POST /token trades the code and its PKCE code_verifier for a short-lived
 *    access token (5 minutes) whose `aud` is the resource asked for
 *    (RFC 8707), and a refresh token that works once: each refresh returns a
 *    new one, and using an old one again revokes them all.
 *
 * The access token is a JWT (RFC 9068 profile, https://www.rfc-editor.org/rfc/rfc9068)
 * signed with HMAC-SHA256 under a key the protected calendar shares (see
 * signAccessToken for why a shared key and not a key pair).
 *
 * What this toy leaves out, on purpose: there are no user accounts or logins
 * (whoever sees the consent page is "the reader"), and no HTTPS (MCP requires
 * every authorization server endpoint over HTTPS; here everything is loopback
 * or in the page). Codes, refresh tokens and registered clients live in this
 * process's memory.
 *
 * Use it two ways:
 * - as a program: `node toy-servers/auth-server.mjs [port]` listens on
 *   127.0.0.1 (port from the argument, else TOY_AUTH_PORT, else 9000; 0 picks
 *   a free one) and prints its issuer on stderr;
 * - as a module: `handle(Request)` is the WHATWG fetch handler (the browser
 *   engines call it directly), and `createAuthServer(options)` makes one with
 *   its own clock, resources and client documents (tests use that).
 *
 * Environment:
 *   TOY_AUTH_ISSUER      its issuer URL (default: the origin each request came to)
 *   TOY_AUTH_RESOURCES   comma-separated canonical URIs it issues tokens for
 *                        (default http://127.0.0.1:8081/mcp, protected-calendar.mjs's default,
 *                        and http://127.0.0.1:8082/mcp, passthrough-proxy.mjs's: a second MCP
 *                        server, the resource of the token that is not the calendar's)
 *   TOY_CLIENT_DOCUMENTS a JSON object {client_id URL: metadata document}: the
 *                        Client ID Metadata Documents it can "fetch" (see knownDocuments)
 *   TOY_CLOCK, TOY_SEED, TOY_STATE_DIR as for every toy server (the clock; the
 *                        seed of codes, tokens and the signing key)
 */
import process from 'node:process';
import { bytesFor, isMainModule, isObject, log, now as toyNow, serveOnLoopback, sharedKey, toBase64url } from './plumbing.mjs';

/** The scopes this server knows, and what each lets the client do (shown on the consent page). */
export const SCOPES = Object.freeze({
  'calendar.read': 'read your calendar',
  'calendar.write': 'add events to your calendar',
});

/** Access tokens live 5 minutes (MCP: "SHOULD issue short-lived access tokens"), in seconds as `expires_in` counts. */
export const ACCESS_TOKEN_TTL_S = 300;
/** An authorization code lives one minute, in ms. */
export const CODE_TTL_MS = 60_000;
/** A consent page must be answered within ten minutes, in ms. */
const CONSENT_TTL_MS = 600_000;
/** A refresh token lives a day unless rotated first, in ms. */
const REFRESH_TTL_MS = 86_400_000;
/** The most a Client ID Metadata Document may weigh, in bytes (the draft suggests 5 KB). */
const MAX_DOCUMENT_BYTES = 5120;

/** The one pre-registered public client: what a server operator would have set up by hand. */
export const PRE_REGISTERED = Object.freeze({
  'toy-cli': Object.freeze({
    client_id: 'toy-cli',
    client_name: 'Toy command-line client (pre-registered)',
    redirect_uris: ['http://127.0.0.1/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'none',
  }),
});

/**
 * Makes an authorization server. Options (all optional):
 * - `issuer`: its issuer URL; default the origin of each request.
 * - `resources`: canonical URIs (RFC 8707) it issues tokens for.
 * - `fetchClientDocument(url)`: how a Client ID Metadata Document is fetched,
 *   `(url: string) => Promise<Response>`; default {@link knownDocuments} of
 *   TOY_CLIENT_DOCUMENTS. Whatever it returns is validated the same way.
 * - `now()`: the clock, ms since the epoch; default TOY_CLOCK or the real time.
 * Returns `{ handle(request: Request): Promise<Response> }`; handle never throws.
 */
export function createAuthServer({
  issuer: fixedIssuer = process.env.TOY_AUTH_ISSUER || undefined,
  resources = (process.env.TOY_AUTH_RESOURCES || 'http://127.0.0.1:8081/mcp,http://127.0.0.1:8082/mcp').split(',').map((s) => s.trim()).filter(Boolean),
  fetchClientDocument = knownDocuments(documentsFromEnv()),
  now = toyNow,
} = {}) {
  const resourceUrls = resources.map((r) => new URL(r).href); // a resource that is not a URL stops the start, not a request
  /** What this process remembers: consents awaiting an answer, codes, refresh tokens, registered clients. */
  const consents = new Map();
  const codes = new Map();
  const refreshTokens = new Map();
  const registered = new Map();
  let counter = 0;
  const fresh = (label) => toBase64url(bytesFor(`auth-server ${label}`, 32, counter++));

  async function handle(request) {
    const url = new URL(request.url);
    const issuer = fixedIssuer ?? url.origin;
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      // 1. Metadata, at the two discovery paths in the order clients try them.
      case 'GET /.well-known/oauth-authorization-server':
      case 'GET /.well-known/openid-configuration':
        return json(200, metadata(issuer));
      // 3. The authorization request, and the reader's answer on the consent page.
      case 'GET /authorize': return authorize(url.searchParams, issuer);
      case 'POST /authorize': return decide(await formOf(request), issuer);
      // 5. The token endpoint.
      case 'POST /token': return token(request, issuer);
      // 2. Dynamic Client Registration (deprecated).
      case 'POST /register': return register(request);
    }
    return json(404, { error: 'not_found', error_description: `No endpoint ${route}; the metadata is at /.well-known/oauth-authorization-server` });
  }

  // ---------------------------------------------------------------------------
  // 1. Metadata: https://www.rfc-editor.org/rfc/rfc8414#section-2
  // ---------------------------------------------------------------------------

  /**
   * The issuer has no path, so clients try /.well-known/oauth-authorization-server
   * first, then /.well-known/openid-configuration (with a path such as
   * /tenant1 they would insert it after the well-known part). This server is
   * no OpenID provider (it issues no ID tokens); it serves the same document
   * at both for clients that only know OpenID discovery, and includes
   * code_challenge_methods_supported, which MCP requires there.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/authorization-server-discovery#authorization-server-metadata-discovery
   */
  function metadata(issuer) {
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      // Dynamic Client Registration is deprecated in MCP 2026-07-28 (use Client ID
      // Metadata Documents); the endpoint stays for clients that know nothing else.
      registration_endpoint: `${issuer}/register`,
      scopes_supported: Object.keys(SCOPES),
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    };
  }

  // ---------------------------------------------------------------------------
  // 2. Who is the client? Pre-registered, registered here, or a metadata document.
  // ---------------------------------------------------------------------------

  /**
   * The client's metadata `{client_id, client_name, redirect_uris, ...}` for
   * `clientId`, or `{error, error_description}` saying why there is none.
   * An https client_id is a Client ID Metadata Document: fetched and checked
   * on every authorization request (a real server would cache it as its
   * Cache-Control allows).
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/client-registration#client-id-metadata-documents
   */
  async function clientFor(clientId) {
    if (!clientId) return { error: 'invalid_request', error_description: 'client_id is missing' };
    if (Object.hasOwn(PRE_REGISTERED, clientId)) return PRE_REGISTERED[clientId];
    if (registered.has(clientId)) return registered.get(clientId);
    if (!clientId.startsWith('https://')) return { error: 'invalid_client', error_description: `unknown client_id ${clientId}` };
    return clientDocument(clientId);
  }

  /**
   * Fetches and validates a Client ID Metadata Document. The URL must be https
   * with a path, no fragment, no user or password, no dot segments; the
   * document must be a JSON object of at most 5 KB whose client_id is the URL
   * exactly (no normalisation), with client_name and a non-empty redirect_uris,
   * and no client secret (a document is public: the client authenticates with
   * nothing, or with a key pair).
   * https://datatracker.ietf.org/doc/html/draft-ietf-oauth-client-id-metadata-document-00#section-3
   */
  async function clientDocument(clientId) {
    const bad = (why) => ({ error: 'invalid_client', error_description: `client_id ${clientId}: ${why}` });
    let url;
    try {
      url = new URL(clientId);
    } catch {
      return bad('is not a URL');
    }
    if (url.pathname === '/' || url.hash || clientId.includes('#')) return bad('must have a path and no fragment');
    if (url.username || url.password) return bad('must not hold a user name or password');
    if (/\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length))) return bad('must not contain . or .. path segments');
    let response;
    try {
      response = await fetchClientDocument(clientId);
    } catch (err) {
      return bad(`its metadata document could not be fetched (${err?.message ?? err})`);
    }
    if (response.status !== 200) return bad(`fetching its metadata document gave HTTP ${response.status}`);
    if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) return bad('its metadata document is not application/json');
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_DOCUMENT_BYTES) return bad(`its metadata document is over ${MAX_DOCUMENT_BYTES} bytes`);
    let doc;
    try {
      doc = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return bad('its metadata document is not JSON');
    }
    if (!isObject(doc)) return bad('its metadata document is not a JSON object');
    if (doc.client_id !== clientId) return bad(`the document's client_id ${JSON.stringify(doc.client_id)} is not the URL it was fetched from`);
    if (typeof doc.client_name !== 'string' || doc.client_name === '') return bad('the document has no client_name');
    if (!Array.isArray(doc.redirect_uris) || doc.redirect_uris.length === 0 || doc.redirect_uris.some((u) => typeof u !== 'string')) {
      return bad('the document has no redirect_uris');
    }
    if (Object.hasOwn(doc, 'client_secret') || /^client_secret/.test(doc.token_endpoint_auth_method ?? '')) {
      return bad('a metadata document must not use a client secret');
    }
    return doc;
  }

  /**
   * POST /register (RFC 7591, https://www.rfc-editor.org/rfc/rfc7591#section-3):
   * a client sends its metadata and gets a client_id. Deprecated in MCP
   * 2026-07-28 in favour of Client ID Metadata Documents; kept for clients
   * that cannot host a document. Only public clients
   * (token_endpoint_auth_method "none"); redirect URIs must be https or
   * loopback (MCP's Communication Security).
   */
  async function register(request) {
    let doc;
    try {
      doc = JSON.parse(await request.text());
    } catch {
      doc = undefined;
    }
    if (!isObject(doc)) return json(400, { error: 'invalid_client_metadata', error_description: 'the body must be a JSON object of client metadata' });
    const uris = doc.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.some((u) => !isAllowedRedirect(u))) {
      return json(400, { error: 'invalid_redirect_uri', error_description: 'redirect_uris must be a non-empty list of https or loopback (http://127.0.0.1, http://localhost) URIs' });
    }
    if ((doc.token_endpoint_auth_method ?? 'none') !== 'none') {
      return json(400, { error: 'invalid_client_metadata', error_description: 'this server registers public clients only: token_endpoint_auth_method must be "none"' });
    }
    const client = {
      client_id: `dcr-${fresh('client')}`,
      client_id_issued_at: Math.floor(now() / 1000),
      client_name: typeof doc.client_name === 'string' ? doc.client_name : 'Unnamed client',
      redirect_uris: uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    registered.set(client.client_id, client);
    return json(201, client);
  }

  // ---------------------------------------------------------------------------
  // 3. GET /authorize: check the request, then ask the reader.
  //    https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-13#section-4.1.1
  // ---------------------------------------------------------------------------

  /**
   * An unknown client or a redirect URI it did not register is shown on an
   * error page (400) and never redirected: sending the browser to an
   * unverified URI would make this server an open redirector. Every other
   * problem goes back to the client's redirect URI with `error`,
   * `error_description`, `state` and `iss`.
   */
  async function authorize(params, issuer) {
    const client = await clientFor(params.get('client_id'));
    if (client.error) return errorPage(400, client.error, client.error_description);
    const redirectUri = params.get('redirect_uri') ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0] : null);
    if (redirectUri === null) return errorPage(400, 'invalid_request', 'redirect_uri is missing and the client registered more than one');
    if (!client.redirect_uris.some((registeredUri) => sameRedirect(registeredUri, redirectUri))) {
      return errorPage(400, 'invalid_request', `redirect_uri ${redirectUri} is not one the client registered (${client.redirect_uris.join(', ')})`);
    }
    const state = params.get('state');
    const refuse = (error, description) => redirectTo(redirectUri, { error, error_description: description, state, iss: issuer });
    if (params.get('response_type') !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
    // PKCE is required, and only S256: "plain" would send the verifier itself through the browser.
    const challenge = params.get('code_challenge');
    if (challenge === null) return refuse('invalid_request', 'code_challenge is required (PKCE)');
    if (params.get('code_challenge_method') !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256');
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return refuse('invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)');
    const resource = resourceFor(params.get('resource'));
    if (resource.error) return refuse(resource.error, resource.error_description);
    const scope = scopeFor(params.get('scope'));
    if (scope.error) return refuse(scope.error, scope.error_description);
    const id = fresh('consent');
    consents.set(id, {
      client, redirectUri, redirectGiven: params.has('redirect_uri'), state, challenge, resource: resource.uri, scope: scope.value, expiresAt: now() + CONSENT_TTL_MS,
    });
    return consentPage(id, client, redirectUri, resource.uri, scope.value);
  }

  /**
   * The resource the token is for (RFC 8707 `resource`): required, an
   * absolute URI without fragment, one this server serves. Scheme and host
   * are compared case-insensitively; the token's `aud` is the configured
   * spelling. https://www.rfc-editor.org/rfc/rfc8707#section-2
   */
  function resourceFor(value) {
    if (value === null || value === '') return { error: 'invalid_target', error_description: 'resource is required: the canonical URI of the MCP server the token is for' };
    let asked;
    try {
      asked = new URL(value);
    } catch {
      return { error: 'invalid_target', error_description: `resource ${value} is not an absolute URI` };
    }
    if (asked.hash || value.includes('#')) return { error: 'invalid_target', error_description: 'resource must not contain a fragment' };
    const uri = resources[resourceUrls.indexOf(asked.href)];
    if (uri === undefined) return { error: 'invalid_target', error_description: `this server issues no tokens for ${value}` };
    return { uri };
  }

  /** The scopes asked for (space-separated), all known; none asked means calendar.read. */
  function scopeFor(value) {
    const asked = (value ?? '').split(' ').filter(Boolean);
    const unknown = asked.filter((s) => !Object.hasOwn(SCOPES, s));
    if (unknown.length > 0) return { error: 'invalid_scope', error_description: `unknown scope ${unknown.join(' ')}` };
    return { value: asked.length > 0 ? [...new Set(asked)].join(' ') : 'calendar.read' };
  }

  // ---------------------------------------------------------------------------
  // 4. POST /authorize: the reader's answer. Allow -> a code; Deny -> access_denied.
  // ---------------------------------------------------------------------------

  /**
   * The consent id is random and works once (a real server also ties it to
   * the signed-in user's session, so that another site cannot answer the
   * form for them). The code is bound to everything the client asked for.
   */
  function decide(form, issuer) {
    const consent = consents.get(form.get('consent') ?? '');
    consents.delete(form.get('consent') ?? '');
    if (!consent || now() >= consent.expiresAt) return errorPage(400, 'invalid_request', 'this consent page has expired or was already answered; start again from the client');
    const { client, redirectUri, state } = consent;
    if (form.get('decision') !== 'allow') {
      return redirectTo(redirectUri, { error: 'access_denied', error_description: 'the reader denied access', state, iss: issuer });
    }
    const code = fresh('code');
    codes.set(code, { ...consent, clientId: client.client_id, expiresAt: now() + CODE_TTL_MS, used: false, family: undefined });
    return redirectTo(redirectUri, { code, state, iss: issuer });
  }

  // ---------------------------------------------------------------------------
  // 5. POST /token: a code (with its PKCE verifier) or a refresh token for tokens.
  //    https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-13#section-3.2
  // ---------------------------------------------------------------------------

  async function token(request, issuer) {
    if (!/^application\/x-www-form-urlencoded\b/.test(request.headers.get('content-type') ?? '')) {
      return oauthError(400, 'invalid_request', 'the token request must be application/x-www-form-urlencoded');
    }
    const form = await formOf(request);
    const clientId = form.get('client_id');
    if (!clientId) return oauthError(400, 'invalid_request', 'client_id is required (public clients identify themselves with it)');
    if (!Object.hasOwn(PRE_REGISTERED, clientId) && !registered.has(clientId) && !clientId.startsWith('https://')) {
      return oauthError(401, 'invalid_client', `unknown client_id ${clientId}`);
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') return redeemCode(form, clientId, issuer);
    if (grant === 'refresh_token') return refresh(form, clientId, issuer);
    return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }

  /**
   * The code grant, checked in this order: the parameters are there (else
   * invalid_request, or invalid_target for `resource`); the code exists, has
   * not expired and was not used (else invalid_grant; a second use also
   * revokes the refresh tokens the first one got, since one of the two
   * requests was an attacker's); from here the code is spent, whatever
   * follows; same client and redirect URI, and the code_verifier hashes to
   * the challenge (else invalid_grant); same resource (else invalid_target).
   * Access tokens already issued cannot be called back: the calendar checks
   * them without asking this server, which is why they live 5 minutes.
   */
  async function redeemCode(form, clientId, issuer) {
    const code = form.get('code');
    if (!code) return oauthError(400, 'invalid_request', 'code is required');
    const verifier = form.get('code_verifier');
    if (!verifier) return oauthError(400, 'invalid_request', 'code_verifier is required: the code was issued with a PKCE code_challenge');
    const resource = resourceFor(form.get('resource'));
    if (resource.error) return oauthError(400, resource.error, resource.error_description);
    const grant = codes.get(code);
    if (!grant || now() >= grant.expiresAt) return oauthError(400, 'invalid_grant', 'the code is unknown or has expired');
    if (grant.used) {
      revokeFamily(grant.family);
      return oauthError(400, 'invalid_grant', 'the code was already used; the tokens issued for it are revoked');
    }
    grant.used = true;
    if (grant.clientId !== clientId) return oauthError(400, 'invalid_grant', 'the code was issued to another client');
    const redirectUri = form.get('redirect_uri') ?? (grant.redirectGiven ? null : grant.redirectUri);
    if (redirectUri !== grant.redirectUri) return oauthError(400, 'invalid_grant', 'redirect_uri differs from the one in the authorization request');
    if (!(await pkceMatches(verifier, grant.challenge))) return oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    if (resource.uri !== grant.resource) return oauthError(400, 'invalid_target', `the code was issued for ${grant.resource}, not ${resource.uri}`);
    grant.family = fresh('family');
    return issueTokens({ clientId, scope: grant.scope, resource: grant.resource, family: grant.family }, issuer);
  }

  /**
   * The refresh grant. Refresh tokens rotate (OAuth 2.1 requires it for public
   * clients): each works once and the answer carries the next. Presenting
   * one already used means it leaked: every token of its family is revoked.
   * A narrower `scope` may be asked for, never a wider one.
   * https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-13#section-4.3.1
   */
  function refresh(form, clientId, issuer) {
    const presented = form.get('refresh_token');
    if (!presented) return oauthError(400, 'invalid_request', 'refresh_token is required');
    const resource = resourceFor(form.get('resource'));
    if (resource.error) return oauthError(400, resource.error, resource.error_description);
    const held = refreshTokens.get(presented);
    if (!held || held.revoked || now() >= held.expiresAt) return oauthError(400, 'invalid_grant', 'the refresh token is unknown, expired or revoked');
    if (held.used) {
      revokeFamily(held.family);
      return oauthError(400, 'invalid_grant', 'the refresh token was already used; every token of its family is now revoked');
    }
    if (held.clientId !== clientId) return oauthError(400, 'invalid_grant', 'the refresh token was issued to another client');
    if (resource.uri !== held.resource) return oauthError(400, 'invalid_target', `the refresh token is for ${held.resource}, not ${resource.uri}`);
    const asked = form.get('scope');
    const scope = asked === null ? held.scope : asked;
    if (scope.split(' ').some((s) => !held.scope.split(' ').includes(s))) {
      return oauthError(400, 'invalid_scope', `the refresh token grants ${held.scope}; it cannot be widened`);
    }
    held.used = true;
    return issueTokens({ clientId, scope, resource: held.resource, family: held.family }, issuer);
  }

  function revokeFamily(family) {
    for (const held of refreshTokens.values()) if (family !== undefined && held.family === family) held.revoked = true;
  }

  /** The token response: a signed access token for `resource` and a fresh refresh token. Never cached. */
  async function issueTokens({ clientId, scope, resource, family }, issuer) {
    const refreshToken = fresh('refresh');
    refreshTokens.set(refreshToken, { clientId, scope, resource, family, used: false, revoked: false, expiresAt: now() + REFRESH_TTL_MS });
    const issuedAt = Math.floor(now() / 1000);
    const accessToken = await signAccessToken({
      iss: issuer, sub: 'reader', aud: resource, client_id: clientId, scope,
      iat: issuedAt, exp: issuedAt + ACCESS_TOKEN_TTL_S, jti: fresh('jti'),
    });
    return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, refresh_token: refreshToken, scope }, NO_STORE);
  }

  return { handle };
}

// ---------------------------------------------------------------------------
// The pieces the steps above share.
// ---------------------------------------------------------------------------

/**
 * Signs the claims as a JWT access token (header `{"alg":"HS256","typ":"at+jwt"}`).
 * Why HMAC with a shared key: the calendar must check every token without
 * calling this server, and both toys run in processes that share one
 * directory (or one page), so a secret they share is the shortest honest
 * way; Web Crypto does it the same in the browser and in Node. A real
 * authorization server signs with a private key and publishes the public one
 * (`jwks_uri`), so that a resource server can verify tokens but never mint one.
 */
async function signAccessToken(claims) {
  const encode = (value) => toBase64url(new TextEncoder().encode(JSON.stringify(value)));
  const input = `${encode({ alg: 'HS256', typ: 'at+jwt' })}.${encode(claims)}`;
  const key = await crypto.subtle.importKey('raw', sharedKey('access-token'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input));
  return `${input}.${toBase64url(new Uint8Array(signature))}`;
}

/** PKCE S256: base64url(SHA-256(code_verifier)) equals the code_challenge. https://www.rfc-editor.org/rfc/rfc7636#section-4.6 */
async function pkceMatches(verifier, challenge) {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return toBase64url(new Uint8Array(digest)) === challenge;
}

/**
 * Redirect URIs are compared exactly, except that for a loopback IP literal
 * (http://127.0.0.1, http://[::1]) the port may differ: a native client
 * listens on whatever port is free when it starts.
 * https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-13#section-8.4.2
 */
function sameRedirect(registeredUri, asked) {
  if (registeredUri === asked) return true;
  const a = parseUrl(registeredUri);
  const b = parseUrl(asked);
  if (!a || !b || a.protocol !== 'http:' || !['127.0.0.1', '[::1]'].includes(a.hostname)) return false;
  return b.protocol === 'http:' && b.hostname === a.hostname && b.pathname === a.pathname && b.search === a.search && !b.hash;
}

/** https, or http on a loopback host: MCP's rule for redirect URIs. */
function isAllowedRedirect(uri) {
  const u = typeof uri === 'string' ? parseUrl(uri) : undefined;
  if (!u || u.hash) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname));
}

function parseUrl(text) {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * The default way to "fetch" a Client ID Metadata Document. A toy in the page
 * cannot reach the internet, and a test has no https server for the client,
 * so the documents it can fetch are given up front (TOY_CLIENT_DOCUMENTS, or
 * the map passed here): a known URL answers 200 with its JSON, any other 404.
 * Only the fetching is stood in for; the answer is validated exactly as a
 * document from the network would be. A real server fetches over HTTPS and
 * guards against server-side request forgery (no private addresses, a
 * timeout, a size limit).
 * @param {Record<string, unknown>} documents client_id URL -> metadata document
 * @returns {(url: string) => Promise<Response>}
 */
export function knownDocuments(documents) {
  return async (url) => Object.hasOwn(documents, url)
    ? new Response(JSON.stringify(documents[url]), { status: 200, headers: { 'content-type': 'application/json' } })
    : new Response('not found\n', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/** TOY_CLIENT_DOCUMENTS read as JSON; throws at start-up, naming the variable, when it is not a JSON object. */
function documentsFromEnv() {
  let documents;
  try {
    documents = JSON.parse(process.env.TOY_CLIENT_DOCUMENTS || '{}');
  } catch (err) {
    throw new Error(`TOY_CLIENT_DOCUMENTS is not JSON: ${err.message}`);
  }
  if (!isObject(documents)) throw new Error('TOY_CLIENT_DOCUMENTS must be a JSON object {client_id URL: metadata document}');
  return documents;
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function json(status, body, headers = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** An OAuth error from the token endpoint: `{error, error_description}`. https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-13#section-3.2.4 */
function oauthError(status, error, description) {
  return json(status, { error, error_description: description }, NO_STORE);
}

/** 303 See Other to `uri` with `params` added to its query (null values left out). */
function redirectTo(uri, params) {
  const target = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) target.searchParams.set(k, v);
  return new Response(null, { status: 303, headers: { location: target.href, 'cache-control': 'no-store' } });
}

async function formOf(request) {
  return new URLSearchParams(await request.text());
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Pages are never framed by another site (clickjacking) and never cached. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

const page = (title, body) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}.warn{border-left:4px solid #b45309;padding-left:.75rem}button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}</style></head>
<body>
${body}
</body>
</html>
`;

/**
 * The consent page: who asks (client_name and client_id), where the answer
 * goes (the redirect URI's host, which MCP says MUST be shown, with a warning
 * when it is only loopback, since any local program can listen there), what
 * for (each scope) and on which server (the resource). Allow or Deny.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/security-considerations#localhost-redirect-uri-risks
 */
function consentPage(id, client, redirectUri, resource, scope) {
  const host = new URL(redirectUri).host;
  const loopbackOnly = client.redirect_uris.every((u) => ['127.0.0.1', '[::1]', 'localhost'].includes(parseUrl(u)?.hostname));
  const scopes = scope.split(' ').map((s) => `<li><code>${escapeHtml(s)}</code>: ${escapeHtml(SCOPES[s])}</li>`).join('\n');
  return new Response(page('Allow access?', `<h1>Allow access to your calendar?</h1>
<p><strong>${escapeHtml(client.client_name)}</strong> (<code>${escapeHtml(client.client_id)}</code>) asks to:</p>
<ul>
${scopes}
</ul>
<p>on <code>${escapeHtml(resource)}</code>.</p>
<p>If you allow it, your answer is sent to <strong>${escapeHtml(host)}</strong>.</p>
${loopbackOnly ? '<p class="warn">This client only has redirect addresses on this computer (loopback). Any program running here could receive the answer: allow it only if you started this client yourself.</p>\n' : ''}<form method="post" action="/authorize">
<input type="hidden" name="consent" value="${escapeHtml(id)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`), { status: 200, headers: PAGE_HEADERS });
}

/** An error the browser is not sent back with: shown here, with its OAuth error code. */
function errorPage(status, error, description) {
  return new Response(page('Authorization failed', `<h1>This authorization request cannot go on</h1>
<p><code>${escapeHtml(error)}</code>: ${escapeHtml(description)}</p>
<p>Nothing was sent back to the client.</p>`), { status, headers: PAGE_HEADERS });
}

/** The server the browser engines and `node toy-servers/auth-server.mjs` run: configured from the environment. */
export const { handle } = createAuthServer();

// ---------------------------------------------------------------------------
// Run as a program: serve handle() on 127.0.0.1 (plumbing.mjs's node:http binding).
// ---------------------------------------------------------------------------

if (isMainModule(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.TOY_AUTH_PORT ?? 9000);
  const origin = await serveOnLoopback(handle, port);
  log(`auth-server: ready, OAuth 2.1 authorization server at ${origin} (issuer ${process.env.TOY_AUTH_ISSUER || origin})`);
}
