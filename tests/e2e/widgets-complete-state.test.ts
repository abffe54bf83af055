/**
 * A widget never shows a state before it is complete, even on a slow page
 * (the main thread throttled): recorded in the page after every DOM change
 * (support/page-states.ts), so a state that lasted one frame counts.
 * - A reply's JSON in the transcript opens together with its body, by mouse
 *   and by keyboard, never as an open row with nothing in it.
 * - The form an input_required reply asks for appears no earlier than that
 *   reply's row, and the badge shows a process's pid no earlier than the row
 *   saying that process started (the transcript adds rows once a frame).
 * - "Run it on your machine" says it is preparing until the package is
 *   ready, then shows one command for that opening, with its download
 *   button; an opening after an edit never shows the command of the
 *   package before the edit.
 * - Before an island hydrates, its controls (buttons, menus, switches,
 *   fields) are disabled, since they have no handlers yet; a "Run it
 *   on your machine" opened then says it is preparing, and once the island
 *   hydrates it prepares and shows the command (scripts held back by routing).
 * - TokenMeter, after a ServerEditor on its page runs another source, says it
 *   is listing until it has counted the new catalog: it never shows the old
 *   catalog's counts as the counts of the source that runs now.
 */
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { handServer } from './support/hand-server.ts';
import { HeldRequests } from './support/held-requests.ts';
import { recordStates, slowCpu } from './support/page-states.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/console/';
/** How much slower the page's main thread runs in these tests. */
const SLOWER = 4;

async function hydrated(page: Page, selector: string, n = 0): Promise<Locator> {
  const w = page.locator(selector).nth(n);
  await w.scrollIntoViewIfNeeded();
  await untilHydrated(w);
  return w;
}
const replies = (c: Locator) => c.locator('li.mcp-line-in');

/** Every script chunk of the site. */
const SCRIPTS = /\/_astro\/.*\.js(\?.*)?$/;

/** Reloads `page` with every script chunk held back (routing also keeps them out of the cache); returns the function that lets them go. */
async function reloadWithoutScripts(page: Page): Promise<() => Promise<void>> {
  const hold = new HeldRequests(page, (url) => SCRIPTS.test(url.href));
  await hold.install();
  // Not `domcontentloaded`: that waits for the page's module scripts, which are held. The markup is parsed all the same.
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => page.locator('footer').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  return () => hold.releaseAll();
}

/**
 * Server-rendered controls that a reader could press or change (not inert, not disabled), described for a
 * failure message. The editors' textareas are not controls of this kind: what is typed there before the
 * editor loads is kept (widgets-typing.test.ts).
 */
const liveBeforeHydration = (page: Page) =>
  page
    .locator('astro-island[ssr] :is(button, select, input)')
    .evaluateAll((els) =>
      els
        // A field the island adopts on hydration (`data-typed`: what the reader types, picks or ticks is kept) may be live;
        // a button, or a field whose input would be lost, may not.
        .filter((el) => !(el as HTMLButtonElement).disabled && !el.closest('[inert]'))
        .filter((el) => el.tagName === 'BUTTON' || !el.hasAttribute('data-typed'))
        .map((el) => `${el.tagName.toLowerCase()} ${el.getAttribute('data-action') ?? el.getAttribute('type') ?? ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
    );

describe('what the page shows is complete when it is shown', () => {
  test('a reply\'s JSON opens with its body, by mouse and by keyboard', async ({ open }) => {
    const page = await open(LAB);
    await slowCpu(page, SLOWER);
    const c = await hydrated(page, 'section.mcp-console');
    const seen = await recordStates(page, () => {
      const rows = [...document.querySelector('section.mcp-console')!.querySelectorAll('details.mcp-line-body')] as HTMLDetailsElement[];
      const open = rows.filter((d) => d.open);
      if (open.some((d) => !d.querySelector(':scope > :not(summary)'))) return 'open with an empty body';
      return open.length ? 'open with its body' : 'closed';
    });
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 30_000 }).toBe(1);
    const summary = replies(c).first().locator('details.mcp-line-body > summary');
    await summary.click();
    await expect.poll(() => replies(c).first().locator('.mcp-json-key').first().innerText(), { timeout: 10_000 }).toBe('"jsonrpc"');
    await summary.click();
    await expect.poll(() => summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open), { timeout: 10_000 }).toBe(false);
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open), { timeout: 10_000 }).toBe(false);
    expect(await seen()).toEqual(['closed', 'open with its body', 'closed', 'open with its body', 'closed']);
  });

  test('the input_required form comes no earlier than its reply row, and the badge\'s pid no earlier than its process\'s row', async ({ open }) => {
    const page = await open(LAB);
    await slowCpu(page, SLOWER);
    const c = await hydrated(page, 'section.mcp-console');
    const seen = await recordStates(page, () => {
      const c = document.querySelector('section.mcp-console')!;
      const rows = [...c.querySelectorAll('.mcp-lane li.mcp-line')];
      const wrong: string[] = [];
      const asked = rows.some((r) => r.matches('.mcp-line-in') && /^input_required/.test(r.querySelector('.mcp-meaning')?.textContent ?? ''));
      if (c.querySelector('.mcp-pending') && !asked) wrong.push('a form with no input_required row');
      const pid = /pid (\d+)/.exec(c.querySelector('.mcp-badge-pid')?.textContent ?? '')?.[1];
      if (pid && !rows.some((r) => [...r.querySelectorAll('.mcp-pid')].some((p) => new RegExp(`pid ${pid}\\b`).test(p.textContent ?? ''))))
        wrong.push(`pid ${pid} on the badge with no row of that process`);
      return wrong.join('; ') || 'consistent';
    });
    await c.getByLabel('Template').selectOption({ label: 'tools/call create_event (no start: asks you)' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await c.getByRole('button', { name: 'Send' }).click();
    const form = c.getByRole('form');
    await form.waitFor({ timeout: 30_000 });
    await form.getByLabel(/Start time/).fill('2026-09-10T08:30:00Z');
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => replies(c).nth(1).locator('.mcp-meaning').textContent(), { timeout: 30_000 }).toContain('Created');
    const pid = () => c.locator('.mcp-badge-pid').innerText();
    const before = await pid();
    await c.getByRole('button', { name: 'Restart process' }).click();
    await expect.poll(pid, { timeout: 30_000 }).toMatch(/^pid \d+$/);
    await expect.poll(pid, { timeout: 30_000 }).not.toBe(before);
    expect(await seen()).toEqual(['consistent']);
  });

  test('"Run it on your machine" says it is preparing, then shows one exact command per opening, also after an edit', async ({ open }) => {
    const page = await open(LAB);
    await slowCpu(page, SLOWER);
    const e = await hydrated(page, 'section.mcp-server-editor');
    const seen = await recordStates(page, () => {
      const d = document.querySelector('section.mcp-server-editor details.mcp-take-home') as HTMLDetailsElement | null;
      if (!d?.open) return 'closed';
      const preparing = d.querySelector('[data-state="preparing"]') ? 'preparing' : '';
      const command = d.querySelector('code.mcp-command')?.textContent ?? '';
      const download = [...d.querySelectorAll('button')].map((b) => b.textContent ?? '').find((t) => t.startsWith('Download')) ?? '';
      const failed = d.querySelector('[role="alert"]')?.textContent ?? '';
      return [preparing, command, download, failed].join(' | ');
    });
    const home = e.locator('details.mcp-take-home');
    const command = home.locator('code.mcp-command');
    await home.locator('summary').click();
    await expect.poll(() => command.count(), { timeout: 30_000 }).toBe(1);
    await home.locator('summary').click();
    await expect.poll(() => home.evaluate((d) => (d as HTMLDetailsElement).open), { timeout: 10_000 }).toBe(false);
    // The edit imports nothing: the package becomes one file, so the command changes.
    await e.locator('.mcp-editor-js textarea').evaluate((el: HTMLTextAreaElement) => {
      el.value = "process.stdin.on('data', () => {});\n";
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await home.locator('summary').click();
    await expect.poll(() => command.count(), { timeout: 30_000 }).toBe(1);

    const states = await seen();
    const openings: string[][] = [];
    for (const s of states) {
      if (s === 'closed') openings.push([]);
      else openings.at(-1)!.push(s);
    }
    expect(states[0]).toBe('closed');
    expect(openings.filter((o) => o.length)).toHaveLength(2);
    for (const opening of openings.filter((o) => o.length)) {
      // Preparing (no command, no button), then the command with its download button; nothing else, nothing empty.
      expect(opening[0]).toBe('preparing |  |  | ');
      expect(opening.slice(1)).toHaveLength(1);
      expect(opening[1]).toMatch(/^ \| node \S+\.mjs \| Download \S+/);
    }
    const commandOf = (o: string[]) => o[1]!.split(' | ')[1];
    const [first, second] = openings.filter((o) => o.length);
    expect(commandOf(second!)).not.toBe(commandOf(first!));
  });

  test('TokenMeter never shows the counts of the source that ran before as those of the source that runs now', async ({ open }) => {
    const page = await open('lab/untrusted/');
    const editor = await hydrated(page, 'section.mcp-server-editor');
    const meter = page.locator('[data-widget=token-meter]');
    await meter.scrollIntoViewIfNeeded();
    const status = meter.locator('[data-meter-status]');
    await expect.poll(() => status.getAttribute('data-meter-status'), { timeout: 60_000 }).toBe('counted');
    const tools = () => meter.locator('li[data-tool]').evaluateAll((li) => li.map((l) => l.getAttribute('data-tool')).join(','));
    const before = await tools();
    expect(before).toContain('create_event');
    const seen = await recordStates(page, () => {
      const running = document.querySelector('section.mcp-server-editor [data-running]')?.getAttribute('data-running');
      const meter = document.querySelector('[data-widget=token-meter]')!;
      const counted = meter.querySelector('[data-meter-status]')?.getAttribute('data-meter-status') === 'counted';
      const names = [...meter.querySelectorAll('li[data-tool]')].map((l) => l.getAttribute('data-tool')).join(',');
      return `${running}: ${counted ? `counted ${names}` : 'not counted yet'}`;
    });
    // A modern server with one tool of another name: its catalog differs from the calendar's.
    const other = handServer(
      "{ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' }",
      "{ resultType: 'complete', tools: [{ name: 'other_tool', description: 'Another tool.', inputSchema: { type: 'object' } }], ttlMs: 0, cacheScope: 'public' }",
    );
    await editor.locator('.mcp-editor-js textarea').evaluate((el: HTMLTextAreaElement, text: string) => {
      el.value = text;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, other);
    await editor.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => editor.locator('[data-running]').getAttribute('data-running'), { timeout: 20_000 }).toBe('edit');
    await expect.poll(tools, { timeout: 60_000 }).toBe('other_tool');
    await expect.poll(() => status.getAttribute('data-meter-status'), { timeout: 60_000 }).toBe('counted');
    const states = await seen();
    expect(states[0]).toBe(`original: counted ${before}`);
    expect(states.at(-1)).toBe('edit: counted other_tool');
    expect(states.filter((s) => s.startsWith('edit: counted')), 'once the edit runs, only its own catalog is shown as counted').toEqual(['edit: counted other_tool']);
  });

  for (const path of ['lab/console/', 'lab/flows/', 'caching-and-change-notifications/', 'write-your-own-server/']) {
    test(`${path}: before its island hydrates, no control looks ready that cannot work yet (adopted fields aside)`, async ({ open }) => {
      const page = await open(path);
      const release = await reloadWithoutScripts(page);
      const islands = page.locator('astro-island[ssr]');
      await expect.poll(() => islands.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.locator('astro-island[ssr] :is(button, select, input)').count(), 'the server rendered controls').toBeGreaterThan(0);
      expect(await liveBeforeHydration(page)).toEqual([]);
      await release();
    });
  }

  test('"Run it on your machine" opened before the island hydrates says it is preparing, then prepares once it hydrates', async ({ open }) => {
    const page = await open(LAB);
    const release = await reloadWithoutScripts(page);
    const c = page.locator('section.mcp-console').first();
    const home = c.locator('details.mcp-take-home');
    await home.scrollIntoViewIfNeeded();
    const seen = await recordStates(page, () => {
      const d = document.querySelector('section.mcp-console details.mcp-take-home') as HTMLDetailsElement | null;
      if (!d?.open) return 'closed';
      const preparing = d.querySelector('[data-state="preparing"]') ? 'preparing' : '';
      const command = d.querySelector('code.mcp-command')?.textContent ?? '';
      return `${preparing} | ${command}` === ' | ' ? 'open with nothing in it' : `${preparing} | ${command}`;
    });
    await home.locator('summary').click();
    await expect.poll(() => home.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await c.getAttribute('data-ready'), 'still not hydrated').toBeNull();
    await release();
    await expect.poll(() => c.getAttribute('data-ready'), { timeout: 30_000 }).toBe('yes');
    await expect.poll(() => home.locator('code.mcp-command').count(), { timeout: 30_000 }).toBe(1);
    const states = await seen();
    expect(states[0]).toBe('closed');
    expect(states[1], 'opened before hydration').toBe('preparing | ');
    expect(states.slice(1, -1).every((s) => s === 'preparing | '), states.join(' / ')).toBe(true);
    expect(states.at(-1)).toMatch(/^ \| node \S+\.mjs$/);
    // The command is the package's: an opening in the hydrated page, which packs anew, shows the same one.
    const first = await home.locator('code.mcp-command').innerText();
    await home.locator('summary').click();
    await expect.poll(() => home.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await home.locator('summary').click();
    await expect.poll(() => home.locator('code.mcp-command').count(), { timeout: 30_000 }).toBe(1);
    expect(await home.locator('code.mcp-command').innerText()).toBe(first);
  });
});
