/**
 * ProbeFlow on /lab/flows/ with the real Worker engine in Chromium: the era
 * probe step by step by keyboard on legacy.mjs (-32601, fallback to
 * initialize, 2025-11-25), all at once on calendar.mjs (DiscoverResult), the
 * hazard (tools/list with no handshake, served), phone width and both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';

/** Scrolls the widget into view (client:visible) and waits until Preact has hydrated it. */
async function hydrated(page: Page, widget: string): Promise<Locator> {
  const el = page.locator(`[data-widget=${widget}]`);
  await el.scrollIntoViewIfNeeded();
  await page.locator(`astro-island:not([ssr]) [data-widget=${widget}]`).waitFor({ timeout: 20_000 });
  return el;
}

const status = (page: Page) => page.locator('[data-probe-status]').textContent();

test('legacy.mjs, step by step with the keyboard: -32601, then initialize and notifications/initialized, 2025-11-25', async ({ open }) => {
  const page = await open('lab/flows/');
  const probe = await hydrated(page, 'probe-flow');
  await probe.getByLabel('Server').focus();
  await expect.poll(() => probe.getByLabel('Server').inputValue()).toBe('legacy');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Step by step');
  await page.keyboard.press('Enter');
  await expect.poll(() => status(page), { timeout: 20_000 }).toMatch(/pid \d+ · step 1 of 3/);

  // Step 1 only: the discover line and its -32601, the legacy branch lit, nothing else yet.
  const steps = probe.locator('[data-step]');
  await expect.poll(() => steps.count()).toBe(1);
  const discover = probe.locator('[data-step=discover]');
  expect(JSON.parse(await discover.locator('[data-dir=out]').textContent() ?? '')).toMatchObject({ method: 'server/discover' });
  expect(JSON.parse(await discover.locator('[data-dir=in]').textContent() ?? '')).toMatchObject({ error: { code: -32601 } });
  expect(await probe.locator('[data-node=legacy-fallback]').getAttribute('data-lit')).not.toBeNull();
  expect(await probe.locator('[data-node=discover-result]').getAttribute('data-lit')).toBeNull();
  expect(await probe.locator('[data-node=recognised-modern-error]').getAttribute('data-lit')).toBeNull();

  // "Next step" has the focus: Enter twice reveals initialize and notifications/initialized.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Next step');
  await page.keyboard.press('Enter');
  await expect.poll(() => steps.count()).toBe(2);
  const init = probe.locator('[data-step=initialize]');
  expect(JSON.parse(await init.locator('[data-dir=out]').textContent() ?? '')).toMatchObject({ method: 'initialize' });
  expect(JSON.parse(await init.locator('[data-dir=in]').textContent() ?? '')).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
  await page.keyboard.press('Enter');
  await expect.poll(() => steps.count()).toBe(3);
  expect(await probe.locator('[data-step=initialized] [data-dir=out]').textContent()).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await expect.poll(() => status(page)).toMatch(/worker engine · pid \d+ · step 3 of 3 · legacy era, 2025-11-25/);
  expect(await probe.locator('[data-node=continue]').textContent()).toContain('Era: legacy, 2025-11-25');
});

test('calendar.mjs, all at once: a DiscoverResult, modern 2026-07-28, no initialize', async ({ open }) => {
  const page = await open('lab/flows/');
  const probe = await hydrated(page, 'probe-flow');
  await probe.getByLabel('Server').selectOption('calendar');
  await probe.getByRole('button', { name: 'All at once' }).click();
  await expect.poll(() => status(page), { timeout: 20_000 }).toMatch(/step 1 of 1 · modern era, 2026-07-28/);
  expect(await probe.locator('[data-step]').count()).toBe(1);
  const reply = JSON.parse(await probe.locator('[data-step=discover] [data-dir=in]').textContent() ?? '');
  expect(reply.result.supportedVersions).toContain('2026-07-28');
  expect(await probe.locator('[data-node=discover-result]').getAttribute('data-lit')).not.toBeNull();
  expect(await probe.locator('[data-node=legacy-fallback]').getAttribute('data-lit')).toBeNull();
  expect(await probe.locator('[data-step=initialize]').count()).toBe(0);
});

test('the hazard: tools/list as the first line to a fresh legacy.mjs is served', async ({ open }) => {
  const page = await open('lab/flows/');
  const probe = await hydrated(page, 'probe-flow');
  await probe.getByRole('button', { name: 'Send tools/list to a fresh legacy.mjs' }).click();
  await probe.locator('[data-hazard-verdict]').waitFor({ timeout: 20_000 });
  const hazard = probe.locator('[data-hazard]');
  expect(JSON.parse(await hazard.locator('[data-dir=out]').textContent() ?? '')).toMatchObject({ id: 1, method: 'tools/list' });
  const reply = JSON.parse(await hazard.locator('[data-dir=in]').textContent() ?? '');
  expect(reply.result.tools.map((t: { name: string }) => t.name)).toEqual(['create_event']);
  expect(await probe.locator('[data-hazard-verdict]').textContent()).toMatch(/^Served: 1 tool listed/);
  expect(await probe.locator('[data-hazard-status]').textContent()).toMatch(/worker engine · pid \d+/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`phone width, ${colorScheme}: played through, no horizontal overflow, no axe violation`, async ({ open }) => {
    const page = await open('lab/flows/', { colorScheme, viewport: { width: 390, height: 844 } });
    const probe = await hydrated(page, 'probe-flow');
    await probe.getByRole('button', { name: 'All at once' }).click();
    await expect.poll(() => status(page), { timeout: 20_000 }).toMatch(/step 3 of 3/);
    await probe.getByRole('button', { name: 'Send tools/list to a fresh legacy.mjs' }).click();
    await probe.locator('[data-hazard-verdict]').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const results = await new AxeBuilder({ page }).include('[data-widget=probe-flow]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
