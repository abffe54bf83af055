import { afterEach, describe, expect, it } from 'vitest';
import { runWithInput } from '../../../src/protocol/mrtr.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { startScripted, stopAll } from './fixtures/start.ts';

afterEach(stopAll);

describe('runWithInput (real processes)', () => {
  it('answers each inputRequests key, retries with a new id, echoes requestState exactly', async () => {
    const conn = await startScripted('modern');
    const b = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
    const asked: string[] = [];
    const run = await runWithInput(conn, b, 'tools/call', { name: 'book', arguments: { what: 'dentist' } }, (key, req, ctx) => {
      asked.push(`${ctx.round}:${key}:${req.method}`);
      return { action: 'accept', content: { date: '2026-08-01' } };
    });
    expect(run.outcome).toBe('complete');
    expect(asked).toEqual(['1:when:elicitation/create']);
    expect(run.rounds).toHaveLength(2);
    const [first, retry] = run.rounds;
    expect(first.request.id).not.toBe(retry.request.id);
    expect(first.request.params).not.toHaveProperty('requestState');
    expect(first.request.params).not.toHaveProperty('inputResponses');
    expect(retry.request.params).toMatchObject({ name: 'book', arguments: { what: 'dentist' } });
    expect(retry.request.params?._meta?.['io.modelcontextprotocol/clientCapabilities']).toEqual({ elicitation: {} });
    // requestState: the exact string the server sent (non-ASCII, quotes, backslash, emoji).
    const sentState = JSON.parse(first.reply!.line).result.requestState;
    expect(sentState).toBe('st-1-é"\\/🎉');
    expect(retry.requestState).toBe(sentState);
    const final = JSON.parse(run.final!.line).result;
    expect(final.content[0].text).toBe('booked 2026-08-01');
    expect(final.structuredContent).toMatchObject({ hasRequestState: true, requestState: sentState, inputResponses: { when: { action: 'accept' } } });
  });

  it('a result with only requestState (load shedding): retries at once, with no inputResponses', async () => {
    const conn = await startScripted('modern');
    let calls = 0;
    const run = await runWithInput(conn, new RequestBuilder(), 'tools/call', { name: 'shed' }, () => {
      calls++;
      return {};
    });
    expect(run.outcome).toBe('complete');
    expect(calls).toBe(0);
    expect(run.rounds[1].request.params).not.toHaveProperty('inputResponses');
    expect(run.rounds[1].request.params?.requestState).toBe('resume-here');
  });

  it('omits requestState on the retry when the server gave none; stops at maxRounds', async () => {
    const conn = await startScripted('modern');
    const run = await runWithInput(conn, new RequestBuilder(), 'tools/call', { name: 'forever' }, () => ({ action: 'decline' }), { maxRounds: 2 });
    expect(run.outcome).toBe('max-rounds');
    expect(run.rounds).toHaveLength(3);
    for (const r of run.rounds) expect(r.request.params).not.toHaveProperty('requestState');
    expect(run.rounds[2].request.params?.inputResponses).toEqual({ again: { action: 'decline' } });
    expect(new Set(run.rounds.map((r) => r.request.id)).size).toBe(3);
  });

  it('ends with outcome error on a JSON-RPC error, and refuses methods that cannot be multi-round', async () => {
    const conn = await startScripted('modern');
    const run = await runWithInput(conn, new RequestBuilder(), 'tools/call', { name: 'nope' }, () => ({}));
    expect(run.outcome).toBe('error');
    expect(run.final?.classification).toMatchObject({ kind: 'error', code: -32602 });
    await expect(runWithInput(conn, new RequestBuilder(), 'tools/list', {}, () => ({}))).rejects.toThrow(RangeError);
  });

  it('a tampered requestState is refused by the server', async () => {
    const conn = await startScripted('modern');
    const b = new RequestBuilder();
    const first = await conn.request(b.request('tools/call', { name: 'book' }));
    const state = JSON.parse(first.line).result.requestState as string;
    const tampered = await conn.request(
      b.request('tools/call', { name: 'book', inputResponses: { when: { action: 'accept', content: { date: 'x' } } }, requestState: state + 'x' }),
    );
    expect(tampered.classification).toMatchObject({ kind: 'error', code: -32602 });
  });

  it('no reply in time: outcome no-reply', async () => {
    const conn = await startScripted('late');
    const run = await runWithInput(conn, new RequestBuilder(), 'tools/call', { name: 'book' }, () => ({}), { timeoutMs: 100 });
    expect(run.outcome).toBe('no-reply');
    expect(run.rounds[0].error).toMatch(/within 100 ms/);
  });
});
