/**
 * ServerEditor on the lab page: edit marker, edits kept across reloads, a
 * syntax error located without starting the server, Run restarts the attached
 * Console from the edit (new pid), Reset after an accessible confirmation,
 * a hostile catalog rendered inert, and the server's sibling files as tabs
 * (keyboard, per-file edits run, kept, reset and taken home).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/console/';
const KEY = 'mcp-by-hand:edit:/lab/console/:toy-servers/calendar.mjs';
const PLUMBING_KEY = 'mcp-by-hand:edit:/lab/console/:toy-servers/plumbing.mjs';

async function editor(page: Page): Promise<Locator> {
  const e = page.locator('section.mcp-server-editor').first();
  await e.scrollIntoViewIfNeeded();
  await untilHydrated(e);
  await untilHydrated(e.locator('section.mcp-console'));
  return e;
}
const consoleIn = (e: Locator) => e.locator('section.mcp-console');
const pidOf = async (c: Locator) => Number((await c.locator('.mcp-badge-pid').innerText()).replace(/\D/g, '') || '0');
const source = (e: Locator) => e.locator('.mcp-editor-js');
/** The source text, whether the editor is still the first textarea or CodeMirror already. */
const sourceText = (e: Locator) =>
  source(e).evaluate((el) => {
    const cm = el.querySelector('.cm-content') as HTMLElement | null;
    return cm ? cm.innerText : (el.querySelector('textarea') as HTMLTextAreaElement).value;
  });

/** Types `text` at the end of the source, with the keyboard. */
async function appendToEditor(page: Page, e: Locator, text: string): Promise<void> {
  await source(e).click();
  await expect.poll(() => source(e).locator('.cm-content').evaluate((el) => el === document.activeElement), { timeout: 20_000 }).toBe(true);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

describe('ServerEditor', () => {
  test('an edit is marked, kept across a reload, and Run restarts the attached console from it', async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    expect(await e.locator('.mcp-changed').innerText()).toBe('original');
    const c = consoleIn(e);
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-in').count(), { timeout: 20_000 }).toBe(1);
    const firstPid = await pidOf(c);

    const headHeight = (x: typeof e) => x.locator(':scope > header.mcp-widget-head').evaluate((h) => h.getBoundingClientRect().height);
    const before = await headHeight(e);
    await appendToEditor(page, e, "\nconsole.error('edited by the reader');");
    await expect.poll(() => e.locator('.mcp-changed').innerText()).toBe('edited (differs from the original)');
    // The longer word takes no more room: a kept edit shown at hydration moves nothing below it.
    expect(await headHeight(e)).toBe(before);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), KEY)).toContain("console.error('edited by the reader');");

    await page.waitForLoadState('networkidle'); // let the first load finish, or reloading aborts its requests
    await page.reload();
    const e2 = await editor(page);
    await expect.poll(() => sourceText(e2)).toContain("console.error('edited by the reader');");
    expect(await e2.locator('.mcp-changed').innerText()).toBe('edited (differs from the original)');

    await e2.getByRole('button', { name: 'Run', exact: true }).click();
    const c2 = consoleIn(e2);
    await expect.poll(() => c2.locator('.mcp-event').allInnerTexts(), { timeout: 20_000 }).toEqual(
      expect.arrayContaining([expect.stringContaining('started toy-servers/calendar.edited.mjs')]),
    );
    await expect.poll(() => c2.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('edited by the reader');
    await c2.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c2.locator('li.mcp-line-in').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => c2.locator('li.mcp-line-in .mcp-meaning').first().innerText()).toContain('DiscoverResult');
    expect(await pidOf(c2)).toBeGreaterThan(0);
    expect(await e2.locator('.mcp-toolbar .mcp-note').first().innerText()).toBe('The page runs your edit.');
    void firstPid;
  });

  test('a kept edit of another length moves nothing when the page hydrates: the editor is as tall as the page without JavaScript', async ({ browser, baseURL, open }) => {
    const box = async (page: Page) => {
      const e = page.locator('section.mcp-server-editor').first();
      await e.scrollIntoViewIfNeeded();
      return e.evaluate((el) => {
        const below = (css: string) => el.querySelector(css)!.getBoundingClientRect().top - el.getBoundingClientRect().top;
        // The editor's height, and where Run and the attached Console start (after the status line, which says "restored").
        return { editor: el.querySelector('.mcp-editor-js')!.getBoundingClientRect().height, run: below('[data-action="run"]'), console: below('.mcp-editor-attached') };
      });
    };
    // What the browser paints before any script runs: the server-rendered page.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const still = await bare.newPage();
    await still.goto(new URL(LAB, baseURL).href);
    const painted = await box(still);
    await bare.close();
    // The same page hydrated with a kept edit far longer than the original.
    const page = await open(LAB);
    await editor(page);
    await page.evaluate(([k, text]) => localStorage.setItem(k!, text!), [KEY, readFileSync(new URL('../../toy-servers/calendar.mjs', import.meta.url), 'utf8') + '\n// a line the reader added'.repeat(200)]);
    await page.waitForLoadState('networkidle');
    await page.reload();
    const e = await editor(page);
    await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes');
    await expect.poll(() => e.locator(':scope > .mcp-toolbar > .mcp-sr-status').innerText()).toBe('Your edit was restored from this browser. It runs when you press Run.');
    expect(await box(page)).toEqual(painted);
  });

  test('a syntax error shows line:col and starts nothing; the edit is kept', async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    const c = consoleIn(e);
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-in').count(), { timeout: 20_000 }).toBe(1);
    const pid = await pidOf(c);
    const events = await c.locator('.mcp-event').count();
    await appendToEditor(page, e, '\nconst broken = ;');
    await e.getByRole('button', { name: 'Run', exact: true }).press('Enter'); // by keyboard
    const alert = e.locator('.mcp-syntax');
    await expect.poll(() => alert.innerText(), { timeout: 20_000 }).toMatch(/Syntax error at line \d+, column \d+/);
    const line = Number(/line (\d+)/.exec(await alert.innerText())![1]);
    const stored = (await page.evaluate((k) => localStorage.getItem(k), KEY)) ?? '';
    const expected = stored.split('\n').findIndex((l) => l.includes('const broken = ;')) + 1;
    expect(expected).toBeGreaterThan(40);
    expect(line).toBe(expected);
    expect(await c.locator('.mcp-event').count()).toBe(events);
    expect(await pidOf(c)).toBe(pid);
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), KEY)).toContain('const broken = ;');
    // "Go to" puts the cursor there, in the editor.
    await alert.getByRole('button', { name: /Go to line/ }).click();
    await expect.poll(() => source(e).locator('.cm-content').evaluate((el) => el === document.activeElement), { timeout: 20_000 }).toBe(true);
  });

  test('Reset asks first (keyboard, Escape keeps the edit), then restores the original', async ({ open }) => {
    const page = await open(LAB);
    await page.evaluate((k) => localStorage.setItem(k, '// my edit\n'), KEY);
    await page.waitForLoadState('networkidle'); // let the first load finish, or reloading aborts its requests
    await page.reload();
    const e = await editor(page);
    await expect.poll(() => sourceText(e)).toContain('// my edit');
    await e.getByRole('button', { name: 'Reset', exact: true }).focus();
    await page.keyboard.press('Enter');
    const group = e.getByRole('group', { name: /Reset this file to the original source\?/ });
    await group.waitFor();
    // Focus moves to the safe choice once the question has rendered (an effect after the render that shows it).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep my edits');
    await page.keyboard.press('Escape');
    await expect.poll(() => group.count()).toBe(0);
    expect(await sourceText(e)).toContain('// my edit');
    await e.getByRole('button', { name: 'Reset', exact: true }).click();
    await e.getByRole('button', { name: 'Reset to original' }).click();
    await expect.poll(() => sourceText(e)).toContain('calendar.mjs: the course');
    expect(await e.locator('.mcp-changed').innerText()).toBe('original');
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
  });

  test('a hostile catalog (<script>, <img onerror>, 100 KB strings) stays inert text', async ({ open }) => {
    const hostile = `import { createInterface } from 'node:readline';
const big = 'A'.repeat(100000);
const tools = [{ name: '<script>window.__pwned = 1</script>', title: '<img src=x onerror="window.__pwned = 2">', description: '<img src=/nope.png onerror="window.__pwned = 3">' + big, inputSchema: { type: 'object', properties: { ['<b>' + big]: { type: 'string' } } } }];
console.error('<img src=/err.png onerror="window.__pwned = 4">');
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { resultType: 'complete', tools, ttlMs: 0, cacheScope: 'public' } }) + '\\n');
  process.stdout.write('<script>window.__pwned = 5</script>' + big + '\\n');
});
`;
    const page = await open(LAB);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [KEY, hostile]);
    await page.waitForLoadState('networkidle'); // let the first load finish, or reloading aborts its requests
    await page.reload();
    const e = await editor(page);
    await e.getByRole('button', { name: 'Run', exact: true }).click();
    const c = consoleIn(e);
    await expect.poll(() => c.locator('.mcp-event').allInnerTexts(), { timeout: 20_000 }).toEqual(
      expect.arrayContaining([expect.stringContaining('calendar.edited.mjs')]),
    );
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-in').count(), { timeout: 20_000 }).toBe(2);
    const reply = c.locator('li.mcp-line-in').first();
    expect(await reply.locator('.mcp-meaning').innerText()).toContain('1 tool (<script>window.__pwned = 1</script>)');
    await reply.locator('details.mcp-line-body > summary').click();
    // The row opens with its body, in one render after the click: wait for its JSON before opening its levels.
    await reply.locator('details.mcp-line-body .mcp-json').waitFor();
    // Open every collapsed level.
    await reply.evaluate((li) => li.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await expect.poll(() => reply.innerText()).toContain('more characters not shown');
    expect(await c.locator('li.mcp-line-bad .mcp-meaning').innerText()).toContain('framing violation');
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('<img src=/err.png');
    // Nothing became markup, nothing ran, nothing was fetched (the fixture fails on the 404 an <img> would cause).
    expect(await e.locator('script, img, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // The page stays usable: the reply lines are clipped for display.
    expect((await reply.locator("summary .mcp-raw").innerText()).length).toBeLessThan(2000);
  });

  test('a server that crashes on start is reported, and the edit survives it', async ({ open }) => {
    const crashing = "console.error('about to fail');\nprocess.exit(3);\n";
    const page = await open(LAB);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [KEY, crashing]);
    await page.waitForLoadState('networkidle');
    await page.reload();
    const e = await editor(page);
    await e.getByRole('button', { name: 'Run', exact: true }).click();
    const c = consoleIn(e);
    await expect.poll(() => c.locator('.mcp-event').allInnerTexts(), { timeout: 20_000 }).toEqual(
      expect.arrayContaining([expect.stringContaining('process exited with code 3')]),
    );
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('about to fail');
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe(crashing);
    await page.waitForLoadState('networkidle');
    await page.reload();
    const e2 = await editor(page);
    expect(await sourceText(e2)).toBe(crashing);
  });

  // Two page loads, a Run and a download: it takes longer than one step.
  test('a sibling file is a tab: its edit runs, is kept across a reload, resets alone, and goes home in the zip', { timeout: 180_000 }, async ({ open }) => {
    const page = await open(LAB);
    const e = await editor(page);
    const tabs = e.getByRole('tablist', { name: 'Files of calendar.mjs' });
    const tab = (name: string) => tabs.getByRole('tab', { name: new RegExp(`^${name.replace('.', '\\.')}`) });
    // The tabs come from the entry's imports: the entry, then what it imports.
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['calendar.mjs', 'plumbing.mjs', 'create-event.mjs', 'request-state.mjs']);
    expect(await tab('calendar.mjs').getAttribute('aria-selected')).toBe('true');
    // The keyboard, as the tabs pattern has it: the arrow keys move and select; one tab in the Tab order.
    await tab('calendar.mjs').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('plumbing.mjs').getAttribute('aria-selected')).toBe('true');
    expect(await tab('plumbing.mjs').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await tabs.getByRole('tab').evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual(['-1', '0', '-1', '-1']);
    // The one panel is labelled by the selected tab, which controls it.
    const panel = e.locator('[role="tabpanel"]');
    const plumbingId = await tab('plumbing.mjs').getAttribute('id');
    await expect.poll(() => panel.getAttribute('aria-labelledby')).toBe(plumbingId);
    expect(await tab('plumbing.mjs').getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
    await expect.poll(() => sourceText(e)).toContain(readFileSync(new URL('../../toy-servers/plumbing.mjs', import.meta.url), 'utf8').split('\n').find((l) => l.startsWith('export '))!);

    // Edit the sibling: only its tab is marked, only its file is saved.
    await appendToEditor(page, e, "\nconsole.error('plumbing edited by the reader');");
    await expect.poll(() => tab('plumbing.mjs').getAttribute('data-changed')).toBe('yes');
    expect(await tab('calendar.mjs').getAttribute('data-changed')).toBe('no');
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), PLUMBING_KEY)).toContain('plumbing edited by the reader');
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();

    // Run: the attached Console restarts on the edited entry, which loads the edited sibling, and still answers.
    await e.getByRole('button', { name: 'Run', exact: true }).click();
    const c = consoleIn(e);
    await expect.poll(() => c.locator('.mcp-event').allInnerTexts(), { timeout: 20_000 }).toEqual(
      expect.arrayContaining([expect.stringContaining('started toy-servers/calendar.edited.mjs')]),
    );
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('plumbing edited by the reader');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-in .mcp-meaning').first().innerText(), { timeout: 20_000 }).toContain('DiscoverResult');

    // A reload keeps it.
    await page.waitForLoadState('networkidle'); // let the first load finish, or reloading aborts its requests
    await page.reload();
    const e2 = await editor(page);
    const tabs2 = e2.getByRole('tablist', { name: 'Files of calendar.mjs' });
    const tab2 = (name: string) => tabs2.getByRole('tab', { name: new RegExp(`^${name.replace('.', '\\.')}`) });
    expect(await tab2('plumbing.mjs').getAttribute('data-changed')).toBe('yes');
    await tab2('plumbing.mjs').click();
    await expect.poll(() => sourceText(e2)).toContain('plumbing edited by the reader');

    // Edit the entry too; the take-home zip holds both files as the tabs hold them.
    await tab2('calendar.mjs').click();
    await appendToEditor(page, e2, "\nconsole.error('calendar edited by the reader');");
    await expect.poll(() => tab2('calendar.mjs').getAttribute('data-changed')).toBe('yes');
    const home = e2.locator('details.mcp-take-home');
    await home.locator('summary').click();
    const button = home.getByRole('button', { name: /^Download mcp-by-hand-calendar\.zip/ });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const zip = unzipSync(readFileSync((await download.path())!));
    expect(strFromU8(zip['mcp-by-hand-calendar/plumbing.mjs']!)).toContain("console.error('plumbing edited by the reader');");
    expect(strFromU8(zip['mcp-by-hand-calendar/calendar.mjs']!)).toContain("console.error('calendar edited by the reader');");

    // Reset on the sibling's tab resets it alone.
    await tab2('plumbing.mjs').click();
    await e2.getByRole('button', { name: 'Reset', exact: true }).click();
    await e2.getByRole('button', { name: 'Reset to original' }).click();
    await expect.poll(() => tab2('plumbing.mjs').getAttribute('data-changed')).toBe('no');
    await expect.poll(() => sourceText(e2)).not.toContain('plumbing edited by the reader');
    expect(await page.evaluate((k) => localStorage.getItem(k), PLUMBING_KEY)).toBeNull();
    expect(await tab2('calendar.mjs').getAttribute('data-changed')).toBe('yes');
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toContain('calendar edited by the reader');
  });

  test('phone width: the editor and its console fit, with no horizontal page overflow', async ({ open }) => {
    const page = await open(LAB, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const e = await editor(page);
    const box = await e.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // Where the words wrap most, the edited mark still takes the room the original one had.
    const headHeight = () => e.locator(':scope > header.mcp-widget-head').evaluate((h) => h.getBoundingClientRect().height);
    const before = await headHeight();
    await appendToEditor(page, e, '\n// an edit');
    await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('yes');
    expect(await headHeight()).toBe(before);
  });
});
