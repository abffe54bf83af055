/**
 * The official client, `@modelcontextprotocol/client` 2.4.0, against our toy
 * servers as real processes:
 * - `versionNegotiation: { mode: 'auto' }` against calendar.mjs lands in the
 *   modern era (2026-07-28), lists and calls tools, and completes create_event
 *   without startsAt through its elicitation handler (multi round-trip);
 * - the same mode against legacy.mjs falls back to `initialize` and 2025-11-25.
 * Each server is started through a small tee that records its stdout, so the
 * test can also check that stdout held nothing but JSON-RPC messages.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const serverFile = (name: string) => join(ROOT, 'toy-servers', `${name}.mjs`);

/** A tee: runs a server, relays stdin/stdout/stderr, and appends every stdout byte to a log file. */
const TEE = `
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
const [log, server] = process.argv.slice(2);
const child = spawn(process.execPath, [server], { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.on('data', (b) => { appendFileSync(log, b); process.stdout.write(b); });
child.on('exit', (code) => process.exit(code ?? 1));
process.on('SIGTERM', () => child.kill('SIGTERM'));
`;

const scratch = mkdtempSync(join(tmpdir(), 'toy-peer-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function teeSetup() {
  const dir = mkdtempSync(join(scratch, 'run-'));
  const tee = join(dir, 'tee.mjs');
  const log = join(dir, 'stdout.log');
  writeFileSync(tee, TEE);
  appendFileSync(log, '');
  return { dir, tee, log };
}

/** Every line the server wrote is one compact JSON-RPC message (responses only: our servers send no requests). */
function expectCleanStdout(log: string) {
  const text = readFileSync(log, 'utf8');
  expect(text.length).toBeGreaterThan(0);
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    const msg = JSON.parse(line);
    expect(JSON.stringify(msg)).toBe(line);
    expect(msg.jsonrpc).toBe('2.0');
    expect('result' in msg || 'error' in msg).toBe(true);
  }
  return text;
}

function connectTo(name: string, capabilities: Record<string, unknown> = {}) {
  const { dir, tee, log } = teeSetup();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [tee, log, serverFile(name)],
    cwd: dir,
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'toy-peer-test', version: '1.0.0' }, { capabilities, versionNegotiation: { mode: 'auto' } });
  return { client, transport, log };
}

describe('official SDK client 2.4.0 (auto negotiation) against the toy servers', () => {
  it('calendar.mjs: modern era, lists and calls tools, completes create_event through its elicitation handler', async () => {
    const { client, transport, log } = connectTo('calendar', { elicitation: { form: {} } });
    const asked: Array<Record<string, any>> = [];
    client.setRequestHandler('elicitation/create', async (request: any) => {
      asked.push(request.params);
      return { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } };
    });
    await client.connect(transport);
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['create_event']);
      const direct: any = await client.callTool({ name: 'create_event', arguments: { title: 'Standup notes', startsAt: '2026-09-08T10:00:00Z' } });
      expect(direct.isError).toBe(false);
      expect(direct.structuredContent).toMatchObject({ id: 'e3', title: 'Standup notes' });
      const viaForm: any = await client.callTool({ name: 'create_event', arguments: { title: 'Dentist' } });
      expect(asked).toHaveLength(1);
      expect(asked[0].mode ?? 'form').toBe('form');
      expect(asked[0].requestedSchema.properties.startsAt.format).toBe('date-time');
      expect(viaForm.isError).toBe(false);
      expect(viaForm.structuredContent).toEqual({ id: 'e4', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
      const read: any = await client.readResource({ uri: 'calendar://week' });
      expect(JSON.parse(read.contents[0].text).map((e: any) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
      const prompt: any = await client.getPrompt({ name: 'prepare_week', arguments: { focus: 'deep work' } });
      expect(prompt.messages[0].content.text).toContain('deep work');
    } finally {
      await client.close();
    }
    const stdout = expectCleanStdout(log);
    expect(stdout).toContain('"resultType":"input_required"'); // the round trip really went over the wire
  });

  it('calendar.mjs without a declared elicitation capability: the call fails with -32021', async () => {
    const { client, transport, log } = connectTo('calendar');
    await client.connect(transport);
    try {
      await expect(client.callTool({ name: 'create_event', arguments: { title: 'Dentist' } })).rejects.toMatchObject({ code: -32021 });
    } finally {
      await client.close();
    }
    expectCleanStdout(log);
  });

  it('legacy.mjs: the probe gets -32601, the client falls back to initialize and 2025-11-25', async () => {
    const { client, transport, log } = connectTo('legacy');
    await client.connect(transport);
    try {
      expect(client.getProtocolEra()).toBe('legacy');
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['create_event']);
      const created: any = await client.callTool({ name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } });
      expect(created.structuredContent).toMatchObject({ id: 'e3' });
    } finally {
      await client.close();
    }
    const stdout = expectCleanStdout(log);
    expect(stdout).toContain('"code":-32601');
    expect(stdout).toContain('"protocolVersion":"2025-11-25"');
  });

  it('http.mjs over loopback: the Streamable HTTP transport reaches the modern era and completes the round trip', async () => {
    const child = spawn(process.execPath, [serverFile('http'), '0'], { cwd: mkdtempSync(join(scratch, 'http-')), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b));
    const url = await new Promise<string>((resolve) => {
      let err = '';
      child.stderr.on('data', (b: Buffer) => {
        err += b;
        const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
        if (m) resolve(m[1]);
      });
    });
    const client = new Client({ name: 'toy-peer-test', version: '1.0.0' }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: 'auto' } });
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } }));
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      expect(client.getProtocolEra()).toBe('modern');
      const result: any = await client.callTool({ name: 'create_event', arguments: { title: 'Dentist' } });
      expect(result.structuredContent).toEqual({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
    } finally {
      await client.close();
      child.kill();
    }
    expect(stdout).toBe('');
  });
});
