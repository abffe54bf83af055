/**
 * Lesson caching-and-change-notifications ("Cache results, and learn when they
 * change"), in Chromium with the Worker engine, on both builds: the CacheView
 * steps (miss and store, fresh hit, public vs private across authorization
 * contexts, TTL expiry and a stale copy served when the server is stopped),
 * the subscription tip (acknowledgement, resources/updated making a copy
 * stale, refetch), and subscriptions/listen by hand in a Console. The
 * Indonesian edition (`/id/<slug>/`, same widgets) runs every task too, on the
 * default build, with the same wire results; numbers in the widget's log are
 * formatted for the page's language (60,000 in English, 60.000 in Indonesian).
 * The widget's words are read from src/i18n (area `cache`) in the page's
 * language, and its controls are found by their `data-action`.
 */
import { describe } from 'vitest';
import type { Locator } from 'playwright-core';
import { t, type Lang, type StringKey } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, heading, hydrated, replyTo, send, stdoutMessages, toolText } from './support/lesson-widgets.ts';

const SLUG = 'caching-and-change-notifications';
const SUB = 'io.modelcontextprotocol/subscriptionId';
/** The English page and its Indonesian edition: URL prefix, page language and title. */
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string }> = [
  { prefix: '', lang: 'en', title: 'Cache results, and learn when they change' },
  { prefix: 'id/', lang: 'id', title: 'Simpan result di cache, dan ketahui kapan datanya berubah' },
];

/** The texts of the CacheView log, in order. */
const logTexts = (v: Locator) => v.locator('ol.cv-log > li').allInnerTexts();
/** The log items of one kind (`data-kind`). */
const logOf = (v: Locator, kind: string) => v.locator(`ol.cv-log > li[data-kind="${kind}"]`);
/** Presses the button with `data-action=action` and waits until the log has grown by `more` items. */
async function press(v: Locator, action: string, more: number): Promise<string[]> {
  const before = (await logTexts(v)).length;
  await v.locator(`button[data-action="${action}"]`).click();
  await expect.poll(async () => (await logTexts(v)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + more);
  await expect.poll(() => v.locator('button[data-action="need-week"]').isEnabled()).toBe(true);
  return (await logTexts(v)).slice(before);
}
/** The cache area's string `key` (without `cache.`) in `lang`. */
const say = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(`cache.${key}` as StringKey, vars, lang);
/** A whole-line pattern for `key` in `lang`, each placeholder in `wild` matching any text. */
function like(lang: Lang, key: string, vars: Record<string, string | number>, wild: string[]): RegExp {
  const text = say(lang, key, vars);
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${wild.reduce((re, name) => re.replace(`\\{${name}\\}`, '.+'), escaped)}$`);
}
const rows = (v: Locator) => v.locator('table.cv-table tbody tr');
const weekRows = (v: Locator) => v.locator('table.cv-table tbody tr[data-method="resources/read"]');
/** Lines on the wire the widget shows (opened once). */
async function wire(v: Locator): Promise<string[]> {
  const d = v.locator('details.cv-wire');
  if ((await d.getAttribute('open')) === null) await d.locator('summary').click();
  return v.locator('.cv-wire-lines > li').allInnerTexts();
}

/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, lang, title } of RUNS) {
  const W = 'calendar://week';
  const stored = (what: string, scope: 'scopePrivate' | 'scopePublic', s: number) => say(lang, 'stored', { what, scope: say(lang, scope), s, ttl: s * 1000 });
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('CacheView steps 1-4: miss and store, fresh hit, public vs private, TTL expiry, stale copy when the server is gone', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const v = await hydrated(page, 'cache-view');

      // 1. Need the week: a miss, request 1, stored private for 60 s.
      let said = await press(v, 'need-week', 2);
      expect(said[0]).toBe(say(lang, 'miss', { what: W, id: '1' }));
      expect(said[1]).toBe(stored(W, 'scopePrivate', 60));
      expect(said[1]).toContain(lang === 'id' ? '60.000' : '60,000');
      await expect.poll(() => rows(v).count()).toBe(1);
      const row = weekRows(v).first();
      expect(await row.getAttribute('data-state')).toBe('fresh');
      expect(await row.innerText()).toContain('{"uri":"calendar://week"}');
      expect(await row.innerText()).toContain(`${say(lang, 'scopePrivate')} (alice)`);
      expect(await row.innerText()).toContain(say(lang, 'fresh', { s: 60 }));

      // 2. Again: served from the cache, nothing on the wire.
      said = await press(v, 'need-week', 1);
      expect(said).toEqual([say(lang, 'hit', { what: W, s: 60 })]);
      const lines = await wire(v);
      expect(lines.filter((l) => l.startsWith('->'))).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith('<-'))).toHaveLength(1);
      expect(lines[0]).toContain('"method":"resources/read"');

      // 3. The tool list (public), then bob: the public copy is shared, the private one is not.
      said = await press(v, 'need-tools', 2);
      expect(said[1]).toBe(stored('tools/list', 'scopePublic', 300));
      await v.getByLabel(say(lang, 'auth')).selectOption('bob');
      said = await press(v, 'need-tools', 1);
      expect(said).toEqual([say(lang, 'hit', { what: 'tools/list', s: 300 })]);
      said = await press(v, 'need-week', 3);
      expect(said[0]).toBe(say(lang, 'otherContext', { what: W, auth: 'bob' }));
      expect(said[1]).toMatch(like(lang, 'miss', { what: W }, ['id']));
      expect(said[2]).toBe(stored(W, 'scopePrivate', 60));
      await expect.poll(() => weekRows(v).count()).toBe(2);

      // 4. Two times 30 s: everything stale. Stop the server: the refetch fails and the stale copy is served.
      await press(v, 'advance', 1);
      await press(v, 'advance', 1);
      expect(await weekRows(v).count()).toBe(2);
      for (const r of await weekRows(v).all()) {
        expect(await r.getAttribute('data-state')).toBe('stale');
        expect(await r.innerText()).toContain(say(lang, 'staleTtl'));
      }
      const tools = v.locator('tr[data-method="tools/list"]');
      expect(await tools.getAttribute('data-state')).toBe('fresh');
      expect(await tools.innerText()).toContain(say(lang, 'fresh', { s: 240 }));
      await press(v, 'stop-server', 1);
      said = await press(v, 'need-week', 1);
      expect(said[0]).toMatch(like(lang, 'servedStale', { what: W }, ['error']));
      await press(v, 'start-server', 1);
      said = await press(v, 'need-week', 2);
      expect(said[0]).toMatch(like(lang, 'refetch', { what: W, why: say(lang, 'why.ttl') }, ['id']));
      expect(said[1]).toBe(stored(W, 'scopePrivate', 60));
      expect(await v.locator('tr[data-method="resources/read"][data-state="fresh"]').count()).toBe(1);

      // The tip right after the steps, on the same page: alice's copy ran out of TTL and bob's is fresh, so the
      // notification makes one copy stale, as the page says, and alice's still says its TTL ran out.
      await press(v, 'listen', 2);
      await expect.poll(() => logOf(v, 'acknowledged').count(), { timeout: 20_000 }).toBe(1);
      const sub = /request (\d+)/.exec(await logOf(v, 'listening').innerText())![1];
      said = await press(v, 'need-week', 1);
      expect(said).toEqual([say(lang, 'hit', { what: W, s: 60 })]);
      await v.locator('button[data-action="create-event"]').click();
      await expect.poll(() => logOf(v, 'updated').count(), { timeout: 20_000 }).toBe(1);
      expect(await logOf(v, 'updated').innerText()).toBe(say(lang, 'updated', { method: 'notifications/resources/updated', uri: W, id: sub, n: 1 }));
      expect(await v.locator('tr[data-method="resources/read"][data-why="ttl"]').count()).toBe(1);
    });

    test('CacheView tip: listen, a fresh copy, create an event, resources/updated makes it stale, refetch has the event', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const v = await hydrated(page, 'cache-view');
      await press(v, 'listen', 2);
      await expect.poll(() => logOf(v, 'acknowledged').count(), { timeout: 20_000 }).toBe(1);
      const listen = await logOf(v, 'listening').innerText();
      const id = /request (\d+)/.exec(listen)![1];
      expect(await logOf(v, 'acknowledged').innerText()).toBe(say(lang, 'acknowledged', { id, filter: '{"resourceSubscriptions":["calendar://week"]}' }));
      expect(await v.locator('button[data-action="stop-listening"]').isVisible()).toBe(true);

      await press(v, 'need-week', 2);
      expect(await weekRows(v).first().getAttribute('data-state')).toBe('fresh');
      await v.locator('button[data-action="create-event"]').click();
      await expect.poll(() => logOf(v, 'updated').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => logOf(v, 'created').count(), { timeout: 20_000 }).toBe(1);
      expect(await logOf(v, 'created').innerText()).toBe(say(lang, 'created', { text: 'Created e3: Lunch at 2026-09-08T12:00:00Z' }));
      expect(await logOf(v, 'notStored').last().innerText()).toBe(say(lang, 'notStored', { what: 'tools/call', why: say(lang, 'reason.method', { method: 'tools/call' }) }));
      expect(await logOf(v, 'updated').innerText()).toBe(say(lang, 'updated', { method: 'notifications/resources/updated', uri: W, id, n: 1 }));
      const row = weekRows(v).first();
      await expect.poll(() => row.getAttribute('data-state')).toBe('stale');
      expect(await row.getAttribute('data-why')).toBe('notification');
      expect(await row.innerText()).toContain(say(lang, 'staleNote', { method: 'notifications/resources/updated' }));

      const said = await press(v, 'need-week', 2);
      expect(said[0]).toMatch(like(lang, 'refetch', { what: W, why: say(lang, 'why.notification') }, ['id']));
      const lines = await wire(v);
      const last = JSON.parse(lines.filter((l) => l.startsWith('<-')).at(-1)!.slice(3));
      expect(JSON.parse(last.result.contents[0].text).map((e: { id: string }) => e.id)).toEqual(['e1', 'e2', 'e3']);
      // The notification on the wire carries the listen request's id.
      const note = lines.map((l) => l.slice(3)).map((l) => JSON.parse(l)).find((m) => m.method === 'notifications/resources/updated');
      expect(note.params).toEqual({ _meta: { [SUB]: Number(id) }, uri: 'calendar://week' });
    });

    test('Console steps 1-3: subscriptions/listen by hand, resources/updated tagged with id 1, cancelled, then silence', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const c = await consoleAt(page, 0);

      // 1. The listen request: no reply, only the acknowledgement.
      await send(page, c, undefined);
      let out = stdoutMessages(await copyTranscript(page, c));
      expect(out).toHaveLength(1);
      expect(out[0]).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { [SUB]: 1 }, notifications: { resourceSubscriptions: ['calendar://week'] } },
      });

      // 2. create_event: first the notification for subscription 1, then the result for id 2.
      await send(page, c, '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Lunch","startsAt":"2026-09-08T12:00:00Z"}}}', 2);
      out = stdoutMessages(await copyTranscript(page, c));
      expect(out).toHaveLength(3);
      expect(out[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { [SUB]: 1 }, uri: 'calendar://week' } });
      expect(out[2].id).toBe(2);
      expect(toolText(out[2])).toBe('Created e3: Lunch at 2026-09-08T12:00:00Z');

      // 3. Cancel the subscription; the next event gets its result and no notification.
      await send(page, c, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"done listening"}}', 0);
      await send(page, c, '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dinner","startsAt":"2026-09-08T12:00:00Z"}}}');
      expect(toolText(await replyTo(page, c, 3))).toBe('Created e4: Dinner at 2026-09-08T12:00:00Z');
      out = stdoutMessages(await copyTranscript(page, c));
      expect(out).toHaveLength(4);
      expect(out.filter((m) => m.method === 'notifications/resources/updated')).toHaveLength(1);
      expect(out.filter((m) => m.id === 1)).toEqual([]); // a cancelled request gets no response
    });
  });
}
