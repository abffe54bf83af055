/**
 * calendar-handles.mjs: handles as ordinary arguments, a file store shared by
 * fresh processes, tool errors for unknown or expired handles, and atomic
 * writes that survive a process killed mid-write.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_ENV, flows, fillPlaceholders, handlesCases, modern } from './cases.ts';
import { expectError, expectOneStderrLine, expectResult, pairAndValidate } from './checks.ts';
import { freshDir, parseStdout, runLines, serverFile } from './harness.ts';

type Msg = Record<string, any>;

async function handles(lines: string[], opts: { env?: Record<string, string>; cwd?: string } = {}) {
  const run = await runLines('calendar-handles', lines, opts);
  expect(run.code).toBe(0);
  expectOneStderrLine(run.stderr);
  return pairAndValidate(lines, parseStdout(run), 'modern');
}

async function open(cwd: string, env: Record<string, string> = {}) {
  const byId = await handles([modern('open', 'tools/call', { name: 'open_calendar', arguments: {} })], { cwd, env });
  const result = expectResult(byId.get('open'));
  expect(result.isError).toBe(false);
  return result.structuredContent.calendar as string;
}

const call = (id: string, name: string, args: Record<string, unknown>, caps: Record<string, unknown> = {}) =>
  modern(id, 'tools/call', { name, arguments: args }, caps);

describe('calendar-handles.mjs', () => {
  it('catalog: open_calendar states the lifetime; create_event and list_events take the handle; a URI template', async () => {
    const byId = await handles(handlesCases, { env: { ...TRANSCRIPT_ENV } });
    const tools = expectResult(byId.get('l1')).tools as Msg[];
    expect(tools.map((t) => t.name)).toEqual(['open_calendar', 'create_event', 'list_events']);
    expect(tools[0].description).toMatch(/24 hours/);
    expect(tools[1].inputSchema.required).toContain('calendar');
    expect(tools[2].inputSchema.required).toEqual(['calendar']);
    expect(expectResult(byId.get('l3')).resourceTemplates.map((t: Msg) => t.uriTemplate)).toEqual(['calendar://{calendar}/week']);
    expectError(byId.get('l4'), -32601); // prompts capability not declared
    for (const id of ['h1', 'h2', 'h3', 'h4']) expect(expectResult(byId.get(id)).isError, id).toBe(true);
    expect(expectResult(byId.get('h1')).content[0].text).toMatch(/unknown calendar handle/i);
    expect(expectError(byId.get('h5'), -32602).data.uri).toBe('calendar://cal_AAAAAAAAAAAAAAAAAAAAAA/week');
    expectError(byId.get('h6'), -32602);
    expect(expectResult(byId.get('h7')).isError).toBe(false); // arguments may be left out when none are required
  });

  it('a handle is opaque, high-entropy (128 bits) and new each time', async () => {
    const cwd = freshDir();
    const [a, b] = [await open(cwd), await open(cwd)];
    for (const h of [a, b]) {
      expect(h).toMatch(/^cal_[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(h.slice(4), 'base64url')).toHaveLength(16);
    }
    expect(a).not.toBe(b);
  });

  it('fresh processes share the calendar through the store: open in A, write in B, read in C and D', async () => {
    const cwd = freshDir();
    const handle = await open(cwd);
    const b = await handles([call('w', 'create_event', { calendar: handle, title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' })], { cwd });
    expect(expectResult(b.get('w')).structuredContent).toMatchObject({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
    const c = await handles([call('l', 'list_events', { calendar: handle })], { cwd });
    expect(expectResult(c.get('l')).structuredContent.events.map((e: Msg) => e.title)).toEqual(['Standup', 'Design review', 'Dentist']);
    const d = await handles([modern('r', 'resources/read', { uri: `calendar://${handle}/week` })], { cwd });
    const read = expectResult(d.get('r'));
    expect([read.ttlMs, read.cacheScope]).toEqual([60000, 'private']);
    expect(JSON.parse(read.contents[0].text)).toHaveLength(3);
    const file = JSON.parse(readFileSync(join(cwd, '.toy-state', 'handles', `${handle}.json`), 'utf8'));
    expect(file.events).toHaveLength(3);
  });

  it('runs the flow of cases.flows across processes, one step per process, with the elicitation round trip', async () => {
    const cwd = freshDir();
    const replies = new Map<string | number, Msg>();
    for (const step of flows['calendar-handles']) {
      const line = fillPlaceholders(step, replies);
      const byId = await handles([line], { cwd, env: { ...TRANSCRIPT_ENV } });
      for (const [id, reply] of byId) replies.set(id, reply);
    }
    expect(expectResult(replies.get('o3')).resultType).toBe('input_required');
    expect(expectResult(replies.get('o4')).structuredContent).toMatchObject({ id: 'e4', title: 'Haircut', startsAt: '2026-09-11T17:00:00Z' });
    expect(expectResult(replies.get('o5')).structuredContent.events.map((e: Msg) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('an expired handle is a tool error that says so', async () => {
    const cwd = freshDir();
    const handle = await open(cwd, { TOY_CLOCK: '2026-09-07T08:00:00Z' });
    const still = await handles([call('ok', 'list_events', { calendar: handle })], { cwd, env: { TOY_CLOCK: '2026-09-08T07:59:59Z' } });
    expect(expectResult(still.get('ok')).isError).toBe(false);
    const later = await handles([
      call('late', 'list_events', { calendar: handle }),
      call('late2', 'create_event', { calendar: handle, title: 'x', startsAt: '2026-09-10T08:30:00Z' }),
      modern('late3', 'resources/read', { uri: `calendar://${handle}/week` }),
    ], { cwd, env: { TOY_CLOCK: '2026-09-08T08:00:00Z' } });
    for (const id of ['late', 'late2']) {
      const r = expectResult(later.get(id));
      expect(r.isError).toBe(true);
      expect(r.content[0].text).toMatch(/expired/);
    }
    expectError(later.get('late3'), -32602);
  });

  it('with TOY_SEED, handles are reproducible yet distinct across processes sharing a store', async () => {
    const env = { TOY_SEED: 'handles-seed' };
    const [cwdA, cwdB] = [freshDir(), freshDir()];
    const a1 = await open(cwdA, env);
    const b1 = await open(cwdB, env);
    expect(a1).toBe(b1); // same seed, same empty store -> same handle
    const a2 = await open(cwdA, env);
    expect(a2).not.toBe(a1); // the first is taken in this store
  });

  it('the store survives processes killed mid-write: every file parses, the old content stays until the rename', async () => {
    const cwd = freshDir();
    const handle = await open(cwd);
    const file = join(cwd, '.toy-state', 'handles', `${handle}.json`);
    const dir = join(cwd, '.toy-state', 'handles');
    const before = readFileSync(file, 'utf8');
    let killedMidWrite = 0;
    for (let round = 0; round < 6; round++) {
      const child = spawn(process.execPath, [serverFile('calendar-handles')], {
        cwd,
        env: { PATH: process.env.PATH ?? '', TOY_SLOW_STORE_MS: '2' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b));
      child.stdin.on('error', () => {}); // killed on purpose below
      const exited = new Promise((resolve) => child.on('close', resolve));
      child.stdin.write(`${call('big', 'create_event', { calendar: handle, title: 'x'.repeat(20_000 + round), startsAt: '2026-09-10T08:30:00Z' })}\n`);
      // Wait until the write has begun (a temp file appears, or, were the write not atomic, the store file
      // changes), then kill without warning. Bounded, so a broken server fails the assertion below, not a timeout.
      const startedAt = Date.now();
      while (!readdirSync(dir).some((n) => n.endsWith('.tmp')) && readFileSync(file, 'utf8') === before && Date.now() - startedAt < 30_000) {
        await new Promise((r) => setTimeout(r, 2));
      }
      child.kill('SIGKILL');
      await exited;
      killedMidWrite++;
      expect(stdout, 'killed before answering: nothing on stdout').toBe('');
      expect(readFileSync(file, 'utf8'), 'the store file is untouched by a killed write').toBe(before);
    }
    expect(killedMidWrite).toBe(6);
    const tmps = readdirSync(dir).filter((n) => n.endsWith('.tmp'));
    expect(tmps.length).toBeGreaterThan(0);
    for (const tmp of tmps) expect(() => JSON.parse(readFileSync(join(dir, tmp), 'utf8')), 'temp files are the torn ones').toThrow();
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) JSON.parse(readFileSync(join(dir, name), 'utf8'));
    // And a fresh process still reads and writes the calendar.
    const after = await handles([
      call('w', 'create_event', { calendar: handle, title: 'After the crash', startsAt: '2026-09-10T08:30:00Z' }),
      call('l', 'list_events', { calendar: handle }),
    ], { cwd });
    expect(expectResult(after.get('w')).structuredContent.id).toBe('e3');
    expect(expectResult(after.get('l')).structuredContent.events).toHaveLength(3);
    expect(existsSync(file)).toBe(true);
  }, 180_000);

  it('kills at random moments, without the slow-write hook, never leave a torn store file', async () => {
    const cwd = freshDir();
    const handle = await open(cwd);
    const file = join(cwd, '.toy-state', 'handles', `${handle}.json`);
    const title = 'y'.repeat(200_000);
    for (let round = 0; round < 8; round++) {
      const child = spawn(process.execPath, [serverFile('calendar-handles')], { cwd, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b));
      child.stdin.on('error', () => {}); // the kill below is deliberate: the rest of our write meets a closed pipe
      const exited = new Promise((resolve) => child.on('close', resolve));
      const lines = Array.from({ length: 5 }, (_, i) => call(`c${i}`, 'create_event', { calendar: handle, title, startsAt: '2026-09-10T08:30:00Z' }));
      child.stdin.write(`${lines.join('\n')}\n`);
      await new Promise((r) => child.stdout.once('data', r)); // at least one write finished; more are under way
      child.kill('SIGKILL');
      await exited;
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
      for (const reply of parseStdout({ stdout: complete, lines: complete.split('\n').slice(0, -1), stderr: '', code: 0, signal: null })) {
        expect(reply.result.isError).toBe(false);
      }
      const stored = JSON.parse(readFileSync(file, 'utf8'));
      expect(stored.events.length).toBeGreaterThanOrEqual(3);
    }
  }, 180_000);
});
