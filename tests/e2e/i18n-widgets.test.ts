/**
 * The Console, the ServerEditor and the elicitation form speak Indonesian on
 * Indonesian pages: after real exchanges with the toy
 * servers, the widgets' visible text (outside code, the editors and the raw
 * wire) holds none of the English strings of the console, editor,
 * elicitation, counter, meaning and common tables that have a different
 * Indonesian string, and numbers are written the Indonesian way.
 */
import type { Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { consoleAt, replies, send, typeMessage, untilHydrated } from './support/lesson-widgets.ts';
import { jsonProblem, jsonProblemText } from '../../src/components/pure/json-problem.ts';
import { t } from '../../src/i18n/index.ts';
import { serverEditorAt } from './support/lesson-editor.ts';
import { commentsOf, expectNoEnglish as expectNoEnglishIn, shownSources } from './support/i18n-text.ts';
import { commentsIn } from '../../src/components/pure/comment-language.ts';
import { readFileSync } from 'node:fs';
import { capstoneStage } from '../capstone-stages.ts';

const AREAS = ['common.', 'console.', 'editor.', 'elicitation.', 'counter.', 'meaning.'];

/**
 * Asserts that the Console, editor, elicitation and counter widgets show none
 * of the English phrases of those areas (see support/i18n-text.ts), naming the ones that do.
 */
const expectNoEnglish = (page: Page) => expectNoEnglishIn(page, { areas: AREAS, selector: 'section.mcp-widget, [data-widget="integration-counter"]' });

/** Times beside transcript lines are written with a decimal comma (12,3 ms), never a decimal point. */
async function expectIndonesianTimes(page: Page): Promise<void> {
  const times = await page.locator('section.mcp-console .mcp-time').allInnerTexts();
  expect(times.length).toBeGreaterThan(0);
  for (const time of times) expect(time).toMatch(/^\d{1,3}(?:\.\d{3})*,\d ms$/);
}

test('the-wire in Indonesian: the Console and its transcript', async ({ open }) => {
  const page = await open('/id/the-wire/');
  const c = await consoleAt(page, 0);
  expect(await c.locator('button[data-action="send"]').innerText()).toBe('Kirim');
  await send(page, c, undefined);
  await expect.poll(() => c.locator('li.mcp-line-in .mcp-meaning').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expectIndonesianTimes(page);
  await expectNoEnglish(page);
});

test('the-wire in Indonesian: text that is not JSON is said in Indonesian, the browser\'s English message only behind it', async ({ open }) => {
  const page = await open('/id/the-wire/');
  const c = await consoleAt(page, 0);
  const typed = '{"jsonrpc":"2.0", "id": 6, "method": "tools/list",}';
  await typeMessage(page, c, typed);
  await c.locator('button[data-action="send"]').click();
  await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
  // What this browser's JSON.parse says of the same text: shown only behind a disclosure marked as English.
  const browser = await page.evaluate((text) => {
    try {
      JSON.parse(text);
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  }, typed);
  expect(browser).not.toBe('');
  const why = jsonProblemText(jsonProblem(typed)!, 'id');
  expect(why).toBe('"}" di baris 1, kolom 51 tidak boleh berada di situ');
  const warning = c.locator('.mcp-warning[role="alert"]');
  await expect.poll(() => warning.locator('p').innerText()).toBe(t('console.notJson', { why, typed: JSON.stringify(typed) }, 'id'));
  const event = c.locator('li.mcp-event', { hasText: t('console.ev.sendingAnyway', { warning: '' }, 'id').trim() });
  for (const where of [warning, event]) {
    const detail = where.locator('details[data-browser-words]');
    expect(await detail.locator('summary').innerText()).toBe(t('common.browserSaid', {}, 'id'));
    expect(await detail.locator('code[lang="en"]').textContent()).toBe(browser);
    // Outside the English disclosure, the browser's words appear nowhere.
    const prose = await where.evaluate((el) => {
      const clone = el.cloneNode(true) as HTMLElement;
      for (const e of clone.querySelectorAll('[lang="en"]')) e.remove();
      return clone.textContent ?? '';
    });
    expect(prose).not.toContain(browser);
    expect(prose).not.toMatch(/position|Unexpected|Expected|JSON at/);
  }
  await expectNoEnglish(page);
});

test('one-message-per-line in Indonesian: framing violations, the ServerEditor and its Console', async ({ open }) => {
  const page = await open('/id/one-message-per-line/');
  const c = await consoleAt(page, 0);
  await send(page, c, undefined);
  await expect.poll(() => c.locator('.mcp-line-bad .mcp-meaning').first().innerText(), { timeout: 20_000 }).toMatch(/^pelanggaran framing: bukan JSON/);
  const e = await serverEditorAt(page, 0);
  expect(await e.locator('button[data-action="run"]').innerText()).toBe('Jalankan');
  expect(await e.locator('.mcp-changed').innerText()).toBe('asli');
  await e.locator('details.mcp-take-home summary').click();
  await expectIndonesianTimes(page);
  await expectNoEnglish(page);
});

test('asking-the-person in Indonesian: input_required opens the form, and its checks speak Indonesian', async ({ open }) => {
  const page = await open('/id/asking-the-person/');
  const c = await consoleAt(page, 0);
  await send(page, c, undefined);
  const form = c.getByRole('form');
  await form.waitFor({ timeout: 20_000 });
  expect(await c.locator('.mcp-announce').innerText()).toContain('Server meminta input');
  // Accept with the required field empty: the field's problem and the summary say so in Indonesian.
  await form.locator('button[data-action="accept"]').click();
  await expect.poll(() => form.locator('.mcp-field-err').first().innerText()).toBe('Wajib diisi.');
  expect(await form.locator('[role=alert]').innerText()).toBe('Perbaiki isian di atas, atau tolak.');
  await expectIndonesianTimes(page);
  await expectNoEnglish(page);
  // Decline: the retry goes out and is announced in Indonesian.
  await form.locator('button[data-action="decline"]').click();
  await expect.poll(() => c.locator('.mcp-event').allInnerTexts(), { timeout: 20_000 }).toContainEqual(expect.stringContaining('mencoba ulang tools/call dengan id baru'));
  await expectNoEnglish(page);
});

test('the integration counter writes its numbers the Indonesian way', async ({ open }) => {
  const page = await open('/id/why-a-protocol/');
  const counter = page.locator('[data-widget="integration-counter"]');
  await counter.scrollIntoViewIfNeeded();
  await page.locator('[data-widget="integration-counter"][data-ready=yes]').waitFor({ timeout: 20_000 });
  await counter.locator('#ic-apps-n').fill('50');
  await counter.locator('#ic-systems-n').fill('50');
  await expect.poll(() => counter.locator('[data-point-to-point]').innerText()).toBe('2.500');
  expect(await counter.locator('[data-saved]').innerText()).toBe('Hemat: 2.400 integrasi.');
  await expectNoEnglish(page);
});

/** The capstone's files whose comments are written in both languages: the starter and the eight stage solutions. */
const CAPSTONE_SOURCES = [readFileSync(new URL('../../toy-servers/starter.mjs', import.meta.url), 'utf8'), ...Array.from({ length: 8 }, (_, i) => capstoneStage(i + 1))];
const capstoneComments = (lang: 'en' | 'id') => new Set(CAPSTONE_SOURCES.flatMap((source) => commentsOf(commentsIn(source, lang))));

for (const { prefix, lang, other } of [
  { prefix: 'id/', lang: 'id', other: 'en' },
  { prefix: '', lang: 'en', other: 'id' },
] as const) {
  test(`/${prefix}write-your-own-server/: the starter in the editor and every stage solution carry the page's comments only`, { timeout: 90_000 }, async ({ open }) => {
    const page = await open(`/${prefix}write-your-own-server/`);
    await serverEditorAt(page, 0);
    const c = page.locator('section.mcp-checker');
    await c.scrollIntoViewIfNeeded();
    await untilHydrated(c);
    for (let n = 1; n <= 8; n++) {
      const stage = c.locator('li.mcp-checker-stage').nth(n - 1);
      if (!(await stage.locator(':scope > details').evaluate((d) => (d as HTMLDetailsElement).open))) await stage.locator(':scope > details > summary').click();
      await stage.locator('[data-action="solution"]').click();
      await expect.poll(() => stage.locator(`pre[data-solution="${n}"]`).count()).toBe(1);
    }
    const sources = await shownSources(page);
    const shown = sources.flatMap(commentsOf);
    const mine = capstoneComments(lang);
    const theirs = capstoneComments(other);
    // Every comment of the nine files is shown (the starter in the editor, each stage in its solution), in the page's language.
    expect(shown.length).toBeGreaterThan(100);
    expect(shown.filter((k) => !mine.has(k))).toEqual([]);
    expect(shown.filter((k) => theirs.has(k))).toEqual([]);
    expect([...mine].filter((k) => !shown.includes(k))).toEqual([]);
  });
}
