/**
 * Test harness for the toy servers: real `node` processes, real pipes.
 * Nothing is mocked; every helper spawns `toy-servers/<name>.mjs` with the
 * Node that runs the tests (`process.execPath`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';
// The servers shipped as source in toy-servers/ (the built reference server is tested in tests/peers and tests/e2e).
import { SERVERS, SOURCE_SERVER_NAMES as SERVER_NAMES, type SourceServerName as ServerName } from '../../toy-servers/registry.ts';

export type { ServerName };

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The toy servers that answer requests: every one but a `starter` (the reader's empty start, which answers nothing). */
export type WorkingServerName = { [K in ServerName]: (typeof SERVERS)[K] extends { starter: true } ? never : K }[ServerName];

/** The working toy servers that speak stdio (from the registry). */
export type StdioServerName = { [K in WorkingServerName]: (typeof SERVERS)[K]['transport'] extends 'stdio' ? K : never }[WorkingServerName];

/** Every toy server shipped as source, in registry order. */
export const TOY_SERVERS: readonly ServerName[] = SERVER_NAMES;

/** Every working stdio server of the registry, in registry order (a `starter` left out). */
export const STDIO_SERVERS = SERVER_NAMES.filter((n): n is StdioServerName => SERVERS[n].transport === 'stdio' && !('starter' in SERVERS[n]));

/** The stdio servers of one era (from the registry). */
export const stdioServersOf = (era: 'modern' | 'legacy') => STDIO_SERVERS.filter((n) => SERVERS[n].era === era);

/** Absolute path of a toy server's file. */
export const serverFile = (name: ServerName) => join(ROOT, SERVERS[name].file);

let scratch: string | undefined;
// Registered while the importing test file is collected, so it belongs to that file.
afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/**
 * A fresh, empty working directory (so `.toy-state/` of one test never leaks
 * into another). All of them live in one scratch directory per test file,
 * removed after the file's tests.
 */
export function freshDir(): string {
  if (scratch === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'toy-servers-test-'));
    scratch = dir;
  }
  return mkdtempSync(join(scratch, 'run-'));
}

/** What a finished stdio run produced. */
export interface RunResult {
  /** Raw stdout bytes as text. */
  stdout: string;
  /** stdout split at "\n" (the final empty piece dropped). */
  lines: string[];
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunOptions {
  env?: Record<string, string>;
  /** Command-line arguments after the server's file. */
  args?: string[];
  /** Working directory; a fresh temp dir when absent. */
  cwd?: string;
  /** Pause between chunks in ms (so that they arrive as separate reads); default 0. */
  pauseMs?: number;
}

/**
 * Spawns a stdio server, writes `chunks` to its stdin (each chunk one write,
 * exactly those bytes), closes stdin and waits for the exit.
 */
export async function runStdio(name: StdioServerName, chunks: Array<string | Uint8Array>, opts: RunOptions = {}): Promise<RunResult> {
  const child = spawn(process.execPath, [serverFile(name), ...(opts.args ?? [])], {
    cwd: opts.cwd ?? freshDir(),
    env: { PATH: process.env.PATH ?? '', ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  child.stdin.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  for (const chunk of chunks) {
    await new Promise<void>((resolve) => child.stdin.write(chunk, () => resolve()));
    if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
  }
  child.stdin.end();
  return collect(out, err, await exited);
}

/** Runs messages, one line each, through a stdio server (all in one process). */
export const runLines = (name: StdioServerName, lines: string[], opts?: RunOptions) =>
  runStdio(name, [lines.map((l) => `${l}\n`).join('')], opts);

/**
 * The rule every test checks: stdout held nothing but JSON-RPC responses, one
 * compact JSON object per line, each line ending in "\n" (MCP stdio transport).
 * Returns the parsed messages. `allowStray` lists lines that may appear
 * anyway (noisy.mjs) and are dropped from the result.
 */
export function parseStdout(result: RunResult, allowStray: (line: string) => boolean = () => false): Array<Record<string, any>> {
  if (result.stdout.length > 0) expect(result.stdout.endsWith('\n'), 'stdout ends with a newline').toBe(true);
  const messages: Array<Record<string, any>> = [];
  for (const line of result.lines) {
    let value: any;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    if (value === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) {
      if (allowStray(line)) continue;
      throw new Error(`stdout line is not a JSON-RPC message: ${line.slice(0, 200)}`);
    }
    expect(reserialize(line), 'compact JSON, one message per line').toBe(line);
    expect(value.jsonrpc).toBe('2.0');
    expect('result' in value !== 'error' in value, 'exactly one of result/error').toBe(true);
    expect('method' in value, 'a server never sends requests or notifications here').toBe(false);
    const keys = Object.keys(value);
    expect(keys, 'key order jsonrpc, id, result|error').toEqual('id' in value ? ['jsonrpc', 'id', keys[2]] : ['jsonrpc', 'error']);
    messages.push(value);
  }
  return messages;
}

/**
 * `line` parsed and written back, keeping integers beyond 2^53 digit for digit
 * (JSON.rawJSON), so that a compact line round-trips to itself exactly.
 */
export function reserialize(line: string): string {
  const raw = (JSON as unknown as { rawJSON: (text: string) => unknown }).rawJSON;
  return JSON.stringify(JSON.parse(line, (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && /^-?(0|[1-9][0-9]*)$/.test(context?.source ?? '') ? raw(context!.source!) : value));
}

/** The `_meta` a modern request carries; `caps` are its client capabilities. */
export function meta(caps: Record<string, unknown> = {}, version = '2026-07-28') {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': { name: 'toy-tests', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': caps,
  };
}

/** A modern request line. */
export function req(id: string | number, method: string, params: Record<string, unknown> = {}, caps: Record<string, unknown> = {}) {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params: { _meta: meta(caps), ...params } });
}

/** A request line with exactly these params (no `_meta` added). */
export function raw(id: string | number, method: string, params?: unknown) {
  return JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
}

/** A running stdio server to talk to one request at a time (for flows that need an earlier answer). */
export interface Session {
  request(line: string): Promise<Record<string, any>>;
  close(): Promise<RunResult>;
}

/** What a finished process wrote: stdout split into lines (the final newline dropped), stderr, and how it exited. */
function collect(out: Buffer[], err: Buffer[], exit: { code: number | null; signal: NodeJS.Signals | null }): RunResult {
  const stdout = Buffer.concat(out).toString('utf8');
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return { stdout, lines, stderr: Buffer.concat(err).toString('utf8'), code: exit.code, signal: exit.signal };
}

/** Starts a stdio server for a request/response conversation; replies are matched in order. */
export function openSession(name: StdioServerName, opts: RunOptions = {}): Session {
  const child = spawn(process.execPath, [serverFile(name), ...(opts.args ?? [])], {
    cwd: opts.cwd ?? freshDir(),
    env: { PATH: process.env.PATH ?? '', ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => {}); // a server that exits early closes the pipe; its exit is what the test checks
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const waiting: Array<(line: string) => void> = [];
  let partial = '';
  child.stdout.on('data', (b: Buffer) => {
    out.push(b);
    partial += b.toString('utf8');
    let nl: number;
    while ((nl = partial.indexOf('\n')) !== -1) {
      const line = partial.slice(0, nl);
      partial = partial.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  return {
    request(line) {
      return new Promise((resolve) => {
        waiting.push((reply) => resolve(JSON.parse(reply)));
        child.stdin.write(`${line}\n`);
      });
    },
    async close() {
      child.stdin.end();
      return collect(out, err, await exited);
    },
  };
}

/**
 * Every line of stdout as a parsed message, responses and server notifications
 * alike, in order. Checks that each is one compact JSON-RPC 2.0 object on its
 * own line and that none is a request (servers never send requests).
 */
export function parseAll(result: RunResult): Array<Record<string, any>> {
  if (result.stdout.length > 0) expect(result.stdout.endsWith('\n'), 'stdout ends with a newline').toBe(true);
  return result.lines.map((line) => {
    const value = JSON.parse(line);
    expect(reserialize(line), 'compact JSON, one message per line').toBe(line);
    expect(value.jsonrpc).toBe('2.0');
    expect('method' in value && 'id' in value, 'a server never sends requests').toBe(false);
    return value;
  });
}

/** A running stdio server whose every message (responses and notifications) is recorded as it arrives. */
export interface Conversation {
  /** Writes one line (a "\n" is added). */
  send(line: string): void;
  /** Every message so far, in arrival order. */
  readonly messages: Array<Record<string, any>>;
  /** Resolves with the first message (already seen or still to come) that matches. */
  waitFor(match: (message: Record<string, any>) => boolean): Promise<Record<string, any>>;
  /** Closes stdin and waits for the exit. */
  close(): Promise<RunResult>;
}

/** Starts a stdio server for a conversation in which replies and notifications interleave. */
export function openConversation(name: StdioServerName, opts: RunOptions = {}): Conversation {
  const child = spawn(process.execPath, [serverFile(name), ...(opts.args ?? [])], {
    cwd: opts.cwd ?? freshDir(),
    env: { PATH: process.env.PATH ?? '', ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => {});
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const messages: Array<Record<string, any>> = [];
  let waiters: Array<{ match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }> = [];
  let partial = '';
  child.stdout.on('data', (b: Buffer) => {
    out.push(b);
    partial += b.toString('utf8');
    let nl: number;
    while ((nl = partial.indexOf('\n')) !== -1) {
      const message = JSON.parse(partial.slice(0, nl));
      partial = partial.slice(nl + 1);
      messages.push(message);
      waiters = waiters.filter((w) => (w.match(message) ? (w.resolve(message), false) : true));
    }
  });
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  return {
    messages,
    send: (line) => void child.stdin.write(`${line}\n`),
    waitFor(match) {
      const seen = messages.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async close() {
      child.stdin.end();
      return collect(out, err, await exited);
    },
  };
}
