/**
 * Hostile servers: the lab page's ServerEditor runs the calendar with a
 * reader's bad edit appended; its Console must give one clear message, keep
 * the page's DOM bounded, answer clicks, and Restart must work. Floods render
 * in batches and fold older lines behind a count. (Speed is measured in
 * bench/flood.bench.mjs, not here.)
 */
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/console/';

async function editor(page: Page): Promise<Locator> {
  const e = page.locator('section.mcp-server-editor').first();
  await e.scrollIntoViewIfNeeded();
  await untilHydrated(e);
  await untilHydrated(e.locator('section.mcp-console'));
  return e;
}
const pidOf = async (c: Locator) => Number((await c.locator('.mcp-badge-pid').innerText()).replace(/\D/g, '') || '0');

/** Appends `code` to the source (or replaces it, with `replace`), as a reader would, then presses Run. */
async function runEdit(e: Locator, code: string, replace = false): Promise<void> {
  await e.locator('.mcp-editor-js textarea').evaluate(
    (el: HTMLTextAreaElement, [text, whole]) => {
      el.value = whole ? text : `${el.value}\n${text}\n`;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [code, replace] as const,
  );
  await e.getByRole('button', { name: 'Run', exact: true }).click();
}

/** The process-end events of the Console's wire lane. */
const ends = (c: Locator) => c.locator('li.mcp-event', { hasText: /process (exited|killed)/ });

/** After a hostile run: the DOM stays bounded, and Clear and Restart process answer. */
async function stillWorks(c: Locator): Promise<void> {
  expect(await c.locator('li').count()).toBeLessThan(500);
  await c.getByRole('button', { name: 'Clear' }).click();
  await expect.poll(() => c.locator('li.mcp-line').count()).toBe(0);
  const before = await pidOf(c);
  await c.getByRole('button', { name: 'Restart process' }).click();
  await expect.poll(() => pidOf(c), { timeout: 20_000 }).not.toBe(before);
}

describe('hostile servers', () => {
  test('a server that crashes at start: one message, the stack on stderr, Restart starts a fresh process', async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    const c = e.locator('section.mcp-console');
    await runEdit(e, "throw new Error('boom on purpose');");
    await expect.poll(() => ends(c).count(), { timeout: 20_000 }).toBe(1);
    expect(await ends(c).first().innerText()).toContain('exited with code 1');
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('boom on purpose');
    await stillWorks(c);
  });

  test('a server that exits in the middle of a reply: the partial line is shown as not JSON-RPC, then one exit message', async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    const c = e.locator('section.mcp-console');
    await runEdit(e, "process.stdout.write('{\"jsonrpc\":\"2.0\",\"id\":1,\"res'); process.exit(0);");
    await expect.poll(() => ends(c).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => c.locator('li.mcp-line-in').first().innerText()).toContain('{"jsonrpc":"2.0","id":1,"res');
    expect(await c.locator('li.mcp-line-in.mcp-line-bad').count()).toBe(1);
    await stillWorks(c);
  });

  test('a 10 MiB line: the watchdog stops it, the Console says so once, the line is clipped in the page', async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    const c = e.locator('section.mcp-console');
    await runEdit(e, "process.stdout.write('x'.repeat(10 * 1024 * 1024) + '\\n');");
    await expect.poll(() => ends(c).count(), { timeout: 30_000 }).toBe(1);
    expect(await ends(c).first().innerText()).toMatch(/watchdog/);
    const shown = await c.locator('.mcp-lane').first().evaluate((el) => el.textContent?.length ?? 0);
    expect(shown).toBeLessThan(20_000);
    await stillWorks(c);
  });

  test('invalid UTF-8 on stdout: shown (with replacement characters) and flagged as not JSON-RPC', async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    const c = e.locator('section.mcp-console');
    await runEdit(e, "process.stdout.write(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]));");
    await expect.poll(() => c.locator('li.mcp-line-in.mcp-line-bad').count(), { timeout: 20_000 }).toBe(1);
    expect(await c.locator('li.mcp-line-in.mcp-line-bad .mcp-raw').innerText()).toContain('\ufffd');
    await stillWorks(c);
  });

  test('a server that never reads stdin: one "no reply" message, and Restart works', async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    const c = e.locator('section.mcp-console');
    await runEdit(e, "console.error('deaf server: not reading stdin');\nsetInterval(() => {}, 1000);", true);
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('deaf server');
    await c.getByRole('button', { name: 'Send' }).click();
    const noReply = c.locator('li.mcp-event', { hasText: 'no reply to id' });
    await expect.poll(() => noReply.count(), { timeout: 20_000 }).toBe(1);
    expect(await noReply.innerText()).toContain('does not read its stdin');
    await stillWorks(c);
  });

  for (const lane of ['stdout', 'stderr'] as const) {
    test(`a flood of 100,000 ${lane} lines: a bounded window, older lines folded behind a count, the cut said, Clear and Restart answer`, async ({ open }) => {
      const page = await open(LAB);
      const e = await editor(page);
      const c = e.locator('section.mcp-console');
      await runEdit(e, `for (let i = 0; i < 100000; i++) console.${lane === 'stdout' ? 'log' : 'error'}('flood line ' + i);`);
      await expect.poll(() => ends(c).count(), { timeout: 60_000 }).toBe(1);
      expect(await ends(c).first().innerText()).toMatch(/watchdog/);
      await expect.poll(() => c.locator('.mcp-folded').first().innerText()).toMatch(/earlier (lines|log chunks) are folded/);
      const lines = lane === 'stdout' ? c.locator('li.mcp-line-in') : c.locator('li.mcp-stderr-line');
      expect(await lines.count()).toBeLessThanOrEqual(200);
      // Copy transcript still has the folded lines (up to its cap).
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await c.getByRole('button', { name: 'Copy transcript' }).click();
      // The clipboard is written asynchronously; the Console says so once it is done.
      await expect.poll(() => c.locator('[data-transcript-status]').innerText()).toBe('Transcript copied.');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.split('\n').filter((l) => l.includes('flood line')).length).toBeGreaterThan(10_000);
      // The watchdog let ~60,000 lines through, more than the cap: the copy says how many were dropped.
      expect(copied.split('\n')[0]).toMatch(/at most 20,000 items per lane: [\d,]+ older wire items and [\d,]+ older stderr chunks were dropped/);
      await stillWorks(c);
    });
  }
});
