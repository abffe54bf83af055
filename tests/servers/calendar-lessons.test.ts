/**
 * The servers built on calendar.mjs for later lessons, each teaching one
 * thing: listening-calendar.mjs (subscriptions/listen), countdown.mjs
 * (progress and cancellation), paged-calendar.mjs (pagination); and the
 * calendar's own replay of one accepted requestState. Real processes; every
 * server message is checked against the spec's JSON Schema.
 */
import { describe, expect, it } from 'vitest';
import { modern } from './cases.ts';
import { expectError, expectResult } from './checks.ts';
import { freshDir, openConversation, parseAll, runLines } from './harness.ts';
import { assertErrorResponse, assertModernResult, assertSpecDef } from './validate.ts';

type Msg = Record<string, any>;
const SUB = 'io.modelcontextprotocol/subscriptionId';
const WEEK = 'calendar://week';
const create = (id: string | number, title: string) =>
  modern(id, 'tools/call', { name: 'create_event', arguments: { title, startsAt: '2026-09-10T08:30:00Z' } });
const listen = (id: string | number, notifications: unknown) => modern(id, 'subscriptions/listen', { notifications });
const cancel = (requestId: string | number) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'test' } });

/** Checks a server notification against its spec type. */
function assertNotification(m: Msg) {
  const def = ({
    'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
    'notifications/resources/updated': 'ResourceUpdatedNotification',
    'notifications/progress': 'ProgressNotification',
    'notifications/cancelled': 'CancelledNotification',
  } as Record<string, string>)[m.method];
  expect(def, `a notification the calendar may send: ${m.method}`).toBeDefined();
  assertSpecDef('2026-07-28', def, m);
}

describe('listening-calendar.mjs: subscriptions/listen', () => {
  it('acknowledges first with the honoured subset, correlates updates by subscriptionId, and tears down each stream when stdin ends: a complete result, then notifications/cancelled', async () => {
    const run = await runLines('listening-calendar', [
      listen(7, { resourceSubscriptions: [WEEK, 'calendar://month'], toolsListChanged: true, resourcesListChanged: true }),
      listen('other', { promptsListChanged: true }), // nothing it can honour: acknowledged with an empty filter
      create('c1', 'Dentist'),
      modern('r', 'resources/read', { uri: WEEK }),
    ]);
    expect(run.code).toBe(0);
    const all = parseAll(run);
    for (const m of all) if ('method' in m) assertNotification(m);
    expect(all.map((m) => m.method ?? `reply ${m.id}`)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/subscriptions/acknowledged',
      'notifications/resources/updated',
      'reply c1',
      'reply r',
      'reply 7',
      'notifications/cancelled',
      'reply other',
      'notifications/cancelled',
    ]);
    expect(all[0].params).toEqual({ _meta: { [SUB]: 7 }, notifications: { resourceSubscriptions: [WEEK] } });
    expect(all[1].params).toEqual({ _meta: { [SUB]: 'other' }, notifications: {} });
    expect(all[2].params).toEqual({ _meta: { [SUB]: 7 }, uri: WEEK }); // only the subscription that asked for the week
    // Graceful closure (subscriptions page, SHOULD): the listen request's result; then, on stdio, the teardown
    // (cancellation page, MUST): notifications/cancelled naming that listen request.
    for (const [close, cancelled] of [[all[5], all[6]], [all[7], all[8]]]) {
      assertSpecDef('2026-07-28', 'SubscriptionsListenResultResponse', close);
      expect(close.result).toMatchObject({ resultType: 'complete', _meta: { [SUB]: close.id } });
      expect(cancelled.params).toMatchObject({ requestId: close.id, _meta: { [SUB]: close.id } });
    }
  });

  it('a cancelled subscription gets nothing more, not even a reply; another one still does', async () => {
    const c = openConversation('listening-calendar', { cwd: freshDir() });
    c.send(listen('a', { resourceSubscriptions: [WEEK] }));
    c.send(listen('b', { resourceSubscriptions: [WEEK] }));
    await c.waitFor((m) => m.params?._meta?.[SUB] === 'b');
    c.send(cancel('a'));
    c.send(create('c1', 'Gym'));
    await c.waitFor((m) => m.id === 'c1');
    const run = await c.close();
    expect(run.code).toBe(0);
    const all = parseAll(run);
    const forA = all.filter((m) => m.id === 'a' || m.params?._meta?.[SUB] === 'a');
    expect(forA.map((m) => m.method)).toEqual(['notifications/subscriptions/acknowledged']);
    expect(all.filter((m) => m.params?._meta?.[SUB] === 'b' || m.id === 'b').map((m) => m.method ?? 'close'))
      .toEqual(['notifications/subscriptions/acknowledged', 'notifications/resources/updated', 'close', 'notifications/cancelled']);
  });

  it('a request cancelled before its turn came is never served: no acknowledgement, no updates, no close', async () => {
    // All lines arrive in one chunk, so the cancellation is read before the listen request is handled.
    const run = await runLines('listening-calendar', [listen('early', { resourceSubscriptions: [WEEK] }), cancel('early'), create('c1', 'Gym')]);
    expect(run.code).toBe(0);
    const all = parseAll(run);
    expect(all.filter((m) => m.id === 'early' || m.params?._meta?.[SUB] === 'early')).toEqual([]);
    expect(all.map((m) => m.id)).toEqual(['c1']);
  });

  it('says in server/discover that it can be subscribed to (resources.subscribe); the calendar does not, and has no subscriptions/listen', async () => {
    const [mine] = parseAll(await runLines('listening-calendar', [modern('d', 'server/discover')]));
    expect(expectResult(mine).capabilities.resources).toEqual({ subscribe: true });
    const plain = parseAll(await runLines('calendar', [modern('d', 'server/discover'), listen('l', { resourceSubscriptions: [WEEK] })]));
    expect(expectResult(plain[0]).capabilities.resources).toEqual({});
    expectError(plain[1], -32601);
  });

  it("a fresh process hears nothing of another process's event (the calendar's deliberate bug)", async () => {
    const cwd = freshDir();
    const c = openConversation('listening-calendar', { cwd });
    c.send(listen(1, { resourceSubscriptions: [WEEK] }));
    await c.waitFor((m) => m.method === 'notifications/subscriptions/acknowledged');
    const other = await runLines('listening-calendar', [create('x', 'Elsewhere')], { cwd });
    expect(expectResult(parseAll(other)[0]).isError).toBe(false);
    c.send(modern('r', 'resources/read', { uri: WEEK }));
    await c.waitFor((m) => m.id === 'r');
    const all = parseAll(await c.close());
    expect(all.some((m) => m.method === 'notifications/resources/updated')).toBe(false);
  });
});

describe('countdown.mjs: progress and cancellation', () => {
  const env = { TOY_TICK_MS: '0' };

  it('lists the calendar\'s tool and countdown, and reports rising progress with the request token before its result', async () => {
    const run = await runLines('countdown', [
      modern('l', 'tools/list'),
      JSON.stringify({ jsonrpc: '2.0', id: 'c', method: 'tools/call', params: { _meta: { ...JSON.parse(modern(0, 'x')).params._meta, progressToken: 'tok' }, name: 'countdown', arguments: { from: 3 } } }),
      modern('quiet', 'tools/call', { name: 'countdown', arguments: { from: 2 } }), // no token: no progress
      modern('bad', 'tools/call', { name: 'countdown', arguments: { from: 11 } }),
    ], { env });
    const all = parseAll(run);
    for (const m of all) if ('method' in m) assertNotification(m);
    expect(expectResult(all[0]).tools.map((t: Msg) => t.name)).toEqual(['create_event', 'countdown']);
    expect(all.slice(1, 4).map((m) => m.params)).toEqual([1, 2, 3].map((progress) => ({ progressToken: 'tok', progress, total: 3, message: `${3 - progress} to go` })));
    for (const id of ['c', 'quiet']) {
      const done = all.find((m) => m.id === id)!;
      assertModernResult('tools/call', done.result);
      expect(done.result.content[0].text).toMatch(/Counted down/);
    }
    expect(all.filter((m) => m.method === 'notifications/progress')).toHaveLength(3);
    expect(expectResult(all.find((m) => m.id === 'bad')).isError).toBe(true);
  });

  it('stops on notifications/cancelled: no more progress and no reply for it, and the next request is answered', async () => {
    const c = openConversation('countdown', { env: { TOY_TICK_MS: '200' } });
    const meta = { ...JSON.parse(modern(0, 'x')).params._meta, progressToken: 42 };
    c.send(JSON.stringify({ jsonrpc: '2.0', id: 'slow', method: 'tools/call', params: { _meta: meta, name: 'countdown', arguments: { from: 10 } } }));
    await c.waitFor((m) => m.method === 'notifications/progress');
    c.send(cancel('slow'));
    c.send(modern('next', 'server/discover'));
    await c.waitFor((m) => m.id === 'next');
    const all = parseAll(await c.close());
    expect(all.some((m) => m.id === 'slow'), 'no reply for the cancelled request').toBe(false);
    const after = all.slice(all.findIndex((m) => m.id === 'next'));
    expect(after.some((m) => m.method === 'notifications/progress'), 'nothing more for it').toBe(false);
    expect(all.filter((m) => m.method === 'notifications/progress').length).toBeLessThan(10);
  });

  it('ignores a cancellation naming an id it does not know, or a request it has already answered', async () => {
    const c = openConversation('countdown', { env });
    c.send(modern('done', 'tools/call', { name: 'countdown', arguments: { from: 1 } }));
    await c.waitFor((m) => m.id === 'done');
    c.send(cancel('done'));
    c.send(cancel('never-sent'));
    c.send(modern('after', 'tools/call', { name: 'countdown', arguments: { from: 1 } }));
    await c.waitFor((m) => m.id === 'after');
    const run = await c.close();
    expect(run.code).toBe(0);
    expect(parseAll(run).map((m) => m.id)).toEqual(['done', 'after']);
  });

  it('the calendar itself has no countdown: -32602 naming it', async () => {
    const [reply] = parseAll(await runLines('calendar', [modern('c', 'tools/call', { name: 'countdown', arguments: { from: 1 } })]));
    expect(expectError(reply, -32602).message).toContain('countdown');
  });
});

describe('paged-calendar.mjs: pagination', () => {
  it('pages resources/list by two with nextCursor, accepts the cursor it issued, and answers any other cursor with -32602', async () => {
    const first = parseAll(await runLines('paged-calendar', [modern('p1', 'resources/list')]))[0];
    const page1 = expectResult(first);
    assertModernResult('resources/list', page1);
    expect(page1.resources.map((r: Msg) => r.uri)).toEqual([WEEK, 'calendar://events/e1']);
    expect(typeof page1.nextCursor).toBe('string');
    const rest = parseAll(await runLines('paged-calendar', [
      modern('p2', 'resources/list', { cursor: page1.nextCursor }),
      modern('bad', 'resources/list', { cursor: 'next-7' }),
      modern('num', 'resources/list', { cursor: 1 }),
      modern('tools', 'tools/list', { cursor: page1.nextCursor }), // the one-page tool list issued no cursor
      modern('read', 'resources/read', { uri: 'calendar://events/e2' }),
    ]));
    const page2 = expectResult(rest[0]);
    assertModernResult('resources/list', page2);
    expect(page2.resources.map((r: Msg) => r.uri)).toEqual(['calendar://events/e2']);
    expect(page2).not.toHaveProperty('nextCursor');
    expect([page2.ttlMs, page2.cacheScope]).toEqual([page1.ttlMs, page1.cacheScope]); // the same hints on every page
    for (const r of rest.slice(1, 4)) {
      assertErrorResponse(r);
      expectError(r, -32602);
    }
    expect(JSON.parse(expectResult(rest[4]).contents[0].text)).toMatchObject({ id: 'e2', title: 'Design review' });
  });

  it('a created event is a new resource: following nextCursor from the first page reaches every event, the last page without one', async () => {
    const c = openConversation('paged-calendar', { cwd: freshDir() });
    c.send(create('c1', 'Dentist'));
    c.send(create('c2', 'Gym'));
    const uris: string[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 5; n++) {
      const id = `page${n}`;
      c.send(modern(id, 'resources/list', cursor === undefined ? {} : { cursor }));
      const page = expectResult(await c.waitFor((m) => m.id === id));
      expect(page.resources.length).toBeLessThanOrEqual(2);
      uris.push(...page.resources.map((r: Msg) => r.uri));
      cursor = page.nextCursor;
      if (cursor === undefined) break;
    }
    await c.close();
    expect(cursor, 'the last page has no nextCursor').toBeUndefined();
    expect(uris).toEqual([WEEK, ...['e1', 'e2', 'e3', 'e4'].map((id) => `calendar://events/${id}`)]);
  });
});

describe('requestState is not single use', () => {
  it('replaying one accepted retry creates the event again (bound and expiring, but not consumed)', async () => {
    const ELICIT = { elicitation: {} };
    const CREATE = { name: 'create_event', arguments: { title: 'Dentist' } };
    const env = { TOY_SEED: 'replay' };
    const asked = expectResult(parseAll(await runLines('calendar', [modern('ask', 'tools/call', CREATE, ELICIT)], { env }))[0]);
    const retry = (id: string) => modern(id, 'tools/call', {
      ...CREATE, inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } }, requestState: asked.requestState,
    }, ELICIT);
    const all = parseAll(await runLines('calendar', [retry('once'), retry('again'), modern('week', 'resources/read', { uri: WEEK })], { env }));
    expect(expectResult(all[0]).structuredContent.id).toBe('e3');
    expect(expectResult(all[1]).structuredContent.id).toBe('e4');
    expect(JSON.parse(expectResult(all[2]).contents[0].text).filter((e: Msg) => e.title === 'Dentist')).toHaveLength(2);
  });
});
