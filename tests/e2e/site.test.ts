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

test('the Indonesian locale falls back to the English lesson until it is translated', async ({ open }) => {
  const page = await open('/id/how-this-course-works/');
  expect(await page.locator('html').getAttribute('lang')).toBe('id');
  await expect.poll(() => page.locator('h1').first().textContent()).toContain('How this course works');
});

test('lesson asides render as Starlight asides (lessons/ sits outside src/content/docs, so `:::` directives would not)', async ({ open }) => {
  const page = await open('/the-wire/');
  await expect.poll(() => page.locator('aside.starlight-aside', { hasText: 'Send a notification' }).count()).toBe(1);
  const body = await page.locator('main').innerText();
  expect(body).not.toContain(':::');
});
