import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError, type TranscriptEntry } from '../../../src/protocol/connection.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { startScripted, stopAll } from './fixtures/start.ts';

afterEach(stopAll);

describe('Connection (real processes)', () => {
  it('matches replies to requests by id and records every line with time, direction, channel, pid', async () => {
    const conn = await startScripted('modern');
    const live: TranscriptEntry[] = [];
    conn.onEntry((e) => live.push(e));
    const b = new RequestBuilder();
    const [a, c] = await Promise.all([conn.request(b.request('server/discover')), conn.request(b.request('tools/list'))]);
    expect(a.request.method).toBe('server/discover');
    expect(a.classification).toMatchObject({ kind: 'complete', id: 1 });
    expect(c.classification).toMatchObject({ kind: 'complete', id: 2 });
    expect(JSON.parse(c.line).result.tools).toHaveLength(2);
    expect(a.sentLine).toBe(JSON.stringify(a.request));
    const lines = conn.transcript.filter((e) => e.channel !== 'stderr');
    expect(lines.map((e) => `${e.direction}:${e.channel}`)).toEqual(['out:stdin', 'out:stdin', 'in:stdout', 'in:stdout']);
    expect(lines.every((e) => e.pid === conn.pid && e.t >= 0)).toBe(true);
    expect(lines[0].classification).toMatchObject({ kind: 'request', method: 'server/discover' });
    expect(live.length).toBe(conn.transcript.length);
    expect(conn.transcript.some((e) => e.channel === 'stderr' && e.text.includes('mode=modern'))).toBe(true);
  });

  it('a reply that never comes: the request times out with a clear error, and nothing else breaks', async () => {
    const conn = await startScripted('silent');
    const b = new RequestBuilder();
    const err = await conn.request(b.request('server/discover'), { timeoutMs: 150 }).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/no reply to server\/discover \(id 1\) within 150 ms/);
    expect(conn.pendingIds()).toEqual([]);
    const init = await conn.request(b.legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(init.classification).toMatchObject({ kind: 'complete', assumed: true });
  });

  it('a late reply is recorded with a note and does not resolve anything', async () => {
    const conn = await startScripted('late');
    const b = new RequestBuilder();
    await expect(conn.request(b.request('tools/list'), { timeoutMs: 50 })).rejects.toMatchObject({ kind: 'timeout' });
    const ok = await conn.request(b.request('tools/list'));
    expect(ok.request.id).toBe(2);
    const late = conn.transcript.find((e) => e.note === 'reply to a request that had already timed out');
    expect(late && JSON.parse(late.text).id).toBe(1);
  });

  it('a server that exits ends pending requests with an exit error that quotes its stderr', async () => {
    const conn = await startScripted('exit');
    const err = await conn.request(new RequestBuilder().request('tools/list')).catch((e) => e);
    expect(err).toMatchObject({ kind: 'exit' });
    expect(err.message).toMatch(/exited with code 3/);
    expect(err.message).toMatch(/bye/);
    expect(await conn.exit).toMatchObject({ code: 3 });
    await expect(conn.request(new RequestBuilder().request('tools/list'))).rejects.toMatchObject({ kind: 'exit' });
  });

  it('a server that floods stdout is stopped and pending requests end with a flood error', async () => {
    const conn = await startScripted('flood', undefined, { maxStdoutBytes: 256 * 1024 });
    const err = await conn.request(new RequestBuilder().request('tools/list')).catch((e) => e);
    expect(err).toMatchObject({ kind: 'flood' });
    expect(err.message).toMatch(/more than 262144 bytes to stdout/);
    const exit = await conn.exit;
    expect(exit.signal).toBe('SIGKILL');
  });

  it('framing violations on stdout are flagged, not fatal', async () => {
    const conn = await startScripted('noisy');
    const reply = await conn.request(new RequestBuilder().request('tools/list'));
    expect(reply.classification.kind).toBe('complete');
    const bad = conn.transcript.find((e) => e.classification?.kind === 'framing_violation');
    expect(bad).toMatchObject({ direction: 'in', channel: 'stdout', text: 'log: replying to 1' });
    expect(bad?.classification?.label).toBe('framing violation: not JSON');
  });

  it('CRLF-terminated replies are read', async () => {
    const conn = await startScripted('crlf');
    const reply = await conn.request(new RequestBuilder().request('server/discover'));
    expect(reply.classification.kind).toBe('complete');
  });

  it('sendRaw writes text as typed; a non-JSON line is flagged in the transcript; the server answers -32700 without id', async () => {
    const conn = await startScripted('modern');
    conn.sendRaw('hello?');
    await new Promise<void>((resolve) => conn.onEntry((e) => e.direction === 'in' && e.channel === 'stdout' && resolve()));
    const [out, reply] = conn.transcript.filter((e) => e.channel !== 'stderr');
    expect(out.classification?.kind).toBe('framing_violation');
    expect(reply.classification).toMatchObject({ kind: 'error', label: '-32700 ParseError' });
    expect(reply.note).toMatch(/without an id/);
  });

  it('rejects a duplicate id while the first is in flight; close() ends pending requests', async () => {
    const conn = await startScripted('silent');
    const b = new RequestBuilder();
    const first = conn.request(b.request('server/discover', {}, { id: 'same' }));
    await expect(conn.request(b.request('server/discover', {}, { id: 'same' }))).rejects.toMatchObject({ kind: 'duplicate-id' });
    const exit = conn.close(1000);
    await expect(first).rejects.toMatchObject({ kind: 'closed' });
    expect((await exit).code).toBe(0);
  });

  it('notifications from the server reach onNotification; an unknown id is noted', async () => {
    const conn = await startScripted('modern');
    const seen: unknown[] = [];
    conn.onNotification((m, e) => seen.push([m.method, m.params, e.classification?.kind]));
    const reply = await conn.request(new RequestBuilder().request('tools/list', { _meta: { progressToken: 'p' } }));
    expect(reply.classification.kind).toBe('complete');
    expect(seen).toEqual([['notifications/progress', { progressToken: 'p', progress: 1 }, 'notification']]);
    conn.sendRaw('{"jsonrpc":"2.0","id":"n","method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}');
    await new Promise<void>((resolve) => conn.onEntry((e) => e.direction === 'in' && e.channel === 'stdout' && resolve()));
    expect(conn.transcript.at(-1)?.note).toBe('no request with this id is pending');
    expect(seen).toHaveLength(1);
  });
});
