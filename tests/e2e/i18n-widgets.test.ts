/**
 * The Console, the ServerEditor and the elicitation form speak Indonesian on
 * Indonesian pages (issue 17, point 2): after real exchanges with the toy
 * servers, the widgets' visible text (outside code, the editors and the raw
 * wire) holds none of the English strings of the console, editor,
 * elicitation, counter, meaning and common tables that have a different
 * Indonesian string, and numbers are written the Indonesian way.
 */
import type { Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { consoleAt, send } from './support/lesson-widgets.ts';
import { serverEditorAt } from './support/lesson-editor.ts';
import { table, type StringKey } from '../../src/i18n/index.ts';

const AREAS = ['common.', 'console.', 'editor.', 'elicitation.', 'counter.', 'meaning.'];

/**
 * The English phrases that must not show on an Indonesian page: each string's
 * fixed parts (split at its `{placeholders}`) of two words or more, when the
 * Indonesian string differs and does not contain that same part.
 */
function englishPhrases(): string[] {
  const en = table('en');
  const id = table('id');
  const out = new Set<string>();
  for (const key of Object.keys(en) as StringKey[]) {
    if (!AREAS.some((a) => key.startsWith(a)) || en[key] === id[key]) continue;
    for (const part of en[key].split(/\{\w+\}/)) {
      const phrase = part.trim();
      if (phrase.split(/\s+/).filter(Boolean).length >= 2 && !id[key].includes(phrase)) out.add(phrase);
    }
  }
  return [...out];
}

/**
 * What a reader reads in the widgets: their text and their aria-label, title
 * and placeholder attributes, without code, pre, the editors' content, raw
 * wire lines and JSON views (wire bytes are never translated), nor the
 * server's own message in a form.
 */
const widgetText = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const w of document.querySelectorAll('section.mcp-widget, [data-widget="integration-counter"]')) {
      const clone = w.cloneNode(true) as HTMLElement;
      for (const e of clone.querySelectorAll('code, pre, .mcp-editor, .mcp-raw, .mcp-json, .mcp-elicit-message')) e.remove();
      out.push(clone.textContent ?? '');
      for (const e of [clone, ...clone.querySelectorAll('*')]) {
        for (const a of ['aria-label', 'title', 'placeholder']) {
          const v = e.getAttribute(a);
          if (v) out.push(v);
        }
      }
    }
    return out.join('\n');
  });

/** Asserts that no English phrase of the tables shows, naming the ones that do. */
async function expectNoEnglish(page: Page): Promise<void> {
  const text = (await widgetText(page)).replace(/\s+/g, ' ');
  expect(text.length).toBeGreaterThan(200);
  expect(englishPhrases().filter((p) => text.includes(p.replace(/\s+/g, ' ')))).toEqual([]);
}

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
  await page.locator('astro-island:not([ssr]) [data-widget="integration-counter"]').waitFor({ timeout: 20_000 });
  await counter.locator('#ic-apps-n').fill('50');
  await counter.locator('#ic-systems-n').fill('50');
  await expect.poll(() => counter.locator('[data-point-to-point]').innerText()).toBe('2.500');
  expect(await counter.locator('[data-saved]').innerText()).toBe('Hemat: 2.400 integrasi.');
  await expectNoEnglish(page);
});
