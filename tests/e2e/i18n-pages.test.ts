/**
 * Every Indonesian page speaks Indonesian, on the default
 * build in Chromium. For each page of `lessons/id/` (one page load each, no
 * interaction beyond scrolling every island into view and waiting for it to
 * hydrate; the journeys cover interactions):
 *
 * - the widgets' text, and their aria-label, title and placeholder attributes
 *   (outside code and raw wire), hold none of the English phrases of any area
 *   of src/i18n whose Indonesian string differs (support/i18n-text.ts);
 * - Starlight's chrome is Indonesian: `<html lang="id">`, no "this content is
 *   not available in your language" notice (the page is a real translation,
 *   not the English fallback), and none of Starlight's English labels in the
 *   header, sidebar, table of contents or pagination;
 * - Starlight's components inside the lesson and its search speak Indonesian
 *   too: no code block's copy button says "Copy to clipboard" / "Copied!", no
 *   terminal frame is titled "Terminal window", no aside is labelled with an
 *   English default title, and Pagefind's search form is not labelled "Search
 *   this site" (support/i18n-text.ts, `starlightTexts`).
 *
 * Then, on one page with a code block, a terminal frame and an aside of each
 * edition: those words are exactly the Indonesian ones of
 * src/i18n/id/starlight.ts on /id/, and stay Starlight's English ones at the root.
 */
import { readdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { englishPhrases, leaks, starlightTexts, widgetText, type StarlightTexts } from './support/i18n-text.ts';
import { table } from '../../src/i18n/index.ts';
import { starlight as ID_UI } from '../../src/i18n/id/starlight.ts';

/** The Indonesian pages, as paths under the base: `lessons/id/<slug>.mdx` -> `/id/<slug>/`, `index.mdx` -> `/id/`. */
const PAGES = readdirSync(new URL('../../lessons/id/', import.meta.url))
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => f.slice(0, -'.mdx'.length))
  .sort()
  .map((slug) => (slug === 'index' ? '/id/' : `/id/${slug}/`));

/** Every phrase of every area, one-word strings of five letters or more included (matched as whole words). */
const PHRASES = englishPhrases({ singleWordMin: 5 });

/**
 * Starlight's English chrome (its `en` translations: skip link, search, theme
 * and language pickers, table of contents, pagination, edit link), each of
 * which Starlight's `id` translations say differently.
 */
const STARLIGHT_ENGLISH = ['Skip to content', 'Search', 'Cancel', 'Select theme', 'Dark', 'Light', 'Auto', 'Select language', 'Main', 'On this page', 'Overview', 'Edit page', 'Last updated:', 'Previous', 'Next', 'Note', 'Tip', 'Caution', 'Danger'];

/**
 * The English words of Starlight's components inside a lesson and of its
 * search (Expressive Code's copy button and terminal frame, the asides'
 * default titles, Pagefind's search form), as {@link starlightTexts} reads them.
 */
const STARLIGHT_CONTENT_ENGLISH = ['Copy to clipboard', 'Copied!', 'Terminal window', 'Search this site', 'Clear', 'Tip', 'Note', 'Caution', 'Danger'];

/** Starlight's notice on a page that falls back to the default language, in English and in Indonesian. */
const FALLBACK_NOTICE = /This content is not available in your language yet|Konten ini belum tersedia dalam bahasa Anda/;

/**
 * Scrolls each island into view in page order and waits until it has
 * hydrated (Astro drops its `ssr` attribute), so `client:visible` islands
 * render in the browser before the page is read.
 */
async function hydrateAll(page: Page): Promise<number> {
  const islands = page.locator('astro-island');
  const n = await islands.count();
  for (let i = 0; i < n; i++) {
    const island: Locator = islands.nth(i);
    await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: 'center' }));
    await expect.poll(() => island.getAttribute('ssr'), { timeout: 30_000 }).toBeNull();
  }
  return n;
}

/**
 * The chrome's labels a reader meets outside the lesson's own content: each
 * element's own text (its text nodes, trimmed) and its aria-label and title,
 * in the header, sidebar, table of contents, pagination and footer.
 */
const chromeLabels = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const markdown = document.querySelector('.sl-markdown-content');
    for (const e of document.querySelectorAll('body *')) {
      if (markdown?.contains(e) || e.closest('astro-island, script, style, template')) continue;
      const own = [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (own) out.push(own);
      for (const a of ['aria-label', 'title']) {
        const v = e.getAttribute(a);
        if (v) out.push(v.trim());
      }
    }
    return out;
  });

test('the phrases cover every area of src/i18n and the pages come from lessons/id/', () => {
  const areas = new Set(Object.keys(table('en')).map((k) => k.split('.')[0]));
  expect([...areas].filter((a) => !PHRASES.some((p) => p.key.startsWith(`${a}.`)))).toEqual([]);
  expect(PAGES).toContain('/id/');
  expect(PAGES).toContain('/id/the-wire/');
  expect(PAGES.length).toBeGreaterThan(10);
});

describe('every Indonesian page, after its islands hydrate', () => {
  for (const path of PAGES) {
    test(`${path}: Indonesian chrome and no English widget string`, async ({ open }) => {
      const page = await open(path);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
      await hydrateAll(page);
      expect(await page.locator('body').innerText()).not.toMatch(FALLBACK_NOTICE);
      expect((await chromeLabels(page)).filter((l) => STARLIGHT_ENGLISH.includes(l))).toEqual([]);
      expect(leaks(await widgetText(page), PHRASES)).toEqual([]);
      expect(Object.values(await starlightTexts(page)).flat().filter((l) => STARLIGHT_CONTENT_ENGLISH.includes(l))).toEqual([]);
    });
  }
});

describe("Starlight's code blocks, asides and search, in each edition", () => {
  /** What a page of each edition shows: Indonesian from src/i18n/id/starlight.ts under /id/, Starlight's English at the root. */
  const EDITIONS: Array<{ prefix: '' | 'id/'; copy: string; copied: string; terminal: string; tip: string; searchLabel: string; clear: string }> = [
    { prefix: '', copy: 'Copy to clipboard', copied: 'Copied!', terminal: 'Terminal window', tip: 'Tip', searchLabel: 'Search this site', clear: 'Clear' },
    {
      prefix: 'id/',
      copy: ID_UI['expressiveCode.copyButtonTooltip']!,
      copied: ID_UI['expressiveCode.copyButtonCopied']!,
      terminal: ID_UI['expressiveCode.terminalWindowFallbackTitle']!,
      tip: ID_UI['aside.tip']!,
      searchLabel: ID_UI['pagefind.search_label']!,
      clear: ID_UI['pagefind.clear_search']!,
    },
  ];
  for (const e of EDITIONS) {
    test(`/${e.prefix}: the copy button, the terminal frame, the tip aside and the search form`, async ({ open }) => {
      // "Write your own MCP server" has one shell block (a terminal frame); "One JSON message per line" a tip with Starlight's default title.
      const code: StarlightTexts = await starlightTexts(await open(`/${e.prefix}write-your-own-server/`));
      expect([...new Set(code.copyButtons)]).toEqual([e.copy, e.copied]);
      expect([...new Set(code.terminalTitles)]).toEqual([e.terminal]);
      expect(code.search).toEqual([e.searchLabel, e.clear]);
      const tip = await starlightTexts(await open(`/${e.prefix}one-message-per-line/`));
      expect(tip.asides).toContain(e.tip);
      expect(tip.search).toEqual([e.searchLabel, e.clear]);
    });
  }
});
