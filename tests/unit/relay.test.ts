/**
 * relay.mjs under a REAL pseudo-terminal (util-linux `script`), the way
 * WebContainer runs it: stdout and stderr merged, input echoed, "\n" -> "\r\n".
 * The frames it emits, decoded with relay-frames.ts, must give exactly the
 * bytes a direct run of the same server writes to its stdout and stderr.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RelayDecoder, inputFrames, CLOSE_FRAME, KILL_FRAME, type RelayFrame } from '../../src/engines/webcontainer/relay-frames.ts';
import { transcripts, TRANSCRIPT_ENV } from '../servers/cases.ts';
import { SAME_BYTES_SERVERS, entryOf } from './engines-servers.ts';
import { spawnUnderPty } from './relay-pty-container.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const RELAY = join(ROOT, 'src/engines/webcontainer/relay.mjs');

function workDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'relay-test-'));
  cpSync(join(ROOT, 'toy-servers'), join(dir, 'toy-servers'), { recursive: true });
  return dir;
}

const concat = (parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

/** Direct run: `node entry` with pipes, input written at once, then EOF. */
function direct(entry: string, input: Buffer, env: Record<string, string>): Promise<{ stdout: Buffer; stderr: Buffer; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], { cwd: workDir(), env: { PATH: process.env.PATH ?? '', ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err), code }));
    child.stdin.end(input);
  });
}

/** Relayed run under a pseudo-terminal: input as frames, then the close frame. */
async function relayed(entry: string, input: Buffer, env: Record<string, string>, extra: string[] = []) {
  const p = spawnUnderPty(process.execPath, [RELAY, entry], { cwd: workDir(), env: { ...env } });
  const writer = p.input.getWriter();
  const decoder = new RelayDecoder();
  for (const frame of [...inputFrames(input), ...extra, CLOSE_FRAME]) {
    decoder.expectEcho(frame);
    await writer.write(frame);
  }
  const frames: RelayFrame[] = [];
  const reader = p.output.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    frames.push(...decoder.push(value));
  }
  await p.exit;
  const stdout = concat(frames.flatMap((f) => (f.kind === 'stdout' ? [f.bytes] : [])));
  const stderr = concat(frames.flatMap((f) => (f.kind === 'stderr' ? [f.bytes] : [])));
  const exit = frames.find((f) => f.kind === 'exit');
  return { stdout, stderr, exit, raw: p.raw(), ignored: decoder.ignored };
}

const ENV = { ...TRANSCRIPT_ENV };

describe('relay.mjs under a real pseudo-terminal', () => {
  for (const cooked of [true, false]) {
    const mode = cooked ? 'cooked terminal (echo, CRLF)' : 'raw mode (as the relay sets it)';
    test.for(SAME_BYTES_SERVERS)(`%s: stdout and stderr bytes equal a direct run, ${mode}`, async (server) => {
      const entry = entryOf(server);
      const input = Buffer.from(transcripts[server].map((l) => `${l}\n`).join(''), 'utf8');
      const env = cooked ? { ...ENV, MCP_RELAY_COOKED: '1' } : ENV;
      const [a, b] = await Promise.all([direct(entry, input, ENV), relayed(entry, input, env)]);
      expect(a.stdout.length).toBeGreaterThan(100);
      expect(b.stdout.equals(a.stdout)).toBe(true);
      expect(b.stderr.toString('utf8')).toBe(a.stderr.toString('utf8'));
      expect(b.exit).toEqual({ kind: 'exit', code: a.code });
      // The terminal really did mangle the stream: CRLF line ends, and in cooked mode our input echoed back.
      expect(b.raw).toContain('\r\n');
      if (cooked) expect(b.raw).toMatch(/I [A-Za-z0-9+/=]+\r\n/);
    });
  }

  test('a line longer than the terminal line limit (4096 bytes) arrives whole, in cooked mode', async () => {
    const title = 'x'.repeat(20_000) + 'é';
    const line = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }, name: 'create_event', arguments: { title, startsAt: '2026-09-10T08:30:00Z' } } });
    const input = Buffer.from(`${line}\n`);
    const [a, b] = await Promise.all([direct('toy-servers/calendar.mjs', input, ENV), relayed('toy-servers/calendar.mjs', input, { ...ENV, MCP_RELAY_COOKED: '1' })]);
    expect(b.stdout.equals(a.stdout)).toBe(true);
    expect(b.stdout.toString()).toContain(title);
  });

  test('the kill frame stops the server and the exit frame says so', async () => {
    const b = await relayed('toy-servers/calendar.mjs', Buffer.alloc(0), ENV, [KILL_FRAME]);
    expect(b.exit).toEqual({ kind: 'exit', code: null, signal: 'SIGKILL' });
  });

  test('a server that throws at start: its stderr and exit code 1 come through', async () => {
    const dir = workDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'bad.mjs'), "throw new Error('boom');\n");
    const p = spawnUnderPty(process.execPath, [RELAY, 'bad.mjs'], { cwd: dir });
    const decoder = new RelayDecoder();
    const frames: RelayFrame[] = [];
    const reader = p.output.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      frames.push(...decoder.push(value));
    }
    const stderr = concat(frames.flatMap((f) => (f.kind === 'stderr' ? [f.bytes] : []))).toString();
    expect(stderr).toContain('Error: boom');
    expect(frames.find((f) => f.kind === 'exit')).toEqual({ kind: 'exit', code: 1 });
  });
});

describe('relay frames', () => {
  test('decoding tolerates CRLF, echo lines and chunks split anywhere', () => {
    const d = new RelayDecoder();
    const text = `R cooked\r\nI aGk=\r\nO ${Buffer.from('a\nb').toString('base64')}\r\nE ${Buffer.from('log\n').toString('base64')}\r\nX 0 -\r\n`;
    const frames: RelayFrame[] = [];
    for (let i = 0; i < text.length; i += 3) frames.push(...d.push(text.slice(i, i + 3)));
    expect(frames.map((f) => f.kind)).toEqual(['ready', 'stdout', 'stderr', 'exit']);
    expect(Buffer.from((frames[1] as { bytes: Uint8Array }).bytes).toString()).toBe('a\nb');
    expect(d.ignored).toBe(1);
  });

  test('an echo of our input that lands inside an output frame is cut out', () => {
    const d = new RelayDecoder();
    const out = `O ${Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\n').toString('base64')}`;
    d.expectEcho('I aGk=\n');
    const frames = d.push(`R cooked\r\n${out.slice(0, 9)}I aGk=\r\n${out.slice(9)}\r\n`);
    expect(frames).toEqual([{ kind: 'ready', mode: 'cooked' }, { kind: 'stdout', bytes: new Uint8Array(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}\n')) }]);
    expect(d.ignored).toBe(0);
  });

  test('input frames split long input and keep every byte', () => {
    const bytes = new Uint8Array(10_000).map((_, i) => i % 256);
    const frames = inputFrames(bytes);
    expect(frames.length).toBeGreaterThan(3);
    expect(frames.every((f) => f.length <= 3000 + 3 && f.endsWith('\n'))).toBe(true);
    const back = Buffer.concat(frames.map((f) => Buffer.from(f.slice(2, -1), 'base64')));
    expect(back.equals(Buffer.from(bytes))).toBe(true);
  });
});
