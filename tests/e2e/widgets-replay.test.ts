/**
 * Replay on /lab/flows/ with the real Worker engine in Chromium: calendar.mjs
 * in one process (the event is there) and with a fresh process per message
 * (the call completes in a process that never saw the question; the read, in a
 * third process, misses the event); the requestState substituted from the
 * live reply; calendar-handles.mjs (the event is there); edited messages;
 * phone width and both themes.
 */
import type { Locator, Page } from 'playwright-core';
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

async function replay(page: Page): Promise<Locator> {
  const widget = await hydrated(page, 'replay');
  await widget.locator('[data-action=replay]').click();
  await expect.poll(() => widget.locator('[data-replay-status]').getAttribute('data-replay-status'), { timeout: 30_000 }).toBe('done');
  expect(await widget.locator('[data-replay-status]').textContent()).toBe(t('replay.done', {}, 'en'));
  return widget;
}

async function pids(column: Locator): Promise<number[]> {
  const texts = await column.locator('.rp-step-title .fw-pid').allTextContents();
  return texts.map((t) => Number(t.replace('pid ', '')));
}

test('calendar.mjs: one process keeps the event; a fresh process per message loses it', async ({ open }) => {
  const page = await open('lab/flows/');
  const widget = await replay(page);
  const one = widget.locator('[data-mode=one-process]');
  const fresh = widget.locator('[data-mode=fresh-process]');

  const onePids = await pids(one);
  expect(onePids).toHaveLength(3);
  expect(new Set(onePids).size).toBe(1);
  expect(await one.locator('.rp-verdict').getAttribute('data-found')).toBe('true');

  const freshPids = await pids(fresh);
  expect(new Set(freshPids).size).toBe(3);
  expect(freshPids.some((p) => onePids.includes(p))).toBe(false);
  // Step 1 asks (input_required); step 2, in a process that never saw the question, completes the call.
  const ask = JSON.parse(await fresh.locator('[data-step="0"] [data-dir=in]').textContent() ?? '');
  expect(ask.result.resultType).toBe('input_required');
  const answerSent = JSON.parse(await fresh.locator('[data-step="1"] [data-dir=out]').textContent() ?? '');
  expect(answerSent.params.requestState).toBe(ask.result.requestState); // substituted from the live reply
  expect(answerSent.id).not.toBe(1);
  expect(await fresh.locator('[data-step="1"] .rp-subst').textContent()).toContain(
    t('replay.filledFrom', { placeholder: '{{requestState}}', step: 1, pid: String(freshPids[0]) }, 'en').split('{value}')[0],
  );
  expect(await fresh.locator('[data-step="1"] .rp-subst').textContent()).toContain(t('replay.neverSaw', { pid: String(freshPids[1]) }, 'en'));
  const answer = JSON.parse(await fresh.locator('[data-step="1"] [data-dir=in]').textContent() ?? '');
  expect(answer.result).toMatchObject({ resultType: 'complete', isError: false, structuredContent: { id: 'e3', title: 'Dentist' } });
  // Step 3, a third process, reads a week without e3.
  const read = JSON.parse(await fresh.locator('[data-step="2"] [data-dir=in]').textContent() ?? '');
  expect(JSON.parse(read.result.contents[0].text).map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
  const verdict = fresh.locator('.rp-verdict');
  expect(await verdict.getAttribute('data-found')).toBe('false');
  expect(await verdict.textContent()).toBe(t('replay.missing', { id: 'e3', title: 'Dentist', pid: String(freshPids[1]), readPid: String(freshPids[2]) }, 'en'));
});

test('calendar-handles.mjs (chosen by keyboard): the event survives fresh processes', async ({ open }) => {
  const page = await open('lab/flows/');
  const widget = await hydrated(page, 'replay');
  await widget.getByRole('radio', { name: 'calendar.mjs' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => widget.getByRole('radio', { name: 'calendar-handles.mjs' }).isChecked()).toBe(true);
  expect(await widget.locator('[data-action=replay]').textContent()).toBe(t('replay.run', { server: 'calendar-handles.mjs' }, 'en'));
  await widget.locator('[data-action=replay]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => widget.locator('[data-replay-status]').getAttribute('data-replay-status'), { timeout: 30_000 }).toBe('done');
  const fresh = widget.locator('[data-mode=fresh-process]');
  expect(new Set(await pids(fresh)).size).toBe(4);
  const handle = JSON.parse(await fresh.locator('[data-step="0"] [data-dir=in]').textContent() ?? '').result.structuredContent.calendar;
  expect(handle).toMatch(/^cal_/);
  expect(JSON.parse(await fresh.locator('[data-step="3"] [data-dir=out]').textContent() ?? '').params.uri).toBe(`calendar://${handle}/week`);
  expect(await fresh.locator('.rp-verdict').getAttribute('data-found')).toBe('true');
  expect(await widget.locator('[data-mode=one-process] .rp-verdict').getAttribute('data-found')).toBe('true');
});

test('the reader edits the messages before replaying', async ({ open }) => {
  const page = await open('lab/flows/');
  const widget = await hydrated(page, 'replay');
  await widget.locator('[data-action=edit-messages]').click();
  for (const label of [`1. ${t('replay.stepAsk', {}, 'en')}`, `2. ${t('replay.stepAnswer', {}, 'en')}`]) {
    const box = widget.getByLabel(label, { exact: true });
    await box.fill((await box.inputValue()).replace('"Dentist"', '"Piano lesson <b>now</b>"'));
  }
  await replay(page);
  const verdict = widget.locator('[data-mode=one-process] .rp-verdict');
  expect(await verdict.textContent()).toContain('e3 "Piano lesson <b>now</b>"');
  expect(await widget.locator('b').count()).toBe(0); // text, never HTML
  await widget.locator('[data-action=reset-messages]').click();
  await expect.poll(() => widget.locator('textarea[data-message="0"]').inputValue()).toContain('"Dentist"');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`phone width, ${colorScheme}: replayed, no horizontal overflow, no axe violation`, async ({ open }) => {
    const page = await open('lab/flows/', { colorScheme, viewport: { width: 390, height: 844 } });
    const widget = await replay(page);
    await widget.locator('[data-action=edit-messages]').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page, { include: ['[data-widget=replay]'] })).toEqual([]);
  });
}
