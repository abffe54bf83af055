/**
 * "How this course works", in Chromium with the Worker engine: the English
 * page on both builds, and the Indonesian edition (`/id/how-this-course-works/`,
 * with the Indonesian lesson pages it speaks of) on the default build. The page
 * renders, and what it promises about the widgets holds on the lesson pages
 * that carry them: the engine badge and pids, **Restart process** (memory
 * gone), **Reset** on a source editor (after a confirmation; edits kept across
 * reloads until then), **Reset files** on the engine badge (calendars stored on
 * disk are gone), and the transcript's arrows and stderr lane. Buttons are
 * found by `data-action`, words through `t()` in the page's language; the wire
 * results are the same in both.
 */
import { describe } from 'vitest';
import { t, type Lang } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, pidOf, replyTo, send, sentLines, replies, untilHydrated } from './support/lesson-widgets.ts';

const WEEK = '{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"calendar://week"}}';

const SLUG = 'how-this-course-works';
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string }> = [
  { prefix: '', lang: 'en', title: 'How this course works' },
  { prefix: 'id/', lang: 'id', title: 'Cara kerja kursus ini' },
];
/** Every build in English; the default build in Indonesian too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, lang, title } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('the page renders; Restart process starts a fresh process and the old memory is gone', async ({ open }) => {
      const intro = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(intro)).toBe(title);

      const page = await open(lessonURL(site, `${prefix}three-parties`), site.options);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined); // creates e3 Dentist in this process
      // Transcript: sent lines point at the server, replies come from stdout; the engine and the pid are shown.
      expect(await sentLines(c).first().locator('.mcp-dir').innerText()).toBe('→ stdin');
      expect(await replies(c).first().locator('.mcp-dir').innerText()).toBe('← stdout');
      expect(await c.locator('.mcp-badge-engine').getAttribute('data-engine')).toBe('worker');
      expect(await c.locator('.mcp-badge-engine').innerText()).toBe(t('engine.kind.worker', {}, lang));
      const before = await pidOf(c);
      expect(await replies(c).first().locator('.mcp-pid').innerText()).toBe(`pid ${before}`);
      await send(page, c, WEEK);
      expect(JSON.parse((await replyTo(page, c, 9)).result.contents[0].text).map((e: { id: string }) => e.id)).toEqual(['e1', 'e2', 'e3']);

      // The button the page calls Restart process / Mulai ulang proses.
      expect(await c.locator('button[data-action="restart"]').innerText()).toBe(t('console.restart', {}, lang));
      await c.locator('button[data-action="restart"]').click();
      await expect.poll(() => pidOf(c), { timeout: 20_000 }).not.toBe(before);
      await send(page, c, WEEK);
      expect(JSON.parse((await replyTo(page, c, 9)).result.contents[0].text).map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('Reset on a source editor asks first, then restores the original; until then the edit survives a reload', async ({ open }) => {
      const page = await open(lessonURL(site, `${prefix}one-message-per-line`), site.options);
      const editor = async () => {
        const e = page.locator('section.mcp-server-editor').first();
        await e.scrollIntoViewIfNeeded();
        await untilHydrated(e);
        return e;
      };
      let e = await editor();
      const cm = e.locator('.mcp-editor-js .cm-content');
      await e.locator('.mcp-editor-js').click();
      await cm.waitFor();
      await cm.click();
      await expect.poll(() => cm.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ControlOrMeta+Home');
      await page.keyboard.insertText('// my edit\n');
      await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes');
      await page.waitForLoadState('networkidle'); // let the first load finish, or reloading aborts its requests
      await page.reload();
      e = await editor();
      expect(await e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes');
      expect(await e.locator('button[data-action="reset"]').innerText()).toBe(t('editor.reset', {}, lang));
      await e.locator('button[data-action="reset"]').click();
      await e.getByRole('group', { name: t('editor.resetQuestion', {}, lang), exact: true }).waitFor();
      expect(await e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes'); // nothing yet
      await e.locator('button[data-action="confirm"]').click();
      await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('no');
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('Reset files on the engine badge empties the calendars calendar-handles.mjs stored on disk', async ({ open }) => {
      const page = await open(lessonURL(site, `${prefix}statelessness-tested`), site.options);
      // The page's first Console belongs to its ServerEditor (calendar.mjs); the first calendar-handles.mjs Console is the second.
      const one = await consoleAt(page, 1);
      expect(await one.getAttribute('data-server')).toBe('calendar-handles');
      await send(page, one, undefined);
      const handle: string = (await replyTo(page, one, 1)).result.structuredContent.calendar;
      const list = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_events', arguments: { calendar: handle } } });
      await send(page, one, list(2));
      expect((await replyTo(page, one, 2)).result.isError).toBe(false);

      const resetFiles = one.locator('button[data-action="reset-files"]');
      expect(await resetFiles.innerText()).toBe(t('engine.resetFiles', {}, lang));
      await resetFiles.click();
      await expect.poll(() => resetFiles.isEnabled(), { timeout: 20_000 }).toBe(true);
      await send(page, one, list(3));
      const after = (await replyTo(page, one, 3)).result;
      expect(after.isError).toBe(true);
      expect(after.content[0].text).toContain(`unknown calendar handle "${handle}"`);
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });
  });
}
