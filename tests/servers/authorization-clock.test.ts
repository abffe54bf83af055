/**
 * The two OAuth toy servers made in this process with one clock the test
 * moves (`createAuthServer({ now })`, `createProtectedCalendar({ now })`), so
 * that every lifetime is seen to end exactly when the servers say, without
 * waiting: the access token (5 minutes), the code (1 minute), the consent
 * page (10 minutes). The handlers are the same functions the programs serve.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DOCUMENTS, byHand, rpc, tokenFor, type Send } from './authorization-script.ts';

const ISSUER = 'http://auth.test';
const MCP = 'http://calendar.test/mcp';
let clock = Date.parse('2026-09-07T08:00:00Z');
let send: Send;
let ACCESS_TOKEN_TTL_S: number;
let CODE_TTL_MS: number;

beforeAll(async () => {
  // The signing key comes from the seed (read when plumbing.mjs loads), not from a file in this folder.
  process.env.TOY_SEED = 'authorization-clock';
  const auth = await import('../../toy-servers/auth-server.mjs');
  const calendar = await import('../../toy-servers/protected-calendar.mjs');
  ({ ACCESS_TOKEN_TTL_S, CODE_TTL_MS } = auth);
  const now = () => clock;
  const as = auth.createAuthServer({ issuer: ISSUER, resources: [MCP], fetchClientDocument: auth.knownDocuments(CLIENT_DOCUMENTS), now });
  const rs = calendar.createProtectedCalendar({ resource: MCP, authorizationServer: ISSUER, now });
  send = (request) => (new URL(request.url).origin === ISSUER ? as.handle(request) : rs.handle(request));
});

describe('lifetimes, on a clock the test moves', () => {
  it('an access token works until its 300th second and not at it', async () => {
    const { access_token: token, expires_in: lifetime } = await tokenFor(send, { issuer: ISSUER, resource: MCP, scope: 'calendar.read' });
    expect(lifetime).toBe(ACCESS_TOKEN_TTL_S);
    const h = byHand(send, { issuer: ISSUER, mcp: MCP });
    expect((await h.mcp('fresh', rpc(1, 'server/discover'), token)).status).toBe(200);
    clock += (ACCESS_TOKEN_TTL_S - 1) * 1000;
    expect((await h.mcp('last second', rpc(2, 'server/discover'), token)).status).toBe(200);
    clock += 1000;
    const expired = await h.mcp('expired', rpc(3, 'server/discover'), token);
    expect(expired.status).toBe(401);
    expect(expired.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(expired.headers['www-authenticate']).toContain('The token has expired');
  });

  it('a code is refused once its minute is over (invalid_grant)', async () => {
    const h = byHand(send, { issuer: ISSUER, mcp: MCP });
    const { query, verifier } = await h.consent('late');
    clock += CODE_TTL_MS;
    const late = await h.redeem('late', query.get('code')!, verifier);
    expect(late.status).toBe(400);
    expect(JSON.parse(late.body)).toMatchObject({ error: 'invalid_grant', error_description: 'the code is unknown or has expired' });
  });

  it('a consent page left ten minutes cannot be answered', async () => {
    const h = byHand(send, { issuer: ISSUER, mcp: MCP });
    const page = await h.call('authorize', (await h.request('slow')).url);
    const id = /name="consent" value="([^"]+)"/.exec(page.body)![1]!;
    clock += 600_000;
    const answer = await h.form('answer', `${ISSUER}/authorize`, { consent: id, decision: 'allow' });
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).toContain('expired or was already answered');
  });
});
