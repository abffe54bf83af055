/**
 * No page jumps: on every lesson page (English and Indonesian), Cumulative
 * Layout Shift as the metric defines it (PerformanceObserver 'layout-shift';
 * shifts right after the reader's input excluded; the largest session window
 * of shifts less than 1 s apart and at most 5 s long) stays below 0.05 while
 * the page loads, every widget hydrates as it scrolls into view, and the
 * token meter's tokenizer arrives: English pages at 1280 px (light);
 * Indonesian pages, which share the English pages' widgets and layout, at
 * 390 px (dark), where their longer labels wrap most. Every shift is listed
 * when it fails. Each page is also the offline classroom's: with every widget
 * hydrated and its tokenizer loaded, it has asked no other host for anything
 * (the sub-path build's pages are checked in lesson-course.test.ts).
 *
 * The browser paints a page while it still parses it, so a page must also
 * hold still when its HTML arrives in pieces: the last test holds the HTML
 * back right before the main pane until the part before it has been painted.
 */
import { createServer, type Server } from 'node:http';
import { readdirSync } from 'node:fs';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';

const lessonsDir = new URL('../../lessons/', import.meta.url);
const slugs = (dir: URL) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => f.replace(/\.mdx$/, ''))
    .map((s) => (s === 'index' ? '' : `${s}/`));
const english = slugs(lessonsDir);
const indonesian = slugs(new URL('id/', lessonsDir)).map((s) => `id/${s}`);

const views = [
  { name: '1280 px, light', viewport: { width: 1280, height: 800 }, colorScheme: 'light', pages: english },
  { name: '390 px, dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', pages: indonesian },
] as const;

describe.each(views)('layout shift at $name', ({ viewport, colorScheme, pages }) => {
  for (const path of pages) {
    test(`/${path}: layout shift below 0.05 while it loads, hydrates and its widgets fill in; no request to another host`, async ({ open, watch }) => {
      const page = await open(path, { viewport, colorScheme, offline: true });
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
      await page.waitForLoadState('networkidle');
      expect(watch.blocked, 'requests to other hosts').toEqual([]);
      // Each token meter may wait up to a minute for its tokenizer on a busy machine: room for two and the scroll.
    }, 180_000);
  }
});

/**
 * A proxy in front of the site that sends a page's HTML up to (not including)
 * `marker`, and the rest only when `release()` is called; every other request
 * passes through unchanged.
 */
async function heldBackProxy(upstream: string, marker: string): Promise<{ url: string; release: () => void; close: () => Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const server: Server = createServer(async (req, res) => {
    const answer = await fetch(new URL(req.url ?? '/', upstream));
    const headers = Object.fromEntries([...answer.headers].filter(([k]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)));
    res.writeHead(answer.status, headers);
    const body = Buffer.from(await answer.arrayBuffer());
    const at = (answer.headers.get('content-type') ?? '').includes('text/html') ? body.indexOf(marker) : -1;
    if (at < 0) return res.end(body);
    res.write(body.subarray(0, at));
    await released;
    res.end(body.subarray(at));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, release, close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

test('the "On this page" sidebar keeps its place when the page is painted before its main pane has arrived', async ({ browser, baseURL }) => {
  // Starlight writes the sidebar before the main pane in the HTML; a paint between the two used to show
  // the sidebar where the main pane goes, then move it 680 px to the right (a shift of about 0.4).
  const proxy = await heldBackProxy(baseURL, '<div class="main-pane');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const g = globalThis as unknown as { __shifts: string[] };
      g.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ value: number; sources?: Array<{ node?: Node }> }>) {
          const node = e.sources?.[0]?.node;
          g.__shifts.push(`${e.value.toFixed(3)} ${node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName)}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(new URL('the-wire/', proxy.url).href, { waitUntil: 'commit' });
    // The part before the main pane is parsed and painted (two frames), the main pane not yet there.
    await page.waitForSelector('.right-sidebar', { state: 'attached' });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.locator('.main-pane').count()).toBe(0);
    const before = await page.locator('.right-sidebar').boundingBox();
    proxy.release();
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await page.locator('.right-sidebar').boundingBox();
    expect(after?.x, 'the sidebar did not move').toBe(before?.x);
    const shifts = await page.evaluate(() => (globalThis as unknown as { __shifts: string[] }).__shifts);
    const total = shifts.reduce((sum, line) => sum + Number(line.split(' ')[0]), 0);
    expect(total, `shifts: ${shifts.join(', ')}`).toBeLessThan(0.05);
  } finally {
    proxy.release();
    await context.close();
    await proxy.close();
  }
});
