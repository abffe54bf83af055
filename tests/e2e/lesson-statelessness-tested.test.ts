/**
 * Lesson 9, statelessness-tested ("Test a server for statelessness"), in
 * Chromium with the Worker engine, on both builds: Replay on calendar.mjs (the
 * event goes missing across fresh processes) and calendar-handles.mjs (it does
 * not), then a handle used from a second, unrelated process. The Indonesian
 * edition (`/id/<slug>/`, same widgets) runs the same tasks on the default
 * build, with the same wire results; the Replay's button is found by its
 * `data-action` and its words read through `t()` in the page's language.
 */
import { describe } from 'vitest';
import { t, type Lang } from '../../src/i18n/index.ts';
import type { Locator } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, hydrated, pickTemplate, pidOf, replyTo, send, toolText } from './support/lesson-widgets.ts';
import { edit, runEdit, serverEditorAt, toySource } from './support/lesson-editor.ts';

const SLUG = 'statelessness-tested';
/** The English page and its Indonesian edition: URL prefix, language, title, and the labels of the ServerEditor's starting messages (steps 1, 1, 2, 2). */
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string; labels: string[] }> = [
  {
    prefix: '',
    lang: 'en',
    title: 'Test a server for statelessness',
    labels: ['Step 1: create_event', 'Step 1: resources/read', 'Step 2: create_event, id 3', 'Step 2: resources/read, id 4'],
  },
  {
    prefix: 'id/',
    lang: 'id',
    title: 'Uji apakah sebuah server benar-benar stateless',
    labels: ['Langkah 1: create_event', 'Langkah 1: resources/read', 'Langkah 2: create_event, id 3', 'Langkah 2: resources/read, id 4'],
  },
];
/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

const pids = async (column: Locator) => (await column.locator('.rp-step-title .fw-pid').allTextContents()).map((s) => Number(s.replace('pid ', '')));
const received = async (column: Locator, step: number) => JSON.parse((await column.locator(`[data-step="${step}"] [data-dir=in]`).textContent()) ?? '');
const weekIn = (reply: any) => JSON.parse(reply.result.contents[0].text) as Array<{ id: string; title: string }>;

/**
 * Presses the Replay's button, checks it names `server` in the page's language, and waits until
 * both columns are done (the status says so in that language too).
 */
async function replayOn(widget: Locator, server: string, lang: Lang): Promise<void> {
  const button = widget.locator('button[data-action="replay"]');
  expect(await button.textContent()).toBe(t('replay.run', { server }, lang));
  const status = widget.locator('[data-replay-status]');
  expect(await status.getAttribute('data-replay-status')).toBe('ready');
  await button.click();
  await expect.poll(() => status.getAttribute('data-replay-status'), { timeout: 30_000 }).toBe('done');
  expect(await status.textContent()).toBe(t('replay.done', {}, lang));
}

for (const { site, prefix, lang, title, labels } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('Replay steps 1-3: one process keeps the Dentist, fresh processes lose it; calendar-handles.mjs keeps it', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const widget = await hydrated(page, 'replay');

      // 1. calendar.mjs selected; Replay on calendar.mjs. One process: one pid, B creates e3, C lists e1, e2, e3.
      expect(await widget.getByRole('radio', { name: 'calendar.mjs', exact: true }).isChecked()).toBe(true);
      await replayOn(widget, 'calendar.mjs', lang);
      const one = widget.locator('[data-mode=one-process]');
      const onePids = await pids(one);
      expect(onePids).toHaveLength(3);
      expect(new Set(onePids).size).toBe(1);
      expect(toolText(await received(one, 1))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      expect(weekIn(await received(one, 2)).map((e) => `${e.id} ${e.title}`)).toEqual(['e1 Standup', 'e2 Design review', 'e3 Dentist']);
      expect(await one.locator('.rp-verdict').getAttribute('data-found')).toBe('true');
      // What the step says is on screen before any row is opened: B's reply folded under "received: complete", and the verdict line.
      await expect.poll(() => one.locator('[data-step="1"] details.rp-line summary').nth(1).textContent()).toBe(t('replay.received', { what: 'complete' }, lang));
      await expect.poll(() => one.locator('.rp-verdict').textContent()).toBe(t('replay.found', { id: 'e3', title: 'Dentist', pid: String(onePids[1]), readPid: String(onePids[2]) }, lang));

      // 2. A fresh process per message: three pids; B still succeeds in a later process; C has only e1 and e2.
      const fresh = widget.locator('[data-mode=fresh-process]');
      const freshPids = await pids(fresh);
      expect(freshPids).toHaveLength(3);
      expect(new Set(freshPids).size).toBe(3);
      expect(freshPids[1]).toBeGreaterThan(freshPids[0]);
      expect((await received(fresh, 0)).result.resultType).toBe('input_required');
      const b = await received(fresh, 1);
      expect(b.result.resultType).toBe('complete');
      expect(toolText(b)).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      expect(weekIn(await received(fresh, 2)).map((e) => `${e.id} ${e.title}`)).toEqual(['e1 Standup', 'e2 Design review']);
      expect(await fresh.locator('.rp-verdict').getAttribute('data-found')).toBe('false');

      // 3. calendar-handles.mjs: open_calendar first, its handle filled in; every fresh step its own pid; the Dentist is found.
      await widget.getByRole('radio', { name: 'calendar-handles.mjs' }).check();
      await replayOn(widget, 'calendar-handles.mjs', lang);
      const handlePids = await pids(fresh);
      expect(handlePids).toHaveLength(4);
      expect(new Set(handlePids).size).toBe(4);
      const opened = await received(fresh, 0);
      const handle = opened.result.structuredContent.calendar;
      expect(JSON.parse((await fresh.locator('[data-step="0"] [data-dir=out]').textContent()) ?? '').params.name).toBe('open_calendar');
      expect(JSON.parse((await fresh.locator('[data-step="3"] [data-dir=out]').textContent()) ?? '').params.uri).toBe(`calendar://${handle}/week`);
      expect(weekIn(await received(fresh, 3)).map((e) => e.title)).toContain('Dentist');
      expect(await fresh.locator('.rp-verdict').getAttribute('data-found')).toBe('true');

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('Consoles steps 1-3: an unknown handle is a tool error; a real handle works from another process', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      // 1. Console #2, the made-up handle: complete, isError, the tool's message.
      // (The page's first Console is the ServerEditor's, on calendar.mjs; the two on calendar-handles.mjs follow it.)
      expect(await page.locator('section.mcp-console').nth(0).getAttribute('data-server')).toBe('calendar');
      const two = await consoleAt(page, 2);
      await send(page, two, undefined);
      const unknown = (await replyTo(page, two, 1)).result;
      expect(unknown.resultType).toBe('complete');
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0].text).toContain('unknown calendar handle "cal_AAAAAAAAAAAAAAAAAAAAAA". Call open_calendar to get a new one.');

      // 2. Console #1, open_calendar: a handle in structuredContent.calendar, with its expiry.
      const one = await consoleAt(page, 1);
      await send(page, one, undefined);
      const opened = (await replyTo(page, one, 1)).result;
      const handle: string = opened.structuredContent.calendar;
      expect(handle).toMatch(/^cal_[A-Za-z0-9_-]{22}$/);
      expect(Number.isNaN(Date.parse(opened.structuredContent.expiresAt))).toBe(false);

      // 3. That handle in Console #2's list_events: another process lists e1 and e2.
      await send(page, two, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_events', arguments: { calendar: handle } } }));
      const listed = (await replyTo(page, two, 2)).result;
      expect(listed.isError).toBe(false);
      expect(listed.structuredContent.events.map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
      expect(await pidOf(two)).not.toBe(await pidOf(one));

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('ServerEditor steps 1-2: the event is lost on restart; kept in a file, it survives the fresh process', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const e = await serverEditorAt(page, 0);
      expect(await e.getAttribute('data-server')).toBe('calendar');
      const CREATE = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist","startsAt":"2026-09-10T08:30:00Z"}}}`;
      const READ = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"resources/read","params":{"uri":"calendar://week"}}`;
      const ids = async (c: Locator, id: number) => JSON.parse((await replyTo(page, c, id)).result.contents[0].text).map((ev: { id: string }) => ev.id);
      const restart = async (c: Locator) => {
        const before = await pidOf(c);
        await c.locator('button[data-action="restart"]').click();
        await expect.poll(() => pidOf(c), { timeout: 20_000 }).not.toBe(before);
      };

      // 1. The bug in one Console: create, restart, read: e3 is gone.
      let c = await consoleAt(page, 0, e);
      await pickTemplate(c, labels[0]!, CREATE(1));
      await send(page, c, undefined);
      expect(toolText(await replyTo(page, c, 1))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      await restart(c);
      await pickTemplate(c, labels[1]!, READ(2));
      await send(page, c, undefined);
      expect(await ids(c, 2)).toEqual(['e1', 'e2']);

      // 2. The reader's fix: import three helpers, load EVENTS from a file after the array, write it after each push.
      let fixed = edit(toySource('calendar.mjs'), /\} from '\.\/plumbing\.mjs';/, "  readTextIfExists, statePath, writeFileAtomic,\n} from './plumbing.mjs';");
      fixed = edit(fixed, /(export const EVENTS = [^\n]*;\n)/, "$1const EVENTS_FILE = statePath('calendar-events.json');\nconst saved = readTextIfExists(EVENTS_FILE);\nif (saved !== undefined) EVENTS.splice(0, EVENTS.length, ...JSON.parse(saved));\n");
      fixed = edit(fixed, /(\n(\s*)EVENTS\.push\(event\);[^\n]*)/, '$1\n$2writeFileAtomic(EVENTS_FILE, JSON.stringify(EVENTS));');
      c = await runEdit(page, e, fixed);
      await pickTemplate(c, labels[2]!, CREATE(3));
      await send(page, c, undefined);
      expect(toolText(await replyTo(page, c, 3))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      await restart(c);
      await pickTemplate(c, labels[3]!, READ(4));
      await send(page, c, undefined);
      expect(await ids(c, 4)).toEqual(['e1', 'e2', 'e3']);

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });
  });
}
