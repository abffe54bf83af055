/**
 * TokenMeter and MeasuredFacts on /lab/flows/ in Chromium with the real
 * Worker engine: the tokenizer (tiktoken WASM + o200k_base ranks) loads only
 * once the meter is on screen; the page's counts of calendar.mjs's live catalog
 * equal Node's tiktoken counts in this test process, exactly, per tool, in
 * total and for the instructions, under compact and python; editing a
 * description recounts; the servers multiplier; phone width and both themes.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import measured from '../../src/data/measured.json' with { type: 'json' };
import { NodeEngine } from '../../src/engines/node/node-engine.ts';
import { measureCatalog, type CatalogFigures, type Tool } from '../../src/protocol/index.ts';
import { fetchCatalog, type LiveCatalog } from '../../src/components/token-meter/catalog-source.ts';
import { formatDate } from '../../src/components/measured-facts/measured-facts.ts';
import { t } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';

/** Scrolls the widget into view (client:visible) and waits until Preact has hydrated it. */
async function hydrated(page: Page, widget: string): Promise<Locator> {
  const el = page.locator(`[data-widget=${widget}]`);
  await el.scrollIntoViewIfNeeded();
  await page.locator(`[data-widget=${widget}][data-ready=yes]`).waitFor({ timeout: 20_000 });
  return el;
}

const root = mkdtempSync(join(tmpdir(), 'tokens-e2e-'));
const enc = get_encoding('o200k_base');
const count = { count: (t: string) => enc.encode(t).length };
let catalog: LiveCatalog;
let expected: CatalogFigures;

beforeAll(async () => {
  cpSync(new URL('../../toy-servers', import.meta.url).pathname, join(root, 'toy-servers'), { recursive: true });
  catalog = await fetchCatalog(new NodeEngine({ root }), 'calendar');
  expected = measureCatalog(catalog, count);
});
afterAll(() => {
  enc.free();
  rmSync(root, { recursive: true, force: true });
});

const TOKENIZER_ASSET = /tiktoken_bg.*\.wasm|o200k_base.*\.json|tokenizer-worker/;

async function counted(meter: Locator) {
  await expect.poll(() => meter.locator('[data-meter-status]').getAttribute('data-meter-status'), { timeout: 30_000 }).toBe('counted');
}

test('the tokenizer loads only when the meter is on screen; the counts equal Node tiktoken exactly', async ({ open }) => {
  const page = await open('lab/flows/');
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const meter = page.locator('[data-widget=token-meter]');
  // Below the fold: nothing of the tokenizer has been asked for (the island is not even hydrated).
  expect(await meter.boundingBox().then((b) => (b?.y ?? 0) > 800)).toBe(true);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(requested.filter((u) => TOKENIZER_ASSET.test(u))).toEqual([]);

  await hydrated(page, 'token-meter');
  await counted(meter);
  expect(requested.filter((u) => /tiktoken_bg.*\.wasm/.test(u))).toHaveLength(1);
  expect(requested.filter((u) => /o200k_base.*\.json/.test(u))).toHaveLength(1);

  const rows = meter.locator('[data-tool]');
  expect(await rows.count()).toBe(expected.toolCount);
  for (const [i, tool] of expected.python.perTool.entries()) {
    const row = rows.nth(i);
    expect(await row.getAttribute('data-tool')).toBe(tool.name);
    expect(Number(await row.getAttribute('data-python'))).toBe(tool.tokens);
    expect(Number(await row.getAttribute('data-compact'))).toBe(expected.compact.perTool[i].tokens);
  }
  const totals = meter.locator('[data-total-python]');
  expect(Number(await totals.getAttribute('data-total-python'))).toBe(expected.python.total);
  expect(Number(await totals.getAttribute('data-total-compact'))).toBe(expected.compact.total);
  expect(Number(await meter.locator('[data-instructions]').getAttribute('data-instructions'))).toBe(expected.instructions);
  expect(await meter.locator('[data-meter-status]').textContent()).toMatch(/calendar\.mjs · worker engine · pid \d+ · modern era 2026-07-28/);
});

test('editing a description recounts as the reader types (keyboard), and the text stays text', async ({ open }) => {
  const page = await open('lab/flows/');
  const meter = await hydrated(page, 'token-meter');
  await meter.scrollIntoViewIfNeeded();
  await counted(meter);
  const box = meter.locator('[data-tool=create_event] textarea[data-field=description]');
  expect(await meter.getByLabel(t('tokens.description', { tool: 'create_event' }, 'en')).count()).toBe(1);
  const extra = ' <img src=x onerror="window.__pwned=1"> Ünïcödé and more words to count';
  await box.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(extra);
  const edited: Tool[] = catalog.tools.map((t) => ({ ...t, description: `${t.description}${extra}` }));
  const want = measureCatalog({ tools: edited, instructions: catalog.instructions }, count);
  const row = meter.locator('[data-tool=create_event]');
  await expect.poll(() => row.getAttribute('data-python').then(Number), { timeout: 15_000 }).toBe(want.python.perTool[0].tokens);
  expect(Number(await row.getAttribute('data-compact'))).toBe(want.compact.perTool[0].tokens);
  expect(Number(await meter.locator('[data-total-python]').getAttribute('data-total-python'))).toBe(want.python.total);
  expect(await meter.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await meter.textContent()).toContain(t('tokens.edited', {}, 'en'));
  expect(await meter.locator('[data-action=restore-description]').textContent()).toBe(t('tokens.restore', {}, 'en'));
  await meter.locator('[data-action=restore-description]').click();
  await expect.poll(() => row.getAttribute('data-python').then(Number), { timeout: 15_000 }).toBe(expected.python.perTool[0].tokens);
});

test('a hostile 100 KB description (<script>, special-token text) is counted as plain text and rendered inert', async ({ open }) => {
  const page = await open('lab/flows/');
  const meter = await hydrated(page, 'token-meter');
  await counted(meter);
  const hostile = `<script>window.__pwned=1</script><|endoftext|> ${'x<img src=x onerror=alert(1)> '.repeat(3500)}`.slice(0, 100_000);
  await meter.locator('[data-tool=create_event] textarea[data-field=description]').fill(hostile);
  const plain = { count: (t: string) => enc.encode(t, [], []).length };
  const want = measureCatalog({ tools: catalog.tools.map((t) => ({ ...t, description: hostile })), instructions: catalog.instructions }, plain);
  const row = meter.locator('[data-tool=create_event]');
  await expect.poll(() => row.getAttribute('data-python').then(Number), { timeout: 15_000 }).toBe(want.python.perTool[0].tokens);
  expect(Number(await row.getAttribute('data-compact'))).toBe(want.compact.perTool[0].tokens);
  expect(await meter.locator('script, img').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('servers multiplier against typical context windows', async ({ open }) => {
  const page = await open('lab/flows/');
  const meter = await hydrated(page, 'token-meter');
  await meter.scrollIntoViewIfNeeded();
  await counted(meter);
  await meter.locator('input[data-field=servers]').fill('40');
  const perServer = expected.python.total + (expected.instructions ?? 0);
  await expect.poll(() => meter.locator('[data-all-servers]').getAttribute('data-all-servers').then(Number)).toBe(40 * perServer);
  expect(await meter.textContent()).toContain(t('tokens.windows', {}, 'en'));
  const share128 = ((40 * perServer) / 128_000) * 100;
  expect(await meter.locator('[data-window="128000"]').textContent()).toContain(share128 < 10 ? `${share128.toFixed(1)}%` : `${Math.round(share128)}%`);
  await meter.locator('input[data-serialisation=compact]').check();
  const perServerCompact = expected.compact.total + (expected.instructions ?? 0);
  await expect.poll(() => meter.locator('[data-all-servers]').getAttribute('data-all-servers').then(Number)).toBe(40 * perServerCompact);
});

test('MeasuredFacts: server-everything figures alone, one note with package, version and date, no JavaScript', async ({ open }) => {
  const page = await open('lab/flows/');
  const fact = page.locator('[data-fact="tokens.python.total"]');
  expect(await fact.textContent()).toBe(measured.facts.tokens.python.total.toLocaleString('en-US'));
  expect(await page.locator('[data-fact="tokens.python.cheapest"]').textContent()).toBe(
    `${measured.facts.tokens.python.cheapest.name} (${measured.facts.tokens.python.cheapest.tokens} tokens)`,
  );
  const note = page.locator('[data-measured-provenance]');
  expect(await note.count()).toBe(1);
  for (const part of [measured.package, measured.version, formatDate(measured.measuredOn, 'en'), measured.tokenizer]) expect(await note.textContent()).toContain(part);
  expect(await page.locator('astro-island:has([data-fact])').count()).toBe(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`phone width, ${colorScheme}: counted, no horizontal overflow, no axe violation`, async ({ open }) => {
    const page = await open('lab/flows/', { colorScheme, viewport: { width: 390, height: 844 } });
    const meter = await hydrated(page, 'token-meter');
    await meter.scrollIntoViewIfNeeded();
    await counted(meter);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page, { include: ['[data-widget=token-meter]'] })).toEqual([]);
  });
}
