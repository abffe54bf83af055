/**
 * No page jumps: on every lesson page (English and Indonesian), Cumulative
 * Layout Shift as the metric defines it (PerformanceObserver 'layout-shift';
 * shifts right after the reader's input excluded; the largest session window
 * of shifts less than 1 s apart and at most 5 s long) stays below 0.05 while
 * the page loads, every widget hydrates as it scrolls into view, and the
 * token meter's tokenizer arrives. Every shift is listed when it fails.
 */
import { readdirSync } from 'node:fs';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';

const lessonsDir = new URL('../../lessons/', import.meta.url);
const slugs = (dir: URL) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => f.replace(/\.mdx$/, ''))
    .map((s) => (s === 'index' ? '' : `${s}/`));
const pages = [...slugs(lessonsDir), ...slugs(new URL('id/', lessonsDir)).map((s) => `id/${s}`)];

describe('layout shift', () => {
  for (const path of pages) {
    test(`/${path}: layout shift below 0.05 while it loads, hydrates and its widgets fill in`, async ({ open }) => {
      const page = await open(path);
      await page.evaluate(() => {
        const g = globalThis as unknown as { __shift: { total: number; worst: string[]; window: number; first: number; last: number } };
        g.__shift = { total: 0, worst: [], window: 0, first: -1e9, last: -1e9 };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Array<{ value: number; startTime: number; hadRecentInput: boolean; sources?: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
            if (e.hadRecentInput) continue;
            const w = g.__shift;
            if (e.startTime - w.last > 1000 || e.startTime - w.first > 5000) {
              w.window = 0;
              w.first = e.startTime;
            }
            w.window += e.value;
            w.last = e.startTime;
            w.total = Math.max(w.total, w.window);
            const node = e.sources?.[0]?.node;
            const r = (x?: DOMRectReadOnly) => (x ? `${Math.round(x.x)},${Math.round(x.y)} ${Math.round(x.width)}x${Math.round(x.height)}` : '?');
            const s0 = e.sources?.[0];
            g.__shift.worst.push(
              `${e.value.toFixed(3)} at ${Math.round(e.startTime)} ms, scrollY ${Math.round(scrollY)}: ${node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName)} ${r(s0?.previousRect)} -> ${r(s0?.currentRect)}`,
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Scroll through the page a screen at a time, so every client:visible island hydrates on screen.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(150);
      }
      const meters = page.locator('[data-widget=token-meter]');
      for (let i = 0; i < (await meters.count()); i++) {
        await meters.nth(i).scrollIntoViewIfNeeded();
        await expect.poll(() => meters.nth(i).locator('[data-meter-status]').getAttribute('data-meter-status'), { timeout: 60_000 }).toBe('counted');
      }
      await page.waitForTimeout(300);
      const shift = await page.evaluate(() => (globalThis as unknown as { __shift: { total: number; worst: string[] } }).__shift);
      expect(shift.total, `shifts: ${shift.worst.join(', ')}`).toBeLessThan(0.05);
    });
  }
});
