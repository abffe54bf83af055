/**
 * The client's side of MCP authorization (src/protocol/authorization.ts):
 * challenge parsing, the discovery orders, the authorization response
 * check (RFC 9207 iss and state, as MCP's table says) and the step-up scope
 * union. The same functions meet the real auth-server.mjs in
 * tests/servers/authorization-flow.test.ts.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization
 */
import { describe, expect, it } from 'vitest';
import {
  authorizationServerMetadataUrls, checkAuthorizationResponse, parseBearerChallenge, protectedResourceMetadataUrls, stepUpScope,
} from '../../../src/protocol/authorization.ts';

describe('parseBearerChallenge', () => {
  it('reads the spec\'s 401 and 403 examples', () => {
    expect(parseBearerChallenge('Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", scope="files:read"')).toEqual({
      resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource',
      scope: 'files:read',
      params: { resource_metadata: 'https://mcp.example.com/.well-known/oauth-protected-resource', scope: 'files:read' },
    });
    const forbidden = parseBearerChallenge('Bearer error="insufficient_scope",\n  scope="files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", error_description="File write permission required"');
    expect(forbidden).toMatchObject({ error: 'insufficient_scope', scope: 'files:write', errorDescription: 'File write permission required' });
  });

  it('unescapes quoted strings, accepts tokens, lower-cases names, and ignores other schemes', () => {
    expect(parseBearerChallenge('bearer Error=invalid_token, error_description="a \\"quoted\\" word"')).toMatchObject({ error: 'invalid_token', errorDescription: 'a "quoted" word' });
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseBearerChallenge(null)).toBeUndefined();
    expect(parseBearerChallenge('Basic realm="x", Bearer scope="a b"')?.scope).toBe('a b');
    expect(parseBearerChallenge('Bearer')).toEqual({ params: {} });
  });
});

describe('discovery orders', () => {
  it('Protected Resource Metadata: the endpoint path appended first, then the root; only the root for an endpoint at /', () => {
    expect(protectedResourceMetadataUrls('https://example.com/public/mcp')).toEqual([
      'https://example.com/.well-known/oauth-protected-resource/public/mcp',
      'https://example.com/.well-known/oauth-protected-resource',
    ]);
    expect(protectedResourceMetadataUrls('https://example.com')).toEqual(['https://example.com/.well-known/oauth-protected-resource']);
  });

  it('authorization server metadata: the spec\'s three URLs for an issuer with a path, two without', () => {
    expect(authorizationServerMetadataUrls('https://auth.example.com/tenant1')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.example.com/.well-known/openid-configuration/tenant1',
      'https://auth.example.com/tenant1/.well-known/openid-configuration',
    ]);
    expect(authorizationServerMetadataUrls('https://auth.example.com')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server',
      'https://auth.example.com/.well-known/openid-configuration',
    ]);
  });
});

describe('checkAuthorizationResponse: the four rows of the table, then state, error and code', () => {
  const issuer = 'https://auth.example.com';
  const q = (fields: Record<string, string>) => new URLSearchParams(fields);
  it('supported and present: compared exactly, with no normalisation', () => {
    expect(checkAuthorizationResponse(q({ code: 'c', iss: issuer }), { expectedIssuer: issuer, issParameterSupported: true })).toEqual({ ok: true, code: 'c' });
    for (const other of ['https://AUTH.example.com', 'https://auth.example.com/', 'https://auth.example.com:443', 'https://attacker.example']) {
      expect(checkAuthorizationResponse(q({ code: 'c', iss: other }), { expectedIssuer: issuer, issParameterSupported: true })).toMatchObject({ ok: false, reason: 'iss-mismatch' });
    }
  });
  it('supported and absent: rejected', () => {
    expect(checkAuthorizationResponse(q({ code: 'c' }), { expectedIssuer: issuer, issParameterSupported: true })).toMatchObject({ ok: false, reason: 'iss-missing' });
  });
  it('not advertised but present: still compared; absent: proceed', () => {
    expect(checkAuthorizationResponse(q({ code: 'c', iss: 'https://attacker.example' }), { expectedIssuer: issuer, issParameterSupported: false })).toMatchObject({ reason: 'iss-mismatch' });
    expect(checkAuthorizationResponse(q({ code: 'c' }), { expectedIssuer: issuer, issParameterSupported: false })).toEqual({ ok: true, code: 'c' });
  });
  it('an error response from another issuer is not shown: only the mismatch is', () => {
    const r = checkAuthorizationResponse(q({ error: 'access_denied', error_description: 'click here', iss: 'https://attacker.example' }), { expectedIssuer: issuer, issParameterSupported: true });
    expect(r).toMatchObject({ ok: false, reason: 'iss-mismatch' });
    expect(JSON.stringify(r)).not.toContain('click here');
  });
  it('state must match what was sent; a trusted error is passed on; no code is a failure', () => {
    const expect_ = { expectedIssuer: issuer, issParameterSupported: true, expectedState: 's1' };
    expect(checkAuthorizationResponse(q({ code: 'c', iss: issuer, state: 's2' }), expect_)).toMatchObject({ reason: 'state-mismatch' });
    expect(checkAuthorizationResponse(q({ error: 'access_denied', iss: issuer, state: 's1' }), expect_)).toEqual({ ok: false, reason: 'error', error: 'access_denied' });
    expect(checkAuthorizationResponse(q({ iss: issuer, state: 's1' }), expect_)).toMatchObject({ reason: 'no-code' });
  });
});

describe('stepUpScope', () => {
  it('is the union of what was asked before and what the challenge names, each once', () => {
    expect(stepUpScope('calendar.read', 'calendar.read calendar.write')).toBe('calendar.read calendar.write');
    expect(stepUpScope('a b', 'c')).toBe('a b c');
    expect(stepUpScope(undefined, 'c')).toBe('c');
  });
});
