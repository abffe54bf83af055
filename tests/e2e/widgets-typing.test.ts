/**
 * Nothing a reader types is lost while the editor is still loading, and the
 * elicitation form never takes the focus from a reader who is typing.
 *
 * The editor chunks are held back by Playwright routing after hydration and
 * released wave by wave, with keys typed between every wave, so keystrokes
 * land at every moment of CodeMirror's loading (whatever the network speed).
 */
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { HeldRequests } from './support/held-requests.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/console/';
const KEY = 'mcp-by-hand:edit:/lab/console/:toy-servers/calendar.mjs';

/** Every script chunk of the site. */
const SCRIPTS = /\/_astro\/.*\.js(\?.*)?$/;
/** Holds every script chunk requested from now on: `releaseHeld` lets the current ones go, `releaseAll` every one. */
const holdScripts = (page: Page) => new HeldRequests(page, (url) => SCRIPTS.test(url.href));

/**
 * Types `text` two characters at a time while the editor in `host` loads:
 * between every pair, the chunks held so far are released; then waits for the
 * next chunk request or for CodeMirror; the rest is typed once it is there.
 */
async function typeWhileLoading(page: Page, gate: HeldRequests, host: Locator, text: string): Promise<number> {
  let i = 0;
  let waves = 0;
  const mounted = () => host.locator('.cm-content').count().then((n) => n > 0);
  while (i < text.length && !(await mounted())) {
    await page.keyboard.type(text.slice(i, i + 2));
    i += 2;
    if (gate.held.length) waves++;
    await gate.releaseHeld();
    await expect.poll(async () => gate.held.length > 0 || (await mounted()), { timeout: 20_000 }).toBe(true);
  }
  await page.keyboard.type(text.slice(i));
  return waves;
}

const editorText = (host: Locator) =>
  host.evaluate((el) => {
    const cm = el.querySelector('.cm-content') as HTMLElement | null;
    return cm ? cm.innerText : (el.querySelector('textarea') as HTMLTextAreaElement).value;
  });

describe('typing while the editor loads', () => {
  test('Console: all 20 characters arrive and are what Send sends', async ({ open }) => {
    const page = await open(LAB);
    const c = page.locator('section.mcp-console').first();
    await c.scrollIntoViewIfNeeded();
    await untilHydrated(c);
    const gate = holdScripts(page);
    await gate.install();
    const host = c.locator('.mcp-editor').first();
    const ta = host.locator('textarea');
    await ta.focus();
    await ta.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    // 20 characters appended after the prefilled message: a second message would be invalid, so use a JSON string's content instead.
    await ta.evaluate((el: HTMLTextAreaElement) => {
      el.value = '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"x":"';
      el.setSelectionRange(el.value.length, el.value.length);
    });
    const typed = 'abcdefghijklmnopqrst';
    const waves = await typeWhileLoading(page, gate, host, typed);
    expect(waves, 'keys were typed across several loading waves').toBeGreaterThan(1);
    await gate.releaseAll();
    await expect.poll(() => host.locator('.cm-content').count(), { timeout: 20_000 }).toBe(1);
    await page.keyboard.type('"}}');
    await expect.poll(() => editorText(host)).toBe(`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"x":"${typed}"}}`);
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => c.locator('li.mcp-line-out .mcp-raw').first().innerText(), { timeout: 20_000 }).toContain(`"x":"${typed}"`);
  });

  test('ServerEditor: screen, localStorage and Run all have the 20 characters', async ({ open }) => {
    const page = await open(LAB);
    const e = page.locator('section.mcp-server-editor').first();
    await e.scrollIntoViewIfNeeded();
    await untilHydrated(e);
    const gate = holdScripts(page);
    await gate.install();
    const host = e.locator('.mcp-editor-js');
    const ta = host.locator('textarea');
    await ta.focus();
    await ta.evaluate((el: HTMLTextAreaElement) => {
      el.value = el.value.replace(/\s*$/, '\n');
      el.setSelectionRange(el.value.length, el.value.length);
    });
    const typed = 'console.error("xyz")'; // 20 characters
    expect(typed).toHaveLength(20);
    await typeWhileLoading(page, gate, host, typed);
    await gate.releaseAll();
    await expect.poll(() => host.locator('.cm-content').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => editorText(host)).toMatch(/\nconsole\.error\("xyz"\)\s*$/);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k) ?? '', KEY)).toMatch(/\nconsole\.error\("xyz"\)$/);
    await e.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => e.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('xyz');
  });
});

describe('the elicitation form and focus', () => {
  test('a form that appears while the reader types does not take their keystrokes; it is announced politely', async ({ open }) => {
    const page = await open(LAB);
    const c = page.locator('section.mcp-console').first();
    await c.scrollIntoViewIfNeeded();
    await untilHydrated(c);
    const host = c.locator('.mcp-editor').first();
    await host.click();
    await expect.poll(() => c.locator('.cm-content').evaluate((el) => el === document.activeElement), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist"}}}');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.keyboard.press('ControlOrMeta+End');
    const form = c.getByRole('form');
    // Keep typing until the form is there, then a little more.
    for (let i = 0; i < 400 && (await form.count()) === 0; i++) await page.keyboard.type('a');
    await expect.poll(() => form.count(), { timeout: 20_000 }).toBe(1);
    await page.keyboard.type('bcd');
    await expect.poll(() => editorText(host)).toMatch(/bcd$/);
    expect(await c.locator('.cm-content').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.locator('input').first().inputValue()).toBe('');
    const live = c.locator('[aria-live="polite"]', { hasText: 'asks for input' });
    await expect.poll(() => live.count()).toBe(1);
    // The reader's action moves the focus.
    await c.getByRole('button', { name: 'Go to the form' }).click();
    await expect.poll(() => form.locator('input').first().evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
