/**
 * passthrough-proxy.mjs, the anti-pattern MCP forbids, as real `node`
 * processes on 127.0.0.1 driven with fetch: auth-server.mjs issues tokens
 * for the calendar (protected-calendar.mjs) and for the proxy's own address;
 * one proxy forwards over the network to a calendar process
 * (TOY_UPSTREAM_URL), another to the calendar's handler in its own process
 * (what the page runs). Both forward the client's Authorization header
 * unchanged and relay whatever the calendar answers, with Via; the calendar
 * refuses the proxy's own token (its audience is not the calendar) and
 * accepts a calendar token the proxy never checked. The two proxies answer
 * the same bytes.
 * https://modelcontextprotocol.io/docs/2026-07-28/tutorials/security/security_best_practices#token-passthrough
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDir } from './harness.ts';
import { freePort, parseSse, startHttpServer, type RunningHttpServer } from './http-harness.ts';
import { AUTH_ENV, CLIENT_DOCUMENTS, TRANSPORT_HEADERS, challengeParams, rpc, tokenFor } from './authorization-script.ts';
import { httpRequestFor } from './cases.ts';

const servers: RunningHttpServer[] = [];
/** The canonical URIs: the calendar's (the in-process calendar's, by default) and the proxy's own; the processes listen on free ports. */
const calendarMcp = 'http://127.0.0.1:8081/mcp';
const proxyResource = 'http://127.0.0.1:8082/mcp';
let overNetwork: string;
let inProcess: string;
let calendarToken: string;
let writeToken: string;
let proxyToken: string;

/** The relayed answer, with the headers a socket adds left out. */
async function post(url: string, body: string, token?: string) {
  const { headers } = httpRequestFor(body);
  const response = await fetch(url, { method: 'POST', headers: token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` }, body });
  const kept: Record<string, string> = {};
  for (const [k, v] of response.headers) if (!TRANSPORT_HEADERS.has(k)) kept[k] = v;
  return { status: response.status, headers: kept, body: await response.text() };
}

beforeAll(async () => {
  const dir = freshDir();
  const issuer = `http://127.0.0.1:${await freePort()}`;
  const env = { ...AUTH_ENV, TOY_AUTH_SERVER: issuer };
  servers.push(await startHttpServer('auth-server', {
    cwd: dir, port: Number(new URL(issuer).port),
    env: { ...AUTH_ENV, TOY_AUTH_RESOURCES: `${calendarMcp},${proxyResource}`, TOY_CLIENT_DOCUMENTS: JSON.stringify(CLIENT_DOCUMENTS) },
  }));
  const calendar = await startHttpServer('protected-calendar', { cwd: dir, env: { ...env, TOY_RESOURCE_URL: calendarMcp } });
  servers.push(calendar);
  const network = await startHttpServer('passthrough-proxy', { cwd: dir, env: { ...env, TOY_UPSTREAM_URL: `${calendar.url}/mcp` } });
  servers.push(network);
  overNetwork = `${network.url}/mcp`;
  // The in-process calendar has the same canonical URI (the default) and the same key (same directory).
  const local = await startHttpServer('passthrough-proxy', { cwd: dir, env });
  servers.push(local);
  inProcess = `${local.url}/mcp`;
  expect(network.stderr()).toContain(`forwarding every request, Authorization included, to ${calendar.url}/mcp`);
  expect(local.stderr()).toContain("(the calendar's handler in this process)");
  const send = (request: Request) => fetch(request);
  calendarToken = (await tokenFor(send, { issuer, resource: calendarMcp, scope: 'calendar.read' })).access_token;
  writeToken = (await tokenFor(send, { issuer, resource: calendarMcp, scope: 'calendar.read calendar.write' })).access_token;
  proxyToken = (await tokenFor(send, { issuer, resource: proxyResource, scope: 'calendar.read' })).access_token;
});

afterAll(() => {
  for (const s of servers) s.child.kill();
});

describe('the passthrough proxy forwards the client\'s token and relays the calendar\'s answer', () => {
  it('its own token (audience: the proxy) reaches the calendar unchanged, which refuses it: 401 invalid_token, relayed with Via', async () => {
    const r = await post(overNetwork, rpc(1, 'server/discover'), proxyToken);
    expect(r.status).toBe(401);
    expect(r.headers.via).toBe('1.1 passthrough-proxy');
    const challenge = challengeParams(r.headers['www-authenticate']);
    expect(challenge.error).toBe('invalid_token');
    expect(challenge.error_description).toBe(`The token is for ${proxyResource}, not for ${calendarMcp}`);
    // The challenge is the calendar's: it sends the client to get a token for the calendar, not for the proxy.
    expect(challenge.resource_metadata).toBe(`${new URL(calendarMcp).origin}/.well-known/oauth-protected-resource/mcp`);
  });

  it('a token for the calendar, never checked by the proxy, is accepted by the calendar: 200 and the DiscoverResult', async () => {
    const r = await post(overNetwork, rpc(2, 'server/discover'), calendarToken);
    expect(r.status).toBe(200);
    expect(r.headers.via).toBe('1.1 passthrough-proxy');
    expect(JSON.parse(r.body).result.supportedVersions).toEqual(['2026-07-28']);
  });

  it('a tool call goes through too (an event stream relayed as it came)', async () => {
    const r = await post(overNetwork, rpc(3, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }), writeToken);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/event-stream');
    expect(JSON.parse(parseSse(r.body).at(-1)!).result.structuredContent).toMatchObject({ title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
  });

  it('no token at all: the calendar\'s 401 and its challenge come back through the proxy', async () => {
    const r = await post(overNetwork, rpc(4, 'server/discover'));
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe(`Bearer resource_metadata="${new URL(calendarMcp).origin}/.well-known/oauth-protected-resource/mcp", scope="calendar.read"`);
  });

  it('anything but POST /mcp: 404 from the proxy itself', async () => {
    const r = await fetch(`${new URL(overNetwork).origin}/.well-known/oauth-protected-resource`);
    expect(r.status).toBe(404);
    expect(r.headers.get('via')).toBe('1.1 passthrough-proxy');
  });

  it('the proxy with the calendar in its own process (as in the page) answers the same bytes as the one forwarding over the network', async () => {
    for (const [i, token] of [proxyToken, calendarToken, undefined].entries()) {
      const body = rpc(10 + i, 'server/discover');
      expect(await post(inProcess, body, token)).toEqual(await post(overNetwork, body, token));
    }
  });
});
