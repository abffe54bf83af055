/**
 * legacy.mjs: a 2025-11-25-era server, the thing a modern client's probe must
 * recognise. Results are validated against the 2025-11-25 schemas.
 */
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_ENV, expectsReply, flows, legacyCases, modern, transcripts } from './cases.ts';
import { expectError, expectOneStderrLine, expectResult, pairAndValidate } from './checks.ts';
import { parseStdout, runLines, runStdio } from './harness.ts';

type Msg = Record<string, any>;

async function legacy(lines: string[]) {
  const run = await runLines('legacy', lines, { env: { ...TRANSCRIPT_ENV } });
  expect(run.code).toBe(0);
  expectOneStderrLine(run.stderr);
  return pairAndValidate(lines, parseStdout(run), 'legacy');
}

describe('legacy.mjs', () => {
  const byIdP = legacy(legacyCases);

  it('serves the list methods before any handshake, with the calendar catalog and no 2026 fields', async () => {
    const byId = await byIdP;
    expect(expectResult(byId.get(1)).tools.map((t: Msg) => t.name)).toEqual(['create_event']);
    expect(expectResult(byId.get(2)).resources.map((r: Msg) => r.uri)).toEqual(['calendar://week']);
    expect(expectResult(byId.get(3)).prompts.map((p: Msg) => p.name)).toEqual(['prepare_week']);
    for (const id of [1, 2, 3]) expect(expectResult(byId.get(id))).not.toHaveProperty('_meta');
  });

  it('has the same catalog as calendar.mjs', async () => {
    const modernRun = await runLines('calendar', [modern('l', 'tools/list')]);
    const modernTools = parseStdout(modernRun)[0].result.tools;
    expect(expectResult((await byIdP).get(1)).tools).toEqual(modernTools);
  });

  it('answers server/discover with -32601 (so a probe falls back)', async () => {
    expect(expectError((await byIdP).get('probe'), -32601).message).toBe('Method not found');
  });

  it('repeats structured content as JSON text, and answers arguments that are not an object with -32602', async () => {
    const created = expectResult((await byIdP).get(11));
    expect(created.content[1]).toEqual({ type: 'text', text: JSON.stringify(created.structuredContent) });
    const byId = await legacy([JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'create_event', arguments: 'Dentist' } })]);
    expectError(byId.get('a'), -32602);
  });

  it('answers initialize with 2025-11-25 whatever was asked, serverInfo at the top; initialized gets no reply; ping works', async () => {
    const byId = await byIdP;
    for (const id of [4, 5]) {
      const init = expectResult(byId.get(id));
      expect(init.protocolVersion).toBe('2025-11-25');
      expect(init.serverInfo.name).toBeTruthy();
      expect(init.capabilities).toEqual({ tools: {}, resources: {}, prompts: {} });
    }
    expect(expectResult(byId.get(6))).toEqual({});
    expect(expectResult(byId.get(16))).toEqual({});
  });

  it('uses the 2025 error for a missing resource (-32002) and tool errors for bad calls', async () => {
    const byId = await byIdP;
    expect(expectError(byId.get(9), -32002).data).toEqual({ uri: 'calendar://month' });
    expect(expectResult(byId.get(11)).structuredContent).toEqual({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
    expect(expectResult(byId.get(12)).isError).toBe(true);
    expectError(byId.get(13), -32602);
    expect(expectResult(byId.get(14)).tools).toHaveLength(1); // a modern _meta is ignored
    expectError(byId.get(15), -32601);
  });

  it('runs the handshake flow and a call, and is reproducible', async () => {
    const byId = await legacy(flows.legacy);
    expect(expectResult(byId.get(1)).protocolVersion).toBe('2025-11-25');
    expect(JSON.parse(expectResult(byId.get(3)).contents[0].text)).toHaveLength(3);
    const [a, b] = await Promise.all([runLines('legacy', transcripts.legacy), runLines('legacy', transcripts.legacy)]);
    expect(a.stdout).toBe(b.stdout);
  });

  it('judges each request on its own: interleaved answers equal fresh-process answers', async () => {
    const together = parseStdout(await runLines('legacy', legacyCases));
    const alone = [];
    for (const line of legacyCases.filter(expectsReply)) alone.push(parseStdout(await runLines('legacy', [line]))[0]);
    expect(together).toEqual(alone);
  }, 180_000);

  it('frames like the others: split chunks, CRLF, non-UTF-8', async () => {
    const line = Buffer.from('{"jsonrpc":"2.0","id":"s","method":"tools/list"}\r\n');
    const run = await runStdio('legacy', [line.subarray(0, 7), line.subarray(7), Buffer.from([0xff, 0x0a])], { pauseMs: 20 });
    const replies = parseStdout(run);
    expect(replies[0].id).toBe('s');
    expect(replies[1].error.code).toBe(-32700);
    expect(run.code).toBe(0);
  });
});

describe('legacy.mjs --discover=<style>: the ways legacy servers in the wild answer the probe', () => {
  const probe = modern('probe', 'server/discover');
  const init = JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });

  it('method-not-found (the default, also when named): -32601, then the handshake works', async () => {
    for (const args of [[], ['--discover=method-not-found']]) {
      const run = await runLines('legacy', [probe, init], { args });
      const [reply, hello] = parseStdout(run);
      expect(expectError(reply, -32601).message).toBe('Method not found');
      expect(expectResult(hello).protocolVersion).toBe('2025-11-25');
      expect(run.code).toBe(0);
    }
  });

  it('invalid-params: -32602 for server/discover, other unknown methods still -32601', async () => {
    const lines = [probe, init, legacyish('x', 'no/such/method')];
    const run = await runLines('legacy', lines, { args: ['--discover=invalid-params'] });
    const byId = pairAndValidate(lines, parseStdout(run), 'legacy');
    expectError(byId.get('probe'), -32602);
    expectError(byId.get('x'), -32601);
    expect(expectResult(byId.get('init')).protocolVersion).toBe('2025-11-25');
  });

  it('silent: no answer at all to server/discover, and the next request is still answered', async () => {
    const run = await runLines('legacy', [probe, init], { args: ['--discover=silent'] });
    const replies = parseStdout(run);
    expect(replies.map((r) => r.id)).toEqual(['init']);
    expect(run.code).toBe(0);
    expectOneStderrLine(run.stderr);
  });

  it('exit: the process exits with code 1 on server/discover, having answered what came before', async () => {
    const run = await runLines('legacy', [legacyish(1, 'ping'), probe, init], { args: ['--discover=exit'] });
    expect(parseStdout(run).map((r) => r.id)).toEqual([1]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('server/discover');
  });

  it('an unknown style stops at start with code 2 and names the styles', async () => {
    const run = await runLines('legacy', [init], { args: ['--discover=teapot'] });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('method-not-found, invalid-params, silent, exit');
  });
});

function legacyish(id: string | number, method: string) {
  return JSON.stringify({ jsonrpc: '2.0', id, method });
}
