import { afterEach, describe, expect, it } from 'vitest';
import { sendWithoutHandshake } from '../../../src/protocol/hazard.ts';
import { listAll } from '../../../src/protocol/list-all.ts';
import { probeEra } from '../../../src/protocol/probe.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { startScripted, stopAll } from './fixtures/start.ts';

afterEach(stopAll);

describe('listAll and sendWithoutHandshake (real processes)', () => {
  it('follows nextCursor across pages (modern) and sums the bytes of each result', async () => {
    const conn = await startScripted('modern');
    const b = new RequestBuilder();
    const r = await listAll(conn, b, 'tools/list', 'modern');
    expect(r.items.map((t) => t.name)).toEqual(['book', 'shed', 'forever']);
    expect(r.pages).toHaveLength(2);
    expect(JSON.parse(r.pages[1].sentLine).params.cursor).toBe('p2');
    expect(r.bytes).toBe(r.results.reduce((s, x) => s + new TextEncoder().encode(JSON.stringify(x)).length, 0));
  });

  it('sends bare requests in the legacy era', async () => {
    const conn = await startScripted('legacy');
    const b = new RequestBuilder();
    await probeEra(conn, { builder: b });
    const r = await listAll(conn, b, 'tools/list', 'legacy');
    expect(r.items).toHaveLength(1);
    expect(JSON.parse(r.pages[0].sentLine)).toEqual({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
  });

  it('reports an error page instead of throwing', async () => {
    const conn = await startScripted('modern');
    const r = await listAll(conn, new RequestBuilder(), 'prompts/list', 'modern');
    expect(r.errorClassification).toMatchObject({ code: -32601 });
    expect(r.items).toEqual([]);
  });

  it('the hazard: a legacy server serves tools/list sent with no handshake', async () => {
    const conn = await startScripted('legacy');
    const h = await sendWithoutHandshake(conn);
    expect(h).toMatchObject({ method: 'tools/list', served: true, count: 1 });
    expect(JSON.parse(h.sent).params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });

  it('a modern server refuses a bare (no _meta) request with -32602', async () => {
    const conn = await startScripted('modern');
    const h = await sendWithoutHandshake(conn, 'tools/list', { envelope: false });
    expect(h.served).toBe(false);
    expect(h.classification).toMatchObject({ code: -32602 });
  });
});
