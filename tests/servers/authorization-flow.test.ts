/**
 * The MCP authorization flow against auth-server.mjs and protected-calendar.mjs,
 * each a real `node` process on a free port on 127.0.0.1, driven with fetch
 * (tests/servers/authorization-script.ts is the client). The two share their
 * signing key through `.toy-state/secret.key` in one working directory, as
 * the servers' comments say; no TOY_SEED here.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuthorizationResponse } from '../../src/protocol/authorization.ts';
import { freshDir } from './harness.ts';
import { freePort, parseSse, startHttpServer, type RunningHttpServer } from './http-harness.ts';
import {
  AUTH_ENV, CLIENT_DOCUMENTS, CLIENT_ID, LATER_CLOCK, REDIRECT_URI, challengeParams, pkce, runScript, step, type Exchange, type Targets,
} from './authorization-script.ts';

const { TOY_SEED: _seed, ...ENV } = AUTH_ENV;
const OTHER_RESOURCE = 'http://other.example/mcp';

const servers: RunningHttpServer[] = [];
let t: Targets;
let exchanges: Exchange[];
const at = (name: string) => step(exchanges, name);
const json = (name: string) => JSON.parse(at(name).body);
const location = (name: string) => new URL(at(name).headers.location!);

beforeAll(async () => {
  const dir = freshDir();
  const issuer = `http://127.0.0.1:${await freePort()}`;
  const calendar = await startHttpServer('protected-calendar', { cwd: dir, env: { ...ENV, TOY_AUTH_SERVER: issuer } });
  servers.push(calendar);
  const mcp = `${calendar.url}/mcp`;
  const later = await startHttpServer('protected-calendar', { cwd: dir, env: { ...ENV, TOY_CLOCK: LATER_CLOCK, TOY_AUTH_SERVER: issuer, TOY_RESOURCE_URL: mcp } });
  servers.push(later);
  const auth = await startHttpServer('auth-server', {
    cwd: dir,
    port: Number(new URL(issuer).port),
    env: { ...ENV, TOY_AUTH_RESOURCES: `${mcp},${OTHER_RESOURCE}`, TOY_CLIENT_DOCUMENTS: JSON.stringify(CLIENT_DOCUMENTS) },
  });
  servers.push(auth);
  expect(auth.url).toBe(issuer);
  t = { issuer, mcp, mcpLater: `${later.url}/mcp`, otherResource: OTHER_RESOURCE };
  expect(later.stderr()).toContain(`(canonical URI ${mcp})`);
  exchanges = await runScript((request) => fetch(request), t);
});

afterAll(() => {
  for (const s of servers) s.child.kill();
});

describe('discovery', () => {
  it('a request without a token gets 401 with resource_metadata and the scope to ask for', () => {
    const r = at('mcp without a token');
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe(`Bearer resource_metadata="${new URL(t.mcp).origin}/.well-known/oauth-protected-resource/mcp", scope="calendar.read"`);
    expect(JSON.parse(r.body).error).toBeUndefined();
  });

  it('the Protected Resource Metadata (RFC 9728) names the calendar, its authorization server and scopes, at the path-suffixed URI and at the root', () => {
    const prm = json('protected resource metadata');
    expect(prm).toMatchObject({ resource: t.mcp, authorization_servers: [t.issuer], scopes_supported: ['calendar.read'], bearer_methods_supported: ['header'] });
    expect(at('protected resource metadata').headers['content-type']).toBe('application/json');
    expect(json('protected resource metadata at the root')).toEqual(prm);
  });

  it('the authorization server metadata (RFC 8414) is served at both discovery paths, identical, with PKCE S256, CIMD and iss', () => {
    const md = json('authorization server metadata');
    expect(md).toMatchObject({
      issuer: t.issuer,
      authorization_endpoint: `${t.issuer}/authorize`,
      token_endpoint: `${t.issuer}/token`,
      registration_endpoint: `${t.issuer}/register`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(json('openid configuration')).toEqual(md);
  });
});

describe('the flow', () => {
  it('the consent page shows the client from its metadata document, the redirect host, the scopes, and a form', () => {
    const page = at('authorize (first)');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('MCP by Hand test client');
    expect(page.body).toContain(CLIENT_ID);
    expect(page.body).toContain('127.0.0.1:51004');
    expect(page.body).toContain('<code>calendar.read</code>');
    expect(page.body).toMatch(/<form method="post" action="\/authorize">[\s\S]*name="decision" value="allow"[\s\S]*value="deny"/);
    expect(page.body).toContain('loopback');
  });

  it('Allow redirects (303) to the redirect URI with a code, the state and iss (RFC 9207)', () => {
    const r = at('consent allow (first)');
    expect(r.status).toBe(303);
    const to = location('consent allow (first)');
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT_URI);
    expect(to.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toBe('state-first');
    expect(to.searchParams.get('iss')).toBe(t.issuer);
  });

  it('the client checks the response as MCP says before using the code: iss equals the metadata issuer, state is its own', () => {
    const expectation = { expectedIssuer: json('authorization server metadata').issuer, issParameterSupported: true, expectedState: 'state-first' };
    const query = location('consent allow (first)').searchParams;
    expect(checkAuthorizationResponse(query, expectation)).toEqual({ ok: true, code: query.get('code') });
    // Had the client sent the reader to another authorization server, this honest answer would not be trusted (mix-up).
    expect(checkAuthorizationResponse(query, { ...expectation, expectedIssuer: 'http://127.0.0.1:1' })).toMatchObject({ ok: false, reason: 'iss-mismatch' });
    const denied = location('consent deny (deny)').searchParams;
    expect(checkAuthorizationResponse(denied, { ...expectation, expectedState: 'state-deny' })).toEqual({ ok: false, reason: 'error', error: 'access_denied', errorDescription: 'the reader denied access' });
  });

  it('the token response: a Bearer JWT for the calendar, 5 minutes, a refresh token, never cached', () => {
    const r = at('token');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'calendar.read' });
    expect(typeof body.refresh_token).toBe('string');
    const [header, claims] = body.access_token.split('.').slice(0, 2).map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(claims).toMatchObject({ iss: t.issuer, aud: t.mcp, client_id: CLIENT_ID, scope: 'calendar.read' });
    expect(claims.exp - claims.iat).toBe(300);
    expect(claims.iat).toBe(Date.parse(ENV.TOY_CLOCK) / 1000);
  });

  it('with the token, server/discover and a read of calendar://week answer as the calendar does', () => {
    const discover = at('discover with a token');
    expect(discover.status).toBe(200);
    expect(JSON.parse(discover.body).result.supportedVersions).toEqual(['2026-07-28']);
    const read = at('read with a token');
    expect(read.status).toBe(200);
    expect(JSON.parse(JSON.parse(read.body).result.contents[0].text).map((e: { title: string }) => e.title)).toContain('Standup');
  });

  it('the write tool with a read-only token: 403 insufficient_scope naming every scope it needs', () => {
    const r = at('write tool with a read token');
    expect(r.status).toBe(403);
    const params = challengeParams(r.headers['www-authenticate']);
    expect(r.headers['www-authenticate']).toMatch(/^Bearer error="insufficient_scope", scope="calendar.read calendar.write", resource_metadata="[^"]+", error_description="[^"]+"$/);
    expect(params.resource_metadata).toBe(`${new URL(t.mcp).origin}/.well-known/oauth-protected-resource/mcp`);
    expect(JSON.parse(r.body).error).toBe('insufficient_scope');
  });

  it('step-up: a new consent for the challenged scopes gives a token the write tool accepts', () => {
    expect(at('authorize (step-up)').body).toContain('<code>calendar.write</code>');
    expect(json('token after step-up').scope).toBe('calendar.read calendar.write');
    const r = at('write tool after step-up');
    expect(r.status).toBe(200);
    expect(JSON.parse(parseSse(r.body).at(-1)!).result.structuredContent).toEqual({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
  });

  it('refresh tokens rotate: the old one is refused after use, and its reuse revokes the newest too', () => {
    const fresh = json('refresh');
    expect(at('refresh').status).toBe(200);
    expect(fresh.refresh_token).not.toBe(json('token after step-up').refresh_token);
    expect(fresh.scope).toBe('calendar.read calendar.write');
    expect(at('refresh with the old refresh token').status).toBe(400);
    expect(json('refresh with the old refresh token').error).toBe('invalid_grant');
    expect(json('refresh with the newest after the reuse').error).toBe('invalid_grant');
  });
});

describe('refusals at the calendar', () => {
  const invalidToken = (name: string, why: RegExp) => {
    const r = at(name);
    expect(r.status).toBe(401);
    const params = challengeParams(r.headers['www-authenticate']);
    expect(params.error).toBe('invalid_token');
    expect(params.error_description).toMatch(why);
    expect(params.resource_metadata).toMatch(/\/\.well-known\/oauth-protected-resource\/mcp$/);
  };
  it('an expired token: 401 invalid_token (a calendar whose clock is past the expiry)', () => invalidToken('expired token', /expired/));
  it('a token for another resource: 401 invalid_token (audience, RFC 8707)', () => invalidToken('token for another audience', /is for http:\/\/other\.example\/mcp/));
  it('a token whose signature was changed: 401 invalid_token', () => invalidToken('token with a bad signature', /signature/));
  it('an unsigned token (alg none): 401 invalid_token', () => invalidToken('unsigned token (alg none)', /HS256/));
  it('a token in the query string: 400 invalid_request (OAuth 2.1 forbids that method)', () => {
    const r = at('token in the query');
    expect(r.status).toBe(400);
    expect(challengeParams(r.headers['www-authenticate']).error).toBe('invalid_request');
  });
});

describe('refusals at the authorization server', () => {
  const tokenError = (name: string, status: number, error: string) => {
    expect(at(name).status, name).toBe(status);
    expect(json(name).error, name).toBe(error);
    expect(typeof json(name).error_description).toBe('string');
    expect(at(name).headers['cache-control']).toBe('no-store');
  };
  it('no code_verifier: 400 invalid_request; a wrong one: 400 invalid_grant, and the code is spent', () => {
    tokenError('token without code_verifier', 400, 'invalid_request');
    tokenError('token with a wrong code_verifier', 400, 'invalid_grant');
    tokenError('token with the right code_verifier after a wrong one', 400, 'invalid_grant');
  });
  it('no resource at the token endpoint: 400 invalid_target', () => tokenError('token without resource', 400, 'invalid_target'));
  it('a code used twice: 400 invalid_grant, and the refresh token the first use got is revoked', () => {
    tokenError('code replayed', 400, 'invalid_grant');
    tokenError('refresh token of a replayed code', 400, 'invalid_grant');
  });

  const redirectedError = (name: string, error: string, state: string) => {
    expect(at(name).status).toBe(303);
    const to = location(name);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT_URI);
    expect(to.searchParams.get('error')).toBe(error);
    expect(to.searchParams.get('state')).toBe(state);
    expect(to.searchParams.get('iss')).toBe(t.issuer);
    expect(to.searchParams.get('code')).toBeNull();
  };
  it('plain PKCE: redirected with invalid_request, state and iss', () => redirectedError('authorize with plain PKCE', 'invalid_request', 'state-plain'));
  it('no resource, or one it does not serve: redirected with invalid_target', () => {
    redirectedError('authorize without resource', 'invalid_target', 'state-no-resource');
    redirectedError('authorize for an unknown resource', 'invalid_target', 'state-unknown-resource');
  });
  it('Deny: redirected with access_denied', () => redirectedError('consent deny (deny)', 'access_denied', 'state-deny'));

  it('a redirect URI that is not in the metadata document: a 400 page, never a redirect', () => {
    const r = at('redirect URI not in the metadata document');
    expect(r.status).toBe(400);
    expect(r.headers.location).toBeUndefined();
    expect(r.body).toContain('<code>invalid_request</code>');
    expect(r.body).toContain('https://evil.example/callback');
  });
  it('a metadata document whose client_id is not its URL: a 400 page (invalid_client)', () => {
    const r = at('metadata document with another client_id');
    expect(r.status).toBe(400);
    expect(r.headers.location).toBeUndefined();
    expect(r.body).toContain('<code>invalid_client</code>');
  });
});

describe('the other ways to be a client', () => {
  it('the pre-registered client gets a consent page on any loopback port', () => {
    const r = at('authorize as the pre-registered client');
    expect(r.status).toBe(200);
    expect(r.body).toContain('Toy command-line client (pre-registered)');
  });
  it('dynamic client registration (deprecated) answers 201 with a client_id that can then authorize', () => {
    const r = at('dynamic client registration');
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body)).toMatchObject({ client_name: 'Registered by hand', token_endpoint_auth_method: 'none', redirect_uris: ['http://127.0.0.1/callback'] });
    expect(at('authorize as the registered client').status).toBe(200);
  });
});

describe('PKCE by hand', () => {
  it('the S256 challenge is base64url(SHA-256(verifier)), as RFC 7636 appendix B computes', async () => {
    const { verifier, challenge } = await pkce('x');
    const { createHash } = await import('node:crypto');
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });
});
