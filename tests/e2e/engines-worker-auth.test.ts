/**
 * The authorization servers run unchanged in the Worker engine: the whole
 * flow of tests/servers/authorization-script.ts (discovery, consent, tokens,
 * MCP calls, step-up, refresh rotation and every refusal) against
 * auth-server.mjs and protected-calendar.mjs as real `node` processes on real
 * sockets, then against the same files as fetch handlers in the page's
 * Worker engine (offline), gives the same status, headers and body for every
 * request. Both sides name the servers by the same configured URLs
 * (TOY_AUTH_ISSUER, TOY_RESOURCE_URL), and TOY_SEED and TOY_CLOCK fix the
 * codes, tokens and times; each side routes a URL's origin to its server.
 * Headers a socket adds (Date, Connection, Keep-Alive, Content-Length,
 * Transfer-Encoding) are not the handler's and are left out on the Node side.
 * Then the two attacks of the lessons the same way: passthrough-proxy.mjs
 * (its calendar in its own process, as in the page) given its own token, a
 * calendar token and none, and mix-up-auth-server.mjs's metadata followed to
 * the honest consent page, the code sent to its token endpoint.
 */
import type { Page } from 'playwright-core';
import { test, expect } from './support/fixtures.ts';
import { freshRoot } from './support/engine-runs.ts';
import { startHttpServer, type RunningHttpServer } from '../servers/http-harness.ts';
import { SERVERS, type SourceServerName } from '../../toy-servers/registry.ts';
import { AUTH_ENV, CLIENT_DOCUMENTS, LATER_CLOCK, runAttackScript, runScript, step, type AttackTargets, type Send, type Targets } from '../servers/authorization-script.ts';

/** The names both sides give the servers. */
const ISSUER = 'http://auth.toy';
const MCP = 'http://calendar.toy/mcp';
const LATER = 'http://calendar-later.toy/mcp';
const OTHER = 'http://other-calendar.toy/mcp';
const TARGETS: Targets = { issuer: ISSUER, mcp: MCP, mcpLater: LATER, otherResource: OTHER };
/** The proxy's calendar is the one in its own process, at its default canonical URI (no network in the page). */
const PROXY = 'http://proxy.toy/mcp';
const UPSTREAM = 'http://127.0.0.1:8081/mcp';
const MIXUP = 'http://mix-up.toy';
const ATTACK: AttackTargets = { issuer: ISSUER, proxy: PROXY, upstream: UPSTREAM, mixUpIssuer: MIXUP };

/** Each server's environment, the same in both engines. */
const ENVS = {
  auth: { ...AUTH_ENV, TOY_AUTH_ISSUER: ISSUER, TOY_AUTH_RESOURCES: `${MCP},${OTHER},${PROXY},${UPSTREAM}`, TOY_CLIENT_DOCUMENTS: JSON.stringify(CLIENT_DOCUMENTS) },
  calendar: { ...AUTH_ENV, TOY_RESOURCE_URL: MCP, TOY_AUTH_SERVER: ISSUER },
  later: { ...AUTH_ENV, TOY_CLOCK: LATER_CLOCK, TOY_RESOURCE_URL: MCP, TOY_AUTH_SERVER: ISSUER },
  proxy: { ...AUTH_ENV, TOY_AUTH_SERVER: ISSUER },
  mixup: { TOY_MIXUP_ISSUER: MIXUP, TOY_HONEST_ISSUER: ISSUER },
};
const FILES: Record<keyof typeof ENVS, SourceServerName> = { auth: 'auth-server', calendar: 'protected-calendar', later: 'protected-calendar', proxy: 'passthrough-proxy', mixup: 'mix-up-auth-server' };
const ORIGINS: Record<string, keyof typeof ENVS> = {
  [new URL(ISSUER).origin]: 'auth',
  [new URL(MCP).origin]: 'calendar',
  [new URL(LATER).origin]: 'later',
  [new URL(PROXY).origin]: 'proxy',
  [MIXUP]: 'mixup',
};

/** A request as plain data, to cross into the page or to another URL. */
async function serialize(request: Request) {
  return { url: request.url, method: request.method, headers: [...request.headers], body: request.method === 'GET' ? null : await request.text() };
}

/** Real Node: the three servers as processes on free ports; a URL's origin picks the process. */
async function nodeSend(started: RunningHttpServer[]): Promise<Send> {
  const root = freshRoot();
  const ports: Record<string, string> = {};
  for (const [name, env] of Object.entries(ENVS) as Array<[keyof typeof ENVS, Record<string, string>]>) {
    const server = await startHttpServer(FILES[name], { cwd: root, env });
    started.push(server);
    ports[name] = server.url;
  }
  return async (request) => {
    const r = await serialize(request);
    const url = new URL(r.url);
    const target = ORIGINS[url.origin];
    if (!target) throw new Error(`no server for ${r.url}`);
    return fetch(`${ports[target]}${url.pathname}${url.search}`, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual' });
  };
}

/** The page's Worker engine: the same three files as fetch handlers in one engine; a URL's origin picks the handler. */
async function pageSend(page: Page): Promise<Send> {
  await page.evaluate(async ({ envs, files }: { envs: Record<string, Record<string, string>>; files: Record<string, string> }) => {
    const h = (window as any).__mcpByHand;
    const engine = new h.WorkerEngine();
    const endpoints: Record<string, any> = {};
    for (const name of Object.keys(envs)) endpoints[name] = await engine.fetchHandler(files[name], { env: envs[name] });
    (window as any).__authEndpoints = endpoints;
  }, { envs: ENVS, files: Object.fromEntries(Object.entries(FILES).map(([k, name]) => [k, SERVERS[name].file])) });
  return async (request) => {
    const r = await serialize(request);
    const target = ORIGINS[new URL(r.url).origin];
    if (!target) throw new Error(`no server for ${r.url}`);
    const out = await page.evaluate(async ({ r, target }) => {
      const response: Response = await (window as any).__authEndpoints[target].handle(new Request(r.url, { method: r.method, headers: r.headers, body: r.body }));
      return { status: response.status, headers: [...response.headers], body: await response.text() };
    }, { r, target });
    return new Response(out.status === 303 || out.body === '' ? null : out.body, { status: out.status, headers: out.headers });
  };
}

test('auth-server.mjs and protected-calendar.mjs: the whole authorization flow, then token passthrough (passthrough-proxy.mjs) and the mix-up (mix-up-auth-server.mjs), give the same status, headers and body in the Worker engine as on real Node sockets', async ({ open, watch }) => {
  const started: RunningHttpServer[] = [];
  try {
    const nodeSendFn = await nodeSend(started);
    const node = await runScript(nodeSendFn, TARGETS);
    const page = await open('/lab/engines/', { offline: true });
    const pageSendFn = await pageSend(page);
    const worker = await runScript(pageSendFn, TARGETS);
    expect(node.length).toBeGreaterThan(40);
    expect(worker.map((e) => e.step)).toEqual(node.map((e) => e.step));
    for (let i = 0; i < node.length; i++) expect(worker[i], node[i]!.step).toEqual(node[i]);
    // The script reached what it tests: a token was issued and used, and the refusals are refusals.
    const statuses = new Set(node.map((e) => e.status));
    for (const status of [200, 201, 303, 400, 401, 403]) expect(statuses.has(status), `status ${status}`).toBe(true);
    // The attacks: token passthrough through the proxy, and the mix-up, byte for byte too.
    const nodeAttacks = await runAttackScript(nodeSendFn, ATTACK);
    const workerAttacks = await runAttackScript(pageSendFn, ATTACK);
    expect(workerAttacks.map((e) => e.step)).toEqual(nodeAttacks.map((e) => e.step));
    for (let i = 0; i < nodeAttacks.length; i++) expect(workerAttacks[i], nodeAttacks[i]!.step).toEqual(nodeAttacks[i]);
    expect(step(nodeAttacks, 'proxy with its own token')).toMatchObject({ status: 401, headers: { via: '1.1 passthrough-proxy' } });
    expect(step(nodeAttacks, 'proxy with a calendar token').status).toBe(200);
    expect(JSON.parse(step(nodeAttacks, 'code at the mix-up token endpoint').body).kept_by_this_server.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(watch.blocked).toEqual([]);
  } finally {
    for (const s of started) s.child.kill();
  }
});
