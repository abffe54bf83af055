// A server that hangs, floods or crashes mid-check gets a clear failure for that check, and the checker
// finishes: every wait has a timeout, a flood is cut off, an exit ends the waits. The misbehaving servers
// are written into a temporary folder before the tests (MISBEHAVIOURS in tests/fixtures/mutants/mutations.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { runChecks, type CheckReport } from '../../../src/checker/index.ts';
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
  return r.stages.flatMap((s) => s.checks).find((c) => c.id === id)!;
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
