import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Locator } from 'playwright-core';
import { test, expect } from './support/fixtures.ts';

test('the landing page tells a newcomer what the course is and where to start', async ({ open }) => {
  const page = await open('/');
  await expect.poll(() => page.title()).toContain('MCP by Hand');
  const start = page.getByRole('link', { name: /how the course works/i }).first();
  await start.click();
  await page.waitForURL(/how-this-course-works/);
  await expect.poll(() => page.locator('h1').first().textContent()).toContain('How this course works');
});

test('every page of the preview build is cross-origin isolated', async ({ open }) => {
  const page = await open('/how-this-course-works/');
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  const response = await page.request.get(page.url());
  expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers()['cross-origin-embedder-policy']).toBe('require-corp');
});

test('the Indonesian edition: every English page has its Indonesian page, in Indonesian, in the same sidebar order', async ({ open }) => {
  const english = readdirSync('lessons').filter((f) => f.endsWith('.mdx')).sort();
  const indonesian = readdirSync('lessons/id').filter((f) => f.endsWith('.mdx')).sort();
  expect(indonesian).toEqual(english);
  const page = await open('/id/how-this-course-works/');
  expect(await page.locator('html').getAttribute('lang')).toBe('id');
  await expect.poll(() => page.locator('h1').first().textContent()).toContain('Cara kerja kursus ini');
  // No fallback notice: the page is a translation, not the English page.
  expect(await page.locator('main').innerText()).not.toContain('belum tersedia dalam bahasa Anda');
  const hrefs = (p: typeof page) =>
    p.locator('nav.sidebar a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const idLinks = await hrefs(page);
  const en = await open('/how-this-course-works/');
  const enLinks = await hrefs(en);
  expect(idLinks.length).toBe(enLinks.length);
  expect(idLinks).toEqual(enLinks.map((path) => `/id${path}`));
});

test('switching language keeps the reader on the same lesson', async ({ open }) => {
  const page = await open('/the-wire/');
  await page.locator('starlight-lang-select select').first().selectOption({ label: 'Bahasa Indonesia' });
  await page.waitForURL(/\/id\/the-wire\/$/);
  expect(await page.locator('html').getAttribute('lang')).toBe('id');
  await page.locator('starlight-lang-select select').first().selectOption({ label: 'English' });
  await page.waitForURL((url) => url.pathname === '/the-wire/');
  expect(new URL(page.url()).pathname).toBe('/the-wire/');
});

/** True when the element's top edge is inside the viewport (the page scrolled to it). */
// A reader who follows a link to a section waits for the page to settle there: each wait below allows 10 s
// (Vitest's default for a poll, 1 s, is shorter than a loaded machine takes to load and lay out a lesson).
const inView = (l: Locator) => l.evaluate((el) => {
  const top = el.getBoundingClientRect().top;
  return top >= 0 && top < window.innerHeight / 2;
});

test('switching language keeps the reader at the same section: the hash names the translated heading, which is in view', async ({ open }) => {
  const page = await open('/discover-first/#the-three-branches');
  // The section the reader is on, as its position among the lesson's headings.
  const headings = 'main .sl-markdown-content :is(h2, h3, h4)[id]';
  const position = () => page.locator(headings).evaluateAll((hs) => hs.findIndex((h) => h.id === decodeURIComponent(location.hash.slice(1))));
  const at = await position();
  expect(at, 'the English heading exists').toBeGreaterThanOrEqual(0);
  await page.locator('starlight-lang-select select').first().selectOption({ label: 'Bahasa Indonesia' });
  await page.waitForURL(/\/id\/discover-first\//);
  await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe('id');
  // The hash names a heading of the Indonesian page, the one in the same place, and the page scrolled to it.
  await expect.poll(position, { timeout: 10_000 }).toBe(at);
  const target = page.locator(headings).nth(at);
  expect(await target.getAttribute('id')).not.toBe('the-three-branches');
  await expect.poll(() => inView(target), { timeout: 10_000 }).toBe(true);
  // And back: the English id again.
  await page.locator('starlight-lang-select select').first().selectOption({ label: 'English' });
  await page.waitForURL((url) => url.pathname === '/discover-first/' && url.hash === '#the-three-branches');
  await expect.poll(() => inView(page.locator('#the-three-branches')), { timeout: 10_000 }).toBe(true);
});

test('site search has an Indonesian index holding every Indonesian page', () => {
  // Pagefind splits its index by each page's <html lang>; Starlight's search box loads the index of the
  // page's own language, so a reader on /id/ searches the Indonesian pages.
  const entry = JSON.parse(readFileSync(join(inject('distDir'), 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
  };
  const indonesianPages = readdirSync('lessons/id').filter((f) => f.endsWith('.mdx')).length;
  expect(entry.languages.id?.page_count).toBe(indonesianPages);
  expect(entry.languages.en?.page_count).toBeGreaterThanOrEqual(indonesianPages);
  // One fragment (a page's indexed text) per Indonesian page, filed under the Indonesian index.
  const fragments = readdirSync(join(inject('distDir'), 'pagefind', 'fragment')).filter((f) => f.startsWith('id_'));
  expect(fragments.length).toBe(indonesianPages);
});

test('lesson asides render as Starlight asides (lessons/ sits outside src/content/docs, so `:::` directives would not)', async ({ open }) => {
  const page = await open('/the-wire/');
  await expect.poll(() => page.locator('aside.starlight-aside', { hasText: 'a notification gets no answer' }).count()).toBe(1);
  const body = await page.locator('main').innerText();
  expect(body).not.toContain(':::');
});

test('the header pickers show their whole Indonesian labels ("Otomatis", "Bahasa Indonesia"), not "Oto…"', async ({ open }) => {
  const page = await open('/id/');
  for (const picker of ['starlight-theme-select', 'starlight-lang-select']) {
    const select = page.locator(`header ${picker} select`).first();
    const label = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '');
    expect(label.length).toBeGreaterThan(5);
    // The text of the selected option fits in the select's content box (between its icon and its caret).
    const fits = await select.evaluate((el, text) => {
      const probe = document.createElement('span');
      probe.textContent = text;
      probe.style.font = getComputedStyle(el).font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'pre';
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(el);
      const room = el.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return room >= needed;
    }, label);
    expect(fits, `${picker} "${label}" fits`).toBe(true);
  }
});
