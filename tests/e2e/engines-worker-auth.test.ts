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
 */
import type { Page } from 'playwright-core';
import { test, expect } from './support/fixtures.ts';
import { freshRoot } from './support/engine-runs.ts';
import { startHttpServer, type RunningHttpServer } from '../servers/http-harness.ts';
import { AUTH_ENV, CLIENT_DOCUMENTS, LATER_CLOCK, runScript, type Send, type Targets } from '../servers/authorization-script.ts';

/** The names both sides give the servers. */
const ISSUER = 'http://auth.toy';
const MCP = 'http://calendar.toy/mcp';
const LATER = 'http://calendar-later.toy/mcp';
const OTHER = 'http://other-calendar.toy/mcp';
const TARGETS: Targets = { issuer: ISSUER, mcp: MCP, mcpLater: LATER, otherResource: OTHER };

/** Each server's environment, the same in both engines. */
const ENVS = {
  auth: { ...AUTH_ENV, TOY_AUTH_ISSUER: ISSUER, TOY_AUTH_RESOURCES: `${MCP},${OTHER}`, TOY_CLIENT_DOCUMENTS: JSON.stringify(CLIENT_DOCUMENTS) },
  calendar: { ...AUTH_ENV, TOY_RESOURCE_URL: MCP, TOY_AUTH_SERVER: ISSUER },
  later: { ...AUTH_ENV, TOY_CLOCK: LATER_CLOCK, TOY_RESOURCE_URL: MCP, TOY_AUTH_SERVER: ISSUER },
};
const FILES: Record<string, string> = { auth: 'toy-servers/auth-server.mjs', calendar: 'toy-servers/protected-calendar.mjs', later: 'toy-servers/protected-calendar.mjs' };
const ORIGINS: Record<string, keyof typeof ENVS> = {
  [new URL(ISSUER).origin]: 'auth',
  [new URL(MCP).origin]: 'calendar',
  [new URL(LATER).origin]: 'later',
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
    const server = await startHttpServer(name === 'auth' ? 'auth-server' : 'protected-calendar', { cwd: root, env });
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
  }, { envs: ENVS, files: FILES });
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

test('auth-server.mjs and protected-calendar.mjs: the whole authorization flow gives the same status, headers and body in the Worker engine as on real Node sockets', async ({ open, watch }) => {
  const started: RunningHttpServer[] = [];
  try {
    const node = await runScript(await nodeSend(started), TARGETS);
    const page = await open('/lab/engines/', { offline: true });
    const worker = await runScript(await pageSend(page), TARGETS);
    expect(node.length).toBeGreaterThan(40);
    expect(worker.map((e) => e.step)).toEqual(node.map((e) => e.step));
    for (let i = 0; i < node.length; i++) expect(worker[i], node[i]!.step).toEqual(node[i]);
    // The script reached what it tests: a token was issued and used, and the refusals are refusals.
    const statuses = new Set(node.map((e) => e.status));
    for (const status of [200, 201, 303, 400, 401, 403]) expect(statuses.has(status), `status ${status}`).toBe(true);
    expect(watch.blocked).toEqual([]);
  } finally {
    for (const s of started) s.child.kill();
  }
});
