/**
 * The mix-up attack (RFC 9207) on real `node` processes: mix-up-auth-server.mjs
 * publishes metadata with its own issuer and token endpoint but the honest
 * auth-server.mjs's authorization endpoint. A client that follows it gets a
 * genuine consent page and a genuine code from the honest server, whose
 * redirect names the honest issuer in `iss`: the client's check against the
 * issuer it recorded (the malicious one) fails. A client that skipped the
 * check would send the code and its PKCE verifier to the malicious token
 * endpoint, which keeps them; redeemed at the honest token endpoint, they
 * give a token: PKCE does not stop this, the iss check does.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#authorization-response-validation
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuthorizationResponse } from '../../src/protocol/authorization.ts';
import { freshDir } from './harness.ts';
import { freePort, startHttpServer, type RunningHttpServer } from './http-harness.ts';
import { AUTH_ENV, CLIENT_DOCUMENTS, CLIENT_ID, REDIRECT_URI, byHand, step, type Exchange } from './authorization-script.ts';

const MCP = 'http://127.0.0.1:8081/mcp';
const servers: RunningHttpServer[] = [];
let honest: string;
let malicious: string;
let exchanges: Exchange[];
let redirect: URLSearchParams;
let verifier: string;
const json = (name: string) => JSON.parse(step(exchanges, name).body);

beforeAll(async () => {
  const dir = freshDir();
  honest = `http://127.0.0.1:${await freePort()}`;
  servers.push(await startHttpServer('auth-server', {
    cwd: dir, port: Number(new URL(honest).port),
    env: { ...AUTH_ENV, TOY_AUTH_RESOURCES: MCP, TOY_CLIENT_DOCUMENTS: JSON.stringify(CLIENT_DOCUMENTS) },
  }));
  const evil = await startHttpServer('mix-up-auth-server', { cwd: dir, env: { TOY_HONEST_ISSUER: honest } });
  servers.push(evil);
  malicious = evil.url;
  // The client starts with the malicious server: its metadata is what it records and follows.
  const h = byHand((request) => fetch(request), { issuer: malicious, mcp: MCP });
  const metadata = JSON.parse((await h.call('malicious metadata', `${malicious}/.well-known/oauth-authorization-server`)).body);
  await h.call('malicious openid configuration', `${malicious}/.well-known/openid-configuration`);
  h.useMetadata(metadata);
  const answer = await h.consent('mix-up');
  redirect = answer.query;
  verifier = answer.verifier;
  // A client without the iss check: the code and verifier to the token endpoint it recorded.
  await h.redeem('code sent to the malicious token endpoint', redirect.get('code') ?? '', verifier);
  exchanges = h.exchanges;
});

afterAll(() => {
  for (const s of servers) s.child.kill();
});

describe('mix-up: a malicious authorization server\'s metadata', () => {
  it('names itself as issuer and token endpoint, and the honest server\'s authorization endpoint, at both discovery paths', () => {
    const md = json('malicious metadata');
    expect(md).toMatchObject({ issuer: malicious, authorization_endpoint: `${honest}/authorize`, token_endpoint: `${malicious}/token`, authorization_response_iss_parameter_supported: true });
    expect(json('malicious openid configuration')).toEqual(md);
  });

  it('sends the person to the honest server\'s genuine consent page; Allow redirects with a code and iss = the honest issuer', () => {
    expect(step(exchanges, 'authorize (mix-up)').url.startsWith(`${honest}/authorize?`)).toBe(true);
    expect(step(exchanges, 'authorize (mix-up)').body).toContain('<h1>Allow access to your calendar?</h1>');
    expect(redirect.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(redirect.get('iss')).toBe(honest);
  });

  it('the client\'s check against the issuer it recorded (the malicious one) fails: iss-mismatch, the code must not be used', () => {
    expect(checkAuthorizationResponse(redirect, { expectedIssuer: malicious, issParameterSupported: true, expectedState: 'state-mix-up' })).toEqual({
      ok: false, reason: 'iss-mismatch', detail: `iss is ${honest}, but the request went to ${malicious}`,
    });
  });

  it('without the check, the malicious token endpoint gets the code and the PKCE verifier, and answers like an expired code', () => {
    const r = step(exchanges, 'code sent to the malicious token endpoint');
    expect(r.status).toBe(400);
    expect(json('code sent to the malicious token endpoint')).toEqual({
      error: 'invalid_grant',
      error_description: 'the code is unknown or has expired',
      kept_by_this_server: { code: redirect.get('code'), code_verifier: verifier, client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, resource: MCP },
    });
    expect(servers[1]!.stderr()).toContain(`mix-up-auth-server: kept {"code":"${redirect.get('code')}"`);
  });

  it('what it kept redeems at the honest token endpoint: PKCE does not stop a mix-up', async () => {
    const kept = json('code sent to the malicious token endpoint').kept_by_this_server;
    const r = await fetch(`${honest}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', ...kept }).toString(),
    });
    expect(r.status).toBe(200);
    expect((await r.json()).token_type).toBe('Bearer');
  });
});
