/**
 * "How this course works", in Chromium with the Worker engine, on both builds:
 * the page renders, and what it promises about the widgets holds on the lesson
 * pages that carry them: the engine badge and pids, **Restart process** (memory
 * gone), **Reset** on a source editor (after a confirmation; edits kept across
 * reloads until then), **Reset files** on the engine badge (calendars stored on
 * disk are gone), and the transcript's arrows and stderr lane.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, pidOf, replyTo, send, sentLines, replies } from './support/lesson-widgets.ts';

const WEEK = '{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"calendar://week"}}';

for (const site of lessonSites()) {
  describe(`how-this-course-works (${site.name} build)`, () => {
    test('the page renders; Restart process starts a fresh process and the old memory is gone', async ({ open }) => {
      const intro = await open(lessonURL(site, 'how-this-course-works'), site.options);
      expect(await heading(intro)).toBe('How this course works');

      const page = await open(lessonURL(site, 'three-parties'), site.options);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined); // creates e3 Dentist in this process
      // Transcript: sent lines point at the server, replies come from stdout; the engine and the pid are shown.
      expect(await sentLines(c).first().locator('.mcp-dir').innerText()).toBe('→ stdin');
      expect(await replies(c).first().locator('.mcp-dir').innerText()).toBe('← stdout');
      expect(await c.locator('.mcp-badge-engine').innerText()).toBe('Worker engine');
      const before = await pidOf(c);
      expect(await replies(c).first().locator('.mcp-pid').innerText()).toBe(`pid ${before}`);
      await send(page, c, WEEK);
      expect(JSON.parse((await replyTo(page, c, 9)).result.contents[0].text).map((e: { id: string }) => e.id)).toEqual(['e1', 'e2', 'e3']);

      await c.locator('button[data-action="restart"]').click();
      await expect.poll(() => pidOf(c), { timeout: 20_000 }).not.toBe(before);
      await send(page, c, WEEK);
      expect(JSON.parse((await replyTo(page, c, 9)).result.contents[0].text).map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
    });

    test('Reset on a source editor asks first, then restores the original; until then the edit survives a reload', async ({ open }) => {
      const page = await open(lessonURL(site, 'one-message-per-line'), site.options);
      const editor = async () => {
        const e = page.locator('section.mcp-server-editor').first();
        await e.scrollIntoViewIfNeeded();
        await expect.poll(() => e.getAttribute('data-ready'), { timeout: 20_000 }).toBe('yes');
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
      await e.locator('button[data-action="reset"]').click();
      await e.getByRole('group', { name: /Reset to the original source\?/ }).waitFor();
      expect(await e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes'); // nothing yet
      await e.locator('button[data-action="confirm"]').click();
      await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('no');
    });

    test('Reset files on the engine badge empties the calendars calendar-handles.mjs stored on disk', async ({ open }) => {
      const page = await open(lessonURL(site, 'statelessness-tested'), site.options);
      // The page's first Console belongs to its ServerEditor (calendar.mjs); the first calendar-handles.mjs Console is the second.
      const one = await consoleAt(page, 1);
      expect(await one.getAttribute('data-server')).toBe('calendar-handles');
      await send(page, one, undefined);
      const handle: string = (await replyTo(page, one, 1)).result.structuredContent.calendar;
      const list = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_events', arguments: { calendar: handle } } });
      await send(page, one, list(2));
      expect((await replyTo(page, one, 2)).result.isError).toBe(false);

      await one.getByRole('button', { name: 'Reset files' }).click();
      await expect.poll(() => one.getByRole('button', { name: 'Reset files' }).isEnabled(), { timeout: 20_000 }).toBe(true);
      await send(page, one, list(3));
      const after = (await replyTo(page, one, 3)).result;
      expect(after.isError).toBe(true);
      expect(after.content[0].text).toContain(`unknown calendar handle "${handle}"`);
    });
  });
}
