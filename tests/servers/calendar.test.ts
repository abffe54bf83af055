/**
 * calendar.mjs (and noisy.mjs, which is the same calendar): the three
 * primitives, the multi round-trip create_event, the requestState rules, and
 * the deliberate statelessness bug, on real processes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_ENV, calendarCases, flows, fillPlaceholders, modern } from './cases.ts';
import { expectError, expectOneStderrLine, expectResult, pairAndValidate } from './checks.ts';
import { freshDir, parseStdout, runLines } from './harness.ts';

type Msg = Record<string, any>;
const ELICIT = { elicitation: {} };
const CREATE = { name: 'create_event', arguments: { title: 'Dentist' } };
const ACCEPT = { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } };

/** Runs lines through calendar.mjs in one fresh process; returns replies by id. */
async function calendar(lines: string[], opts: { env?: Record<string, string>; cwd?: string } = {}) {
  const run = await runLines('calendar', lines, opts);
  expect(run.code).toBe(0);
  expectOneStderrLine(run.stderr);
  return pairAndValidate(lines, parseStdout(run), 'modern');
}

const eventsOf = (reply: Msg | undefined) => JSON.parse(expectResult(reply).contents[0].text) as Msg[];

describe('calendar.mjs: one calendar, three primitives', () => {
  const byIdP = calendar(calendarCases, { env: { ...TRANSCRIPT_ENV } });

  it('lists one tool, one resource, one prompt, with the cache hints the lesson names', async () => {
    const byId = await byIdP;
    const tools = expectResult(byId.get('l1'));
    expect(tools.tools.map((t: Msg) => t.name)).toEqual(['create_event']);
    expect(tools.tools[0].inputSchema.required).toEqual(['title']);
    expect(Object.keys(tools.tools[0].inputSchema.properties)).toEqual(['title', 'startsAt']);
    expect([tools.ttlMs, tools.cacheScope]).toEqual([300000, 'public']);
    expect(expectResult(byId.get('l2')).resources.map((r: Msg) => r.uri)).toEqual(['calendar://week']);
    expect(expectResult(byId.get('l3')).resourceTemplates).toEqual([]);
    const prompts = expectResult(byId.get('l4')).prompts;
    expect(prompts.map((p: Msg) => p.name)).toEqual(['prepare_week']);
    expect(prompts[0].arguments).toEqual([expect.objectContaining({ name: 'focus', required: false })]);
    // A cursor the server never issued is -32602 (https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination).
    expect(expectError(byId.get('l5'), -32602).message).toContain('ignored');
    expectError(byId.get('l6'), -32602);
    expect(tools).not.toHaveProperty('nextCursor');
  });

  it('reads calendar://week as JSON of the seeded events, private for 60 s', async () => {
    const read = expectResult((await byIdP).get('r1'));
    expect([read.ttlMs, read.cacheScope]).toEqual([60000, 'private']);
    expect(read.contents[0]).toMatchObject({ uri: 'calendar://week', mimeType: 'application/json' });
    expect(JSON.parse(read.contents[0].text)).toEqual([
      { id: 'e1', title: 'Standup', startsAt: '2026-09-07T09:00:00Z' },
      { id: 'e2', title: 'Design review', startsAt: '2026-09-09T15:00:00Z' },
    ]);
  });

  it('answers an unknown resource with -32602 and data.uri, never empty contents', async () => {
    const byId = await byIdP;
    expect(expectError(byId.get('r2'), -32602).data).toEqual({ uri: 'calendar://month' });
    expectError(byId.get('r3'), -32602);
  });

  it('gets prepare_week: one user message naming calendar://week and the focus (default balance)', async () => {
    const byId = await byIdP;
    const withFocus = expectResult(byId.get('g1'));
    expect(withFocus.messages).toHaveLength(1);
    expect(withFocus.messages[0].role).toBe('user');
    expect(withFocus.messages[0].content.text).toContain('calendar://week');
    expect(withFocus.messages[0].content.text).toContain('deep work');
    expect(withFocus).not.toHaveProperty('ttlMs');
    expect(expectResult(byId.get('g2')).messages[0].content.text).toContain('balance');
    expect(expectError(byId.get('g3'), -32602).message).toContain('plan_year');
    expectError(byId.get('g4'), -32602);
  });

  it('creates e3 with text, structuredContent (also as JSON text) and isError:false; bad arguments are tool errors', async () => {
    const byId = await byIdP;
    const created = expectResult(byId.get('t1'));
    expect(created.isError).toBe(false);
    expect(created.structuredContent).toEqual({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
    expect(created.content[0].text).toContain('e3');
    expect(created.content[0].text).toContain('Dentist');
    expect(created.content[0].text).toContain('2026-09-10T08:30:00Z');
    // https://modelcontextprotocol.io/specification/2026-07-28/server/tools#structured-content
    expect(created.content[1]).toEqual({ type: 'text', text: JSON.stringify(created.structuredContent) });
    for (const id of ['t2', 't3', 't4']) {
      const failed = expectResult(byId.get(id));
      expect(failed.isError, id).toBe(true);
      expect(failed).not.toHaveProperty('structuredContent');
    }
    // arguments that are not an object fail the CallToolRequest schema: a protocol error, not a tool error.
    for (const id of ['t5', 't5n', 't5a']) expect(expectError(byId.get(id), -32602).message, id).toContain('"arguments" must be an object');
    expect(expectError(byId.get('c0'), -32602).message).toContain('countdown'); // countdown.mjs's tool, not the calendar's
    expect(expectError(byId.get('t6'), -32602).message).toContain('delete_event');
    expectError(byId.get('t7'), -32602);
    const later = expectResult(byId.get('t8'));
    expect(later.structuredContent).toEqual({ id: 'e4', title: 'Lunch', startsAt: '2026-09-08T12:00:00Z' }); // +02:00 -> UTC
    expect(eventsOf(byId.get('r4')).map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('without startsAt: -32021 unless the request declares form elicitation, else input_required', async () => {
    const byId = await byIdP;
    for (const id of ['e1', 'e2']) {
      expect(expectError(byId.get(id), -32021).data.requiredCapabilities).toEqual({ elicitation: { form: {} } });
    }
    for (const id of ['e3', 'e4']) {
      const asked = expectResult(byId.get(id));
      expect(asked.resultType).toBe('input_required');
      expect(Object.keys(asked.inputRequests)).toEqual(['when']);
      const { method, params } = asked.inputRequests.when;
      expect(method).toBe('elicitation/create');
      expect(params.mode).toBe('form');
      expect(params.message).toContain('Dentist');
      expect(params.requestedSchema.required).toEqual(['startsAt']);
      expect(params.requestedSchema.properties.startsAt).toMatchObject({ type: 'string', format: 'date-time' });
      expect(typeof asked.requestState).toBe('string');
    }
    expect(expectError(byId.get('s1'), -32602).data.reason).toBeTruthy();
    expect(expectError(byId.get('s2'), -32602).data.reason).toBeTruthy();
  });
});

/** Asks in one process, returns the requestState. */
async function ask(opts: { env?: Record<string, string>; cwd?: string }) {
  const byId = await calendar([modern('ask', 'tools/call', CREATE, ELICIT)], opts);
  return expectResult(byId.get('ask')).requestState as string;
}
const retry = (id: string, state: string, extra: Record<string, unknown> = {}) =>
  modern(id, 'tools/call', { ...CREATE, inputResponses: ACCEPT, requestState: state, ...extra }, ELICIT);
const readWeek = modern('week', 'resources/read', { uri: 'calendar://week' });

describe('calendar.mjs: multi round-trip across processes', () => {
  it('the chapter: A asks, a fresh B completes the call, a fresh C has lost the event', async () => {
    const cwd = freshDir(); // no TOY_SEED: the key lives in .toy-state/secret.key, shared through the file
    const state = await ask({ cwd });
    expect(readFileSync(join(cwd, '.toy-state', 'secret.key'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    const b = await calendar([retry('b', state)], { cwd });
    const done = expectResult(b.get('b'));
    expect(done.resultType).toBe('complete');
    expect(done.isError).toBe(false);
    expect(done.structuredContent).toEqual({ id: 'e3', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' });
    const c = await calendar([readWeek], { cwd });
    expect(eventsOf(c.get('week')).map((e) => e.title)).toEqual(['Standup', 'Design review']);
  });

  it('the same flow in one process (cases.flows) keeps the event in memory', async () => {
    const replies = new Map<string | number, Msg>();
    const cwd = freshDir();
    // each step in the same process needs the earlier reply, so step through a session-like sequence of runs
    const steps = flows.calendar;
    const first = await calendar([steps[0]], { cwd, env: { ...TRANSCRIPT_ENV } });
    replies.set('m1', first.get('m1')!);
    const rest = steps.slice(1).map((s) => fillPlaceholders(s, replies));
    const byId = await calendar(rest, { cwd, env: { ...TRANSCRIPT_ENV } });
    expect(expectResult(byId.get('m2')).structuredContent.id).toBe('e3');
    const declined = expectResult(byId.get('m3'));
    expect(declined.resultType).toBe('complete');
    expect(declined.content[0].text).toMatch(/nothing was created/i);
    expect(expectResult(byId.get('m4')).resultType).toBe('input_required'); // answer missing -> ask again
    expect(expectError(byId.get('m5'), -32602).data.reason).toBe('arguments_mismatch');
    expect(eventsOf(byId.get('m6')).map((e) => e.id)).toEqual(['e1', 'e2', 'e3']); // decline created nothing
  });

  it('rejects a tampered, expired, foreign or misapplied requestState with -32602 and a reason, creating nothing', async () => {
    const env = { TOY_SEED: 'tamper-test', TOY_CLOCK: '2026-09-07T08:00:00Z' };
    const state = await ask({ env });
    const [payload, mac] = state.split('.');
    const flipped = `${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: 9e15 })).toString('base64url');
    const lines = [
      retry('flip', flipped),
      retry('forge', `${forgedPayload}.${mac}`),
      retry('other-tool', state, { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
      modern('wrong-method', 'prompts/get', { name: 'prepare_week', inputResponses: ACCEPT, requestState: state }),
      retry('no-dot', payload),
      readWeek,
    ];
    const byId = await calendar(lines, { env });
    expect(expectError(byId.get('flip'), -32602).data.reason).toBe('bad_signature');
    expect(expectError(byId.get('forge'), -32602).data.reason).toBe('bad_signature');
    expect(expectError(byId.get('other-tool'), -32602).data.reason).toBe('arguments_mismatch');
    expect(expectResult(byId.get('wrong-method')).resultType).toBe('complete'); // prompts/get does not use requestState
    expect(expectError(byId.get('no-dot'), -32602).data.reason).toBe('malformed');
    expect(eventsOf(byId.get('week'))).toHaveLength(2);

    const later = await calendar([retry('late', state), readWeek], { env: { ...env, TOY_CLOCK: '2026-09-07T08:11:00Z' } });
    expect(expectError(later.get('late'), -32602).data.reason).toBe('expired');
    expect(eventsOf(later.get('week'))).toHaveLength(2);

    const otherKey = await calendar([retry('foreign', state)], { env: { ...env, TOY_SEED: 'another-seed' } });
    expect(expectError(otherKey.get('foreign'), -32602).data.reason).toBe('bad_signature');
  });

  it('without TOY_SEED, randomness is real: two fresh state dirs give different keys and states', async () => {
    const [a, b] = await Promise.all([ask({ cwd: freshDir() }), ask({ cwd: freshDir() })]);
    expect(a).not.toBe(b);
    const cross = await calendar([retry('x', a)], { cwd: freshDir() });
    expect(expectError(cross.get('x'), -32602).data.reason).toBe('bad_signature');
  });

  it('an accepted answer that is not a date-time gets a new input_required, not an event', async () => {
    const env = { TOY_SEED: 'bad-answer' };
    const state = await ask({ env });
    const byId = await calendar([
      modern('bad', 'tools/call', { ...CREATE, inputResponses: { when: { action: 'accept', content: { startsAt: 'soon' } } }, requestState: state }, ELICIT),
      modern('cancel', 'tools/call', { ...CREATE, inputResponses: { when: { action: 'cancel' } }, requestState: state }, ELICIT),
      readWeek,
    ], { env });
    expect(expectResult(byId.get('bad')).resultType).toBe('input_required');
    const cancelled = expectResult(byId.get('cancel'));
    expect(cancelled.content[0].text).toMatch(/nothing was created/i);
    expect(eventsOf(byId.get('week'))).toHaveLength(2);
  });
});
