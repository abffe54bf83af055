// The checker over Streamable HTTP: the adapter (each line a POST, each JSON body or SSE event a line) against
// real node:http servers on 127.0.0.1, the HTTP stage against toy-servers/http.mjs (it passes every check)
// and its mutants (each caught by exactly the check naming its bug), and the command line's --url and its
// "this looks like an HTTP server" hint. Real processes, real fetch, ephemeral ports.
// https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IDS, runChecks, type CheckReport, type CheckResult, type WordedCheck } from '../../../src/checker/index.ts';
import { HTTP_CHECKS } from '../../../src/checker/stages/http.ts';
import { encodeHeaderValue, headersFor, httpSpawner, type HttpProcess } from '../../../src/checker/http-process.ts';
import { httpServerHint } from '../../../src/checker/http-hint.ts';
import { Session } from '../../../src/checker/session.ts';
import { HTTP_MUTATIONS } from '../../fixtures/http-mutants/mutations.mjs';
import { HTTP_REFERENCE, writeHttpMutants } from '../../fixtures/http-mutants/generate.mjs';
import { CLIENT_DOCUMENTS, tokenFor } from '../../servers/authorization-script.ts';
import { freePort, startHttpServer } from '../../servers/http-harness.ts';
import { actualWords } from '../../../src/components/checker/check-words.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FAST = { replyTimeoutMs: 5000, quietMs: 150, transport: 'http' as const };
const scratch = mkdtempSync(join(tmpdir(), 'checker-http-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill();
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts `node <file> 0` (an http.mjs-like server) in a folder of its own and resolves with the URL it prints on stderr. */
function listen(file: string): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [file, '0'], { cwd: mkdtempSync(join(scratch, 'run-')), env: { PATH: process.env.PATH ?? '', TOY_SEED: 'checker-http' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (b: Buffer) => {
      stderr += b.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (m) resolve({ url: m[1], child, stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`${file} exited with ${code}: ${stderr}`)));
  });
}

/** A node:http server of the test's own on an ephemeral port. */
async function serve(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{ url: string; server: Server; seen: { method: string; headers: IncomingMessage['headers']; body: string }[] }> {
  const seen: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method ?? '', headers: req.headers, body });
    handler(req, body, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server, seen };
}

const checks = (r: CheckReport): CheckResult[] => r.stages.flatMap((s) => s.checks);
const withStatus = (r: CheckReport, status: CheckResult['status']) => checks(r).filter((c) => c.status === status).map((c) => c.id);
const why = (r: CheckReport) => checks(r).filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => `${c.id}: ${c.actual}`).join('\n');

describe('the adapter builds the headers a conforming client sends', () => {
  it('encodes values as the Value Encoding table of the spec does', () => {
    // The spec's own examples (original value -> header value).
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });

  it('mirrors version, method and name from the body; a legacy initialize gets a 2025-11-25 client\'s headers', () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const call = headersFor(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: meta, name: 'réserver', arguments: {} } }));
    expect(call).toMatchObject({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' });
    const encoded = /^=\?base64\?(.*)\?=$/.exec(call['mcp-name'])![1];
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe('réserver');
    expect(headersFor(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { _meta: meta, uri: 'calendar://week' } }))['mcp-name']).toBe('calendar://week');
    const init = headersFor(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } }));
    expect(init['mcp-protocol-version']).toBeUndefined();
    expect(init['mcp-method']).toBeUndefined();
    expect(Object.keys(headersFor('{"jsonrpc":"2.0","id":1,"method":')).sort()).toEqual(['accept', 'content-type', 'mcp-protocol-version']);
  });
});

describe('the adapter over a real socket', () => {
  let peer: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    peer = await serve((req, body, res) => {
      const message = body ? JSON.parse(body) : undefined;
      if (req.method !== 'POST') return void res.writeHead(405).end();
      if (message && !('id' in message)) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'not accepted' } }));
      }
      if (message.method === 'stream') {
        // A BOM, a comment, CRLF line ends, an event split across chunks and over two data lines, then an event cut off.
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        res.write('\uFEFF: hello\r\n\r\nevent: message\r\ndata: {"jsonrpc":"2.0","method":"notifications/progress",');
        setTimeout(() => {
          res.write('\r\ndata: "params":{"progressToken":1,"progress":1}}\r\n\r\ndata: {"jsonrpc":"2.0","id":' + JSON.stringify(message.id) + ',"result":{}}\n\n');
          res.end('data: {"jsonrpc":"2.0","method":"cut-off"}\n');
        }, 20);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { echo: message.method } }, null, 2));
    });
  });
  afterAll(() => peer.server.close());

  it('turns each line into a POST and each JSON body or SSE event into one stdout line', async () => {
    const proc = (await httpSpawner(peer.url)()) as HttpProcess;
    const lines: string[] = [];
    proc.onStdout((l) => lines.push(l));
    const s = new Session(proc, { replyTimeoutMs: 5000, maxStdoutBytes: 1 << 20, wire: [], processNumber: 1 });
    const reply = await s.request({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 7, result: { echo: 'tools/list' } });
    const streamed = await s.request({ jsonrpc: '2.0', id: 'st', method: 'stream', params: {} });
    expect(streamed).toEqual({ jsonrpc: '2.0', id: 'st', result: {} });
    // The pretty-printed body became one line; the two-line event was joined; the comment, the BOM and the cut-off event are gone.
    expect(lines.map((l) => JSON.parse(l).method ?? JSON.parse(l).id)).toEqual([7, 'notifications/progress', 'st']);
    const sse = proc.exchanges[1];
    await expect.poll(() => sse.done).toBe(true);
    expect(sse.sse).toMatchObject({ comments: 1, incomplete: true });
    expect(sse.contentType).toBe('text/event-stream');
    expect(peer.seen.at(-1)!.headers).toMatchObject({ 'mcp-method': 'stream', accept: 'application/json, text/event-stream', 'content-type': 'application/json' });
    s.kill();
  });

  it('a notification turned away with an error status and an id-less error is not a reply; closing stdin ends the process with code 0', async () => {
    const proc = (await httpSpawner(peer.url)()) as HttpProcess;
    const lines: string[] = [];
    proc.onStdout((l) => lines.push(l));
    const done = proc.next({});
    proc.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }));
    const ex = await done;
    expect(ex.status).toBe(400);
    expect(ex.messages).toHaveLength(1);
    expect(lines).toEqual([]);
    proc.closeStdin();
    expect(await proc.exit).toEqual({ code: 0 });
  });

  it('a URL nothing listens on rejects the spawn, naming the URL', async () => {
    const closed = await serve(() => {});
    await new Promise((r) => closed.server.close(r));
    await expect(httpSpawner(closed.url)()).rejects.toThrow(closed.url);
  });
});

describe('the checker on toy-servers/http.mjs', () => {
  let report: CheckReport;
  beforeAll(async () => {
    const { url } = await listen(HTTP_REFERENCE);
    report = await runChecks(httpSpawner(url), FAST);
  }, 120_000);

  it('passes every HTTP check and every modern check, with no warnings', () => {
    expect(withStatus(report, 'fail'), why(report)).toEqual([]);
    expect(withStatus(report, 'warn'), why(report)).toEqual([]);
    expect(report.verdict).toBe('pass');
    expect(report.transport).toBe('http');
    expect(report.era.era).toBe('modern');
    const stage1 = report.stages[0];
    expect(stage1.checks.map((c) => [c.id, c.status])).toEqual(HTTP_CHECKS.map((c) => [c.id, 'pass']));
  });

  it('hides the stdio rules and runs the later stages unchanged', () => {
    expect(checks(report).some((c) => c.id.startsWith('framing.'))).toBe(false);
    expect(report.stages.slice(1).filter((s) => s.checks.length > 0).every((s) => s.status === 'pass')).toBe(true);
    expect(report.inputTool).toBeDefined();
    expect(httpServerHint(report)).toBeUndefined();
  });

  it('quotes the Streamable HTTP page for every HTTP check, with a level', () => {
    for (const c of report.stages[0].checks) {
      expect(c.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\/basic\/transports\/streamable-http(#[a-z-]+)?$/);
      expect(['must', 'should']).toContain(c.level);
      expect(c.quote).toMatch(c.level === 'must' ? /MUST/ : /SHOULD/);
    }
  });
});

describe('the checker on http.mjs as a fetch handler (as the page runs it: no socket)', () => {
  it('passes every check, with the same report as over the network', async () => {
    const { handle } = (await import(HTTP_REFERENCE)) as { handle: (r: Request) => Promise<Response> };
    const report = await runChecks(httpSpawner('http://127.0.0.1/mcp', { fetch: handle }), FAST);
    expect(withStatus(report, 'fail'), why(report)).toEqual([]);
    expect(withStatus(report, 'warn'), why(report)).toEqual([]);
    expect(report.stages[0].checks.map((c) => c.status)).toEqual(HTTP_CHECKS.map(() => 'pass'));
  }, 120_000);
});

interface HttpMutation {
  name: string;
  bug: string;
  fails?: string[];
  warns?: string[];
}

describe('HTTP mutants', () => {
  const mutations = HTTP_MUTATIONS as HttpMutation[];
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(scratch, 'mutants-'));
    writeHttpMutants(dir);
  });

  it('each names checks that exist, and together they cover the four HTTP transport bugs (header mismatch, missing version header, notification not 202, foreign Origin)', () => {
    for (const m of mutations) for (const id of [...(m.fails ?? []), ...(m.warns ?? [])]) expect(CHECK_IDS).toContain(id);
    const named = mutations.flatMap((m) => m.fails ?? []);
    for (const id of ['http.header-mismatch', 'http.version-header-required', 'http.notification-202', 'http.origin-403']) expect(named).toContain(id);
  });

  it.concurrent.each(mutations.map((m) => [m.name, m] as const))('%s is caught by exactly the check naming its bug', async (name, m) => {
    const { url } = await listen(join(dir, `${name}.mjs`));
    const report = await runChecks(httpSpawner(url), FAST);
    expect(withStatus(report, 'fail'), `${m.bug}\n${why(report)}`).toEqual(m.fails ?? []);
    expect(withStatus(report, 'warn'), `${m.bug}\n${why(report)}`).toEqual(m.warns ?? []);
    for (const id of [...(m.fails ?? []), ...(m.warns ?? [])]) expect(checks(report).find((c) => c.id === id)!.actual).toBeTruthy();
  }, 120_000);
});

/** Runs `npm run check-server -- <args>` and resolves with its exit code and output. */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--experimental-strip-types', '--no-warnings', join(ROOT, 'src/cli/check-server.ts'), ...args], { cwd: mkdtempSync(join(scratch, 'cli-')), timeout: 110_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

describe('check-server --url', () => {
  it('checks http.mjs at its printed URL, prints the report and exits 0', async () => {
    const { url } = await listen(HTTP_REFERENCE);
    const r = await cli(['--url', url]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^verdict: PASS/);
    expect(r.stdout).toContain('transport: Streamable HTTP');
    expect(r.stdout).toContain('http.header-mismatch');
  }, 120_000);

  it('--url with a command is a usage error (2); a URL nothing answers at fails (1), naming it', async () => {
    const both = await cli(['--url', 'http://127.0.0.1:9/mcp', 'node', 'toy-servers/http.mjs']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--url');
    const closed = await serve(() => {});
    await new Promise((r) => closed.server.close(r));
    const nobody = await cli(['--url', closed.url]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain(closed.url);
  }, 60_000);

  it('pointed at http.mjs over stdio, says it looks like a Streamable HTTP server and to use --url', async () => {
    const r = await cli(['--timeout', '1000', '--json', 'node', join(ROOT, 'toy-servers/http.mjs'), '0']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as CheckReport<WordedCheck>;
    const failedFraming = report.stages[0].checks.filter((c) => c.status === 'fail');
    expect(failedFraming.length).toBeGreaterThan(0);
    for (const c of failedFraming) expect(c.hint).toMatch(/looks like a Streamable HTTP server .*--url http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(httpServerHint(report)?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  }, 120_000);
});

describe('check-server --url against a server that requires authorization (--token, --header)', () => {
  /** auth-server.mjs and protected-calendar.mjs as real processes sharing a directory (and so the token key). */
  async function protectedCalendar() {
    const cwd = mkdtempSync(join(scratch, 'auth-'));
    const issuer = `http://127.0.0.1:${await freePort()}`;
    const calendar = await startHttpServer('protected-calendar', { cwd, env: { TOY_AUTH_SERVER: issuer } });
    children.push(calendar.child);
    const mcp = `${calendar.url}/mcp`;
    const auth = await startHttpServer('auth-server', { cwd, port: Number(new URL(issuer).port), env: { TOY_AUTH_RESOURCES: mcp, TOY_CLIENT_DOCUMENTS: JSON.stringify(CLIENT_DOCUMENTS) } });
    children.push(auth.child);
    return { issuer, mcp };
  }

  it('without a token every check meets 401 and the run fails; with --token it passes as http.mjs does; --header does the same', async () => {
    const { issuer, mcp } = await protectedCalendar();
    const refused = await cli(['--json', '--url', mcp]);
    expect(refused.code, refused.stderr).toBe(1);
    const report = JSON.parse(refused.stdout) as CheckReport;
    expect(report.verdict).toBe('fail');
    const post = checks(report).find((c) => c.id === 'http.post-endpoint')!;
    expect(post.status).toBe('fail');
    expect(post.actual).toContain(`it requires authorization (WWW-Authenticate: Bearer resource_metadata="${new URL(mcp).origin}/.well-known/oauth-protected-resource/mcp", scope="calendar.read")`);
    expect(post.actual).toContain('--token');
    // The page shows the same sentence in Indonesian, the challenge kept as sent.
    expect(actualWords(post.actual!, 'id')).toMatch(/, bukan response 2xx: server ini meminta otorisasi \(WWW-Authenticate: Bearer resource_metadata="[^"]+", scope="calendar.read"\); periksa dengan access token/);
    const { access_token: token } = await tokenFor((request) => fetch(request), { issuer, resource: mcp, scope: 'calendar.read calendar.write' });
    const r = await cli(['--url', mcp, '--token', token]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^verdict: PASS/);
    expect(r.stdout).toContain('http.header-mismatch');
    expect(r.stdout).not.toContain(token);
    const h = await cli(['--json', '--url', mcp, '--header', `Authorization: Bearer ${token}`]);
    expect(h.code, h.stderr).toBe(0);
    expect(JSON.parse(h.stdout).verdict).toBe('pass');
  }, 120_000);

  it('--token and --header are usage errors (2) without --url or with a malformed value', async () => {
    const stdio = await cli(['--token', 'abc', 'node', 'toy-servers/calendar.mjs']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('--header and --token need --url');
    const bad = await cli(['--url', 'http://127.0.0.1:9/mcp', '--header', 'no colon here']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--header needs 'Name: value'");
  });
});
