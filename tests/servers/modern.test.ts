/**
 * The rules every modern stdio server keeps, checked on every modern stdio
 * server of the registry as real processes. Expectations come from the spec,
 * not from earlier server output.
 */
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_ENV, envelopeCases, expectsReply, modern, transcripts } from './cases.ts';
import { expectError, expectOneStderrLine, expectResult, pairAndValidate } from './checks.ts';
import { type StdioServerName, freshDir, parseStdout, runLines, runStdio, stdioServersOf } from './harness.ts';

const MODERN = stdioServersOf('modern');
const V = '2026-07-28';
const PV = 'io.modelcontextprotocol/protocolVersion';
const CC = 'io.modelcontextprotocol/clientCapabilities';

/** noisy.mjs prints non-JSON lines on purpose; every other server must not. */
const strayFor = (name: StdioServerName) => (line: string) => name === 'noisy' && !line.startsWith('{');

describe.each(MODERN)('%s: JSON-RPC, _meta and framing rules', (name) => {
  it('answers the envelope cases by the spec rules, one process, stdout clean, exit 0', async () => {
    const run = await runLines(name, envelopeCases, { env: { ...TRANSCRIPT_ENV } });
    expect(run.code).toBe(0);
    expectOneStderrLine(run.stderr);
    const replies = parseStdout(run, strayFor(name));
    const byId = pairAndValidate(envelopeCases, replies, 'modern');
    const noId = replies.filter((r) => !('id' in r));
    // Unparseable lines -> -32700 without id; non-objects, id null/fractional/other types -> -32600 without id.
    // ... and an id written with an exponent (1e400), which cannot be echoed exactly: -32600 saying so.
    expect(noId.map((r) => r.error.code)).toEqual([-32700, -32700, -32600, -32600, -32600, -32600, -32600, -32600, -32600, -32600, -32600]);
    expect(noId.at(-1)!.error.message).toContain('1e400');
    for (const id of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']) expectError(byId.get(id), -32600);
    expectError(byId.get('r7'), -32602); // params must be an object
    for (const id of ['m1', 'm2', 'm3', 'm4', 'm8']) expect(expectError(byId.get(id), -32602).message).toContain(PV);
    for (const id of ['m5', 'm6', 'm7']) expect(expectError(byId.get(id), -32602).message).toContain(CC);
    expect(expectError(byId.get('v1'), -32022).data).toEqual({ supported: [V], requested: '2099-01-01' });
    expect(expectError(byId.get('v2'), -32022).data).toEqual({ supported: [V], requested: '2025-11-25' });
    for (const id of ['i1', 'i2']) {
      const error = byId.get(id)!.error;
      expect(JSON.stringify(error), 'initialize error names the supported versions').toContain(V);
    }
    for (const id of ['u1', 'u2', 'u3', 'u4']) expectError(byId.get(id), -32601);
    for (const id of ['crlf', 0, -7, '']) expect(expectResult(byId.get(id)).supportedVersions).toEqual([V]);
  });

  it('echoes an integer id beyond 2^53 digit for digit', async () => {
    const line = envelopeCases.find((l) => l.includes('9007199254740993'))!;
    const run = await runLines(name, [line], { env: { ...TRANSCRIPT_ENV } });
    const reply = run.lines.find((l) => l.startsWith('{'))!;
    expect(reply.startsWith('{"jsonrpc":"2.0","id":9007199254740993,"result":{')).toBe(true);
  });

  it('judges each request on its own: interleaved answers equal fresh-process answers', async () => {
    const lines = transcripts[name].filter((l) => !/"(t1|t8|r4)"/.test(l)); // drop the writes and the read after them
    const together = parseStdout(await runLines(name, lines, { env: { ...TRANSCRIPT_ENV } }), strayFor(name));
    const answered = lines.filter(expectsReply);
    const alone: unknown[] = [];
    for (let i = 0; i < answered.length; i += 6) {
      const batch = answered.slice(i, i + 6).map(async (line) => {
        const run = await runLines(name, [line], { env: { ...TRANSCRIPT_ENV } });
        expect(run.code).toBe(0);
        return parseStdout(run, strayFor(name))[0];
      });
      alone.push(...(await Promise.all(batch)));
    }
    expect(together).toEqual(alone);
  }, 180_000);

  it('reassembles lines split across chunks, even inside a UTF-8 character', async () => {
    const line = `${modern('split', 'tools/call', { name: 'nope', arguments: { note: 'Zoë 🎉' } })}\n`;
    const bytes = Buffer.from(line, 'utf8');
    const cut = bytes.indexOf(Buffer.from('🎉', 'utf8')) + 2; // in the middle of the emoji
    const run = await runStdio(name, [bytes.subarray(0, 10), bytes.subarray(10, cut), bytes.subarray(cut)], { pauseMs: 25 });
    const [reply] = parseStdout(run, strayFor(name));
    expect(reply.id).toBe('split');
    expect(reply.error.code).toBe(-32602); // unknown tool, judged on the whole line
    expect(run.code).toBe(0);
  });

  it('takes several messages in one chunk, CRLF endings, blank lines, and a last line without newline', async () => {
    const chunk = `${modern(1, 'server/discover')}\r\n\r\n   \n${modern(2, 'tools/list')}\n${modern(3, 'resources/list')}`;
    const run = await runStdio(name, [chunk]);
    const replies = parseStdout(run, strayFor(name));
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3]);
    for (const r of replies) expectResult(r);
    expect(run.code).toBe(0);
  });

  it('handles a 1 MiB line', async () => {
    const big = 'x'.repeat(1 << 20);
    const line = JSON.stringify({ jsonrpc: '2.0', id: 'big', method: 'tools/list', params: { _meta: { [PV]: V, [CC]: {}, 'com.example/padding': big } } });
    expect(line.length).toBeGreaterThan(1 << 20);
    const run = await runStdio(name, [line.slice(0, 300_000), `${line.slice(300_000)}\n${modern('after', 'server/discover')}\n`], { pauseMs: 10 });
    const replies = parseStdout(run, strayFor(name));
    expect(replies.map((r) => r.id)).toEqual(['big', 'after']);
    expect(expectResult(replies[0]).tools.length).toBeGreaterThan(0);
  });

  it('answers bytes that are not UTF-8 with -32700 (no id) and keeps serving', async () => {
    const bad = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":"bad","method":"tools/list","params":{"_meta":{"x":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}}}\n'),
    ]);
    const run = await runStdio(name, [bad, `${modern('good', 'server/discover')}\n`]);
    const replies = parseStdout(run, strayFor(name));
    expect(replies).toHaveLength(2);
    expect(replies[0].error.code).toBe(-32700);
    expect(replies[0].error.message).toContain('UTF-8');
    expect('id' in replies[0]).toBe(false);
    expect(replies[1].id).toBe('good');
  });

  it('answers malformed JSON in valid UTF-8 (a trailing comma) with -32700 saying where, without blaming the encoding', async () => {
    const line = '{"jsonrpc":"2.0","id":3,"method":"tools/list",}';
    // Where this Node's JSON.parse stops, as the server's own parser reports it.
    let where = '';
    try {
      JSON.parse(line);
    } catch (e) {
      where = /at position \d+/.exec((e as Error).message)?.[0] ?? '';
    }
    const run = await runStdio(name, [`${line}\n`, `${modern('good', 'server/discover')}\n`]);
    const replies = parseStdout(run, strayFor(name));
    expect(replies).toHaveLength(2);
    expect(replies[0].error.code).toBe(-32700);
    expect(replies[0].error.message).toContain('malformed JSON');
    expect(replies[0].error.message).not.toContain('UTF-8');
    expect(where, 'this Node reports a position').not.toBe('');
    expect(replies[0].error.message).toContain(where);
    expect(replies[1].id).toBe('good');
  });

  it('exits 0 at once when stdin closes with nothing sent, after exactly one stderr line', async () => {
    const run = await runStdio(name, []);
    expect(run.code).toBe(0);
    expectOneStderrLine(run.stderr);
    expect(parseStdout(run, strayFor(name))).toEqual([]);
  });

  it('is reproducible under TOY_CLOCK and TOY_SEED: same input, same bytes', async () => {
    const cwdA = freshDir();
    const cwdB = freshDir();
    const [a, b] = await Promise.all([
      runLines(name, transcripts[name], { env: { ...TRANSCRIPT_ENV }, cwd: cwdA }),
      runLines(name, transcripts[name], { env: { ...TRANSCRIPT_ENV }, cwd: cwdB }),
    ]);
    parseStdout(a, strayFor(name));
    expect(a.stdout).toBe(b.stdout);
    expect(a.stderr).toBe(b.stderr);
  });

  it('validates every reply of its whole transcript (SDK schemas and spec JSON Schema)', async () => {
    const run = await runLines(name, transcripts[name], { env: { ...TRANSCRIPT_ENV } });
    pairAndValidate(transcripts[name], parseStdout(run, strayFor(name)), 'modern');
  });
});

describe('server/discover', () => {
  it.each(MODERN)('%s returns a DiscoverResult with identity only in _meta', async (name) => {
    const run = await runLines(name, [modern(1, 'server/discover')]);
    const result = expectResult(parseStdout(run, strayFor(name))[0]);
    expect(result.supportedVersions).toEqual([V]);
    expect(typeof result.instructions).toBe('string');
    expect(result.instructions.length).toBeLessThan(300);
    expect(result.capabilities.tools).toEqual({});
    // Only listening-calendar.mjs serves subscriptions/listen (for calendar://week).
    expect(result.capabilities.resources).toEqual(name === 'listening-calendar' ? { subscribe: true } : {});
    expect(result._meta['io.modelcontextprotocol/serverInfo'].name).toBeTruthy();
    expect(result).not.toHaveProperty('serverInfo');
    expect(result.ttlMs).toBeGreaterThanOrEqual(0);
  });
});
