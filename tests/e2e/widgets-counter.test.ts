/** IntegrationCounter on /lab/flows/ in Chromium: keyboard input, the three numbers, phone width, both themes. */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';

/** Scrolls the widget into view (client:visible) and waits until Preact has hydrated it. */
async function hydrated(page: Page, widget: string): Promise<Locator> {
  const el = page.locator(`[data-widget=${widget}]`);
  await el.scrollIntoViewIfNeeded();
  await page.locator(`[data-widget=${widget}][data-ready=yes]`).waitFor({ timeout: 20_000 });
  return el;
}

test('N × M vs N + M, typed and with the slider keys', async ({ open }) => {
  const page = await open('lab/flows/');
  const counter = await hydrated(page, 'integration-counter');
  await counter.getByLabel('AI applications (N)', { exact: true }).fill('10');
  await counter.getByLabel('Systems to connect (M)', { exact: true }).fill('20');
  await expect.poll(() => counter.locator('[data-point-to-point]').textContent()).toBe('200');
  expect(await counter.locator('[data-with-protocol]').textContent()).toBe('30');
  expect(await counter.locator('[data-saved]').getAttribute('data-saved')).toBe('170');

  await counter.getByLabel('Systems to connect (M) (slider)').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => counter.locator('[data-point-to-point]').textContent()).toBe('210');
  expect(await counter.getByLabel('Systems to connect (M)', { exact: true }).inputValue()).toBe('21');

  await counter.getByLabel('AI applications (N)', { exact: true }).fill('1');
  await counter.getByLabel('Systems to connect (M)', { exact: true }).fill('1');
  await expect.poll(() => counter.locator('[data-saved]').getAttribute('data-saved')).toBe('-1');
  expect(await counter.locator('[data-saved]').textContent()).toContain('pays off as N and M grow');
});

test('a count field refuses 0, negatives, fractions and empty with a message, and keeps the last good count', async ({ open }) => {
  const page = await open('lab/flows/');
  const counter = await hydrated(page, 'integration-counter');
  const apps = counter.getByLabel('AI applications (N)', { exact: true });
  await apps.fill('3');
  await counter.getByLabel('Systems to connect (M)', { exact: true }).fill('5');
  await expect.poll(() => counter.locator('[data-point-to-point]').textContent()).toBe('15');
  for (const bad of ['0', '-3', '', '2.5']) {
    await apps.fill(bad);
    await expect.poll(() => counter.getByRole('alert').innerText(), { message: JSON.stringify(bad) }).toContain('Enter a whole number from 1 to 50');
    expect(await apps.getAttribute('aria-invalid')).toBe('true');
    expect(await counter.locator('[data-point-to-point]').textContent()).toBe('15');
  }
  await apps.fill('4');
  await expect.poll(() => counter.getByRole('alert').count()).toBe(0);
  expect(await counter.locator('[data-point-to-point]').textContent()).toBe('20');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`phone width, ${colorScheme}: no horizontal overflow, no axe violation`, async ({ open }) => {
    const page = await open('lab/flows/', { colorScheme, viewport: { width: 390, height: 844 } });
    const counter = await hydrated(page, 'integration-counter');
    await counter.getByLabel('AI applications (N)', { exact: true }).fill('12');
    await expect.poll(() => counter.locator('[data-point-to-point]').textContent()).toBe('72');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page, { include: ['[data-widget=integration-counter]'] })).toEqual([]);
  });
}
