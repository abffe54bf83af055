/**
 * The Console says what it changed and keeps what the reader typed:
 * changes listed beside the sent line, invalid input quoted as typed, Send on
 * an empty editor says why, the unsent draft survives a reload, copy buttons
 * for requestState and handles, the raw SSE block shows its last line,
 * starting messages one click away, and "Run it on your machine" whose
 * download runs in real Node with the same replies as in the page.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/console/';
const work = mkdtempSync(join(tmpdir(), 'take-home-e2e-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function consoleAt(page: Page, n: number): Promise<Locator> {
  const c = page.locator('section.mcp-console').nth(n);
  await c.scrollIntoViewIfNeeded();
  await untilHydrated(c);
  return c;
}
/** Puts `text` in the editor (textarea or CodeMirror) as typed text. */
async function typeMessage(page: Page, c: Locator, text: string): Promise<void> {
  await c.locator('.mcp-editor').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
const editorText = (c: Locator) =>
  c.locator('.mcp-editor').first().evaluate((el) => {
    const cm = el.querySelector('.cm-content') as HTMLElement | null;
    return cm ? cm.innerText : (el.querySelector('textarea') as HTMLTextAreaElement).value;
  });
const replies = (c: Locator) => c.locator('li.mcp-line-in');
const sentLines = (c: Locator) => c.locator('li.mcp-line-out');

describe('Console: honest about what it sends', () => {
  test('every change is listed beside the sent line; invalid input is quoted as typed', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 0);
    await typeMessage(page, c, '{"jsonrpc":"2.0","id":3,\n"method":"tools/list","params":[]}');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    const changes = sentLines(c).first().locator('.mcp-changes');
    await expect.poll(() => changes.innerText()).toContain('replaced "params": [] with an object');
    expect(await changes.innerText()).toContain('joined your 2 lines into one line');
    expect(await changes.innerText()).toContain('added the required _meta');

    await typeMessage(page, c, 'hello world');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('.mcp-warning').innerText()).toContain('You typed: "hello world"');
    expect(await c.locator('.mcp-warning').innerText()).not.toContain('helloworld');
    await expect.poll(() => sentLines(c).nth(1).locator('.mcp-raw').innerText(), { timeout: 20_000 }).toBe('hello world');
    expect(await sentLines(c).nth(1).locator('.mcp-changes').count()).toBe(0);
  });

  test('Send on an empty editor says why; the unsent draft survives a reload', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 0);
    await typeMessage(page, c, '   ');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('.mcp-warning').innerText()).toContain('Nothing to send: the editor is empty');
    const draft = '{"jsonrpc":"2.0","id":77,"method":"prompts/list"}';
    await typeMessage(page, c, draft);
    const drafts = () => page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('mcp-by-hand:draft:')).map(([, v]) => v));
    await expect.poll(drafts).toEqual([draft]);
    await page.waitForLoadState('networkidle');
    await page.reload();
    const c2 = await consoleAt(page, 0);
    await expect.poll(() => editorText(c2)).toBe(draft);
    expect(await c2.locator('.mcp-note', { hasText: 'restored' }).count()).toBe(1);
  });

  test('requestState gets a copy button that copies it exactly; the raw SSE block shows its last line', async ({ open }) => {
    const page = await open(LAB);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const c = await consoleAt(page, 3); // http
    await c.getByLabel('Template').selectOption({ label: 'tools/call create_event (no start: asks you)' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await c.getByRole('button', { name: 'Send' }).click();
    const ex = c.locator('li.mcp-line-http').first();
    await ex.waitFor({ timeout: 20_000 });
    await ex.getByRole('button', { name: 'Copy requestState' }).click();
    const raw = ex.locator('pre.mcp-raw-block').nth(1);
    const body = await raw.innerText();
    const data = body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
    // The button writes the clipboard asynchronously: wait for what it wrote rather than read it once.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await expect.poll(clipboard).toBe(data.find((d) => d.result?.requestState)?.result.requestState);
    const copied = await clipboard();
    expect(copied.length).toBeGreaterThan(40);
    // The last line of the SSE body is inside the block and not clipped by it.
    const last = body.trimEnd().split('\n').pop()!;
    expect(last).toMatch(/^data: /);
    expect(await raw.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  });

  test('a handle in a reply gets a copy button', async ({ open }) => {
    const page = await open(LAB);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const c = await consoleAt(page, 5); // calendar-handles, with starting messages (after the ServerEditor's own console)
    await c.getByRole('button', { name: 'Open a calendar' }).click();
    await expect.poll(() => editorText(c)).toContain('open_calendar');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    const button = replies(c).first().getByRole('button', { name: /^Copy handle cal_/ });
    await button.click();
    // The button writes the clipboard asynchronously: wait for the handle rather than read it once.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await expect.poll(clipboard).toMatch(/^cal_[A-Za-z0-9_-]{22}$/);
    const copied = await clipboard();
    expect(await replies(c).first().locator('.mcp-raw').innerText()).toContain(copied);
    // The second starting message, one click away.
    await c.getByRole('button', { name: 'List the tools' }).click();
    await expect.poll(() => editorText(c)).toContain('tools/list');
  });
});

/** Runs `node <args>` in `cwd` with `lines` on stdin; resolves with the stdout lines once `count` arrived. */
function runNode(cwd: string, args: string[], lines: string[], count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: string[] = [];
    let buf = '';
    const timer = setTimeout(() => (child.kill(), reject(new Error(`no reply; got ${JSON.stringify(out)}`))), 15_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buf += chunk;
      for (let i; (i = buf.indexOf('\n')) >= 0; buf = buf.slice(i + 1)) out.push(buf.slice(0, i));
      if (out.length >= count) {
        clearTimeout(timer);
        child.kill();
        resolve(out);
      }
    });
    for (const l of lines) child.stdin.write(l + '\n');
  });
}

describe('Run it on your machine', () => {
  test('the ServerEditor download (with the reader\'s edit) unzips, runs with plain node, and answers as the page did', async ({ open }) => {
    const page = await open(LAB);
    const e = page.locator('section.mcp-server-editor').first();
    await e.scrollIntoViewIfNeeded();
    await untilHydrated(e);
    // The reader's edit: a changed tool description, so the replies differ from the shipped server's.
    await e.locator('.mcp-editor-js textarea').evaluate((el: HTMLTextAreaElement) => {
      el.value = `${el.value}\nconsole.error('taken home');\n`;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await e.getByRole('button', { name: 'Run', exact: true }).click();
    const c = e.locator('section.mcp-console');
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('taken home');
    const line = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}';
    await c.getByRole('switch', { name: 'fill in _meta' }).uncheck();
    await typeMessage(page, c, line);
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.getByRole('button', { name: 'Copy transcript' }).click();
    // The clipboard is written asynchronously; the Console says so once it is done.
    await expect.poll(() => c.locator('[data-transcript-status]').innerText()).toBe('Transcript copied.');
    const transcript = await page.evaluate(() => navigator.clipboard.readText());
    const inPage = transcript.split('\n').find((l) => l.startsWith('<- stdout'))!.split('\t')[1]!;

    const home = e.locator('details.mcp-take-home').first();
    await home.locator('summary').click();
    const command = home.locator('code.mcp-command');
    await expect.poll(() => command.innerText(), { timeout: 20_000 }).toMatch(/^node \S+\.mjs$/);
    const download = page.waitForEvent('download');
    await home.getByRole('button', { name: /^Download / }).click();
    const file = await download;
    const saved = join(work, file.suggestedFilename());
    await file.saveAs(saved);
    const dir = join(work, 'unzipped');
    if (saved.endsWith('.zip')) {
      for (const [path, bytes] of Object.entries(unzipSync(readFileSync(saved)))) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), bytes);
      }
    } else {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, file.suggestedFilename()), readFileSync(saved));
    }
    const [node, ...args] = (await command.innerText()).split(' ');
    expect(node).toBe('node');
    expect(readFileSync(join(dir, args[0]!), 'utf8')).toContain("console.error('taken home');");
    const [atHome] = await runNode(dir, args, [line], 1);
    expect(JSON.parse(atHome!)).toEqual(JSON.parse(inPage));
  });
});
