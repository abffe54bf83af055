/**
 * ProbeFlow on /lab/flows/ with the real Worker engine in Chromium: the era
 * probe step by step by keyboard on legacy.mjs (-32601, fallback to
 * initialize, 2025-11-25), all at once on calendar.mjs (DiscoverResult),
 * legacy.mjs in each of its four `--discover=` styles (the same fallback and
 * the same cached verdict each time); HandshakeHazard beside it: the hazard
 * (tools/list with no handshake, served) and the same request after the
 * handshake; phone width and both themes.
 */
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

const status = (page: Page) => page.locator('[data-probe-status]').textContent();

/** Presses "All at once" and waits until that run has finished (the status's `data-runs` counts finished runs). */
async function runAll(probe: Locator): Promise<void> {
  const s = probe.locator('[data-probe-status]');
  const before = Number(await s.getAttribute('data-runs'));
  await probe.locator('[data-action=all]').click();
  await expect.poll(async () => Number(await s.getAttribute('data-runs')), { timeout: 20_000 }).toBe(before + 1);
}

const json = async (l: Locator) => JSON.parse((await l.textContent()) ?? '');

/** Each way legacy.mjs can refuse server/discover: what the first step shows, and why the probe fell back. */
const STYLES = [
  { style: 'method-not-found', code: -32601, outcome: '-32601 MethodNotFound', why: 'legacy-error' },
  { style: 'invalid-params', code: -32602, outcome: '-32602 InvalidParams', why: 'legacy-error' },
  { style: 'silent', code: undefined, outcome: 'no answer within 3,000 ms', why: 'legacy-timeout' },
  { style: 'exit', code: undefined, outcome: 'the process exited without answering', why: 'legacy-exit' },
] as const;

for (const c of STYLES) {
  test(`legacy.mjs --discover=${c.style}: the same fallback to initialize, and the same cached verdict (legacy, 2025-11-25)`, async ({ open }) => {
    const page = await open('lab/flows/');
    const probe = await hydrated(page, 'probe-flow');
    await probe.locator('[data-control=server]').selectOption('legacy');
    const explain = probe.locator('[data-legacy-styles]');
    // The explanation names the rule: the fallback is never keyed to one code.
    await expect.poll(() => explain.textContent()).toContain('forbids keying the fallback to one error code');
    await probe.getByLabel('How legacy.mjs answers server/discover').selectOption(c.style);
    await expect.poll(() => probe.locator('[data-legacy-command]').textContent()).toBe(`node legacy.mjs --discover=${c.style}`);
    await runAll(probe);

    const discover = probe.locator('[data-step=discover]');
    expect(await json(discover.locator('[data-dir=out]'))).toMatchObject({ method: 'server/discover' });
    if (c.code !== undefined) expect((await json(discover.locator('[data-dir=in]'))).error.code).toBe(c.code);
    else expect(await discover.locator('[data-dir=in]').count()).toBe(0);
    expect((await discover.locator('[data-outcome]').textContent())?.startsWith(c.outcome)).toBe(true);
    expect(await discover.locator('[data-why]').getAttribute('data-why')).toBe(c.why);
    expect(await probe.locator('[data-node=legacy-fallback]').getAttribute('data-lit')).not.toBeNull();
    expect(await probe.locator('[data-node=recognised-modern-error]').getAttribute('data-lit')).toBeNull();
    expect((await json(probe.locator('[data-step=initialize] [data-dir=in]'))).result.protocolVersion).toBe('2025-11-25');
    expect(await probe.locator('[data-step=initialized] [data-dir=out]').textContent()).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');

    const verdict = probe.locator('[data-probe-verdict]');
    expect(await verdict.getAttribute('data-era')).toBe('legacy');
    expect(await verdict.getAttribute('data-version')).toBe('2025-11-25');
    expect(await verdict.textContent()).toContain('per server');
    const pids = await probe.locator('[data-step]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pid')));
    if (c.style === 'exit') {
      expect(pids[1]).not.toBe(pids[0]); // the handshake went to a fresh process
      expect(await verdict.getAttribute('data-respawned')).not.toBeNull();
    } else {
      expect(new Set(pids).size).toBe(1);
      expect(await verdict.getAttribute('data-respawned')).toBeNull();
    }
    await expect.poll(() => status(page)).toMatch(/legacy era, 2025-11-25$/);
  });
}

test('the style picker shows only for legacy.mjs; calendar.mjs is probed without it', async ({ open }) => {
  const page = await open('lab/flows/');
  const probe = await hydrated(page, 'probe-flow');
  expect(await probe.locator('[data-legacy-styles]').count()).toBe(1);
  await probe.locator('[data-control=server]').selectOption('calendar');
  await expect.poll(() => probe.locator('[data-legacy-styles]').count()).toBe(0);
});

test('the same tools/list after the handshake: listed bare (legacy), 1 tool, and the counts compared', async ({ open }) => {
  const page = await open('lab/flows/');
  const hazard = await hydrated(page, 'handshake-hazard');
  await hazard.locator('[data-action=hazard]').click();
  await hazard.locator('[data-hazard-verdict]').waitFor({ timeout: 20_000 });
  await hazard.locator('[data-action=hazard-after]').click();
  const after = hazard.locator('[data-hazard-after]');
  await expect.poll(() => after.getAttribute('data-count'), { timeout: 20_000 }).toBe('1');
  expect(await after.getAttribute('data-version')).toBe('2025-11-25');
  expect(await json(after.locator('[data-dir=out]'))).toEqual({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
  expect(await hazard.locator('[data-hazard-compare]').textContent()).toBe('The same count with and without the handshake: 1.');
});

test('legacy.mjs, step by step with the keyboard: -32601, then initialize and notifications/initialized, 2025-11-25', async ({ open }) => {
  const page = await open('lab/flows/');
  const probe = await hydrated(page, 'probe-flow');
  await probe.locator('[data-control=server]').focus();
  await expect.poll(() => probe.locator('[data-control=server]').inputValue()).toBe('legacy');
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
  await expect.poll(() => steps.count(), { timeout: 20_000 }).toBe(2);
  const init = probe.locator('[data-step=initialize]');
  expect(JSON.parse(await init.locator('[data-dir=out]').textContent() ?? '')).toMatchObject({ method: 'initialize' });
  expect(JSON.parse(await init.locator('[data-dir=in]').textContent() ?? '')).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
  await page.keyboard.press('Enter');
  await expect.poll(() => steps.count(), { timeout: 20_000 }).toBe(3);
  expect(await probe.locator('[data-step=initialized] [data-dir=out]').textContent()).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await expect.poll(() => status(page)).toMatch(/worker engine · pid \d+ · step 3 of 3 · legacy era, 2025-11-25/);
  expect(await probe.locator('[data-node=continue]').textContent()).toContain('Era: legacy, 2025-11-25');
});

test('calendar.mjs, all at once: a DiscoverResult, modern 2026-07-28, no initialize', async ({ open }) => {
  const page = await open('lab/flows/');
  const probe = await hydrated(page, 'probe-flow');
  await probe.locator('[data-control=server]').selectOption('calendar');
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
  const widget = await hydrated(page, 'handshake-hazard');
  await widget.getByRole('button', { name: 'Send tools/list to a fresh legacy.mjs' }).click();
  await widget.locator('[data-hazard-verdict]').waitFor({ timeout: 20_000 });
  const hazard = widget.locator('[data-hazard]');
  expect(JSON.parse(await hazard.locator('[data-dir=out]').textContent() ?? '')).toMatchObject({ id: 1, method: 'tools/list' });
  const reply = JSON.parse(await hazard.locator('[data-dir=in]').textContent() ?? '');
  expect(reply.result.tools.map((t: { name: string }) => t.name)).toEqual(['create_event']);
  expect(await widget.locator('[data-hazard-verdict]').textContent()).toMatch(/^Served: 1 tool listed/);
  expect(await widget.locator('[data-hazard-status]').textContent()).toMatch(/worker engine · pid \d+/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`phone width, ${colorScheme}: played through, no horizontal overflow, no axe violation`, async ({ open }) => {
    const page = await open('lab/flows/', { colorScheme, viewport: { width: 390, height: 844 } });
    const probe = await hydrated(page, 'probe-flow');
    await probe.getByRole('button', { name: 'All at once' }).click();
    await expect.poll(() => status(page), { timeout: 20_000 }).toMatch(/step 3 of 3/);
    const hazard = await hydrated(page, 'handshake-hazard');
    await hazard.getByRole('button', { name: 'Send tools/list to a fresh legacy.mjs' }).click();
    await hazard.locator('[data-hazard-verdict]').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page, { include: ['[data-widget=probe-flow]', '[data-widget=handshake-hazard]'] })).toEqual([]);
  });
}
