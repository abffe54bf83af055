/**
 * Every widget table keeps its words and numbers whole, at 320, 390 and 1280 px,
 * in both editions, on the default build in Chromium, once the widget has its
 * data: the CacheView's entries (after the week and the tool list are stored, a
 * subscription is opened and an event created, so rows are fresh and stale),
 * the TokenMeter's live-beside-recorded figures (after the reference server is
 * counted) and the checker's Yardstick (server-rendered).
 *
 * A word is split when its characters lie on two lines: for each text node of
 * each cell and caption, each word's `Range.getClientRects()` must sit on one
 * line. A word is what lies between spaces, and a break right after an
 * explicit hyphen or slash is a break between words (`server-` `everything`,
 * `calendar:/` `/week`); a number (`300000`, `60.000`) has neither, so it stays
 * whole. The table list is checked against `src/components`: a widget that
 * renders a `<table>` and is not covered here fails the first test.
 *
 * Where a table is wider than its box, the box scrolls, not the page: it is
 * focusable (`tabindex="0"`) and labelled (a region with an `aria-label`), so
 * a keyboard reader can scroll it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { hydrated } from './support/lesson-widgets.ts';

const WIDTHS = [320, 390, 1280];
const EDITIONS = ['', 'id/'];

/** A widget table: the page it is on, how to bring it to its data, and where its table and scrolling box are. */
interface TableCase {
  name: string;
  /** The source file (under src/components) that renders the `<table>`. */
  file: string;
  slug: string;
  /** Brings the widget to its data; returns the element holding the table. */
  fill: (page: Page) => Promise<Locator>;
  /** The table, and the box that scrolls when it is too wide (default: what `fill` returned), within what `fill` returned. */
  table: string;
  box?: string;
}

/** Presses `action` in the CacheView and waits until the widget is idle again (its first button enabled). */
async function press(v: Locator, action: string): Promise<void> {
  await v.locator(`button[data-action="${action}"]`).click();
  await expect.poll(() => v.locator('button[data-action="need-week"]').isEnabled(), { timeout: 20_000 }).toBe(true);
}

const CASES: TableCase[] = [
  {
    name: 'CacheView entries',
    file: 'cache-view/CacheEntries.tsx',
    slug: 'caching-and-change-notifications',
    table: 'table.cv-table',
    box: '.cv-table-wrap',
    fill: async (page) => {
      const v = await hydrated(page, 'cache-view');
      await press(v, 'need-week');
      await press(v, 'need-tools');
      await press(v, 'listen');
      await press(v, 'create-event');
      await expect.poll(() => v.locator('table.cv-table tbody tr').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(() => v.locator('table.cv-table tbody tr[data-state="stale"]').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      return v;
    },
  },
  {
    name: 'TokenMeter live beside recorded',
    file: 'token-meter/RecordedBeside.tsx',
    slug: 'what-a-catalog-costs',
    table: '.tm-recorded table',
    box: '.tm-recorded .fw-table-box',
    fill: async (page) => {
      const meter = page.locator('[data-widget=token-meter][data-server=everything]');
      await meter.scrollIntoViewIfNeeded();
      // The verdict beside the recording, or what the meter says went wrong (so a failure names it).
      const outcome = () =>
        meter.evaluate((m) => (m.querySelector('[data-meter-status]')?.getAttribute('data-meter-status') === 'failed' ? `failed: ${m.querySelector('.fw-error')?.textContent}` : m.querySelector('.tm-recorded')?.getAttribute('data-recorded')));
      await expect.poll(outcome, { timeout: 90_000 }).toMatch(/^(same|differs)$/);
      return meter;
    },
  },
  {
    name: 'Yardstick',
    file: 'checker/Yardstick.astro',
    slug: 'write-your-own-server',
    table: 'table',
    fill: async (page) => {
      const y = page.locator('[data-yardstick]');
      await y.scrollIntoViewIfNeeded();
      return y;
    },
  },
];

/**
 * The words of `table` that lie on more than one line, as `"word" in <cell text>`:
 * each text node of each cell and caption, cut into words at spaces and after
 * each hyphen or slash, each word's client rects grouped by line (top, rounded).
 */
const splitWords = (table: Locator) =>
  table.evaluate((t) => {
    const out: string[] = [];
    for (const cell of t.querySelectorAll('th, td, caption')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[^\s/-]*[/-]+|[^\s/-]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`"${m[0]}" in "${(cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim()}"`);
        }
      }
    }
    return out;
  });

/** What scrolls sideways: the page (px of overflow), and the table's box (its overflow, and how it is reachable by keyboard). */
const overflow = (page: Page, box: Locator) =>
  Promise.all([
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    box.evaluate((el) => ({ over: el.scrollWidth - el.clientWidth, tabindex: el.getAttribute('tabindex'), role: el.getAttribute('role'), label: el.getAttribute('aria-label') ?? '' })),
  ]);

test('the cases cover every widget that renders a table', () => {
  const root = new URL('../../src/components/', import.meta.url).pathname;
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(tsx|astro)$/.test(f) && /<table[\s>]/.test(readFileSync(join(root, f), 'utf8')));
  expect(files.sort()).toEqual(CASES.map((c) => c.file).sort());
});

describe('no word or number of a widget table is split', () => {
  for (const prefix of EDITIONS) {
    for (const c of CASES) {
      test(`/${prefix}${c.slug}/: ${c.name} at ${WIDTHS.join(', ')} px`, { timeout: 150_000 }, async ({ open }) => {
        const page = await open(`/${prefix}${c.slug}/`);
        const widget = await c.fill(page);
        const table = widget.locator(c.table).first();
        const box = c.box ? widget.locator(c.box).first() : widget;
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
          await table.scrollIntoViewIfNeeded();
          expect(await splitWords(table), `${width} px`).toEqual([]);
          const [pageOver, boxOver] = await overflow(page, box);
          expect(pageOver, `${width} px: the page scrolls sideways`).toBe(0);
          if (boxOver.over > 0) {
            expect(boxOver.tabindex, `${width} px: the scrolling box is focusable`).toBe('0');
            expect(boxOver.role, `${width} px: the scrolling box is a region`).toBe('region');
            expect(boxOver.label.length, `${width} px: the scrolling box is labelled`).toBeGreaterThan(0);
          }
        }
      });
    }
  }
});
