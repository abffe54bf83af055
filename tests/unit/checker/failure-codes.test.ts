// When a check fails on the process or the run (no reply, an exit or a crash, a flood, a reply that cannot
// come as a line of its own, a check that runs too long, a server that cannot start), the checker carries the failure as data (`CheckResult.why`: a code and its
// values, src/protocol/failure.ts) beside its English `actual`, which the command line prints unchanged.
// A page says `why` in its reader's language (failure.<code> of src/i18n); a reply that breaks a rule
// carries no `why` (its `actual` names the rule's wire terms). Real servers, run by the Node engine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEngine, spawnCommand } from '../../../src/engines/node/node-engine.ts';
import { runChecks, type CheckReport } from '../../../src/checker/index.ts';
import { FLOOD_LINES } from '../../../src/checker/session.ts';
import { failure, FailureError } from '../../../src/protocol/failure.ts';
import { failureText } from '../../../src/components/pure/failure-text.ts';

const READ_LINES = "import { createInterface } from 'node:readline';\nconst lines = createInterface({ input: process.stdin });\n";
const SERVERS: Record<string, string> = {
  // Reads every line and answers none.
  'hang.mjs': `${READ_LINES}lines.on('line', () => {});\n`,
  // Says why on stderr and exits 3 on its first line.
  'crash.mjs': `${READ_LINES}lines.on('line', () => {\n  process.stderr.write('crashing on purpose\\n');\n  process.exit(3);\n});\n`,
  // Answers its first line with far more stdout than the checker allows: notifications.
  'flood.mjs': `${READ_LINES}lines.once('line', () => {\n  process.stdout.write('{"jsonrpc":"2.0","method":"flood"}\\n'.repeat(20000));\n});\n`,
  // Answers its first line with far more stdout than the checker allows: lines that are not JSON.
  'junk.mjs': `${READ_LINES}lines.once('line', () => {\n  process.stdout.write('working...\\n'.repeat(20000));\n});\n`,
  // Answers its first line with three lines of 40,000 characters.
  'big-lines.mjs': `${READ_LINES}lines.once('line', () => {\n  process.stdout.write(('x'.repeat(40000) + '\\n').repeat(3));\n});\n`,
  // Reads its lines, and throws on the first one: an uncaught exception, which Node prints with the file and line.
  'throws.mjs': `${READ_LINES}lines.on('line', (line) => {\n  throw new RangeError('no room for ' + line.length + ' characters');\n});\n`,
  // Answers each request under its id + 1000.
  'wrong-id.mjs': `${READ_LINES}lines.on('line', (line) => {\n  const m = JSON.parse(line);\n  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id + 1000, result: {} }) + '\\n');\n});\n`,
  // Answers every JSON line with -32601 at once, and a broken line with -32700, then exits 1: it does not keep going.
  'dies-after-bad-line.mjs': `${READ_LINES}lines.on('line', (line) => {\n  let message;\n  try { message = JSON.parse(line); } catch {\n    process.stdout.write('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}\\n');\n    process.exit(1);\n  }\n  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message?.id ?? 0, error: { code: -32601, message: 'Method not found' } }) + '\\n');\n});\n`,
};

let dir: string;
let engine: NodeEngine;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'checker-failure-codes-'));
  for (const [file, source] of Object.entries(SERVERS)) writeFileSync(join(dir, file), source);
  engine = new NodeEngine({ root: dir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(r: CheckReport, id: string) {
  const found = r.stages.flatMap((s) => s.checks).find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

describe('the checker carries a failure code beside its English', () => {
  it('no reply: timeout with the method, the id and the wait in ms; no-reply for a wait for any line', async () => {
    const r = await runChecks(() => engine.spawn('hang.mjs'), { replyTimeoutMs: 700, eraTimeoutMs: 300, quietMs: 50, stages: ['jsonrpc'] });
    // A request: the reply to it is awaited by its id.
    const c = check(r, 'jsonrpc.unknown-method');
    expect(c.status).toBe('fail');
    expect(c.actual).toMatch(/^no reply to checker\/no-such-method \(id (\d+)\) within 700 ms$/);
    const id = /\(id (\d+)\)/.exec(c.actual!)![1]!;
    expect(c.why).toEqual({ code: 'timeout', vars: { method: 'checker/no-such-method', id, ms: 700 } });
    expect(failureText(c.why!, 'id')).toBe(`tidak ada balasan untuk checker/no-such-method (id ${id}) dalam 700 ms`);
    // A broken line: any reply is awaited, so there is no method to name.
    const any = check(r, 'jsonrpc.parse-error');
    expect(any.actual).toBe('no reply within 700 ms');
    expect(any.why).toEqual({ code: 'no-reply', vars: { ms: 700 } });
    expect(failureText(any.why!, 'id')).toBe('tidak ada balasan dalam 700 ms');
  }, 60_000);

  it('a crash: exit, with the exit code and the last stderr, quoted as the server wrote it', async () => {
    const r = await runChecks(() => engine.spawn('crash.mjs'), { quietMs: 50, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    expect(c.actual).toBe('the server process exited with code 3 (last stderr: "crashing on purpose")');
    expect(c.why).toEqual({ code: 'exit', vars: { code: '3', stderr: '"crashing on purpose"' } });
    expect(failureText(c.why!, 'id')).toBe('proses server berhenti dengan kode 3; stderr terakhir: "crashing on purpose"');
  }, 60_000);

  it('an uncaught exception: crash, with the error, its message and the file:line Node printed', async () => {
    const r = await runChecks(() => engine.spawn('throws.mjs'), { quietMs: 50, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    const line = SERVERS['throws.mjs']!.split('\n').findIndex((l) => l.includes('throw new RangeError')) + 1;
    const file = pathToFileURL(join(dir, 'throws.mjs')).href;
    expect(c.actual).toMatch(new RegExp(`^the server process crashed: RangeError: no room for \\d+ characters at ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line} \\(exit code 1\\)$`));
    const chars = /no room for (\d+) characters/.exec(c.actual!)![1]!;
    expect(c.why).toEqual({ code: 'crash', vars: { error: 'RangeError', message: `no room for ${chars} characters`, file, line, code: '1' } });
    expect(failureText(c.why!, 'id')).toBe(`proses server berhenti mendadak: RangeError: no room for ${chars} characters di ${file}:${line}`);
  }, 60_000);

  it('a Python traceback: crash too, with the exception, its message and the file and line Python printed', async () => {
    const file = join(dir, 'throws.py');
    writeFileSync(file, 'import sys\n\ndef handle(line):\n    raise ValueError("no handler for " + str(len(line)) + " characters")\n\nfor line in sys.stdin:\n    handle(line)\n');
    const r = await runChecks(() => spawnCommand('python3', [file], { cwd: dir }), { quietMs: 50, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    const [, chars] = /^the server process crashed: ValueError: no handler for (\d+) characters at (.+):4 \(exit code 1\)$/.exec(c.actual!)!;
    expect(c.actual).toContain(` at ${file}:4 (`);
    expect(c.why).toEqual({ code: 'crash', vars: { error: 'ValueError', message: `no handler for ${chars} characters`, file, line: 4, code: '1' } });
  }, 60_000);

  it('a flood of notifications: notification-flood, with their count and method', async () => {
    const r = await runChecks(() => engine.spawn('flood.mjs'), { quietMs: 50, maxStdoutBytes: 64 * 1024, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    expect(c.actual).toMatch(/^a notification flood: the server wrote (\d+) flood notifications and no reply; it was stopped$/);
    const count = Number(/wrote (\d+)/.exec(c.actual!)![1]);
    expect(count).toBeGreaterThan(FLOOD_LINES);
    expect(c.why).toEqual({ code: 'notification-flood', vars: { count, method: 'flood' } });
    expect(failureText(c.why!, 'id')).toBe(`banjir notification: server menulis ${count.toLocaleString('id-ID')} notification flood tanpa satu pun balasan, jadi dihentikan`);
  }, 60_000);

  it('a flood of lines that are not JSON: junk-flood, with their count and the first', async () => {
    const r = await runChecks(() => engine.spawn('junk.mjs'), { quietMs: 50, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    expect(c.actual).toMatch(/^a flood of (\d+) lines that are not JSON, the first "working\.\.\.", and no reply; it was stopped$/);
    const count = Number(/flood of (\d+)/.exec(c.actual!)![1]);
    expect(c.why).toEqual({ code: 'junk-flood', vars: { count, first: '"working..."' } });
  }, 60_000);

  it('a flood of a few long lines: flood, with the stdout budget in bytes', async () => {
    const r = await runChecks(() => engine.spawn('big-lines.mjs'), { quietMs: 50, maxStdoutBytes: 64 * 1024, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    expect(c.actual).toBe('the server wrote more than 65536 bytes to stdout; it was stopped');
    expect(c.why).toEqual({ code: 'flood', vars: { limit: 65536, channel: 'stdout' } });
    expect(failureText(c.why!, 'id')).toBe('server menulis lebih dari 65.536 byte ke stdout, jadi dihentikan');
  }, 60_000);

  it('a reply under an id never sent: wrong-id, with both ids', async () => {
    const r = await runChecks(() => engine.spawn('wrong-id.mjs'), { quietMs: 50, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    const [, got, sent] = /^a reply came under id (\d+), which was never sent \(the request had id (\d+)\)$/.exec(c.actual!)!;
    expect(Number(got)).toBe(Number(sent) + 1000);
    expect(c.why).toEqual({ code: 'wrong-id', vars: { got, sent } });
    expect(failureText(c.why!, 'id')).toBe(`ada balasan dengan id ${got}, padahal id itu tidak pernah dikirim (request-nya ber-id ${sent})`);
  }, 60_000);

  it('a check that outlives checkTimeoutMs: check-timeout, with the limit', async () => {
    const r = await runChecks(() => engine.spawn('hang.mjs'), { replyTimeoutMs: 5000, checkTimeoutMs: 500, quietMs: 50, stages: ['framing'] });
    const c = check(r, 'framing.stdout-only');
    expect(c.actual).toBe('the check did not finish within 500 ms');
    expect(c.why).toEqual({ code: 'check-timeout', vars: { ms: 500 } });
  }, 60_000);

  it('after a bad line the server exits: stopped-answering, with the exit as its cause', async () => {
    const r = await runChecks(() => engine.spawn('dies-after-bad-line.mjs'), { replyTimeoutMs: 10_000, quietMs: 50, stages: ['jsonrpc'] });
    const c = check(r, 'jsonrpc.parse-error');
    expect(c.actual).toBe('after the bad line the server stopped answering: the server process exited with code 1');
    expect(c.why).toEqual(failure('stopped-answering', {}, failure('exit', { code: '1' })));
    expect(failureText(c.why!, 'id')).toBe('setelah baris yang rusak itu, server berhenti menjawab (proses server berhenti dengan kode 1)');
  }, 60_000);

  it('a server that cannot start: spawn-error with the spawner words, or spawn-failed with the failure it carries', async () => {
    const plain = await runChecks(() => Promise.reject(new Error('spawn nope ENOENT')), { stages: ['framing'] });
    expect(check(plain, 'framing.stdout-only').actual).toBe('the server could not be started: spawn nope ENOENT');
    expect(check(plain, 'framing.stdout-only').why).toEqual({ code: 'spawn-error', vars: { detail: 'spawn nope ENOENT' } });
    const http = failure('http', { what: 'server', status: 404 });
    const carried = await runChecks(() => Promise.reject(new FailureError('cannot load toy-servers/x.mjs: HTTP 404', http)), { stages: ['framing'] });
    const c = check(carried, 'framing.stdout-only');
    expect(c.actual).toBe('the server could not be started: cannot load toy-servers/x.mjs: HTTP 404');
    expect(c.why).toEqual(failure('spawn-failed', {}, http));
    expect(failureText(c.why!, 'id')).toBe('server tidak bisa dijalankan (tidak dapat memuat modul server (HTTP 404))');
  });

  it('a reply that breaks a rule carries no code: its English names the wire terms', async () => {
    const legacy = new NodeEngine({ root: new URL('../../../', import.meta.url).pathname });
    const r = await runChecks(() => legacy.spawn('toy-servers/legacy.mjs'), { quietMs: 50, stages: ['discover'] });
    const c = check(r, 'discover.result');
    expect(c.status).toBe('fail');
    expect(c.actual).toMatch(/server\/discover got error -32601 "Method not found"/);
    expect(c.why).toBeUndefined();
  }, 60_000);
});
