/**
 * The official reference server, `@modelcontextprotocol/server-everything`
 * (package.json's pin), runs in the page: its build-time bundle
 * (scripts/bundle-everything.mjs) in the Worker engine in Chromium writes the
 * same stdout lines, and the same stderr, as the package itself in real Node
 * (`node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio`),
 * for the same scripted session. And nothing of it loads before it is spawned.
 */
import { test, expect } from './support/fixtures.ts';
import type { Page } from 'playwright-core';
import { NodeEngine } from '../../src/engines/node/node-engine.ts';
import { SERVERS } from '../../toy-servers/registry.ts';
import { ROOT } from './support/engine-runs.ts';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const line = (o: object) => JSON.stringify({ jsonrpc: '2.0', ...o });

/** The session: discover first, the legacy fallback, then one of each list and a tool call. */
const SESSION = [
  line({ id: 1, method: 'server/discover', params: { _meta: META } }),
  line({ id: 2, method: 'initialize', params: { protocolVersion: '2026-07-28', capabilities: {}, clientInfo: { name: 'mcp-by-hand-test', version: '0.0.1' } } }),
  line({ method: 'notifications/initialized' }),
  line({ id: 3, method: 'tools/list' }),
  line({ id: 4, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello from the page' } } }),
  line({ id: 5, method: 'resources/list' }),
  line({ id: 6, method: 'prompts/list' }),
  line({ id: 7, method: 'resources/read', params: { uri: 'demo://resource/static/document/architecture.md' } }),
];

/** The hazard: `tools/list` as the first message of a fresh process, no handshake. */
const NO_HANDSHAKE = [line({ id: 1, method: 'tools/list' })];

/**
 * Fields the server makes random or time-dependent, replaced before comparing.
 * None turned up in this session: every line matches byte for byte. The list
 * stays here, empty, so a future version that adds one fails loudly rather
 * than being masked (add the field's JSON path here, with the reason).
 */
const VOLATILE_FIELDS: string[] = [];

/** Writes each line, waiting for the reply to each request (so the order of lines does not depend on timing), then closes stdin. */
const DRIVER = `async (process, steps) => {
  const stdout = [];
  let stderr = '';
  const waiters = new Map();
  process.onStdout((l) => {
    stdout.push(l);
    try { const m = JSON.parse(l); if (m && m.id !== undefined) waiters.get(m.id)?.(); } catch {}
  });
  process.onStderr((t) => { stderr += t; });
  for (const step of steps) {
    const id = JSON.parse(step).id;
    const got = id === undefined ? undefined : new Promise((r) => waiters.set(id, r));
    process.write(step);
    if (got) await Promise.race([got, process.exit]);
    else await new Promise((r) => setTimeout(r, 200));
  }
  process.closeStdin();
  const exit = await process.exit;
  return { stdout, stderr, code: exit.code };
}`;

interface Run {
  stdout: string[];
  stderr: string;
  code: number | null;
}

async function inNode(steps: string[]): Promise<Run> {
  const engine = new NodeEngine({ root: ROOT });
  const proc = await engine.spawn('node_modules/@modelcontextprotocol/server-everything/dist/index.js', ['stdio']);
  return (new Function(`return (${DRIVER})`)() as (p: unknown, s: string[]) => Promise<Run>)(proc, steps);
}

async function inPage(page: Page, steps: string[]): Promise<Run & { pid: number; kind: string }> {
  return page.evaluate(
    async ({ entry, steps, driver }) => {
      const h = (window as any).__mcpByHand;
      const engine = new h.WorkerEngine();
      const proc = await engine.spawn(entry, ['stdio']);
      const run = await new Function(`return (${driver})`)()(proc, steps);
      return { ...run, pid: proc.pid, kind: engine.kind };
    },
    { entry: SERVERS.everything.file, steps, driver: DRIVER },
  );
}

function normalise(lines: string[]): string[] {
  if (VOLATILE_FIELDS.length === 0) return lines;
  return lines.map((l) => {
    const m = JSON.parse(l);
    for (const path of VOLATILE_FIELDS) {
      const keys = path.split('.');
      const last = keys.pop()!;
      const owner = keys.reduce((o, k) => o?.[k], m);
      if (owner && last in owner) owner[last] = `<${path}>`;
    }
    return JSON.stringify(m);
  });
}

test('the bundled reference server in the Worker engine writes the same stdout lines and stderr as the package in real Node', async ({ open }) => {
  const page = await open('/lab/engines/');
  const node = await inNode(SESSION);
  const worker = await inPage(page, SESSION);
  expect(worker.kind).toBe('worker');
  expect(node.code).toBe(0);
  expect(node.stdout.length).toBe(SESSION.length);
  expect(normalise(worker.stdout)).toEqual(normalise(node.stdout));
  expect(worker.stderr).toBe(node.stderr);
  expect(worker.stderr).toBe('Starting default (STDIO) server...\n');
  expect(worker.code).toBe(node.code);

  // What the chapter states, read from the page's own run.
  const replies = new Map(worker.stdout.map((l) => JSON.parse(l)).filter((m) => m.id !== undefined).map((m) => [m.id, m]));
  expect(replies.get(1).error.code).toBe(-32601);
  expect(replies.get(2).result.protocolVersion).toBe('2025-11-25');
  expect(worker.stdout.map((l) => JSON.parse(l).method).filter(Boolean)).toEqual(['notifications/tools/list_changed']);
  expect(replies.get(3).result.tools).toHaveLength(13);
  expect(replies.get(4).result.content).toEqual([{ type: 'text', text: 'Echo: hello from the page' }]);
  expect(replies.get(5).result.resources).toHaveLength(7);
  expect(replies.get(6).result.prompts).toHaveLength(4);
  // The docs it reads at start-up are inlined in the bundle: the same text as the package's file.
  expect(replies.get(7).result.contents[0].text.length).toBeGreaterThan(100);
});

test('tools/list with no handshake is served in the page as in Node: 12 tools, the same bytes', async ({ open }) => {
  const page = await open('/lab/engines/');
  const node = await inNode(NO_HANDSHAKE);
  const worker = await inPage(page, NO_HANDSHAKE);
  expect(worker.stdout).toEqual(node.stdout);
  expect(JSON.parse(worker.stdout[0]).result.tools).toHaveLength(12);
});

test('the bundle is not fetched until a process of it is spawned, then once, from the site itself, with its licence notice beside it', async ({ open, watch }) => {
  const page = await open('/lab/engines/', { offline: true });
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('everything')) fetched.push(r.url());
  });
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  const first = await inPage(page, NO_HANDSHAKE);
  const second = await inPage(page, NO_HANDSHAKE);
  expect(second.stdout).toEqual(first.stdout);
  expect(fetched).toHaveLength(1);
  expect(new URL(fetched[0]).pathname).toMatch(new RegExp(`/${SERVERS.everything.fetchUrl.replace(/\./g, '\\.')}$`));
  const notice = await page.evaluate(async (url) => (await fetch(`${url}.LICENSE.txt`)).text(), fetched[0]);
  expect(notice).toContain('Apache License');
  expect(notice).toContain('==== zod@');
  expect(notice).toContain('==== @modelcontextprotocol/sdk@');
  expect(watch.blocked).toEqual([]);
});

test("the gzip tool runs in the page on the engine's node:zlib (pako): its blob decompresses to the same bytes as Node's", async ({ open }) => {
  const page = await open('/lab/engines/');
  const text = 'MCP by Hand: the reference server gzips this line in the page.\n'.repeat(20);
  const call = [
    line({
      id: 1,
      method: 'tools/call',
      params: { name: 'gzip-file-as-resource', arguments: { name: 'line.txt.gz', data: `data:text/plain;base64,${Buffer.from(text).toString('base64')}`, outputType: 'resource' } },
    }),
  ];
  const node = await inNode(call);
  const worker = await inPage(page, call);
  const blob = (run: Run) => {
    const m = run.stdout.map((l) => JSON.parse(l)).find((r) => r.id === 1);
    if (!m?.result) throw new Error(`no result: ${run.stdout.join('\n')} / ${run.stderr}`);
    return m.result.content[0].resource.blob as string;
  };
  const { gunzipSync } = await import('node:zlib');
  expect(gunzipSync(Buffer.from(blob(node), 'base64')).toString()).toBe(text);
  expect(gunzipSync(Buffer.from(blob(worker), 'base64')).toString()).toBe(text);
  // Everything but the compressed bytes is the same line (another deflate implementation may choose other bytes).
  const without = (run: Run) => run.stdout.map((l) => l.replace(blob(run), '<blob>'));
  expect(worker.stdout[0]).toBe('{"method":"notifications/resources/list_changed","jsonrpc":"2.0"}');
  expect(without(worker)).toEqual(without(node));
});
