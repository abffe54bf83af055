/**
 * An exchange shared as a link, a file or Markdown, in a real Chromium against the built site, offline, in both
 * editions: the link opens the same lines byte for byte in a fresh browser profile, shown as shared and run only
 * when the reader asks; a replay against fresh processes gives the same replies; the receiving profile's own
 * drafts and edits are untouched; damaged or hostile fragments are refused or shown as text; an exchange too
 * large for a link goes as a file that opens back; Copy as Markdown gives the fenced block. Controls are found
 * by `data-action` / `data-control`, the same in every language.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { consoleAt, copyTranscript, editorText, hydrated, replaceEditorText, send, typeMessage, type TranscriptLine } from './support/lesson-widgets.ts';
import { serverEditorAt, typeSource } from './support/lesson-editor.ts';
import { encodeExchange, SHARE_PREFIX, SHARE_URL_LIMIT_BYTES, toBase64Url, type SharedExchange } from '../../src/components/pure/share-link.ts';
import { t, type Lang } from '../../src/i18n/index.ts';
import { axeViolations, setTheme } from './support/axe.ts';

const LESSON = 'statelessness-tested/';
/** The page's Consoles: the ServerEditor's own first, then the two calendar-handles Consoles; the last sends a made-up handle. */
const LIST_EVENTS = 2;

/** The lines a shared view shows, exactly (textContent of each line), with their direction. */
const sharedRows = (root: Locator) =>
  root.locator('[data-shared] li.mcp-shared-row').evaluateAll((rows) => rows.map((r) => ({ dir: r.getAttribute('data-dir'), text: r.querySelector('pre[data-line]')!.textContent })));

/** Every key and value of the page's localStorage. */
const storage = (page: Page) => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

/** Shares from `root`'s bar and returns the link it shows. */
async function shareLink(root: Locator): Promise<string> {
  await root.locator('button[data-action="share-link"]').click();
  const field = root.locator('input[data-control="share-url"]');
  await field.waitFor({ timeout: 20_000 });
  return field.inputValue();
}

/** Opens `url` in the same profile as `page` as a new load (a change of fragment alone would not load the page). */
async function load(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'load' });
}

/** `text` deflated as the platform does, as a fragment (for payloads the page itself would never write). */
async function rawFragment(text: string): Promise<string> {
  const packed = new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  return SHARE_PREFIX + toBase64Url(packed);
}

const stdio = (lines: TranscriptLine[]) => lines.filter((l) => l.lane !== 'stderr').map((l) => ({ dir: l.lane === 'stdin' ? 'out' : 'in', text: l.text }));

describe.each([['en', ''] as const, ['id', 'id/'] as const])('share (%s)', (lang: Lang, prefix) => {
  const at = prefix + LESSON;

  test('a shared link opens in a fresh profile byte for byte, runs nothing, replays the same, and leaves the profile\'s drafts and edits alone', { timeout: 120_000 }, async ({ open }) => {
    const page = await open(at, { offline: true });
    const c = await consoleAt(page, LIST_EVENTS);
    await send(page, c, undefined);
    const wire = await copyTranscript(page, c);
    expect(wire.filter((l) => l.lane === 'stdout').length).toBe(1);
    const url = await shareLink(c);
    expect(url.startsWith(page.url().split('#')[0]!)).toBe(true);

    // Another profile, with a draft of its own in the same Console and an edit in the ServerEditor.
    const other = await open(at, { offline: true });
    const mine = await consoleAt(other, LIST_EVENTS);
    const draft = '{"jsonrpc":"2.0","id":9,"method":"tools/list"}';
    await typeMessage(other, mine, draft);
    const editor = await serverEditorAt(other, 0);
    // An edit of the reader's own, kept but never run (a short text: typing a whole server is slow on a loaded machine).
    await typeSource(other, editor, '// mine\n');
    await expect.poll(() => storage(other).then((s) => Object.values(s).includes(draft) && Object.values(s).some((v) => v.startsWith('// mine\n')))).toBe(true);
    const kept = await storage(other);

    await load(other, url);
    const target = await consoleAt(other, LIST_EVENTS);
    const shared = target.locator('[data-shared]');
    await shared.waitFor({ timeout: 20_000 });
    expect(await shared.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await shared.innerText()).toContain(t('share.shared.label', {}, lang));
    expect((await sharedRows(target)).filter((r) => r.dir !== 'err')).toEqual(stdio(wire));
    // Shown, not run: this Console started no process and sent nothing.
    expect(await target.locator('li.mcp-line-out').count()).toBe(0);
    expect(await shared.getAttribute('data-replay')).toBe('idle');
    // The only Console that shows it is the one it was shared from.
    expect(await other.locator('[data-shared]').count()).toBe(1);
    expect(await editorText(target)).toBe(draft);
    expect(await storage(other)).toEqual(kept);

    await shared.locator('button[data-action="replay-shared"]').click();
    await expect.poll(() => shared.getAttribute('data-replay'), { timeout: 30_000 }).toBe('done');
    const verdicts = await shared.locator('[data-same]').evaluateAll((els) => els.map((e) => e.getAttribute('data-same')));
    expect(verdicts).toEqual(wire.filter((l) => l.lane === 'stdout').map(() => 'yes'));
    expect(await storage(other)).toEqual(kept);
    expect(await editorText(target)).toBe(draft);
    expect(await (await serverEditorAt(other, 0)).locator('.mcp-changed').getAttribute('data-changed')).toBe('yes');

    for (const scheme of ['light', 'dark'] as const) {
      await setTheme(other, scheme);
      expect(await axeViolations(other, { include: ['.mcp-share'] }), scheme).toEqual([]);
    }
  });

  test('Copy as Markdown gives the exchange as one fenced block, a header naming the server, a head per line', async ({ open }) => {
    const page = await open(at, { offline: true });
    const c = await consoleAt(page, LIST_EVENTS);
    await send(page, c, undefined);
    const wire = await copyTranscript(page, c);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await c.locator('button[data-action="share-markdown"]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
    const md = await page.evaluate(() => navigator.clipboard.readText());
    const m = /^(.*)\n\n(`{3,})text\n([\s\S]*)\n\2\n$/.exec(md);
    expect(m, md).not.toBeNull();
    expect(m![1]).toContain('calendar-handles.mjs');
    const wireLines = m![3]!.split('\n').filter((l) => !l.startsWith('<- stderr'));
    expect(wireLines).toEqual(wire.filter((l) => l.lane !== 'stderr').map((l) => `${l.lane === 'stdin' ? '-> stdin ' : '<- stdout'} #1 ${l.text}`));
  });

  test('an exchange too large for a link says so and goes as a file, which opens back in another profile', async ({ open }) => {
    const page = await open(at, { offline: true });
    const c = await consoleAt(page, LIST_EVENTS);
    // Random bytes do not compress: the link would be far over the limit.
    const noise = randomBytes(36_000).toString('base64url');
    // Typed as a reader pastes it (CodeMirror shows only the visible part of so long a line, so it is not read back).
    await replaceEditorText(page, c.locator('.mcp-editor').first(), JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_events', arguments: { calendar: noise } } }));
    await send(page, c, undefined);
    const wire = await copyTranscript(page, c);
    await c.locator('button[data-action="share-link"]').click();
    const status = c.locator('[data-share-status="too-large"]');
    await status.waitFor({ timeout: 20_000 });
    expect(await status.innerText()).toContain(t('share.open', {}, lang));
    expect(await c.locator('input[data-control="share-url"]').count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), c.locator('button[data-action="share-download"]').click()]);
    const file = await download.path();
    expect(JSON.parse(readFileSync(file, 'utf8')).lines.length).toBeGreaterThan(0);

    const other = await open(at, { offline: true });
    const target = await consoleAt(other, 0);
    const [chooser] = await Promise.all([other.waitForEvent('filechooser'), target.locator('button[data-action="share-open"]').click()]);
    await chooser.setFiles(file);
    await target.locator('[data-shared]').waitFor();
    expect((await sharedRows(target)).filter((r) => r.dir !== 'err')).toEqual(stdio(wire));
  });

  test('damaged, hostile or oversized fragments are refused in words, or shown as text, and the page works on', { timeout: 120_000 }, async ({ open }) => {
    const good: SharedExchange = { v: 1, widget: 'console', which: String(LIST_EVENTS), server: 'calendar-handles', transport: 'stdio', lines: [] };
    const cases: Array<[string, string]> = [
      ['share=@@not-base64@@', 'not-base64'],
      ['share=' + toBase64Url(new Uint8Array([0xff, 0xee, 0xdd, 0x01, 0x02, 0x03])), 'not-deflate'],
      [await rawFragment('{"v":1,"widget":'), 'not-json'],
      [await rawFragment(JSON.stringify({ ...good, v: 99 })), 'wrong-version'],
      ['share=' + 'A'.repeat(SHARE_URL_LIMIT_BYTES + 10), 'too-large'],
    ];
    const page = await open(at, { offline: true });
    for (const [fragment, reason] of cases) {
      await load(page, page.url().split('#')[0] + '#' + fragment);
      const refused = page.locator('[data-share-refused]');
      await refused.waitFor({ timeout: 20_000 });
      expect(await refused.innerText(), reason).toContain(t(`share.why.${reason}` as Parameters<typeof t>[0], {}, lang));
      expect(await page.locator('[data-shared]').count()).toBe(0);
    }
    // The page works on after the last one: a Console still sends and gets its reply.
    await send(page, await consoleAt(page, LIST_EVENTS), undefined);

    const hostile = '<img src=x onerror="window.__shared=1"><script>window.__shared=2</script></pre><b>bold</b>';
    await load(page, page.url().split('#')[0] + '#' + (await encodeExchange({ ...good, lines: [{ dir: 'in', text: hostile, proc: 0 }] })));
    const target = await consoleAt(page, LIST_EVENTS);
    await target.locator('[data-shared]').waitFor({ timeout: 20_000 });
    expect(await sharedRows(target)).toEqual([{ dir: 'in', text: hostile }]);
    expect(await target.locator('[data-shared] img, [data-shared] script, [data-shared] b').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __shared?: number }).__shared)).toBeUndefined();
  });
});

describe('share from the flow widgets', () => {
  test('a Replay run shared opens in Replay in a fresh profile with the same lines, and replays against fresh processes', { timeout: 120_000 }, async ({ open }) => {
    const page = await open(LESSON, { offline: true });
    const r = await hydrated(page, 'replay');
    await r.locator('button[data-action="replay"]').click();
    await expect.poll(() => r.locator('[data-replay-status]').getAttribute('data-replay-status'), { timeout: 60_000 }).toBe('done');
    const lines = await r.locator('.rp-columns pre.fw-line').evaluateAll((els) => els.map((e) => ({ dir: e.getAttribute('data-dir'), text: e.textContent })));
    const url = await shareLink(r);
    const other = await open(url, { offline: true });
    const target = await hydrated(other, 'replay');
    await target.locator('[data-shared]').waitFor({ timeout: 20_000 });
    expect(await sharedRows(target)).toEqual(lines);
    await target.locator('button[data-action="replay-shared"]').click();
    await expect.poll(() => target.locator('[data-shared]').getAttribute('data-replay'), { timeout: 60_000 }).toBe('done');
    expect(await target.locator('[data-same]').count()).toBe(lines.filter((l) => l.dir === 'in').length);
  });

  test('a ProbeFlow probe shared opens in ProbeFlow with the same lines, and its replay gets the same replies', async ({ open }) => {
    const page = await open('discover-first/', { offline: true });
    const p = await hydrated(page, 'probe-flow');
    await p.locator('button[data-action="all"]').click();
    await p.locator('[data-probe-verdict]').waitFor({ timeout: 30_000 });
    const steps = await p.locator('.pf-steps pre.fw-line').evaluateAll((els) => els.map((e) => ({ dir: e.getAttribute('data-dir'), text: e.textContent })));
    const url = await shareLink(p);
    const other = await open(url, { offline: true });
    const target = await hydrated(other, 'probe-flow');
    await target.locator('[data-shared]').waitFor({ timeout: 20_000 });
    expect((await sharedRows(target)).filter((r) => r.dir !== 'err')).toEqual(steps);
    await target.locator('button[data-action="replay-shared"]').click();
    await expect.poll(() => target.locator('[data-shared]').getAttribute('data-replay'), { timeout: 30_000 }).toBe('done');
    const verdicts = await target.locator('[data-same]').evaluateAll((els) => els.map((e) => e.getAttribute('data-same')));
    expect(verdicts).toEqual(steps.filter((s) => s.dir === 'in').map(() => 'yes'));
  });

  test('under a sub-path, a shared link opens the exchange in the Console it names', async ({ open }) => {
    const line = '{"jsonrpc":"2.0","id":1,"method":"server/discover"}';
    const fragment = await encodeExchange({ v: 1, widget: 'console', which: '1', server: 'calendar-handles', transport: 'stdio', lines: [{ dir: 'out', text: line, proc: 0 }] });
    const page = await open(inject('subpathURL') + LESSON + '#' + fragment, { offline: true });
    expect(new URL(page.url()).pathname).toBe('/courses/mcp/' + LESSON);
    const target = await consoleAt(page, 1);
    await target.locator('[data-shared]').waitFor({ timeout: 20_000 });
    expect(await sharedRows(target)).toEqual([{ dir: 'out', text: line }]);
  });
});
