// The official v2 SDK (@modelcontextprotocol/server 2.4.0, serveStdio), as a real process.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../src/engines/node/node-engine.ts';
import { Connection } from '../../src/protocol/connection.ts';
import { listAll } from '../../src/protocol/list-all.ts';
import { runWithInput } from '../../src/protocol/mrtr.ts';
import { probeEra } from '../../src/protocol/probe.ts';
import { RequestBuilder } from '../../src/protocol/request-builder.ts';

const engine = new NodeEngine({ root: fileURLToPath(new URL('./fixtures/', import.meta.url)) });
const open: Connection[] = [];
async function start(): Promise<Connection> {
  const conn = new Connection(await engine.spawn('sdk-server.mjs'), { timeoutMs: 10_000 });
  open.push(conn);
  return conn;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close(1000)));
});

describe('SDK 2.4.0 serveStdio server', () => {
  it('probe: modern via DiscoverResult, 2026-07-28, identity in _meta; then an enveloped tools/list', async () => {
    const conn = await start();
    const b = new RequestBuilder();
    const r = await probeEra(conn, { builder: b });
    expect(r).toMatchObject({ era: 'modern', outcome: 'ok', branch: 'discover-result', protocolVersion: '2026-07-28' });
    expect(r.serverInfo).toEqual({ name: 'peer-sdk-server', version: '0.0.1' });
    expect(r.discover).toMatchObject({ supportedVersions: ['2026-07-28'], resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect(r.steps).toHaveLength(1);
    const tools = await listAll(conn, b, 'tools/list', 'modern');
    expect(tools.items.map((t) => t.name)).toEqual(['add', 'deploy']);
    expect(tools.pages[0].classification).toMatchObject({ kind: 'complete', assumed: false });
  });

  it('probe: -32022 for an unknown version -> retry with 2026-07-28 from data.supported, never initialize', async () => {
    const conn = await start();
    const r = await probeEra(conn, { preferredVersion: '2099-01-01', modernVersions: ['2099-01-01', '2026-07-28'] });
    expect(r).toMatchObject({ era: 'modern', outcome: 'ok', branch: 'recognised-modern-error', protocolVersion: '2026-07-28' });
    expect(r.steps[0].received).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version: 2099-01-01","data":{"supported":["2026-07-28"],"requested":"2099-01-01"}}}',
    );
    expect(r.steps.map((s) => s.kind)).toEqual(['discover', 'discover']);
  });

  it('probe: -32022 and no shared version -> no compatible version, no initialize', async () => {
    const conn = await start();
    const r = await probeEra(conn, { preferredVersion: '2099-01-01' });
    expect(r).toMatchObject({ era: 'modern', outcome: 'no-compatible-version', serverVersions: ['2026-07-28'] });
    expect(conn.transcript.filter((e) => e.direction === 'out').map((e) => JSON.parse(e.text).method)).toEqual(['server/discover']);
  });

  it('mrtr: deploy completes after one elicitation round; new id, requestState echoed', async () => {
    const conn = await start();
    const b = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
    const run = await runWithInput(conn, b, 'tools/call', { name: 'deploy', arguments: { env: 'prod' } }, (key, req) => {
      expect(key).toBe('confirm');
      expect(req.method).toBe('elicitation/create');
      return { action: 'accept', content: { confirm: true } };
    });
    expect(run.outcome).toBe('complete');
    expect(run.rounds).toHaveLength(2);
    const state = JSON.parse(run.rounds[0].reply!.line).result.requestState;
    expect(run.rounds[1].requestState).toBe(state);
    expect(run.rounds[1].request.id).not.toBe(run.rounds[0].request.id);
    expect(JSON.parse(run.final!.line).result.content[0].text).toBe('deployed to prod');
  });

  it('mrtr: without the elicitation capability the server answers -32021', async () => {
    const conn = await start();
    const run = await runWithInput(conn, new RequestBuilder(), 'tools/call', { name: 'deploy', arguments: { env: 'prod' } }, () => ({}));
    expect(run.outcome).toBe('error');
    expect(run.final?.classification).toMatchObject({ code: -32021, requiredCapabilities: { elicitation: { form: {} } } });
  });

  it('mrtr: a tampered requestState is refused with -32602', async () => {
    const conn = await start();
    const b = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
    const first = await conn.request(b.request('tools/call', { name: 'deploy', arguments: { env: 'prod' } }));
    const state = JSON.parse(first.line).result.requestState as string;
    const tampered = state.replace('deploy:prod', 'deploy:test');
    expect(tampered).not.toBe(state);
    const reply = await conn.request(
      b.request('tools/call', {
        name: 'deploy',
        arguments: { env: 'prod' },
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState: tampered,
      }),
    );
    expect(reply.classification).toMatchObject({ kind: 'error', code: -32602, message: 'Invalid or expired requestState' });
  });
});
