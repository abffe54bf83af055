// A server that hangs, floods or crashes mid-check gets a clear failure for that check, and the checker
// finishes: every wait has a timeout, a flood is cut off, an exit ends the waits. A hostile server that
// breaks the stdio framing is named for what it does, by the full default run, within seconds: the era
// probe does not mistake it for a legacy server, stage 1 fails with the diagnosis, every later stage does
// not run, and no process of it is left behind. The servers are written into a temporary folder before the
// tests (MISBEHAVIOURS in tests/fixtures/mutants/mutations.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { runChecks, type CheckReport } from '../../../src/checker/index.ts';
import { FLOOD_LINES } from '../../../src/checker/session.ts';
import { writeMutants } from '../../fixtures/mutants/generate.mjs';

let dir: string;
let engine: NodeEngine;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'misbehaving-'));
  writeMutants(dir);
  engine = new NodeEngine({ root: dir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(r: CheckReport, id: string) {
  const found = r.stages.flatMap((s) => s.checks).find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

/** True while a process with this id exists (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The full default run against `<name>.mjs`, with the pid of every process it started. */
async function fullRun(name: string): Promise<{ r: CheckReport; pids: number[] }> {
  const pids: number[] = [];
  const r = await runChecks(async () => {
    const p = await engine.spawn(`${name}.mjs`);
    pids.push(p.pid);
    return p;
  });
  return { r, pids };
}

/**
 * Stage 1 failed with `id` saying `actual`; every later stage did not run because of it; and every process
 * of the run is gone (the engine's kill is a SIGKILL, which a server cannot ignore; the waitFor only lets the
 * parent reap the killed child).
 */
async function framingFailed(run: { r: CheckReport; pids: number[] }, id: string, actual: RegExp): Promise<string> {
  const { r, pids } = run;
  const c = check(r, id);
  expect(c.stage).toBe('framing');
  expect(c.status).toBe('fail');
  expect(c.actual).toMatch(actual);
  expect(r.stages[0]!.status).toBe('fail');
  expect(r.verdict).toBe('fail');
  for (const stage of r.stages.slice(1)) {
    expect(stage.status, stage.id).toBe('not-run');
    for (const later of stage.checks) expect(later, later.id).toMatchObject({ status: 'not-run', notRun: 'stage-failed', reason: 'not run: stage 1 failed' });
  }
  for (const other of r.stages.flatMap((s) => s.checks)) expect(other.actual ?? '').not.toMatch(/answered with a result/);
  expect(pids.length).toBeGreaterThan(0);
  await vi.waitFor(() => expect(pids.filter(alive)).toEqual([]), { timeout: 3000, interval: 50 });
  return c.actual!;
}

/** The era probe saw the framing evidence: the era is unknown (not legacy, no initialize tried), and its detail says why. */
function eraUnknownBecause(r: CheckReport, phrase: string): void {
  expect(r.era.era).toBe('unknown');
  expect(r.era.detail).toContain(phrase);
  expect(r.era.wire.filter((w) => w.dir === 'sent').map((w) => JSON.parse(w.text).method)).toEqual(['server/discover']);
}

describe('misbehaving servers', () => {
  it('hang: tools/list is never answered -> "no reply within" for tools.list; the run ends', async () => {
    const r = await runChecks(() => engine.spawn('misbehave-hang.mjs'), { replyTimeoutMs: 800, quietMs: 100, stages: ['tools'] });
    expect(check(r, 'tools.list')).toMatchObject({ status: 'fail' });
    expect(check(r, 'tools.list').actual).toMatch(/no reply to tools\/list \(id \d+\) within 800 ms/);
  }, 60_000);

  it('flood: tools/list answered with megabytes -> the process is stopped and the check says so', async () => {
    const r = await runChecks(() => engine.spawn('misbehave-flood.mjs'), { quietMs: 100, maxStdoutBytes: 256 * 1024, stages: ['tools'] });
    expect(check(r, 'tools.list').status).toBe('fail');
    expect(check(r, 'tools.list').actual).toMatch(/more than 262144 bytes to stdout/);
  }, 60_000);

  it('crash: the process exits on tools/list -> the check names the exit code and stderr', async () => {
    const r = await runChecks(() => engine.spawn('misbehave-crash.mjs'), { quietMs: 100, stages: ['tools'] });
    expect(check(r, 'tools.list').status).toBe('fail');
    expect(check(r, 'tools.list').actual).toMatch(/exited with code 3.*crashing on purpose/);
  }, 60_000);

  it('a check that outlives checkTimeoutMs fails with the limit, and its processes are killed', async () => {
    const r = await runChecks(() => engine.spawn('misbehave-hang.mjs'), { replyTimeoutMs: 5000, checkTimeoutMs: 600, quietMs: 100, stages: ['tools'] });
    expect(check(r, 'tools.list').actual).toBe('the check did not finish within 600 ms');
  }, 60_000);

  it('a server that cannot start fails every check that needed it, with the reason', async () => {
    const r = await runChecks(() => Promise.reject(new Error('spawn nope ENOENT')), { stages: ['framing'] });
    expect(check(r, 'framing.stdout-only').actual).toBe('the server could not be started: spawn nope ENOENT');
  });
});

describe('hostile servers, the full default run', () => {
  it('never answers and ignores SIGTERM: no reply, once; the other framing checks do not wait again; no process is left', async () => {
    const run = await fullRun('misbehave-silent');
    await framingFailed(run, 'framing.stdout-only', /^no reply to server\/discover \(id \d+\) within 5000 ms$/);
    expect(run.r.era.era).toBe('unknown');
    for (const id of ['framing.one-reply', 'framing.no-server-requests', 'framing.exit-on-eof']) {
      expect(check(run.r, id)).toMatchObject({ status: 'not-run', notRun: 'prerequisite' });
      expect(check(run.r, id).reason).toContain('framing.stdout-only');
    }
  }, 15_000);

  it('floods notifications: a notification flood, with the count and the method, never "answered with a result"', async () => {
    const run = await fullRun('misbehave-notification-flood');
    const actual = await framingFailed(run, 'framing.stdout-only', /^a notification flood: the server wrote (\d+) notifications\/message notifications and no reply; it was stopped$/);
    expect(Number(/wrote (\d+)/.exec(actual)![1])).toBeGreaterThan(FLOOD_LINES);
    expect(check(run.r, 'framing.stdout-only').why?.code).toBe('notification-flood');
    eraUnknownBecause(run.r, 'a notification flood: the server wrote');
  }, 15_000);

  it('floods lines that are not JSON: a flood of junk lines, with the count and the first', async () => {
    const run = await fullRun('misbehave-junk-flood');
    const actual = await framingFailed(run, 'framing.stdout-only', /^a flood of (\d+) lines that are not JSON, the first "debug: still working on server\/discover", and no reply; it was stopped$/);
    expect(Number(/flood of (\d+)/.exec(actual)![1])).toBeGreaterThan(FLOOD_LINES);
    expect(check(run.r, 'framing.stdout-only').why?.code).toBe('junk-flood');
    eraUnknownBecause(run.r, 'lines that are not JSON');
  }, 15_000);

  it('a banner without a newline: the line that starts with it before the JSON message', async () => {
    const run = await fullRun('misbehave-banner');
    const actual = await framingFailed(run, 'framing.stdout-only', /^a line started with "reference: ready" before the JSON message \(a banner or log written to stdout without a newline\)$/);
    expect(check(run.r, 'framing.stdout-only').why).toEqual({ code: 'line-prefix', vars: { prefix: '"reference: ready"' } });
    eraUnknownBecause(run.r, actual);
  }, 15_000);

  it('replies without their newline: the characters left without one, and their start', async () => {
    const run = await fullRun('misbehave-no-newline');
    await framingFailed(run, 'framing.stdout-only', /^the server wrote (\d+) characters without a newline: "\{\\"jsonrpc\\":\\"2\.0\\",\\"id\\":\d+,.*; each message must end with \\n$/);
    // No line ever ended: the replies are still waiting for their newline.
    expect(check(run.r, 'framing.stdout-only').received).toEqual([]);
    expect(check(run.r, 'framing.stdout-only').why?.code).toBe('partial-line');
    eraUnknownBecause(run.r, 'characters without a newline');
  }, 15_000);

  it('pretty-printed replies: the reply spread over as many lines as the server wrote', async () => {
    const run = await fullRun('misbehave-pretty');
    const actual = await framingFailed(run, 'framing.stdout-only', /^the reply was spread over (\d+) lines \(pretty-printed JSON\); a message must be one line: JSON\.stringify\(reply\) with no indent$/);
    const received = check(run.r, 'framing.stdout-only').received;
    const lines = received.indexOf('}') - received.indexOf('{') + 1;
    expect(lines).toBeGreaterThan(1);
    expect(Number(/over (\d+) lines/.exec(actual)![1])).toBe(lines);
    expect(check(run.r, 'framing.stdout-only').why).toEqual({ code: 'multi-line-reply', vars: { lines } });
    eraUnknownBecause(run.r, 'the reply was spread over');
  }, 15_000);

  it('replies under id + 1000: the id that came and the id that was sent', async () => {
    const run = await fullRun('misbehave-wrong-id');
    const actual = await framingFailed(run, 'framing.stdout-only', /^a reply came under id (\d+), which was never sent \(the request had id (\d+)\)$/);
    const [, got, sent] = /id (\d+), which was never sent \(the request had id (\d+)\)/.exec(actual)!;
    expect(Number(got)).toBe(Number(sent) + 1000);
    expect(check(run.r, 'framing.one-reply').actual).toMatch(/^a reply came under id \d+, which was never sent/);
    eraUnknownBecause(run.r, 'a reply came under id');
  }, 15_000);

  it('dies of a signal after two replies: the first check that asks a third time names the signal and the last stderr', async () => {
    const run = await fullRun('misbehave-crash-mid-run');
    expect(run.r.era.era).toBe('modern');
    expect(check(run.r, 'framing.stdout-only').status).toBe('pass');
    await framingFailed(run, 'framing.no-server-requests', /^the server process was killed by SIGKILL \(last stderr: ".*reference: out of memory"\)$/);
  }, 15_000);

  it('throws on tools/call: the crash names the error, its message and the file:line', async () => {
    const run = await fullRun('misbehave-throws');
    const file = join(dir, 'misbehave-throws.mjs');
    const line = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes('throw new TypeError')) + 1;
    const url = pathToFileURL(file).href;
    const actual = await framingFailed(run, 'framing.no-server-requests', /^the server process crashed: TypeError: no calendar for \S+ at \S+ \(exit code 1\)$/);
    expect(actual).toContain(` at ${url}:${line} (`);
    const tool = /no calendar for (\S+) at/.exec(actual)![1]!;
    expect(check(run.r, 'framing.no-server-requests').why).toEqual({ code: 'crash', vars: { error: 'TypeError', message: `no calendar for ${tool}`, file: url, line, code: '1' } });
  }, 15_000);

  it('writes an elicitation/create request to stdout: named at once, with the method and the id', async () => {
    const run = await fullRun('misbehave-server-request');
    await framingFailed(run, 'framing.no-server-requests', /^the server wrote a JSON-RPC request to stdout \(elicitation\/create, id "ask-1"\); servers must not send requests: ask with input_required instead/);
    expect(check(run.r, 'framing.no-server-requests').why).toEqual({ code: 'server-request', vars: { method: 'elicitation/create', id: '"ask-1"' } });
  }, 15_000);
});
