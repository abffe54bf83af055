/**
 * The engine badge and the checker's "Received" speak the page's language
 * on the default build in Chromium:
 *
 * - /id/the-wire/: the badge is Indonesian in the build's HTML (before any
 *   script runs) and after hydration and a real exchange; asking for real
 *   Node with the network cut (the only request that would leave the origin
 *   is the reachability check to StackBlitz, and it is blocked) gives the
 *   fallback reason in Indonesian. No English string of the `engine` area
 *   that differs from its Indonesian shows in any badge.
 * - /id/write-your-own-server/: the Checker runs on the starter (which answers
 *   nothing); stage 1 fails and what the server did is Indonesian prose
 *   around the numbers, and the badge is Indonesian.
 * - /the-wire/: the same badge in English, with no Indonesian string.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { consoleAt, send, untilHydrated } from './support/lesson-widgets.ts';
import { t, table, type Lang, type StringKey } from '../../src/i18n/index.ts';
import { NOT_ISOLATED_REASON, OFF_REASON } from '../../src/components/pure/engine-policy.ts';

/**
 * The strings of the `engine` area in `lang` that must not show on a page in
 * the other language: each string's fixed parts (split at `{placeholders}`)
 * of two words or more, or one word of five letters or more, when the other
 * language's string differs and does not contain that part.
 */
function phrasesOf(lang: Lang): string[] {
  const mine = table(lang);
  const other = table(lang === 'en' ? 'id' : 'en');
  const out = new Set<string>();
  for (const key of Object.keys(mine) as StringKey[]) {
    if (!key.startsWith('engine.') || mine[key] === other[key]) continue;
    for (const part of mine[key].split(/\{\w+\}/)) {
      const phrase = part.trim().replace(/^[:(]\s*|\s*[:)]$/g, '');
      const words = phrase.split(/\s+/).filter(Boolean);
      if ((words.length >= 2 || (words.length === 1 && phrase.length >= 5)) && !other[key].includes(phrase)) out.add(phrase);
    }
  }
  return [...out];
}

/** What a reader reads in every engine badge of the page: text, aria-label and title. */
const badgeText = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const b of document.querySelectorAll('.mcp-badge')) {
      out.push((b as HTMLElement).innerText);
      for (const e of [b, ...b.querySelectorAll('*')]) for (const a of ['aria-label', 'title']) if (e.getAttribute(a)) out.push(e.getAttribute(a)!);
    }
    return out.join('\n').replace(/\s+/g, ' ');
  });

/** Asserts that the page's badges show none of the other language's engine phrases (and that there are badges). */
async function expectOnly(page: Page, lang: Lang): Promise<void> {
  const text = await badgeText(page);
  expect(text.length).toBeGreaterThan(10);
  expect(phrasesOf(lang === 'en' ? 'id' : 'en').filter((p) => text.includes(p))).toEqual([]);
}

/** The page as the build wrote it, with scripts off: what a reader sees before hydration. */
async function buildHtml(browser: Browser, url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return { page, close: () => context.close() };
}

/**
 * The browser logs the blocked reachability check as a console error
 * ("Failed to load resource: net::ERR_INTERNET_DISCONNECTED"); that is the
 * expected outcome of asking for real Node offline, so it is taken off the
 * fixture's list of problems after checking it is that one.
 */
function expectProbeLogged(watch: { problems: string[] }): void {
  const refused: string[] = watch.problems.filter((p) => p === 'console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  expect(refused.length).toBeGreaterThan(0);
  watch.problems.splice(0, watch.problems.length, ...watch.problems.filter((p) => !refused.includes(p)));
}

test('the English policy reasons and the strings of the engine area are the same sentences', () => {
  // engine-policy.ts keeps its English constants (the lab page and other tests use them); the badge says them from src/i18n.
  expect(t('engine.reason.off', {}, 'en')).toBe(OFF_REASON);
  expect(t('engine.reason.notIsolated', {}, 'en')).toBe(NOT_ISOLATED_REASON);
  expect(phrasesOf('en').length).toBeGreaterThan(15);
});

test('/id/the-wire/: the engine badge is Indonesian in the build\'s HTML, after hydration, and in its fallback reason', async ({ open, browser, baseURL, watch }) => {
  const url = new URL('id/the-wire/', baseURL).href;
  const built = await buildHtml(browser, url);
  const first = built.page.locator('section.mcp-console .mcp-badge').first();
  expect(await first.locator('.mcp-badge-engine').innerText()).toBe(t('engine.state.idle', {}, 'id'));
  expect(await first.locator('.mcp-badge-pid').innerText()).toBe(t('engine.noProcess', {}, 'id'));
  await expectOnly(built.page, 'id');
  await built.close();

  const page = await open('/id/the-wire/', { offline: true });
  const c = await consoleAt(page, 0);
  await send(page, c, undefined);
  const badge = c.locator('.mcp-badge');
  await expect.poll(() => badge.locator('.mcp-badge-engine').innerText()).toBe('Engine Worker');
  expect(await badge.locator('.mcp-badge-pid').innerText()).toMatch(/^pid \d+$/);
  expect(await badge.locator('button[data-action="reset-files"]').innerText()).toBe('Kembalikan file');
  const realNode: Locator = badge.locator('button[data-action="real-node"]');
  expect(await realNode.innerText()).toBe('Jalankan di Node sungguhan');
  await expectOnly(page, 'id');

  // Real Node with the network cut: the page stays on the Worker engine and says why, in Indonesian.
  await realNode.click();
  const reason = t('engine.reason.fallback', { why: t('engine.reason.unreachable', {}, 'id') }, 'id');
  expect(reason).toMatch(/^Berjalan di engine Worker: WebContainer membutuhkan StackBlitz/);
  await expect.poll(() => badge.locator('.mcp-badge-reason').allInnerTexts(), { timeout: 30_000 }).toEqual([reason]);
  expect(await realNode.count()).toBe(0);
  expect(watch.blocked.length).toBeGreaterThan(0);
  expect(watch.blocked.every((u) => new URL(u).hostname.endsWith('stackblitz.com'))).toBe(true);
  await expectOnly(page, 'id');
  expectProbeLogged(watch);
});

test('/id/write-your-own-server/: the Checker\'s failure on the starter says what the server did in Indonesian', async ({ open }) => {
  const page = await open('/id/write-your-own-server/');
  const c = page.locator('section.mcp-checker');
  await c.scrollIntoViewIfNeeded();
  await untilHydrated(c);
  await c.locator('[data-action="run"]').click();
  await expect.poll(() => c.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
  const failed = c.locator('[data-check="framing.stdout-only"]');
  expect(await failed.getAttribute('data-status')).toBe('fail');
  const detail = failed.locator('.mcp-checker-detail');
  const labels = await detail.locator('dt').allInnerTexts();
  const at = labels.indexOf(t('checker.received', {}, 'id'));
  expect(at, `labels: ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
  // The starter answers nothing: "no reply to server/discover (id 3) within 3000 ms", said in Indonesian with the number written the Indonesian way.
  const received = await detail.locator('dd').nth(at).innerText();
  expect(received).toMatch(/^tidak ada balasan untuk server\/discover \(id \d+\) dalam \d{1,3}(?:\.\d{3})* ms$/);
  expect(received).not.toContain('reply');
  await expectOnly(page, 'id');
  expect(await c.locator('.mcp-badge .mcp-badge-engine').innerText()).toBe('Engine Worker');
});

test('/the-wire/ in English: the same badge in English, with no Indonesian string', async ({ open, browser, baseURL }) => {
  const built = await buildHtml(browser, new URL('the-wire/', baseURL).href);
  expect(await built.page.locator('section.mcp-console .mcp-badge .mcp-badge-engine').first().innerText()).toBe('engine not started yet');
  await expectOnly(built.page, 'en');
  await built.close();

  const page = await open('/the-wire/');
  const c = await consoleAt(page, 0);
  await send(page, c, undefined);
  const badge = c.locator('.mcp-badge');
  await expect.poll(() => badge.locator('.mcp-badge-engine').innerText()).toBe('Worker engine');
  expect(await badge.locator('button[data-action="real-node"]').innerText()).toBe('Run in real Node');
  expect(await badge.locator('button[data-action="reset-files"]').innerText()).toBe('Reset files');
  await expectOnly(page, 'en');
});
