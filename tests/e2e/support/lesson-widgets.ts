/**
 * Helpers for the lesson journeys (tests/e2e/lesson-*.test.ts): drive the
 * widgets the way a reader does (type, press buttons) and read what the
 * reader sees. Patterns follow the widget tests (widgets-*.test.ts).
 * Controls are found by their `data-action` (the same on every language's
 * page), never by their English text, so the helpers work on /id/ pages too.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from './fixtures.ts';

/** Page heading (the lesson title), once the page has loaded. */
export const heading = (page: Page) => page.locator('main h1').first().innerText();

/**
 * Waits until the island at `el` has hydrated (its `data-ready` is `value`, `yes` by default): from then on its
 * controls have their handlers. As long as hydration takes on a loaded machine, up to 20 s: the one hydration
 * wait of every widget helper.
 */
export async function untilHydrated(el: Locator, value = 'yes'): Promise<void> {
  await expect.poll(() => el.getAttribute('data-ready'), { timeout: 20_000 }).toBe(value);
}

/** The nth Console on the page (`section.mcp-console`, page order), once hydrated. */
export async function consoleAt(page: Page, n: number, within?: Locator): Promise<Locator> {
  const c = (within ?? page.locator('body')).locator('section.mcp-console').nth(n);
  await c.scrollIntoViewIfNeeded();
  await untilHydrated(c);
  return c;
}

/** A `data-widget` island, scrolled into view and hydrated (`data-ready`: its controls work from then on). */
export async function hydrated(page: Page, widget: string): Promise<Locator> {
  const el = page.locator(`[data-widget=${widget}]`);
  await el.scrollIntoViewIfNeeded();
  await page.locator(`[data-widget=${widget}][data-ready=yes]`).waitFor({ timeout: 20_000 });
  return el;
}

/** The Console editor's text, whether it is still the first textarea or CodeMirror already. */
export const editorText = (c: Locator) =>
  c.locator('.mcp-editor').first().evaluate((el) => {
    const cm = el.querySelector('.cm-content') as HTMLElement | null;
    return cm ? cm.innerText : (el.querySelector('textarea') as HTMLTextAreaElement).value;
  });

/**
 * Replaces the text of the editor in `root` (a Console's or a ServerEditor's editor box), as a reader
 * would: click it (the first interaction swaps the plain textarea for CodeMirror), click into
 * CodeMirror itself, select all, delete, type `text`.
 */
export async function replaceEditorText(page: Page, root: Locator, text: string): Promise<void> {
  await root.click();
  const cm = root.locator('.cm-content');
  await cm.waitFor();
  await cm.click();
  await expect.poll(() => cm.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Replaces the Console editor's text, as a reader would: click, select all, type. */
export async function typeMessage(page: Page, c: Locator, text: string): Promise<void> {
  await replaceEditorText(page, c.locator('.mcp-editor').first(), text);
  await expect.poll(() => editorText(c)).toBe(text);
}

/**
 * Presses the Console's starting-message button named `label` (the row above its editor), as a
 * reader does instead of typing, and waits until the editor holds exactly `message`: the text the
 * lesson's task gives. Send it with `send(page, c, undefined)`.
 */
export async function pickTemplate(c: Locator, label: string, message: string): Promise<void> {
  await c.locator('.mcp-starts').getByRole('button', { name: label, exact: true }).click();
  await expect.poll(() => editorText(c), { timeout: 10_000 }).toBe(message);
}

/** Lines the server wrote to stdout, as shown (`li.mcp-line-in`). */
export const replies = (c: Locator) => c.locator('li.mcp-line-in');
/** Lines sent to stdin, as shown (`li.mcp-line-out`). */
export const sentLines = (c: Locator) => c.locator('li.mcp-line-out');
/** The pid badge of a Console (its current process). */
export const pidOf = async (c: Locator) => Number((await c.locator('.mcp-badge-pid').innerText()).replace(/\D/g, '') || '0');

/**
 * Types `text` (unless undefined: the message already in the editor), presses Send, and waits
 * until `expectReplies` more stdout lines have arrived (0 for a notification).
 */
export async function send(page: Page, c: Locator, text: string | undefined, expectReplies = 1): Promise<void> {
  const before = await replies(c).count();
  if (text !== undefined) await typeMessage(page, c, text);
  await c.locator('button[data-action="send"]').click();
  if (expectReplies > 0) await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + expectReplies);
}

/** One line of a copied transcript. */
export interface TranscriptLine {
  lane: 'stdin' | 'stdout' | 'stderr';
  pid: number;
  /** The line exactly as on the wire (stderr: the chunk). */
  text: string;
  /** The parsed JSON, when the line is JSON. */
  json?: any;
}

/**
 * The whole transcript, unclipped, as the reader gets it with **Copy transcript**
 * (the clipboard), parsed into lines. stdio Consoles only.
 */
export async function copyTranscript(page: Page, c: Locator): Promise<TranscriptLine[]> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await c.locator('button[data-action="copy-transcript"]').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const lines: TranscriptLine[] = [];
  for (const raw of text.split('\n')) {
    const m = /^(?:-> (stdin) |<- (stdout)|<- (stderr)) [\d.]+ms pid (\d+)\t(.*)$/.exec(raw);
    if (!m) continue;
    const lane = (m[1] ?? m[2] ?? m[3]) as TranscriptLine['lane'];
    const line: TranscriptLine = { lane, pid: Number(m[4]), text: m[5] };
    try {
      line.json = JSON.parse(m[5]);
    } catch {
      // not JSON (a framing violation, a log chunk)
    }
    lines.push(line);
  }
  return lines;
}

/** The stdout JSON replies of a transcript, in order. */
export const stdoutMessages = (lines: TranscriptLine[]) => lines.filter((l) => l.lane === 'stdout' && l.json !== undefined).map((l) => l.json);
/** The stdin JSON lines of a transcript, in order. */
export const stdinMessages = (lines: TranscriptLine[]) => lines.filter((l) => l.lane === 'stdin' && l.json !== undefined).map((l) => l.json);

/** The reply with this id in the copied transcript (the last one if there are several). */
export async function replyTo(page: Page, c: Locator, id: string | number): Promise<any> {
  const all = stdoutMessages(await copyTranscript(page, c)).filter((m) => m && m.id === id);
  expect(all.length, `a reply with id ${JSON.stringify(id)}`).toBeGreaterThan(0);
  return all[all.length - 1];
}

/** The text of a tool result's first content block. */
export const toolText = (reply: any): string => reply?.result?.content?.[0]?.text;

/** Standard `_meta` of a 2026-07-28 request, for messages typed by hand with "fill in _meta" off. */
export const META = (capabilities: object = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});
