/**
 * The Console's "no reply after 5 s" warning, judged by what was sent, on the
 * real lesson pages in both editions (default build, Worker engine):
 * - progress-cancellation-timeouts: no warning for request 4 after the reader
 *   cancelled it (step 4), none for a long countdown that reports progress;
 *   a control request that gets nothing for 5 s (a countdown without a
 *   token) does get the warning, for its own id only;
 * - the-wire: a notification (the tip), and the lines the server answers with an id-less error (`"id":null`, a batch,
 *   `"id":1.5`, text that is not JSON; step 3 and 4) get no warning, and each
 *   such error says which sent line it answers;
 * - caching-and-change-notifications: the open subscription (step 1), then
 *   the same subscription once cancelled (step 3).
 * The calendar answers every request these two pages offer at once, so there
 * is no hanging request to serve as a control there: those tests wait past
 * the threshold in real time, and the progress page proves the warning still
 * comes for a real wait.
 */
import { describe } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { t, type Lang } from '../../src/i18n/index.ts';
import { clip } from '../../src/components/pure/json-tree.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, replies, replyTo, send, stdoutMessages } from './support/lesson-widgets.ts';
import { serverEditorAt } from './support/lesson-editor.ts';

const site = lessonSites()[0]!;
const EDITIONS: Array<{ prefix: '' | 'id/'; lang: Lang }> = [
  { prefix: '', lang: 'en' },
  { prefix: 'id/', lang: 'id' },
];
/** The Console's threshold (console/use-no-reply.ts, NO_REPLY_MS) and a margin past it, in ms. */
const PAST_THRESHOLD_MS = 5_000 + 1_500;

/** The "no reply" warnings of a Console, and the one for `id` (its text in the page's language). */
const warnings = (c: Locator) => c.locator('li.mcp-event[data-event="no-reply"], li.mcp-event[data-event="no-answer"]');
const warningFor = (c: Locator, lang: Lang, id: string | number) =>
  c.locator('li.mcp-event[data-event="no-reply"]', { hasText: t('console.ev.noReply.stdio', { id: JSON.stringify(id), s: 5 }, lang) });

/** The stdin lines of the transcript, exactly as sent. */
const sentTexts = async (page: Page, c: Locator) => (await copyTranscript(page, c)).filter((l) => l.lane === 'stdin').map((l) => l.text);

for (const { prefix, lang } of EDITIONS) {
  describe(`the Console's silence warning (/${prefix}, default build)`, () => {
    test('progress-cancellation-timeouts: no warning for the cancelled request 4 nor for a countdown with progress; a real wait warns for its own id', async ({ open }) => {
      const page = await open(lessonURL(site, `${prefix}progress-cancellation-timeouts`), site.options);
      const e = await serverEditorAt(page, 0);
      // Step 1: the editor's Console runs countdown.mjs as it is.
      const c = await consoleAt(page, 0, e);
      await send(page, c, '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}');
      expect((await replyTo(page, c, 1)).result.tools.map((x: { name: string }) => x.name)).toContain('countdown');

      // Step 4: a long countdown, cancelled after its first progress line.
      await send(page, c, '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"_meta":{"progressToken":"p4"},"name":"countdown","arguments":{"from":10}}}');
      await send(page, c, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4,"reason":"took too long"}}', 0);
      // The control, sent after it: a countdown without a token, silent for 10 s. Its warning comes 5 s after
      // it was sent, so by then request 4's would have come too, had the Console still been waiting for it.
      await send(page, c, '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"countdown","arguments":{"from":10}}}', 0);
      await expect.poll(() => warningFor(c, lang, 6).count(), { timeout: 30_000 }).toBe(1);
      expect(await warningFor(c, lang, 4).count()).toBe(0);
      expect(await warnings(c).count()).toBe(1);
      await expect.poll(async () => stdoutMessages(await copyTranscript(page, c)).some((m) => m.id === 6), { timeout: 30_000 }).toBe(true);

      // A countdown that reports progress is not silent: its result comes after ten one-second steps, past the
      // threshold, and no warning came for it.
      await send(page, c, '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"_meta":{"progressToken":"p8"},"name":"countdown","arguments":{"from":10}}}');
      await expect.poll(async () => stdoutMessages(await copyTranscript(page, c)).some((m) => m.id === 8), { timeout: 30_000 }).toBe(true);
      const p8 = stdoutMessages(await copyTranscript(page, c)).filter((m) => m.params?.progressToken === 'p8');
      expect(p8).toHaveLength(10);
      expect(await warningFor(c, lang, 8).count()).toBe(0);
      expect(await warnings(c).count()).toBe(1);
    }, 120_000);

    test('the-wire: a notification and lines answered by an id-less error get no warning; each such error names its line', async ({ open }) => {
      const page = await open(lessonURL(site, `${prefix}the-wire`), site.options);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined); // the prefilled server/discover starts the process
      const idless = [
        '{"jsonrpc":"2.0","id":null,"method":"server/discover","params":{}}',
        '[{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}]',
        '{"jsonrpc":"2.0","id":1.5,"method":"tools/list","params":{}}',
        'hello',
      ];
      for (const text of idless) {
        await send(page, c, text);
        // The error has no id; the line beside it says which sent line it answers: the last one sent.
        const line = (await sentTexts(page, c)).at(-1)!;
        const reply = replies(c).last();
        await expect.poll(() => reply.locator('.mcp-answers').innerText()).toBe(t('console.answers.line', { line: clip(line, 80).text }, lang));
        expect(Object.hasOwn(stdoutMessages(await copyTranscript(page, c)).at(-1), 'id')).toBe(false);
      }
      // The tip: a notification is owed nothing.
      await send(page, c, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"watch"}}', 0);
      await page.waitForTimeout(PAST_THRESHOLD_MS);
      expect(await warnings(c).count()).toBe(0);
    });

    test('caching-and-change-notifications: no warning for the open subscription (step 1) nor for it once cancelled (step 3)', async ({ open }) => {
      const page = await open(lessonURL(site, `${prefix}caching-and-change-notifications`), site.options);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined); // step 1: the prefilled subscriptions/listen, id 1
      // A listen stream stays open, with only its acknowledgement: no warning however long it stays open.
      await page.waitForTimeout(PAST_THRESHOLD_MS);
      expect(await warnings(c).count()).toBe(0);
      await send(page, c, '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Lunch","startsAt":"2026-09-08T12:00:00Z"}}}', 2);
      await send(page, c, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"done listening"}}', 0);
      await send(page, c, '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dinner","startsAt":"2026-09-08T12:00:00Z"}}}');
      await page.waitForTimeout(PAST_THRESHOLD_MS);
      expect(await warnings(c).count()).toBe(0);
      expect(stdoutMessages(await copyTranscript(page, c)).filter((m) => m.id === 1)).toEqual([]);
    });
  });
}
