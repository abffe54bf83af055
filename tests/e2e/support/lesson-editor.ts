/**
 * Helpers for lesson journeys that edit a toy server in a ServerEditor, the
 * way a reader does: type into CodeMirror, press Run, then use the attached
 * Console. The edit itself is computed from the real file on disk, so a
 * journey fails when a lesson's instruction no longer matches the server.
 * Controls and states are found by attributes that are the same in every
 * language (`data-action`, `data-changed`, `data-running`, `data-event`).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from './fixtures.ts';
import { consoleAt, replaceEditorText, untilHydrated } from './lesson-widgets.ts';

/** The shipped source of `toy-servers/<file>`. */
export const toySource = (file: string): string => readFileSync(new URL(`../../../toy-servers/${file}`, import.meta.url), 'utf8');

/**
 * Applies a reader's edit: replaces `find` (a string or a RegExp) in `source`,
 * asserting it occurs exactly once, so the lesson's "find X" stays true.
 */
export function edit(source: string, find: string | RegExp, replacement: string): string {
  const count = typeof find === 'string' ? source.split(find).length - 1 : (source.match(new RegExp(find.source, find.flags.includes('g') ? find.flags : find.flags + 'g')) ?? []).length;
  expect(count, `the lesson's text ${String(find)} occurs once in the server`).toBe(1);
  return source.replace(find, replacement);
}

/** The nth ServerEditor on the page (page order), scrolled into view and hydrated. */
export async function serverEditorAt(page: Page, n: number): Promise<Locator> {
  const e = page.locator('section.mcp-server-editor').nth(n);
  await e.scrollIntoViewIfNeeded();
  await untilHydrated(e);
  return e;
}

/** Selects the tab of `file` (a file name such as `create-event.mjs`) in a ServerEditor, as a reader clicks it. */
export async function openTab(e: Locator, file: string): Promise<void> {
  const tab = e.locator(`[role="tab"][data-file="${file}"]`);
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

/** Replaces the whole text of a ServerEditor's selected tab with `text`, as a reader would (click, select all, type). */
export async function typeSource(page: Page, e: Locator, text: string): Promise<void> {
  await replaceEditorText(page, e.locator('.mcp-editor-js'), text);
  await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes');
}

/** Events that mark a fresh process of an edit: "started …edited.mjs" (stdio) or "loaded …edited.mjs" (HTTP), whatever the page's language. */
const STARTED_EDIT = '.mcp-event:is([data-event="started"], [data-event="loaded"])[data-entry$=".edited.mjs"]';

/**
 * Types `text` into the editor, presses Run, and returns the attached Console
 * once one more fresh process of the edit has started than before the click
 * (the Console restarts on every Run).
 */
export async function runEdit(page: Page, e: Locator, text: string): Promise<Locator> {
  await typeSource(page, e, text);
  const c = await consoleAt(page, 0, e);
  const starts = () => c.locator(STARTED_EDIT).count();
  const before = await starts();
  await e.locator('button[data-action="run"]').click();
  await expect.poll(() => e.locator('[data-running="edit"]').count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(starts, { timeout: 20_000 }).toBe(before + 1);
  return c;
}
