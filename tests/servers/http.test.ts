/**
 * http.mjs over real HTTP on 127.0.0.1: one `node toy-servers/http.mjs 0`
 * process per suite, driven with fetch. Status codes, headers and SSE framing
 * are checked against the Streamable HTTP transport rules:
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPT_ENV, expectsReply, flows, fillPlaceholders, httpRequestFor, modern, transcripts } from './cases.ts';
import { expectError, expectResult, pairAndValidate } from './checks.ts';
import { serverFile } from './harness.ts';
import { parseSse, startHttp } from './http-harness.ts';
import { assertSpecDef } from './validate.ts';

type Msg = Record<string, any>;

/** POSTs one body with the headers a correct client sends (plus overrides); returns status, headers and the JSON-RPC reply. */
async function post(url: string, body: string, headers: Record<string, string | null> = {}) {
  const request = httpRequestFor(body);
  const merged: Record<string, string> = { ...request.headers };
  for (const [k, v] of Object.entries(headers)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  const res = await fetch(url, { method: 'POST', headers: merged, body });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let reply: Msg | undefined;
  if (type.startsWith('text/event-stream')) {
    const events = parseSse(text);
    reply = JSON.parse(events.at(-1)!);
  } else if (type.startsWith('application/json')) {
    reply = JSON.parse(text);
  }
  return { status: res.status, headers: res.headers, type, text, reply };
}

const statusFor = (reply: Msg) => {
  if (!reply.error) return 200;
  if (reply.error.code === -32601) return 404;
  if (reply.error.code === -32603) return 500;
  return 400;
};

describe('http.mjs over loopback', () => {
  let server: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    server = await startHttp({ ...TRANSCRIPT_ENV });
  });
  afterAll(() => {
    server?.child.kill();
  });

  it('answers the whole transcript with the right status, JSON or SSE, and valid results', async () => {
    const lines = transcripts.http;
    const replies: Msg[] = [];
    for (const line of lines) {
      const r = await post(server.url, line);
      if (!expectsReply(line)) {
        expect(r.status, line).toBe(202);
        expect(r.text).toBe('');
        continue;
      }
      expect(r.reply, line).toBeDefined();
      expect(r.status, line).toBe(statusFor(r.reply!));
      const isToolCallResult = r.reply!.result !== undefined && JSON.parse(line).method === 'tools/call';
      expect(r.type.startsWith(isToolCallResult ? 'text/event-stream' : 'application/json'), `${r.type} for ${line}`).toBe(true);
      expect(r.headers.get('mcp-session-id')).toBeNull();
      replies.push(r.reply!);
    }
    const byId = pairAndValidate(lines, replies, 'modern');
    expect(expectResult(byId.get('t1')).structuredContent).toEqual({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
    expect(expectResult(byId.get('e3')).resultType).toBe('input_required');
    expectError(byId.get('e1'), -32021);
  });

  it('streams tools/call as SSE whose last event is the response (comment lines are ignored)', async () => {
    const r = await post(server.url, modern('sse', 'tools/call', { name: 'create_event', arguments: { title: 'Gym', startsAt: '2026-09-12T06:00:00Z' } }));
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/event-stream/);
    const events = parseSse(r.text);
    expect(events.length).toBeGreaterThanOrEqual(1);
    const last = JSON.parse(events.at(-1)!);
    expect(last.id).toBe('sse');
    expect(last.result.structuredContent.title).toBe('Gym');
  });

  it('completes the multi round-trip over two POSTs', async () => {
    const replies = new Map<string | number, Msg>();
    for (const step of flows.http.slice(0, 2)) {
      const line = fillPlaceholders(step, replies);
      const r = await post(server.url, line);
      replies.set(JSON.parse(line).id, r.reply!);
    }
    expect(replies.get('m1')!.result.resultType).toBe('input_required');
    expect(replies.get('m2')!.result.isError).toBe(false);
  });

  it('requires MCP-Protocol-Version, Mcp-Method and Mcp-Name, and checks them against the body (400, -32020)', async () => {
    const call = modern('h', 'tools/call', { name: 'create_event', arguments: { title: 'x', startsAt: '2026-09-10T08:30:00Z' } });
    const read = modern('h', 'resources/read', { uri: 'calendar://week' });
    const prompt = modern('h', 'prompts/get', { name: 'prepare_week' });
    const cases: Array<[string, Record<string, string | null>]> = [
      [modern('h', 'tools/list'), { 'mcp-protocol-version': null }],
      [modern('h', 'tools/list'), { 'mcp-protocol-version': '2025-11-25' }],
      [modern('h', 'tools/list'), { 'mcp-method': null }],
      [modern('h', 'tools/list'), { 'mcp-method': 'prompts/list' }],
      [call, { 'mcp-name': null }],
      [call, { 'mcp-name': 'delete_event' }],
      [read, { 'mcp-name': null }],
      [read, { 'mcp-name': 'calendar://month' }],
      [prompt, { 'mcp-name': 'other' }],
    ];
    for (const [body, headers] of cases) {
      const r = await post(server.url, body, headers);
      expect(r.status, JSON.stringify(headers)).toBe(400);
      expectError(r.reply, -32020);
      expect(r.reply!.id).toBe('h');
    }
    const encoded = await post(server.url, read, { 'mcp-name': `=?base64?${Buffer.from('calendar://week').toString('base64')}?=` });
    expect(encoded.status).toBe(200);
  });

  it('maps protocol errors to HTTP status: -32602/-32021/-32022 -> 400, -32601 -> 404', async () => {
    const meta = await post(server.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
    expect([meta.status, meta.reply!.error.code]).toEqual([400, -32602]);
    const caps = await post(server.url, modern(2, 'tools/call', { name: 'create_event', arguments: { title: 'x' } }));
    expect([caps.status, caps.reply!.error.code]).toEqual([400, -32021]);
    const version = await post(server.url, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01', 'io.modelcontextprotocol/clientCapabilities': {} } } }));
    expect([version.status, version.reply!.error.code]).toEqual([400, -32022]);
    const unknown = await post(server.url, modern(4, 'no/such/method'));
    expect([unknown.status, unknown.reply!.error.code]).toEqual([404, -32601]);
    const parse = await post(server.url, '{nope');
    expect([parse.status, parse.reply!.error.code, 'id' in parse.reply!]).toEqual([400, -32700, false]);
  });

  it('accepts a notification with 202 and no body', async () => {
    const r = await post(server.url, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}');
    expect(r.status).toBe(202);
    expect(r.text).toBe('');
  });

  it('405 for GET and DELETE, 403 for a foreign Origin, loopback Origin allowed, Mcp-Session-Id ignored, other paths 404', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(server.url, { method });
      expect(res.status, method).toBe(405);
      await res.text();
    }
    const body = modern('o', 'tools/list');
    expect((await post(server.url, body, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(server.url, body, { origin: 'http://localhost:4321' })).status).toBe(200);
    const withSession = await post(server.url, body, { 'mcp-session-id': 'abc' });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get('mcp-session-id')).toBeNull();
    const elsewhere = await fetch(server.url.replace('/mcp', '/other'), { method: 'POST', body });
    expect(elsewhere.status).toBe(404);
    await elsewhere.text();
  });

  it('takes a 1 MiB body and answers a body that is not UTF-8 with 400 and -32700', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 'big', method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'com.example/padding': 'x'.repeat(1 << 20) } } });
    const r = await post(server.url, big);
    expect(r.status).toBe(200);
    expect(r.reply!.result.tools).toHaveLength(1);
    const bytes = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"'), Buffer.from([0xff]), Buffer.from('"}}')]);
    const res = await fetch(server.url, { method: 'POST', headers: httpRequestFor('{}').headers, body: bytes });
    expect(res.status).toBe(400);
    const reply = await res.json();
    expect(reply.error.code).toBe(-32700);
    expect('id' in reply).toBe(false);
  });

  it('is reproducible: a second server under the same TOY_CLOCK and TOY_SEED answers the transcript byte for byte the same', async () => {
    const other = await startHttp({ ...TRANSCRIPT_ENV });
    const again = await startHttp({ ...TRANSCRIPT_ENV });
    try {
      for (const line of transcripts.http) {
        const [a, b] = await Promise.all([post(other.url, line), post(again.url, line)]);
        expect([a.status, a.text]).toEqual([b.status, b.text]);
      }
    } finally {
      other.child.kill();
      again.child.kill();
    }
  });

  it('wrote nothing to stdout and one line to stderr', () => {
    expect(server.stderr().trim().split('\n')).toHaveLength(1);
  });
});

describe('http.mjs as a module', () => {
  it('exports handle(Request) => Promise<Response> and starts no server when imported', async () => {
    const mod = await import(serverFile('http'));
    expect(typeof mod.handle).toBe('function');
    const res: Response = await mod.handle(new Request('http://127.0.0.1/mcp', { ...httpRequestFor(modern(1, 'server/discover')) }));
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(reply.result.supportedVersions).toEqual(['2026-07-28']);
  });
});

describe('http.mjs: what a legacy client and the newer lessons see', () => {
  let server: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    server = await startHttp({ ...TRANSCRIPT_ENV });
  });
  afterAll(() => {
    server?.child.kill();
  });

  // A request without MCP-Protocol-Version MUST be rejected per Server Validation (400, -32020) by a server that
  // does not treat it as 2025-03-26; a modern-only server SHOULD name its versions in any error it returns to an
  // initialize. https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#protocol-version-header
  it('a legacy initialize POST (no MCP-Protocol-Version, no Mcp-Method) gets 400 and -32020, its message naming 2026-07-28', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } } });
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
    expect(res.status).toBe(400);
    const reply = await res.json();
    assertSpecDef('2026-07-28', 'HeaderMismatchError', reply);
    expect(expectError(reply, -32020).message).toContain('MCP-Protocol-Version');
    expect(reply.error.message).toContain('2026-07-28');
  });

  it('tools/call answers with an event stream whose last event is the response; subscriptions/listen is not a method of the calendar (404, -32601)', async () => {
    const r = await post(server.url, modern('t', 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }));
    expect(r.type).toMatch(/^text\/event-stream/);
    const events = parseSse(r.text).map((e) => JSON.parse(e));
    expect(events.map((e) => e.id)).toEqual(['t']);
    const listen = await post(server.url, modern('sub', 'subscriptions/listen', { notifications: { resourceSubscriptions: ['calendar://week'] } }));
    expect(listen.status).toBe(404);
    expectError(JSON.parse(listen.text), -32601);
  });
});
