/**
 * The whole MCP authorization flow by hand, as one fixed script of HTTP
 * requests against auth-server.mjs and protected-calendar.mjs, through any
 * `send(Request)`: real sockets (tests/servers/authorization-flow.test.ts) or
 * the page's Worker engine (tests/e2e/engines-worker-auth.test.ts), which
 * compares the two transcripts byte for byte.
 *
 * The client is written from the spec, step by step:
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#authorization-flow-steps
 * Every value it sends is fixed (PKCE verifiers derived from labels, fixed
 * states), so with TOY_SEED and TOY_CLOCK set the servers answer the same
 * bytes wherever they run.
 */
import { parseBearerChallenge, stepUpScope } from '../../src/protocol/authorization.ts';
import { httpRequestFor } from './cases.ts';

/** Sends one request and returns the response as it came (redirects not followed). */
export type Send = (request: Request) => Promise<Response>;

/** One request of the script and its response. */
export interface Exchange {
  step: string;
  method: string;
  url: string;
  status: number;
  /** Response headers, names lower-case, without the ones a socket adds (see {@link TRANSPORT_HEADERS}). */
  headers: Record<string, string>;
  body: string;
}

/** Headers node:http adds on a real socket, which a fetch handler in the page never produces. */
export const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Where the script goes and as whom. */
export interface Targets {
  /** The authorization server's issuer (its origin). */
  issuer: string;
  /** The protected calendar's MCP endpoint, which is also its canonical URI. */
  mcp: string;
  /** An endpoint of the same calendar (same canonical URI) whose clock is past the tokens' expiry. */
  mcpLater: string;
  /** The canonical URI of another resource the authorization server issues tokens for. */
  otherResource: string;
}

/** The client of the script: a Client ID Metadata Document at an https URL, and its loopback redirect URI. */
export const CLIENT_ID = 'https://client.example/mcp-by-hand/client.json';
/** A document whose client_id is not the URL it is served at. */
export const MISMATCHED_CLIENT_ID = 'https://client.example/mcp-by-hand/borrowed.json';
/** Registered as `http://127.0.0.1/callback`; a loopback redirect may use any port. */
export const REDIRECT_URI = 'http://127.0.0.1:51004/callback';

/** The documents the authorization server "fetches" (its TOY_CLIENT_DOCUMENTS). */
export const CLIENT_DOCUMENTS = {
  [CLIENT_ID]: {
    client_id: CLIENT_ID,
    client_name: 'MCP by Hand test client',
    redirect_uris: ['http://127.0.0.1/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  },
  [MISMATCHED_CLIENT_ID]: {
    client_id: CLIENT_ID,
    client_name: 'Borrowed identity',
    redirect_uris: ['http://127.0.0.1/callback'],
  },
};

/** The environment both servers get in every engine: seeded bytes, a frozen clock. */
export const AUTH_ENV = { TOY_SEED: 'authorization', TOY_CLOCK: '2026-09-07T08:00:00Z' };
/** A clock six minutes later: every access token issued at TOY_CLOCK (5 minutes) has expired there. */
export const LATER_CLOCK = '2026-09-07T08:06:00Z';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
/** A JSON-RPC request body of MCP 2026-07-28. */
export const rpc = (id: number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { _meta: META, ...params } });

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A PKCE pair (RFC 7636): a verifier derived from `label` (43 characters) and its S256 challenge. */
export async function pkce(label: string): Promise<{ verifier: string; challenge: string }> {
  const sha = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const verifier = base64url(await sha(`verifier ${label}`));
  return { verifier, challenge: base64url(await sha(verifier)) };
}

/** The parameters of a `WWW-Authenticate: Bearer k="v", ...` header (none when there is no Bearer challenge). */
export const challengeParams = (header: string | undefined) => parseBearerChallenge(header)?.params ?? {};

/**
 * The client's moves, each one recorded: `call` any URL, `mcp` a POST to the
 * MCP endpoint (with a token or not), `consent` an authorization request
 * answered on the consent page, `redeem` a code, `refresh` a refresh token.
 * Endpoints are the issuer's conventional ones until `useMetadata` gives the
 * ones the metadata names.
 */
export function byHand(send: Send, t: { issuer: string; mcp: string }) {
  const exchanges: Exchange[] = [];
  const endpoints = { authorization_endpoint: `${t.issuer}/authorize`, token_endpoint: `${t.issuer}/token` };
  const call = async (step: string, url: string, init: RequestInit = {}) => {
    const response = await send(new Request(url, { ...init, redirect: 'manual' }));
    const headers: Record<string, string> = {};
    for (const [k, v] of response.headers) if (!TRANSPORT_HEADERS.has(k)) headers[k] = v;
    const exchange: Exchange = { step, method: init.method ?? 'GET', url, status: response.status, headers, body: await response.text() };
    exchanges.push(exchange);
    return exchange;
  };
  const mcp = (step: string, body: string, token?: string, url = t.mcp) => {
    const { headers } = httpRequestFor(body);
    return call(step, url, { method: 'POST', headers: token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` }, body });
  };
  const form = (step: string, url: string, fields: Record<string, string>) =>
    call(step, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const authorizeUrl = (fields: Record<string, string | undefined>) => {
    const url = new URL(endpoints.authorization_endpoint);
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) url.searchParams.set(k, v);
    return url.href;
  };
  /** An authorization request of the test client for `label` (its PKCE pair and state derive from it); `extra` overrides fields (undefined removes one). */
  const request = async (label: string, extra: Record<string, string | undefined> = {}) => {
    const { verifier, challenge } = await pkce(label);
    const fields = {
      response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: 'calendar.read', state: `state-${label}`,
      code_challenge: challenge, code_challenge_method: 'S256', resource: t.mcp, ...extra,
    };
    return { verifier, fields, url: authorizeUrl(fields) };
  };
  /** Authorize and answer the consent page; returns the redirect's query. */
  const consent = async (label: string, extra: Record<string, string | undefined> = {}, decision = 'allow') => {
    const r = await request(label, extra);
    const page = await call(`authorize (${label})`, r.url);
    const id = /name="consent" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const answer = await form(`consent ${decision} (${label})`, authorizeUrl({}), { consent: id, decision });
    return { ...r, query: new URL(answer.headers.location ?? 'http://invalid/').searchParams };
  };
  /** `resource: null` leaves the parameter out. */
  const redeem = (step: string, code: string, verifier: string | undefined, resource: string | null = t.mcp) => {
    const fields: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID };
    if (verifier !== undefined) fields.code_verifier = verifier;
    if (resource !== null) fields.resource = resource;
    return form(step, endpoints.token_endpoint, fields);
  };
  const refresh = (step: string, refreshToken: string) =>
    form(step, endpoints.token_endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID, resource: t.mcp });
  const useMetadata = (metadata: { authorization_endpoint?: string; token_endpoint?: string }) => {
    endpoints.authorization_endpoint = metadata.authorization_endpoint ?? endpoints.authorization_endpoint;
    endpoints.token_endpoint = metadata.token_endpoint ?? endpoints.token_endpoint;
  };
  return { exchanges, call, mcp, form, request, consent, redeem, refresh, useMetadata };
}

/** Consent and a code exchange as the test client: the token response (`access_token`, `refresh_token`, `scope`, ...) for `scope` at `resource`. */
export async function tokenFor(send: Send, { issuer, resource, scope }: { issuer: string; resource: string; scope: string }) {
  const h = byHand(send, { issuer, mcp: resource });
  const { query, verifier } = await h.consent('token', { scope });
  const answer = await h.redeem('token', query.get('code') ?? '', verifier);
  if (answer.status !== 200) throw new Error(`no token: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as { access_token: string; refresh_token: string; scope: string; expires_in: number };
}

/** Runs the script; returns every exchange in order. */
export async function runScript(send: Send, t: Targets): Promise<Exchange[]> {
  const { exchanges, call, mcp, request, consent, redeem, refresh, useMetadata } = byHand(send, t);

  // 1-2. The calendar says where to look; its metadata names the authorization server.
  const refused = await mcp('mcp without a token', rpc(1, 'server/discover'));
  const prmUrl = challengeParams(refused.headers['www-authenticate']).resource_metadata ?? `${new URL(t.mcp).origin}/.well-known/oauth-protected-resource/mcp`;
  const prm = JSON.parse((await call('protected resource metadata', prmUrl)).body);
  await call('protected resource metadata at the root', `${new URL(t.mcp).origin}/.well-known/oauth-protected-resource`);
  const issuer: string = prm.authorization_servers?.[0] ?? t.issuer;
  // 3. The authorization server's metadata, at the two places a client tries, in order.
  const as = JSON.parse((await call('authorization server metadata', `${issuer}/.well-known/oauth-authorization-server`)).body);
  await call('openid configuration', `${issuer}/.well-known/openid-configuration`);
  useMetadata(as);

  // 4-6. Consent, the code (with state and iss), the token.
  const first = await consent('first');
  const tokens = JSON.parse((await redeem('token', first.query.get('code') ?? '', first.verifier)).body);
  // 7. MCP with the token: discover, a read of the week, then a write tool the token's scope does not cover.
  await mcp('discover with a token', rpc(2, 'server/discover'), tokens.access_token);
  await mcp('read with a token', rpc(3, 'resources/read', { uri: 'calendar://week' }), tokens.access_token);
  const create = rpc(4, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } });
  const tooLittle = await mcp('write tool with a read token', create, tokens.access_token);
  // 8. Step-up: ask again for the scopes the challenge named, and retry.
  const wanted = stepUpScope('calendar.read', parseBearerChallenge(tooLittle.headers['www-authenticate'])?.scope);
  const stepUp = await consent('step-up', { scope: wanted });
  const stronger = JSON.parse((await redeem('token after step-up', stepUp.query.get('code') ?? '', stepUp.verifier)).body);
  await mcp('write tool after step-up', create, stronger.access_token);
  // 9. Refresh tokens rotate: the old one works once; presenting it again revokes the family.
  const rotated = JSON.parse((await refresh('refresh', stronger.refresh_token)).body);
  await refresh('refresh with the old refresh token', stronger.refresh_token);
  await refresh('refresh with the newest after the reuse', rotated.refresh_token);

  // Refusals at the calendar.
  await mcp('expired token', rpc(5, 'server/discover'), tokens.access_token, t.mcpLater);
  const other = await consent('other', { resource: t.otherResource });
  const otherToken = JSON.parse((await redeem('token for another resource', other.query.get('code') ?? '', other.verifier, t.otherResource)).body);
  await mcp('token for another audience', rpc(6, 'server/discover'), otherToken.access_token);
  await mcp('token in the query', rpc(7, 'server/discover'), undefined, `${t.mcp}?access_token=${encodeURIComponent(tokens.access_token)}`);
  const forged = `${tokens.access_token.slice(0, -2)}${tokens.access_token.endsWith('AA') ? 'BB' : 'AA'}`;
  await mcp('token with a bad signature', rpc(8, 'server/discover'), forged);
  const unsigned = `${base64url(new TextEncoder().encode('{"alg":"none","typ":"at+jwt"}'))}.${tokens.access_token.split('.')[1]}.`;
  await mcp('unsigned token (alg none)', rpc(9, 'server/discover'), unsigned);

  // Refusals at the authorization server.
  const pkceCase = await consent('pkce');
  await redeem('token without code_verifier', pkceCase.query.get('code') ?? '', undefined);
  await redeem('token with a wrong code_verifier', pkceCase.query.get('code') ?? '', (await pkce('someone else')).verifier);
  await redeem('token with the right code_verifier after a wrong one', pkceCase.query.get('code') ?? '', pkceCase.verifier);
  await call('authorize with plain PKCE', (await request('plain', { code_challenge: 'plain-verifier-sent-as-is-aaaaaaaaaaaaaaaaaaaaa', code_challenge_method: 'plain' })).url);
  await call('authorize without resource', (await request('no-resource', { resource: undefined })).url);
  await call('authorize for an unknown resource', (await request('unknown-resource', { resource: 'http://elsewhere.example/mcp' })).url);
  const noResource = await consent('token-no-resource');
  await redeem('token without resource', noResource.query.get('code') ?? '', noResource.verifier, null);
  await redeem('code replayed', first.query.get('code') ?? '', first.verifier);
  await refresh('refresh token of a replayed code', tokens.refresh_token);
  await call('redirect URI not in the metadata document', (await request('evil', { redirect_uri: 'https://evil.example/callback' })).url);
  await call('metadata document with another client_id', (await request('borrowed', { client_id: MISMATCHED_CLIENT_ID })).url);
  await consent('deny', {}, 'deny');
  // The other two ways to be a client: pre-registered, and (deprecated) dynamic registration.
  await call('authorize as the pre-registered client', (await request('pre', { client_id: 'toy-cli', redirect_uri: 'http://127.0.0.1:6001/callback' })).url);
  const registered = await call('dynamic client registration', as.registration_endpoint ?? `${issuer}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Registered by hand', redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none', application_type: 'native' }),
  });
  const registeredId = JSON.parse(registered.body).client_id ?? '';
  await call('authorize as the registered client', (await request('dcr', { client_id: registeredId })).url);
  return exchanges;
}

/** The exchange of a step; throws naming the steps when there is none. */
export function step(exchanges: Exchange[], name: string): Exchange {
  const found = exchanges.find((e) => e.step === name);
  if (!found) throw new Error(`no step "${name}"; steps: ${exchanges.map((e) => e.step).join(' | ')}`);
  return found;
}

/** Where the attack script goes: the authorization server, the passthrough proxy and the calendar behind it, the mix-up server. */
export interface AttackTargets {
  /** The honest authorization server's issuer. */
  issuer: string;
  /** The passthrough proxy's MCP endpoint, which is also its canonical URI. */
  proxy: string;
  /** The canonical URI of the calendar the proxy forwards to. */
  upstream: string;
  /** The malicious authorization server's issuer (its origin). */
  mixUpIssuer: string;
}

/**
 * The two attacks of the authorization lessons, as a fixed script like
 * {@link runScript}: token passthrough (the proxy given its own token, a
 * calendar token, and none) and the mix-up (the malicious server's metadata
 * followed to the honest consent page, the code sent to the malicious token
 * endpoint). Returns every exchange in order.
 * https://modelcontextprotocol.io/docs/2026-07-28/tutorials/security/security_best_practices#token-passthrough
 * https://modelcontextprotocol.io/docs/2026-07-28/tutorials/security/security_best_practices#mix-up-attacks
 */
export async function runAttackScript(send: Send, a: AttackTargets): Promise<Exchange[]> {
  const h = byHand(send, { issuer: a.issuer, mcp: a.upstream });
  const own = await h.consent('proxy token', { resource: a.proxy });
  const ownToken = JSON.parse((await h.redeem('token for the proxy', own.query.get('code') ?? '', own.verifier, a.proxy)).body).access_token;
  const up = await h.consent('upstream token');
  const upToken = JSON.parse((await h.redeem('token for the calendar behind the proxy', up.query.get('code') ?? '', up.verifier)).body).access_token;
  await h.mcp('proxy with its own token', rpc(1, 'server/discover'), ownToken, a.proxy);
  await h.mcp('proxy with a calendar token', rpc(2, 'server/discover'), upToken, a.proxy);
  await h.mcp('proxy without a token', rpc(3, 'server/discover'), undefined, a.proxy);

  const metadata = JSON.parse((await h.call('mix-up metadata', `${a.mixUpIssuer}/.well-known/oauth-authorization-server`)).body);
  h.useMetadata(metadata);
  const mixed = await h.consent('mix-up');
  await h.redeem('code at the mix-up token endpoint', mixed.query.get('code') ?? '', mixed.verifier);
  return h.exchanges;
}
