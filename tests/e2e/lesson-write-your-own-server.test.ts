/**
 * The capstone, "Write your own MCP server", in Chromium with the Worker
 * engine on the default build: the reader starts from the starter (which
 * answers nothing), runs the Checker (stage 1 fails), then pastes each
 * stage's revealed solution into the ServerEditor and runs again, and the
 * stages turn green one by one. After a reload the progress and the reader's
 * edit are still there, and revealing a solution never changes the file.
 * The same journey runs on the Indonesian edition (/id/write-your-own-server/),
 * from the starter straight to the last stage's solution, with the same verdicts; there the Checker shows every rule in Indonesian
 * (src/i18n/id/checks.ts) and no English rule title of the checker. Controls
 * are found by their `data-action`, texts through t() in the page's language.
 */
import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STAGES } from '../../src/checker/stages.ts';
import { t, type Lang } from '../../src/i18n/index.ts';
import { commentsIn } from '../../src/components/pure/comment-language.ts';
import { checkWords } from '../../src/i18n/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { serverEditorAt, typeSource } from './support/lesson-editor.ts';
import { starterEditKey } from './support/checker-page.ts';
import { heading, untilHydrated } from './support/lesson-widgets.ts';
import { capstoneStage } from '../capstone-stages.ts';

const site = lessonSites()[0]!;
/** The English page and its Indonesian edition: URL prefix, page language and title. */
const RUNS: Array<{ prefix: '' | 'id/'; lang: Lang; title: string }> = [
  { prefix: '', lang: 'en', title: 'Write your own MCP server' },
  { prefix: 'id/', lang: 'id', title: 'Tulis server MCP Anda sendiri' },
];
const ENGLISH_RULES = STAGES.flatMap((s) => s.checks.map((c) => checkWords(c.id, 'en').rule));
const STARTER = readFileSync(new URL('../../toy-servers/starter.mjs', import.meta.url), 'utf8');

/** The Checker on the page, hydrated. */
async function checkerOn(page: Page): Promise<Locator> {
  const c = page.locator('section.mcp-checker');
  await c.scrollIntoViewIfNeeded();
  await untilHydrated(c);
  return c;
}

/** Presses Run, waits for the run to end, returns each stage's shown status in order. */
async function runChecker(c: Locator): Promise<string[]> {
  await c.locator('[data-action="run"]').click();
  await expect.poll(() => c.getAttribute('data-state')).toBe('running');
  await expect.poll(() => c.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
  return stageStatuses(c);
}

const stageStatuses = (c: Locator) => c.locator('li.mcp-checker-stage').evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
/** The reader's saved edit of the starter on this page (the key names the page's path). */
const savedEdit = (page: Page) => page.evaluate((key) => localStorage.getItem(key), starterEditKey(new URL(page.url()).pathname));

/**
 * On the Indonesian page: every check the Checker shows has its Indonesian rule
 * title, and no English rule title of the checker appears anywhere in the
 * widget (closed details included). Returns how many checks were shown.
 */
async function rulesAreIndonesian(c: Locator): Promise<number> {
  const shown = await c.locator('[data-check]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-check')!, e.querySelector('.mcp-checker-rule')!.textContent!] as const));
  for (const [id, rule] of shown) expect(rule, id).toContain(checkWords(id, 'id').rule);
  const text = (await c.textContent())!;
  expect(ENGLISH_RULES.filter((r) => text.includes(r)), 'English rule titles on the Indonesian page').toEqual([]);
  return shown.length;
}

/** Reveals stage `n`'s solution and returns its text (the stage's file with the comments of `lang`), checking the reader's file did not change. */
async function revealSolution(page: Page, c: Locator, n: number, lang: Lang): Promise<string> {
  const before = await savedEdit(page);
  const stage = c.locator('li.mcp-checker-stage').nth(n - 1);
  if (!(await stage.locator(':scope > details').evaluate((d) => (d as HTMLDetailsElement).open))) await stage.locator(':scope > details > summary').click();
  const button = stage.locator('[data-action="solution"]');
  await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  const code = stage.locator(`pre[data-solution="${n}"]`);
  const text = await code.textContent();
  // The stage's file, its comments in the page's language.
  expect(text).toBe(commentsIn(capstoneStage(n), lang));
  expect(await savedEdit(page), 'revealing a solution leaves the reader\'s file as it was').toBe(before);
  await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
  return text!;
}

for (const { prefix, lang, title } of RUNS) describe(`write-your-own-server (default build, /${prefix})`, () => {
  test('from the starter to all eight stages green, pasting each solution; progress and the edit survive a reload', async ({ open }) => {
    const page = await open(lessonURL(site, `${prefix}write-your-own-server`), site.options);
    expect(await heading(page)).toBe(title);
    const editor = await serverEditorAt(page, 0);
    expect(await editor.getAttribute('data-server')).toBe('starter');
    const c = await checkerOn(page);
    await expect.poll(() => c.locator('.mcp-checker-status').innerText()).toBe(t('checker.idle', {}, lang));

    // The starter answers nothing: stage 1 fails, with the reason, the fix and the wire lines; the run stops there.
    const first = await runChecker(c);
    expect(first[0]).toBe('fail');
    expect(first.slice(1).every((s) => s === 'pending')).toBe(true);
    const stdoutOnly = c.locator('[data-check="framing.stdout-only"]');
    expect(await stdoutOnly.getAttribute('data-status')).toBe('fail');
    // It names the request that got no reply (the era probe found nothing else to say about a silent server).
    expect(await stdoutOnly.innerText()).toMatch(lang === 'en' ? /no reply to server\/discover \(id \d+\) within/ : /tidak ada balasan untuk server\/discover \(id \d+\) dalam/);
    expect(await stdoutOnly.locator('a.mcp-spec-link').getAttribute('href')).toBe('https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio');
    await stdoutOnly.locator('.mcp-checker-wire summary').click();
    await expect.poll(() => stdoutOnly.locator('.mcp-checker-wire').innerText()).toContain('"method":"server/discover"');
    expect(await c.locator('.mcp-checker-status').innerText()).toBe(t('checker.done', { passed: 0, total: 8, failed: 1, skipped: 0 }, lang));
    if (lang === 'id') {
      expect(await rulesAreIndonesian(c)).toBeGreaterThan(0);
      // The failure's expectation and hint are Indonesian too, and so is the prose of what the server did (`actual`); the wire is not translated.
      expect(await stdoutOnly.locator('.mcp-checker-detail').innerText()).toContain(checkWords('framing.stdout-only', 'id').hint);
    }
    expect(await savedEdit(page), 'nothing edited yet').toBeNull();

    // Paste each stage's solution and run: stages 1..n pass, the next one does not. The Indonesian page runs the
    // same Checker and engine on the same code (its solutions differ in their comments only, which
    // tests/unit/components/comment-language.test.ts runs in Node in both languages): it pastes the last one.
    for (let n = lang === 'en' ? 1 : STAGES.length; n <= STAGES.length; n++) {
      const solution = await revealSolution(page, c, n, lang);
      await typeSource(page, editor, solution);
      expect(await savedEdit(page)).toBe(solution);
      const statuses = await runChecker(c);
      expect(statuses.slice(0, n), `after pasting stage ${n}'s solution`).toEqual(Array(n).fill('pass'));
      if (n < STAGES.length) expect(statuses[n], `stage ${n + 1} is not passed yet`).not.toBe('pass');
      // Progress counts the stages this run passed, a stage that only warned (a SHOULD) included: the first n,
      // and a later one whose only rule is a SHOULD the solution does not meet yet (stage 8 before its solution).
      expect(Number(await c.getAttribute('data-stages-passed'))).toBe(statuses.filter((s) => s === 'pass' || s === 'warn').length);
      expect(statuses.filter((s) => s === 'pass' || s === 'warn').length).toBeGreaterThanOrEqual(n);
    }
    const final = await savedEdit(page);
    // Every check a stdio server gets (the Streamable HTTP transport's own rules are not shown for it).
    if (lang === 'id') expect(await rulesAreIndonesian(c)).toBe(STAGES.flatMap((s) => s.checks).filter((d) => (d.transports ?? ['stdio']).includes('stdio')).length);

    // Reload: the progress is shown at once (before any run), and the reader's edit is back in the editor.
    await page.reload({ waitUntil: 'load' });
    const again = await checkerOn(page);
    expect(await again.getAttribute('data-state')).toBe('idle');
    expect(await again.getAttribute('data-stages-passed')).toBe('8');
    expect(await stageStatuses(again)).toEqual(Array(8).fill('pass'));
    const [before, after] = t('checker.progress-restored', { n: 8, total: 8 }, lang).split('{when}');
    const restored = await again.locator('.mcp-checker-status').innerText();
    expect(restored.startsWith(before!) && restored.endsWith(after!) && restored.length > before!.length + after!.length, restored).toBe(true);
    const editorAgain = await serverEditorAt(page, 0);
    expect(await editorAgain.locator('.mcp-changed').innerText()).toBe(t('editor.changed', {}, lang));
    expect(await savedEdit(page)).toBe(final);
    expect(final).not.toBe(STARTER);
    await revealSolution(page, again, 3, lang);
    expect(await savedEdit(page)).toBe(final);
  }, 600_000);
});
