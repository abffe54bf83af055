import { readdirSync } from 'node:fs';
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

test('site search finds Indonesian words on Indonesian pages', async ({ open }) => {
  const page = await open('/id/');
  await page.locator('button[data-open-modal]').first().click();
  const input = page.locator('site-search dialog input[type="search"], site-search dialog input').first();
  await input.fill('Rangkuman');
  const results = page.locator('site-search dialog a[href*="/id/"]');
  await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const all = await page.locator('site-search dialog a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  expect(all.length).toBeGreaterThan(0);
  expect(all.every((path) => path.startsWith('/id/'))).toBe(true);
});

test('lesson asides render as Starlight asides (lessons/ sits outside src/content/docs, so `:::` directives would not)', async ({ open }) => {
  const page = await open('/the-wire/');
  await expect.poll(() => page.locator('aside.starlight-aside', { hasText: 'cancel a request in flight' }).count()).toBe(1);
  const body = await page.locator('main').innerText();
  expect(body).not.toContain(':::');
});
