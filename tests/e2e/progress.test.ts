/**
 * The reader's progress, in a real browser against the built site, in both
 * editions: sending in the-wire's Console marks exactly the tasks those
 * sends complete (in the lesson's list, the sidebar and the landing page),
 * a reload keeps them, an exported file imported into a fresh browser
 * context brings them back, a malformed file is refused with a message that
 * names the problem and changes nothing, and Clear (after its question)
 * empties them. The pages showing marks are judged by axe in light and dark.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { t, type Lang } from '../../src/i18n/index.ts';
import { tasksOf } from '../../src/course/tasks.ts';
import { test, expect } from './support/fixtures.ts';
import { consoleAt, send, untilHydrated } from './support/lesson-widgets.ts';
import { axeViolations, setTheme } from './support/axe.ts';

const EDITIONS: Array<{ prefix: string; lang: Lang }> = [
  { prefix: '', lang: 'en' },
  { prefix: 'id/', lang: 'id' },
];
const WIRE = tasksOf('the-wire').map((task) => task.fullId);

/** The lesson's task list at its end, once it has read the kept progress. */
const lessonList = async (page: Page) => {
  const list = page.locator('section.mcp-progress[data-view="lesson"]');
  await untilHydrated(list, '');
  return list;
};
const doneTasks = async (page: Page) => (await lessonList(page)).locator('li[data-done]').evaluateAll((els) => els.map((e) => e.getAttribute('data-task')));
/** The sidebar's marks: lesson href (path) -> state. */
const sidebarMarks = (page: Page) =>
  page.locator('mcp-progress-marks .mcp-sidebar-mark').evaluateAll((els) => els.map((e) => [new URL((e.closest('a') as HTMLAnchorElement).href).pathname, e.getAttribute('data-progress')]));
const courseView = async (page: Page) => {
  const v = page.locator('section.mcp-progress[data-view="course"]');
  await untilHydrated(v, '');
  return v;
};
const lessonStates = async (page: Page) =>
  Object.fromEntries(await (await courseView(page)).locator('li[data-lesson]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-lesson'), e.getAttribute('data-state')])));

async function axeClean(page: Page, label: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await setTheme(page, scheme);
    expect(await axeViolations(page), `${label}, ${scheme}`).toEqual([]);
  }
}

for (const { prefix, lang } of EDITIONS) {
  describe(`progress, ${lang} edition`, () => {
    test('doing the-wire\'s tasks marks exactly them; reload keeps them; export, import into a fresh context; a bad file refused; clear', async ({ open, baseURL }) => {
      const page = await open(`${prefix}the-wire/`);
      const lessonPath = new URL(`${prefix}the-wire/`, baseURL).pathname;
      expect(await doneTasks(page)).toEqual([]);
      expect(await (await lessonList(page)).locator('li[data-task]').count()).toBe(WIRE.length);
      expect(await sidebarMarks(page)).toEqual([]);

      // The prefilled server/discover gets its result: the "reply" task only.
      const c = await consoleAt(page, 0);
      await send(page, c, undefined);
      await expect.poll(() => doneTasks(page)).toEqual(['the-wire/reply']);
      await expect.poll(() => sidebarMarks(page)).toEqual([[lessonPath, 'started']]);
      // The mark's word is read with the link.
      expect(await page.locator(`mcp-progress-marks a[href="${lessonPath}"]`).innerText()).toContain(t('progress.mark.started', {}, lang));

      // A method the server does not have: the error task.
      await send(page, c, '{"jsonrpc":"2.0","id":2,"method":"no/such-method","params":{}}');
      await expect.poll(() => doneTasks(page)).toEqual(WIRE);
      await expect.poll(() => sidebarMarks(page)).toEqual([[lessonPath, 'done']]);
      await axeClean(page, 'a lesson with marks');

      // Reload: still there.
      await page.reload();
      expect(await doneTasks(page)).toEqual(WIRE);
      await expect.poll(() => sidebarMarks(page)).toEqual([[lessonPath, 'done']]);

      // The landing page: the-wire done, every other lesson untouched; the other edition sees none of it.
      await page.goto(new URL(prefix, baseURL).href);
      const states = await lessonStates(page);
      expect(states['the-wire']).toBe('done');
      expect(Object.entries(states).filter(([slug, s]) => slug !== 'the-wire' && s !== 'none')).toEqual([]);
      expect(await (await courseView(page)).locator('.mp-stages li[data-done]').count()).toBe(0);
      await axeClean(page, 'the landing page with progress');
      const other = EDITIONS.find((e) => e.lang !== lang)!;
      await page.goto(new URL(other.prefix, baseURL).href);
      expect(Object.values(await lessonStates(page)).filter((s) => s !== 'none')).toEqual([]);
      await page.goto(new URL(prefix, baseURL).href);
      const view = await courseView(page);

      // Export.
      const [download] = await Promise.all([page.waitForEvent('download'), view.locator('button[data-action="export-progress"]').click()]);
      const exported = await readFile((await download.path())!, 'utf8');
      const file = JSON.parse(exported);
      expect(file.version).toBe(1);
      expect(file.edition).toBe(lang);
      expect(Object.keys(file.done).sort()).toEqual([...WIRE].sort());

      // A malformed file: refused with its reason; nothing lost.
      const input = view.locator('input[data-control="import-file"]');
      await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(exported.slice(0, 40)) });
      await expect.poll(() => view.locator('[data-progress-status]').getAttribute('data-progress-status')).toBe('error');
      expect(await view.locator('[data-progress-status]').innerText()).toBe(t('progress.bad.not-json', { file: 'broken.json' }, lang));
      await input.setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...file, edition: other.lang })) });
      await expect.poll(() => view.locator('[data-progress-status]').innerText()).toBe(t('progress.bad.edition', { file: 'other.json', edition: other.lang }, lang));
      expect((await lessonStates(page))['the-wire']).toBe('done');

      // A fresh browser context: nothing, until the file is imported.
      const fresh = await open(prefix);
      expect(Object.values(await lessonStates(fresh)).filter((s) => s !== 'none')).toEqual([]);
      const freshView = await courseView(fresh);
      await freshView.locator('input[data-control="import-file"]').setInputFiles({ name: 'progress.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
      await expect.poll(async () => (await lessonStates(fresh))['the-wire']).toBe('done');
      expect(await freshView.locator('[data-progress-status]').getAttribute('data-progress-status')).toBe('ok');
      await fresh.goto(new URL(`${prefix}the-wire/`, baseURL).href);
      expect(await doneTasks(fresh)).toEqual(WIRE);

      // The can-do page lists the two skills, in this edition's words.
      await fresh.goto(new URL(`${prefix}can-do/`, baseURL).href);
      const canDo = fresh.locator('section.mcp-progress[data-view="can-do"]');
      await untilHydrated(canDo, '');
      expect(await canDo.locator('li[data-skill]').allInnerTexts()).toEqual(tasksOf('the-wire').map((task) => t(`progress.skill.the-wire.${task.id}` as never, {}, lang)));
      expect(await canDo.locator('.mp-left li[data-lesson="the-wire"]').count()).toBe(0);
      await axeClean(fresh, 'the can-do page');

      // Clear, after its question: empty again, in the list and in storage.
      const clear = view.locator('button[data-action="clear-progress"]');
      await clear.click();
      await view.locator('button[data-action="confirm"]').click();
      await expect.poll(async () => (await lessonStates(page))['the-wire']).toBe('none');
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mcp-by-hand:progress:')))).toEqual([]);
      await page.goto(new URL(`${prefix}the-wire/`, baseURL).href);
      expect(await doneTasks(page)).toEqual([]);
      expect(await sidebarMarks(page)).toEqual([]);
    });
  });
}

test('two tabs of one course: what one tab marks shows in the other, and the other\'s next mark keeps it', async ({ open, baseURL }) => {
  const a = await open('the-wire/');
  const b = await a.context().newPage();
  await b.goto(new URL('the-wire/', baseURL).href);
  expect(await doneTasks(a)).toEqual([]);
  expect(await doneTasks(b)).toEqual([]);

  // Tab B gets a result (the "reply" task); tab A's list follows, from the storage event alone.
  await send(b, await consoleAt(b, 0), undefined);
  await expect.poll(() => doneTasks(b)).toEqual(['the-wire/reply']);
  await expect.poll(() => doneTasks(a)).toEqual(['the-wire/reply']);

  // Tab A gets an error (the other task): what it keeps holds both, not only its own.
  await send(a, await consoleAt(a, 0), '{"jsonrpc":"2.0","id":2,"method":"no/such-method","params":{}}');
  await expect.poll(() => doneTasks(a)).toEqual(WIRE);
  await expect.poll(() => doneTasks(b)).toEqual(WIRE);
  const kept = await a.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('mcp-by-hand:progress:')).map(([, v]) => Object.keys(JSON.parse(v).done).sort()));
  expect(kept).toEqual([[...WIRE].sort()]);
});
