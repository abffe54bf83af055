/**
 * Lesson 8, asking-the-person ("Let a server ask the person a question"), in
 * Chromium with the Worker engine, on both builds: input_required and the
 * form, Accept and Decline retries, tampering with requestState by hand, the
 * replay of one requestState (two more events), the state made single-use in
 * the ServerEditor's tab create-event.mjs with the lesson's own lines (the
 * replay refused), and the two standalone ElicitationForms (form mode, URL
 * mode never opened).
 * The Indonesian edition (`/id/<slug>/`, same widgets) runs the same tasks on
 * the default build, with the same wire results: the server's question and
 * field titles are wire bytes, the same on both pages; the standalone form's
 * question and titles are the lesson's own, and its chosen value is the same.
 */
import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { t, type Lang } from '../../src/i18n/index.ts';
import type { Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, editorText, heading, META, pickTemplate, replies, replyTo, send, stdinMessages, stdoutMessages, toolText, typeMessage, untilHydrated } from './support/lesson-widgets.ts';
import { edit, openTab, runEdit, serverEditorAt, toySource } from './support/lesson-editor.ts';

const SLUG = 'asking-the-person';
/**
 * The English page and its Indonesian edition: URL prefix, title, the labels of the tasks' starting
 * messages (`console`: the first call again, forging step 2; `editor`: the ServerEditor's steps 1
 * and 2, then the single-use call and the retry sent again), the heading of the single-use section, and the
 * standalone form-mode demo as the lesson writes it (its question, the label of its
 * calendar field, and the option the tip tells the reader to choose, whose value is `Work`).
 */
const EDITIONS = [
  {
    prefix: '',
    lang: 'en' as Lang,
    title: 'Let a server ask the person a question',
    console: ['The first call again', 'Forging step 2: the retry'],
    editor: ['Step 1: create_event without startsAt', 'Step 2: the same call, id 2', 'Single use: the call, id 3', 'Single use: the retry again'],
    singleUse: '## Make the state single-use',
    demo: { question: 'Which calendar should the event go in, and should attendees be notified?', field: /^Calendar/, choice: 'Work' },
  },
  {
    prefix: 'id/',
    lang: 'id' as Lang,
    title: 'Biarkan server bertanya kepada pengguna',
    console: ['Panggilan pertama sekali lagi', 'Pemalsuan langkah 2: percobaan ulang'],
    editor: ['Langkah 1: create_event tanpa startsAt', 'Langkah 2: panggilan yang sama, id 2', 'Sekali pakai: panggilannya, id 3', 'Sekali pakai: percobaan ulang sekali lagi'],
    singleUse: '## Jadikan state sekali pakai',
    demo: { question: 'Acara ini masuk ke kalender yang mana, dan apakah peserta perlu diberi tahu?', field: /^Kalender/, choice: 'Kerja' },
  },
];
/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

const FORM_CAPS = { elicitation: { form: {} } };
const retry = (id: number, title: string, requestState: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      _meta: META(FORM_CAPS),
      name: 'create_event',
      arguments: { title },
      inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } },
      requestState,
    },
  });

/** Standalone ElicitationForm demos (not the Console's panel), in page order. */
const demo = async (page: Page, n: number) => {
  const d = page.locator('section.mcp-elicitation').nth(n);
  await d.scrollIntoViewIfNeeded();
  await untilHydrated(d);
  return d;
};

/** What the single-use section tells the reader to write, from the lesson file: the import line with ERR it quotes, and the lines to add after the openRequestState line (its ```js block). */
function singleUseLines(prefix: string, heading: string): { importLine: string; added: string[] } {
  const text = readFileSync(new URL(`../../lessons/${prefix}${SLUG}.mdx`, import.meta.url), 'utf8');
  const section = text.slice(text.indexOf(heading));
  expect(section.length, heading).toBeLessThan(text.length);
  const importLine = /`(import \{ ERR, [^`]*\} from '\.\/plumbing\.mjs';)`/.exec(section);
  expect(importLine, `the import line with ERR under ${heading}`).not.toBeNull();
  const block = /```js\n([\s\S]*?)```/.exec(section);
  expect(block, `a js block under ${heading}`).not.toBeNull();
  return { importLine: importLine![1]!, added: block![1]!.split('\n').map((l) => l.trim()).filter(Boolean) };
}

for (const { site, prefix, lang, title, console: labels, editor, singleUse, demo: written } of RUNS) {
  const url = lessonURL(site, prefix + SLUG);
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-3: input_required opens the form; Accept and Decline retry with a new id and the same requestState', async ({ open }) => {
      const page = await open(url, site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);

      // 1. The prefilled call: input_required, one input request under "when", and a form.
      await send(page, c, undefined);
      const asked = (await replyTo(page, c, 1)).result;
      expect(asked.resultType).toBe('input_required');
      expect(Object.keys(asked.inputRequests)).toEqual(['when']);
      expect(asked.inputRequests.when.method).toBe('elicitation/create');
      const form = c.getByRole('form');
      await form.waitFor({ timeout: 20_000 });
      expect(await form.innerText()).toContain('When should "Dentist" start?');
      expect(await form.locator('input, select, textarea').count()).toBe(1);

      // 2. Accept with a start time: the retry has a new id, the same name and arguments, the answer, and requestState byte for byte.
      await form.getByLabel(/Start time/).fill('2026-09-10T08:30:00Z');
      await form.locator('button[data-action="accept"]').click();
      await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(2);
      let lines = await copyTranscript(page, c);
      let [first, again] = stdinMessages(lines);
      const rawAsked = lines.filter((l) => l.lane === 'stdout')[0].text;
      const rawRetry = lines.filter((l) => l.lane === 'stdin')[1].text;
      expect(again.id).not.toBe(first.id);
      expect(again.method).toBe('tools/call');
      expect(again.params.name).toBe(first.params.name);
      expect(again.params.arguments).toEqual(first.params.arguments);
      expect(again.params.inputResponses).toEqual({ when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } });
      expect(again.params.requestState).toBe(asked.requestState);
      expect(rawRetry).toContain(`"requestState":${JSON.stringify(asked.requestState)}`); // byte for byte on the wire
      expect(rawAsked).toContain(`"requestState":${JSON.stringify(asked.requestState)}`);
      let done = stdoutMessages(lines)[1];
      expect(done.id).toBe(again.id);
      expect(done.result.resultType).toBe('complete');
      expect(toolText(done)).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');

      // 3. The first call again (one click away), Decline: the retry carries {"action":"decline"}; nothing was created.
      await pickTemplate(c, labels[0]!, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: META(FORM_CAPS), name: 'create_event', arguments: { title: 'Dentist' } } }));
      await send(page, c, undefined);
      await c.getByRole('form').waitFor({ timeout: 20_000 });
      await c.getByRole('form').locator('button[data-action="decline"]').click();
      await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(4);
      lines = await copyTranscript(page, c);
      const sent = stdinMessages(lines);
      expect(sent).toHaveLength(4);
      expect(sent[3].params.inputResponses).toEqual({ when: { action: 'decline' } });
      expect(sent[3].params.requestState).toBe(stdoutMessages(lines)[2].result.requestState);
      done = stdoutMessages(lines)[3];
      expect(done.result.resultType).toBe('complete');
      expect(toolText(done)).toBe('Nothing was created: the request for a start time was declined.');

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('tampering: a changed requestState and changed arguments are refused; the honest retry succeeds, and succeeds again when replayed', async ({ open }) => {
      const page = await open(url, site.options);
      const c = await consoleAt(page, 0);
      // 1. Send the call, ignore the form, copy requestState from the input_required line.
      await send(page, c, undefined);
      await c.getByRole('form').waitFor({ timeout: 20_000 });
      const R: string = (await replyTo(page, c, 1)).result.requestState;
      expect(R.startsWith('eyJ')).toBe(true);
      // All of it is on screen to copy (the transcript adds rows frame by frame: wait for it rather than read it once).
      await expect.poll(() => replies(c).first().locator('summary .mcp-raw').innerText()).toContain(R);

      // 2. The retry, one click away, with R pasted over PASTE and its first character changed from e to f: bad_signature, nothing was done.
      await pickTemplate(c, labels[1]!, retry(10, 'Dentist', 'PASTE'));
      await typeMessage(page, c, (await editorText(c)).replace('"PASTE"', JSON.stringify('f' + R.slice(1))));
      await send(page, c, undefined);
      expect(stdinMessages(await copyTranscript(page, c)).at(-1)).toEqual(JSON.parse(retry(10, 'Dentist', 'f' + R.slice(1))));
      expect(await replyTo(page, c, 10)).toEqual({
        jsonrpc: '2.0',
        id: 10,
        error: { code: -32602, message: 'Invalid requestState: its signature does not match (was it changed?); nothing was done', data: { reason: 'bad_signature' } },
      });

      // 3. R as copied, but the title changed: arguments_mismatch. Title back, id 12: it succeeds.
      await send(page, c, retry(11, 'Dinner', R));
      const eleven = (await replyTo(page, c, 11)).error;
      expect(eleven.code).toBe(-32602);
      expect(eleven.data.reason).toBe('arguments_mismatch');
      await send(page, c, retry(12, 'Dentist', R));
      const twelve = await replyTo(page, c, 12);
      expect(twelve.result.resultType).toBe('complete');
      expect(toolText(twelve)).toMatch(/^Created e\d+: Dentist at 2026-09-10T08:30:00Z$/);

      // 4. The replay: the same honest retry, ids 13 and 14, creates two more events from the same requestState.
      const n = Number(/^Created e(\d+):/.exec(toolText(twelve))![1]);
      expect(n, 'on a fresh page id 12 makes e3, as the lesson says').toBe(3);
      for (const [id, k] of [[13, 1], [14, 2]] as const) {
        await send(page, c, retry(id, 'Dentist', R));
        const again = await replyTo(page, c, id);
        expect(again.result.resultType).toBe('complete');
        expect(toolText(again)).toBe(`Created e${n + k}: Dentist at 2026-09-10T08:30:00Z`);
      }
      const withR = stdinMessages(await copyTranscript(page, c)).filter((m) => m?.params?.requestState === R);
      expect(withR.map((m) => m.id)).toEqual([11, 12, 13, 14]);

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('single use: with the lesson\'s lines in the editor, the accepted retry still creates e3 and the same requestState sent again is refused', async ({ open }) => {
      const page = await open(url, site.options);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const e = await serverEditorAt(page, 0);
      expect(await e.getAttribute('data-server')).toBe('calendar');
      const CALL = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist"}}}`;
      const AGAIN = '{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist"},"inputResponses":{"when":{"action":"accept","content":{"startsAt":"2026-09-10T08:30:00Z"}}},"requestState":"PASTE"}}';

      // 1. In the tab create-event.mjs: ERR imported as the lesson quotes the line, a set of used states above
      // createEvent, and the lesson's two lines right after the openRequestState line.
      const { importLine, added } = singleUseLines(prefix, singleUse);
      expect(added).toHaveLength(2);
      let once = edit(toySource('create-event.mjs'), importLine.replace('{ ERR, ', '{ '), importLine);
      once = edit(once, 'export async function createEvent', 'const USED_STATES = new Set();\nexport async function createEvent');
      once = edit(once, /(\n(\s*)openRequestState\(params\.requestState, binding\); \/\/ throws -32602 unless this server signed it for this call)/, `$1${added.map((l) => `\n$2${l}`).join('')}`);
      await openTab(e, 'create-event.mjs');
      const c = await runEdit(page, e, once);
      await pickTemplate(c, editor[2]!, CALL(3));
      await send(page, c, undefined);
      expect((await replyTo(page, c, 3)).result.resultType).toBe('input_required');
      const form = c.getByRole('form');
      await form.waitFor({ timeout: 20_000 });
      await form.getByLabel(/Start time/).fill('2026-09-10T08:30:00Z');
      const count = await replies(c).count();
      await form.locator('button[data-action="accept"]').click();
      await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(count + 1);

      // 2. Copy requestState from the input_required line, paste it over PASTE, send: -32602 already_used.
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await replies(c).filter({ hasText: 'input_required' }).first().getByRole('button', { name: t('console.copyRequestState', {}, lang) }).click();
      const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
      await expect.poll(clipboard).not.toBe('');
      const R = await clipboard();
      await pickTemplate(c, editor[3]!, AGAIN);
      await typeMessage(page, c, (await editorText(c)).replace('PASTE', R));
      await send(page, c, undefined);
      const lines = await copyTranscript(page, c);
      const sent = stdinMessages(lines);
      const accepted = sent.find((m) => m?.params?.requestState === R && m.id !== 20);
      expect(accepted, 'the Console\'s retry carried the state the button copied').toBeDefined();
      expect(toolText(stdoutMessages(lines).find((m) => m?.id === accepted.id))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      expect(sent.at(-1).params.requestState).toBe(R);
      expect(await replyTo(page, c, 20)).toEqual({
        jsonrpc: '2.0',
        id: 20,
        error: { code: -32602, message: 'Invalid requestState: it was already used; nothing was done', data: { reason: 'already_used' } },
      });

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('tip: the form-mode ElicitResult, and URL mode shows the full URL and never opens it', async ({ open, watch }) => {
      const page = await open(url, { offline: true });
      const popups: string[] = [];
      const requests: string[] = [];
      page.on('popup', (p) => popups.push(p.url()));
      page.context().on('request', (r) => requests.push(r.url()));
      const pagesBefore = page.context().pages().length;

      const one = await demo(page, 0);
      expect(await one.innerText()).toContain(written.question);
      await one.getByLabel(written.field).selectOption({ label: written.choice });
      await one.locator('button[data-action="accept"]').click();
      await one.locator('.mcp-elicit-done').waitFor();
      expect(JSON.parse(await one.locator('.mcp-elicit-done code').innerText())).toEqual({ action: 'accept', content: { calendar: 'Work', notify: true } });

      const two = await demo(page, 1);
      expect(await two.locator('code.mcp-url').innerText()).toBe('https://calendar.example.com/connect');
      await two.locator('button[data-action="accept"]').click();
      await two.locator('.mcp-elicit-done').waitFor();
      expect(JSON.parse(await two.locator('.mcp-elicit-done code').innerText())).toEqual({ action: 'accept' });
      expect(popups).toEqual([]);
      expect(page.context().pages().length).toBe(pagesBefore);
      expect(requests.filter((u) => u.includes('calendar.example.com'))).toEqual([]);
      expect(watch.blocked).toEqual([]);
      expect(page.url()).toBe(url);

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('ServerEditor steps 1-2: the question the form asks, then a second required field, change on the wire', async ({ open }) => {
      const page = await open(url, site.options);
      const e = await serverEditorAt(page, 0);
      expect(await e.getAttribute('data-server')).toBe('calendar');
      const original = toySource('create-event.mjs');
      const CALL = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist"}}}`;

      // 1. In the tab create-event.mjs, a new question in askForStart: the form and the input_required line both carry it.
      await openTab(e, 'create-event.mjs');
      const asked = edit(original, 'message: `${retryNote}When should "${title}" start?`,', 'message: `${retryNote}What time does "${title}" begin?`,');
      let c = await runEdit(page, e, asked);
      await pickTemplate(c, editor[0]!, CALL(1));
      await send(page, c, undefined);
      const first = (await replyTo(page, c, 1)).result;
      expect(first.resultType).toBe('input_required');
      expect(first.inputRequests.when.params.message).toBe('What time does "Dentist" begin?');
      let form = c.getByRole('form');
      await form.waitFor({ timeout: 20_000 });
      expect(await form.innerText()).toContain('What time does "Dentist" begin?');
      const before = await replies(c).count();
      await form.locator('button[data-action="cancel"]').click();
      await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(before + 1);

      // 2. A second required field, room: two fields in the form; the retry's inputResponses carries both.
      let twoFields = edit(asked, /(startsAt: \{ type: 'string', format: 'date-time', title: 'Start time'[^\n]*\},)/, "$1\n          room: { type: 'string', title: 'Room' },");
      twoFields = edit(twoFields, "required: ['startsAt'],", "required: ['startsAt', 'room'],");
      c = await runEdit(page, e, twoFields);
      await pickTemplate(c, editor[1]!, CALL(2));
      await send(page, c, undefined);
      const second = (await replyTo(page, c, 2)).result;
      expect(second.inputRequests.when.params.requestedSchema.required).toEqual(['startsAt', 'room']);
      form = c.getByRole('form');
      await form.waitFor({ timeout: 20_000 });
      expect(await form.locator('input, select, textarea').count()).toBe(2);
      await form.getByLabel(/Start time/).fill('2026-09-10T08:30:00Z');
      await form.getByLabel(/Room/).fill('Room 4');
      const count = await replies(c).count();
      await form.locator('button[data-action="accept"]').click();
      await expect.poll(() => replies(c).count(), { timeout: 20_000 }).toBe(count + 1);
      const lines = await copyTranscript(page, c);
      const retry = stdinMessages(lines).at(-1);
      expect(retry.params.inputResponses).toEqual({ when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z', room: 'Room 4' } } });
      expect(toolText(stdoutMessages(lines).at(-1))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });
  });
}
