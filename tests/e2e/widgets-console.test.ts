/**
 * Console widget on the lab page (/lab/console/), real Chromium, real Worker engine.
 * Journeys: send/reply with meaning and spec links, invalid JSON ->
 * -32700, _meta switch, history, restart (new pid), input_required ->
 * ElicitationForm -> retry, legacy -32601, noisy framing violation with a
 * separate stderr lane, HTTP mode with raw request/response and SSE frames,
 * keyboard-only use, phone width in dark theme, axe after interaction.
 */
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/console/';

/** The nth Console on the page, once hydrated. */
async function consoleAt(page: Page, n: number): Promise<Locator> {
  const c = page.locator('section.mcp-console').nth(n);
  await c.scrollIntoViewIfNeeded();
  await untilHydrated(c);
  return c;
}

/** The editor's text, whether it is still the first textarea or CodeMirror already. */
const editorText = (c: Locator) =>
  c.locator('.mcp-editor').first().evaluate((el) => {
    const cm = el.querySelector('.cm-content') as HTMLElement | null;
    return cm ? cm.innerText : (el.querySelector('textarea') as HTMLTextAreaElement).value;
  });

/** Waits until CodeMirror has replaced the textarea and has the focus. */
async function editorFocused(c: Locator): Promise<void> {
  await expect.poll(() => c.locator('.cm-content').first().evaluate((el) => el === document.activeElement), { timeout: 20_000 }).toBe(true);
}

/** Replaces the editor's text by typing (select all, then type). */
async function typeMessage(page: Page, c: Locator, text: string): Promise<void> {
  await c.locator('.mcp-editor').first().click();
  await editorFocused(c);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const replies = (c: Locator) => c.locator('li.mcp-line-in');
const sentLines = (c: Locator) => c.locator('li.mcp-line-out');
const pidOf = async (c: Locator) => Number((await c.locator('.mcp-badge-pid').innerText()).replace(/\D/g, ''));

describe('Console', () => {
  test('sends the prefilled server/discover and explains the reply, with pid, time and engine', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 0);
    await expect.poll(() => editorText(c)).toContain('server/discover');
    expect(await c.locator('.cm-content').count(), 'CodeMirror waits for the first interaction').toBe(0);
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    const reply = replies(c).first();
    await expect.poll(() => reply.locator('.mcp-meaning').innerText()).toContain('complete: DiscoverResult, supports 2026-07-28');
    expect(await reply.locator('.mcp-dir').innerText()).toBe('← stdout');
    expect(await reply.locator('.mcp-time').innerText()).toMatch(/^\d+\.\d ms$/);
    // The sent line is the exact stdin line: one line, _meta filled in.
    const sent = await sentLines(c).first().locator('.mcp-raw').innerText();
    expect(sent).not.toContain('\n');
    expect(JSON.parse(sent).params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    expect(await c.locator('.mcp-badge-engine').innerText()).toBe('Worker engine');
    const pid = await pidOf(c);
    expect(pid).toBeGreaterThan(0);
    expect(await reply.locator('.mcp-pid').innerText()).toBe(`pid ${pid}`);
    // The stderr log is in its own lane, not in the transcript.
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('calendar: ready');
    expect(await c.locator('.mcp-lane').first().innerText()).not.toContain('calendar: ready');
    // Collapsible highlighted JSON.
    await reply.locator('details.mcp-line-body > summary').click();
    await expect.poll(() => reply.locator('.mcp-json-key').first().innerText()).toBe('"jsonrpc"');
  });

  test('an error shows its code, spec name and a link to the spec section; "fill in _meta" off sends exactly what was typed', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 0);
    await c.getByRole('switch', { name: 'fill in _meta' }).uncheck();
    const typed = '{"jsonrpc":"2.0","id":41,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}';
    await typeMessage(page, c, typed);
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    expect(await sentLines(c).first().locator('.mcp-raw').innerText()).toBe(typed);
    const meaning = replies(c).first().locator('.mcp-meaning');
    await expect.poll(() => meaning.innerText()).toContain('error -32022 UnsupportedProtocolVersion: server supports 2026-07-28');
    const href = await meaning.locator('a').getAttribute('href');
    expect(href).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);

    // Without _meta at all and the switch off: the server's -32602.
    await typeMessage(page, c, '{"jsonrpc":"2.0","id":42,"method":"tools/list","params":{}}');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => replies(c).nth(1).locator('.mcp-meaning').innerText()).toContain('error -32602 InvalidParams');
    expect(await replies(c).nth(1).locator('.mcp-meaning a').getAttribute('href')).toContain('/basic#error-codes');
  });

  test('pretty JSON is compacted; invalid JSON is sent anyway with a warning and earns -32700', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 0);
    await typeMessage(page, c, '{\n  "jsonrpc": "2.0",\n  "id": 5,\n  "method": "tools/list"\n}');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    expect(JSON.parse(await sentLines(c).first().locator('.mcp-raw').innerText())).toMatchObject({ id: 5, method: 'tools/list' });
    await expect.poll(() => replies(c).first().locator('.mcp-meaning').innerText()).toContain('complete: 1 tool (create_event)');

    await typeMessage(page, c, '{"jsonrpc":"2.0", "id": 6, "method": "tools/list"');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('.mcp-warning').innerText()).toContain('not valid JSON');
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => replies(c).nth(1).locator('.mcp-meaning').innerText()).toContain('error -32700 ParseError');
    expect(await sentLines(c).nth(1).locator('.mcp-raw').innerText()).toBe('{"jsonrpc":"2.0", "id": 6, "method": "tools/list"');
  });

  test('keyboard only: Tab into the editor, type, Ctrl+Enter, history with Up/Down, restart gives a new pid', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let inEditor = false;
    for (let i = 0; i < 80 && !inEditor; i++) {
      await page.keyboard.press('Tab');
      inEditor = await page.evaluate(() => {
        const a = document.activeElement;
        const first = document.querySelector('section.mcp-console');
        return !!a && !!first?.contains(a) && (a.tagName === 'TEXTAREA' || a.classList.contains('cm-content'));
      });
    }
    expect(inEditor, 'Tab reaches the first console editor').toBe(true);
    // No wait for CodeMirror: the editor takes keys (and its bindings) at once, textarea or CodeMirror,
    // and keeps text, selection and focus when CodeMirror swaps in, however late its chunks arrive.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('{"jsonrpc":"2.0","id":11,"method":"resources/list"}');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => replies(c).first().locator('.mcp-meaning').innerText()).toContain('1 resource (calendar://week)');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('{"jsonrpc":"2.0","id":12,"method":"prompts/list"}');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(2);
    // History: the cursor is on the first (only) line, so Up recalls the last sent message, then the one before.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => editorText(c)).toContain('prompts/list');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => editorText(c)).toContain('resources/list');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => editorText(c)).toContain('prompts/list');
    // Tab leaves the editor (it does not insert a tab) and reaches the template menu.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    expect(await editorText(c)).not.toContain('\t');
    // Restart by keyboard gives a new pid.
    const before = await pidOf(c);
    await c.getByRole('button', { name: 'Restart process' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pidOf(c), { timeout: 20_000 }).not.toBe(before);
    // Clear by keyboard.
    await c.getByRole('button', { name: 'Clear' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => c.locator('li.mcp-line').count()).toBe(0);
  });

  test('the template menu fills requests; input_required opens the form and the retry echoes requestState', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 0);
    await c.getByLabel('Template').selectOption({ label: 'tools/call create_event (no start: asks you)' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await expect.poll(() => editorText(c)).toContain('create_event');
    await c.getByRole('button', { name: 'Send' }).click();
    const form = c.getByRole('form');
    await form.waitFor({ timeout: 20_000 });
    await expect.poll(() => replies(c).first().locator('.mcp-meaning').innerText()).toContain('input_required: asks for when (elicitation/create form), with requestState');
    // The form does not take the focus by itself (the reader may be typing); "Go to the form" moves it there.
    await c.getByRole('button', { name: 'Go to the form' }).click();
    await page.keyboard.press('Enter');
    await expect.poll(() => form.locator('.mcp-field-err').first().innerText()).toContain('Required');
    await form.getByLabel(/Start time/).fill('2026-09-10T08:30:00Z');
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => replies(c).nth(1).locator('.mcp-meaning').innerText()).toContain('Created');
    // Copy transcript (the clipboard gets every line unabridged) and check the retry against the spec's rules.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.getByRole('button', { name: 'Copy transcript' }).click();
    await expect.poll(() => c.locator('[data-transcript-status]').innerText()).toBe('Transcript copied.');
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const wire = (prefix: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith(prefix))
        .map((l) => JSON.parse(l.slice(l.indexOf('\t') + 1)));
    const [request, retry] = wire('-> stdin');
    const [asked, done] = wire('<- stdout');
    expect(asked.result.resultType).toBe('input_required');
    expect(retry.id).not.toBe(request.id);
    expect(retry.method).toBe('tools/call');
    expect(retry.params.arguments).toEqual(request.params.arguments);
    expect(retry.params.requestState).toBe(asked.result.requestState);
    expect(retry.params.inputResponses).toEqual({ when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } });
    expect(retry.params._meta['io.modelcontextprotocol/clientCapabilities']).toHaveProperty('elicitation');
    expect(done.id).toBe(retry.id);
    expect(done.result.resultType).toBe('complete');
  });

  test('legacy server: server/discover earns -32601', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 1);
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => replies(c).first().locator('.mcp-meaning').innerText()).toContain('error -32601 MethodNotFound');
    // The legacy handshake from the template menu.
    await c.getByLabel('Template').selectOption({ label: 'initialize (legacy handshake)' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => replies(c).nth(1).locator('.mcp-meaning').innerText()).toContain('InitializeResult, protocol 2025-11-25');
  });

  test('noisy server: a stray stdout line is flagged as a framing violation; stderr stays in its own lane', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 2);
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-bad').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const bad = c.locator('li.mcp-line-bad').first();
    expect(await bad.locator('.mcp-meaning').innerText()).toContain('framing violation: not JSON');
    expect(await bad.locator('.mcp-meaning a').getAttribute('href')).toContain('/basic/transports/stdio');
    await expect.poll(() => c.locator('li.mcp-line-in:not(.mcp-line-bad) .mcp-meaning').first().innerText(), { timeout: 20_000 }).toContain('DiscoverResult');
    await expect.poll(() => c.locator('.mcp-stderr').innerText(), { timeout: 20_000 }).toContain('calendar-noisy: ready');
  });

  test('HTTP mode: the raw POST with MCP headers, the raw response, SSE frames parsed by hand, no network', async ({ open, watch }) => {
    const page = await open(LAB, { offline: true });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const c = await consoleAt(page, 3);
    await c.getByLabel('Template').selectOption({ label: 'tools/call create_event (with start)' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await c.getByRole('button', { name: 'Send' }).click();
    const ex = c.locator('li.mcp-line-http').first();
    await ex.waitFor({ timeout: 20_000 });
    await ex.getByText('Raw request').click();
    const req = await ex.locator('pre.mcp-raw-block').first().innerText();
    expect(req).toMatch(/^POST \/mcp HTTP\/1\.1$/m);
    expect(req).toMatch(/^MCP-Protocol-Version: 2026-07-28$/m);
    expect(req).toMatch(/^Mcp-Method: tools\/call$/m);
    expect(req).toMatch(/^Mcp-Name: create_event$/m);
    expect(req).toMatch(/^Accept: application\/json, text\/event-stream$/m);
    expect(req).toMatch(/^Content-Type: application\/json$/m);
    const res = await ex.locator('pre.mcp-raw-block').nth(1).innerText();
    expect(res).toMatch(/^HTTP\/1\.1 200 OK$/m);
    expect(res).toMatch(/^content-type: text\/event-stream$/m);
    await expect.poll(() => ex.locator('.mcp-sse').innerText()).toContain('complete: tool result: Created');
    expect(await ex.locator('.mcp-pid').innerText()).toMatch(/^pid \d+$/);
    // A 404 for server/discover? No: discover is served (200, JSON).
    await c.getByLabel('Template').selectOption({ label: 'server/discover' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-http').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => c.locator('li.mcp-line-http').nth(1).locator('.mcp-meaning').first().innerText()).toContain('DiscoverResult');
    expect(requests.filter((u) => new URL(u).pathname === '/mcp')).toEqual([]);
    expect(watch.blocked).toEqual([]);
  });

  test('HTTP mode: input_required opens the form and the retry goes out as a new POST', async ({ open }) => {
    const page = await open(LAB);
    const c = await consoleAt(page, 3);
    await c.getByLabel('Template').selectOption({ label: 'tools/call create_event (no start: asks you)' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await c.getByRole('button', { name: 'Send' }).click();
    const form = c.getByRole('form');
    await form.waitFor({ timeout: 20_000 });
    await form.getByLabel(/Start time/).fill('2026-09-11T09:00:00Z');
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => c.locator('li.mcp-line-http').count(), { timeout: 20_000 }).toBe(2);
    const retry = c.locator('li.mcp-line-http').nth(1);
    await retry.getByText('Raw request').click();
    const body = (await retry.locator('pre.mcp-raw-block').first().innerText()).split('\n\n').slice(1).join('\n\n');
    const sent = JSON.parse(body);
    expect(sent.id).toBe(2);
    expect(sent.params.inputResponses.when).toEqual({ action: 'accept', content: { startsAt: '2026-09-11T09:00:00Z' } });
    expect(typeof sent.params.requestState).toBe('string');
    await expect.poll(() => retry.locator('.mcp-sse').innerText()).toContain('Created');
  });

  test('phone width, dark theme: no horizontal overflow after use, and axe finds nothing with a filled transcript and an open form', async ({ open }) => {
    const page = await open(LAB, { colorScheme: 'dark', viewport: { width: 390, height: 844 } });
    const c = await consoleAt(page, 0);
    await c.getByLabel('Template').selectOption({ label: 'tools/call create_event (no start: asks you)' });
    await c.getByRole('button', { name: 'Use template' }).click();
    await c.getByRole('button', { name: 'Send' }).click();
    await c.getByRole('form').waitFor({ timeout: 20_000 });
    await replies(c).first().locator('details.mcp-line-body > summary').click();
    // The row opens with its body, in one render after the click: measure once its JSON is there.
    await replies(c).first().locator('details.mcp-line-body .mcp-json').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page, { include: ['section.mcp-console'] })).toEqual([]);
  });

  test('light theme: axe finds nothing in a console with an error, a framing violation and stderr', async ({ open }) => {
    const page = await open(LAB, { colorScheme: 'light' });
    const c = await consoleAt(page, 2);
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-in').count(), { timeout: 20_000 }).toBe(2);
    await typeMessage(page, c, 'not json');
    await c.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => c.locator('li.mcp-line-in').count(), { timeout: 20_000 }).toBe(3);
    expect(await axeViolations(page, { include: ['section.mcp-console'] })).toEqual([]);
  });
});
