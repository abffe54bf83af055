/**
 * The capstone, "Write your own MCP server", in Chromium with the Worker
 * engine on the default build: the reader starts from the starter (which
 * answers nothing), runs the Checker (stage 1 fails), then pastes each
 * stage's revealed solution into the ServerEditor and runs again, and the
 * stages turn green one by one. After a reload the progress and the reader's
 * edit are still there, and revealing a solution never changes the file.
 */
import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STAGES } from '../../src/checker/stages.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { serverEditorAt, typeSource } from './support/lesson-editor.ts';
import { heading } from './support/lesson-widgets.ts';

const site = lessonSites()[0]!;
const EDIT_KEY = 'mcp-by-hand:edit:/write-your-own-server/:toy-servers/starter.mjs';
const STARTER = readFileSync(new URL('../../toy-servers/starter.mjs', import.meta.url), 'utf8');

/** The Checker on the page, hydrated. */
async function checkerOn(page: Page): Promise<Locator> {
  const c = page.locator('section.mcp-checker');
  await c.scrollIntoViewIfNeeded();
  await expect.poll(() => c.getAttribute('data-ready'), { timeout: 20_000 }).toBe('yes');
  return c;
}

/** Presses Run, waits for the run to end, returns each stage's shown status in order. */
async function runChecker(c: Locator): Promise<string[]> {
  await c.getByRole('button', { name: 'Run the checker' }).click();
  await expect.poll(() => c.getAttribute('data-state')).toBe('running');
  await expect.poll(() => c.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
  return stageStatuses(c);
}

const stageStatuses = (c: Locator) => c.locator('li.mcp-checker-stage').evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
const savedEdit = (page: Page) => page.evaluate((k) => localStorage.getItem(k), EDIT_KEY);

/** Reveals stage `n`'s solution and returns its text, checking the reader's file did not change. */
async function revealSolution(page: Page, c: Locator, n: number): Promise<string> {
  const before = await savedEdit(page);
  const stage = c.locator('li.mcp-checker-stage').nth(n - 1);
  if (!(await stage.locator(':scope > details').evaluate((d) => (d as HTMLDetailsElement).open))) await stage.locator(':scope > details > summary').click();
  await stage.getByRole('button', { name: 'Show a solution for this stage' }).click();
  const code = stage.locator(`pre[data-solution="${n}"]`);
  const text = await code.textContent();
  expect(text).toContain(`after stage ${n}`);
  expect(await savedEdit(page), 'revealing a solution leaves the reader\'s file as it was').toBe(before);
  await stage.getByRole('button', { name: 'Hide the solution' }).click();
  return text!;
}

describe('write-your-own-server (default build)', () => {
  test('from the starter to all eight stages green, pasting each solution; progress and the edit survive a reload', async ({ open }) => {
    const page = await open(lessonURL(site, 'write-your-own-server'), site.options);
    expect(await heading(page)).toBe('Write your own MCP server');
    const editor = await serverEditorAt(page, 0);
    expect(await editor.getAttribute('data-server')).toBe('starter');
    const c = await checkerOn(page);
    await expect.poll(() => c.locator('.mcp-checker-status').innerText()).toContain('Not run yet');

    // The starter answers nothing: stage 1 fails, with the reason, the fix and the wire lines; the run stops there.
    const first = await runChecker(c);
    expect(first[0]).toBe('fail');
    expect(first.slice(1).every((s) => s === 'pending')).toBe(true);
    const stdoutOnly = c.locator('[data-check="framing.stdout-only"]');
    expect(await stdoutOnly.getAttribute('data-status')).toBe('fail');
    expect(await stdoutOnly.innerText()).toContain('no reply within');
    expect(await stdoutOnly.locator('a.mcp-spec-link').getAttribute('href')).toBe('https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio');
    await stdoutOnly.locator('.mcp-checker-wire summary').click();
    expect(await stdoutOnly.locator('.mcp-checker-wire').innerText()).toContain('"method":"server/discover"');
    expect(await c.locator('.mcp-checker-status').innerText()).toMatch(/^Done: 0 of 8 stages passed, 1 failed/);
    expect(await savedEdit(page), 'nothing edited yet').toBeNull();

    // Paste each stage's solution and run: stages 1..n pass, the next one does not.
    for (let n = 1; n <= STAGES.length; n++) {
      const solution = await revealSolution(page, c, n);
      await typeSource(page, editor, solution);
      expect(await savedEdit(page)).toBe(solution);
      const statuses = await runChecker(c);
      expect(statuses.slice(0, n), `after pasting stage ${n}'s solution`).toEqual(Array(n).fill('pass'));
      if (n < STAGES.length) expect(statuses[n], `stage ${n + 1} is not passed yet`).not.toBe('pass');
      expect(Number(await c.getAttribute('data-stages-passed'))).toBe(n);
    }
    const final = await savedEdit(page);

    // Reload: the progress is shown at once (before any run), and the reader's edit is back in the editor.
    await page.reload({ waitUntil: 'load' });
    const again = await checkerOn(page);
    expect(await again.getAttribute('data-state')).toBe('idle');
    expect(await again.getAttribute('data-stages-passed')).toBe('8');
    expect(await stageStatuses(again)).toEqual(Array(8).fill('pass'));
    expect(await again.locator('.mcp-checker-status').innerText()).toMatch(/Progress from your last run in this browser \(.+\): 8 of 8 stages passed/);
    const editorAgain = await serverEditorAt(page, 0);
    expect(await editorAgain.locator('.mcp-changed').innerText()).toBe('edited (differs from the original)');
    expect(await savedEdit(page)).toBe(final);
    expect(final).not.toBe(STARTER);
    await revealSolution(page, again, 3);
    expect(await savedEdit(page)).toBe(final);
  }, 600_000);
});
