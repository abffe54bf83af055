/**
 * Lesson 3, one-message-per-line ("Keep standard output clean for the protocol"),
 * in Chromium with the Worker engine: the English page on both builds, and the
 * Indonesian edition (`/id/one-message-per-line/`) on the default build,
 * asserting the same wire results. The noisy server's stray stdout lines
 * flagged as framing violations (the flag worded in the page's language,
 * through `t()`), then the reader's fix in the ServerEditor (console.log ->
 * console.error), Run, and a clean stdout. The starting message is picked by
 * the label each edition's lesson text names.
 */
import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { t, type Lang } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, heading, pickTemplate, pidOf, send, toolText, untilHydrated } from './support/lesson-widgets.ts';

const CALL = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist","startsAt":"2026-09-10T08:30:00Z"}}}';
const BANNER = 'calendar-noisy v1.0.0 starting (this line should have gone to stderr)';
const READY = 'calendar-noisy: ready, MCP 2026-07-28 over stdio';
const DEBUG = '[debug] tools/call handled, 3 events in memory';
const NOISY = readFileSync(new URL('../../toy-servers/noisy.mjs', import.meta.url), 'utf8');

async function serverEditor(page: Page): Promise<Locator> {
  const e = page.locator('section.mcp-server-editor').first();
  await e.scrollIntoViewIfNeeded();
  await untilHydrated(e);
  return e;
}

const SLUG = 'one-message-per-line';
/** The English page and its Indonesian edition: URL prefix, title, and the label of step 3's starting message. */
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string; label: string }> = [
  { prefix: '', lang: 'en', title: 'Keep standard output clean for the protocol', label: 'Step 3: the same tools/call' },
  { prefix: 'id/', lang: 'id', title: 'Jaga stdout tetap bersih untuk protokol', label: 'Langkah 3: tools/call yang sama' },
];
/** Every build in English; the default build in Indonesian too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, lang, title, label } of RUNS) {
  /** How the Console flags a line on stdout that is not JSON, in the page's language. */
  const NOT_JSON = t('meaning.framing', { reason: t('meaning.violation.notJson', {}, lang) }, lang);
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('Console on noisy.mjs: the banner and the debug line arrive on stdout, flagged; the real response follows', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined, 3); // banner, debug line, response
      // 1. The banner, on stdout, flagged as a framing violation; the start-up log in the stderr lane.
      const bad = c.locator('li.mcp-line-bad');
      await expect.poll(() => bad.count()).toBe(2);
      expect(await bad.nth(0).locator('.mcp-raw').innerText()).toBe(BANNER);
      expect(await bad.nth(0).locator('.mcp-dir').innerText()).toBe('← stdout');
      expect(await bad.nth(0).locator('.mcp-meaning').innerText()).toContain(NOT_JSON);
      await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain(READY);
      expect(await c.locator('.mcp-stderr').innerText()).not.toContain(BANNER);
      // 2. The debug line, flagged the same way, then the real response.
      expect(await bad.nth(1).locator('.mcp-raw').innerText()).toBe(DEBUG);
      expect(await bad.nth(1).locator('.mcp-meaning').innerText()).toContain(NOT_JSON);
      const stdout = (await copyTranscript(page, c)).filter((l) => l.lane === 'stdout');
      expect(stdout.map((l) => l.text.slice(0, 40))).toEqual([BANNER.slice(0, 40), DEBUG.slice(0, 40), expect.stringMatching(/^\{"jsonrpc":"2.0","id":1,/)]);
      expect(toolText(stdout[2].json)).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('ServerEditor: console.log -> console.error, Run, and stdout carries the response only', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const e = await serverEditor(page);
      expect(await e.locator('.mcp-changed').getAttribute('data-changed')).toBe('no');
      // 1. Change both console.log( calls to console.error( (the reader's edit, typed into the editor).
      expect(NOISY.split('console.log(').length - 1, 'the lesson says there are two console.log( calls').toBe(2);
      const fixed = NOISY.replaceAll('console.log(', 'console.error(');
      const source = e.locator('.mcp-editor-js');
      await source.click();
      const cm = source.locator('.cm-content');
      await cm.waitFor();
      await cm.click();
      await expect.poll(() => cm.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(fixed);
      await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes');

      // 2. Run: a fresh process; the banner is in the stderr lane, no framing violation.
      await e.locator('button[data-action="run"]').click();
      const c = await consoleAt(page, 0, e);
      // The start of the edit, found by its language-independent attributes (data-event, data-entry).
      await expect.poll(() => c.locator('.mcp-event[data-event="started"][data-entry="toy-servers/noisy.edited.mjs"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain(BANNER);
      expect(await c.locator('li.mcp-line-bad').count()).toBe(0);

      // 3. The same tools/call, one click away: exactly one stdout line, the response; the debug text in the stderr lane.
      await pickTemplate(c, label, CALL);
      await send(page, c, undefined);
      const pid = await pidOf(c);
      const lines = (await copyTranscript(page, c)).filter((l) => l.pid === pid);
      const stdout = lines.filter((l) => l.lane === 'stdout');
      expect(stdout).toHaveLength(1);
      expect(stdout[0].json.id).toBe(1);
      expect(toolText(stdout[0].json)).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain(DEBUG);
      expect(await c.locator('li.mcp-line-bad').count()).toBe(0);
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });
  });
}
