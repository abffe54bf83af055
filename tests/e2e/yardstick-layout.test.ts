/**
 * The checker's Yardstick (src/components/checker/Yardstick.astro) on "Write
 * your own MCP server", English and Indonesian, on the default build:
 *
 * - on a 390 px phone, in the light and the dark theme: the page does not
 *   scroll sideways and neither does the yardstick's own box; each server is
 *   one block, its name above its eight stage verdicts, which sit in one row
 *   (each cell: its stage number, its mark, then its status word for screen
 *   readers), its failed checks below them; Chromium's accessibility tree
 *   still holds a table (a row per server plus the header row, ten column
 *   headers, a row header per server, nine cells per server); axe finds no
 *   WCAG 2.2 AA violation in it;
 * - at 1280 px: the grid of servers by stages, its header row visible and
 *   each stage's verdicts in that stage's column.
 */
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { STAGES } from '../../src/checker/stages.ts';
import { expect, test } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';

const PHONE = { width: 390, height: 844 };
const PATHS = ['/write-your-own-server/', '/id/write-your-own-server/'];

/** The yardstick, scrolled into view. */
async function yardstickOn(page: Page) {
  const y = page.locator('[data-yardstick]');
  await y.scrollIntoViewIfNeeded();
  return y;
}

/** How many nodes of `role` Chromium's accessibility tree holds under the yardstick's table. */
async function axCount(page: Page, role: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-yardstick] table' });
  const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId, role });
  await cdp.detach();
  return nodes.length;
}

describe('at 390 px', () => {
  for (const path of PATHS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${path}, ${colorScheme}: no sideways scroll, one block per server, still a table, no axe violation`, async ({ open }) => {
        const page = await open(path, { colorScheme, viewport: PHONE });
        const y = await yardstickOn(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        expect(await y.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

        const blocks = await y.evaluate((el) =>
          [...el.querySelectorAll('tbody tr')].map((tr) => {
            const box = (e: Element) => e.getBoundingClientRect();
            const name = box(tr.querySelector('th')!);
            const stages = [...tr.querySelectorAll('td[data-stage]')].map((td) => ({ top: box(td).top, bottom: box(td).bottom, text: (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim() }));
            const failed = box(tr.querySelector('td[data-failed-checks]')!);
            return { nameBottom: name.bottom, stages, failedTop: failed.top, right: box(tr).right, boxRight: box(el).right };
          }),
        );
        expect(blocks.length).toBeGreaterThan(0);
        for (const b of blocks) {
          expect(b.stages).toHaveLength(STAGES.length);
          expect(new Set(b.stages.map((s) => s.top)).size).toBe(1); // one row of verdicts
          expect(b.stages[0]!.top).toBeGreaterThanOrEqual(b.nameBottom);
          expect(b.failedTop).toBeGreaterThanOrEqual(b.stages[0]!.bottom);
          expect(b.right).toBeLessThanOrEqual(b.boxRight);
          expect(b.stages.map((s) => s.text)).toEqual(STAGES.map((_, i) => expect.stringMatching(new RegExp(`^${i + 1} [✓!✗–○] `))));
        }

        expect(await axCount(page, 'table')).toBe(1);
        expect(await axCount(page, 'row')).toBe(blocks.length + 1);
        expect(await axCount(page, 'columnheader')).toBe(STAGES.length + 2);
        expect(await axCount(page, 'rowheader')).toBe(blocks.length);
        expect(await axCount(page, 'cell')).toBe(blocks.length * (STAGES.length + 1));

        expect(await axeViolations(page, { include: ['[data-yardstick]'] })).toEqual([]);
      });
    }
  }
});

test('at 1280 px: servers by stages, each verdict under its stage', async ({ open }) => {
  const page = await open('/write-your-own-server/');
  const y = await yardstickOn(page);
  const layout = await y.evaluate((el) => {
    const headers = [...el.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect());
    return {
      display: getComputedStyle(el.querySelector('table')!).display,
      headerHeight: headers[0]!.height,
      headerLefts: headers.slice(1, -1).map((r) => Math.round(r.left)),
      rows: [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td[data-stage]')].map((td) => Math.round(td.getBoundingClientRect().left))),
    };
  });
  expect(layout.display).toBe('table');
  expect(layout.headerHeight).toBeGreaterThan(1);
  expect(layout.headerLefts).toHaveLength(STAGES.length);
  for (const row of layout.rows) expect(row).toEqual(layout.headerLefts);
});
