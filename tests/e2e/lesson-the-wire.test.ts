/**
 * Lesson 2, the-wire ("Read and write a JSON-RPC message by hand"), in Chromium
 * with the Worker engine: the English page on both builds, and the Indonesian
 * edition (`/id/the-wire/`) on the default build, asserting the same wire
 * results. Every step on the Console (calendar.mjs, "fill in _meta" on) and
 * the notification tip. The starting messages are picked by the labels each
 * edition's lesson text names; everything else is found by attributes.
 */
import { describe } from 'vitest';
import type { Lang } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, heading, pickTemplate, replies, replyTo, send, stdinMessages, stdoutMessages } from './support/lesson-widgets.ts';

const SLUG = 'the-wire';
/** The English page and its Indonesian edition: URL prefix, title, and the labels of the starting messages (step 4, then the tip's two). */
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string; labels: string[] }> = [
  {
    prefix: '',
    lang: 'en',
    title: 'Read and write a JSON-RPC message by hand',
    labels: ['Step 4: a batch', 'Tip: cancel watch', 'Tip: create an event'],
  },
  {
    prefix: 'id/',
    lang: 'id',
    title: 'Baca dan tulis pesan JSON-RPC secara manual',
    labels: ['Langkah 4: batch', 'Coba juga: batalkan watch', 'Coba juga: buat acara'],
  },
];
/** Every build in English; the default build in Indonesian too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, lang, title, labels } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-4: discover, a string id echoed, a null id and a batch refused with -32600', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);

      // 1. The prefilled server/discover, as it is.
      await send(page, c, undefined);
      const discover = await replyTo(page, c, 1);
      // The Console filled in _meta (the lesson says so) and sent the rest as typed.
      const [sent] = stdinMessages(await copyTranscript(page, c));
      expect(sent).toMatchObject({ jsonrpc: '2.0', id: 1, method: 'server/discover' });
      expect(sent.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
      expect(Object.keys(discover.result)[0]).toBe('resultType');
      expect(discover.result.resultType).toBe('complete');
      expect(discover.result.supportedVersions).toEqual(['2026-07-28']);
      expect(discover.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('calendar');
      expect(await replies(c).first().locator('.mcp-raw').first().innerText()).toContain('"id":1,');

      // 2. A string id comes back exactly, type and all.
      await send(page, c, '{"jsonrpc":"2.0","id":"hello","method":"server/discover","params":{}}');
      const hello = await replyTo(page, c, 'hello');
      expect(hello.result.resultType).toBe('complete');

      // 3. id null: -32600, and the error has no id key at all.
      await send(page, c, '{"jsonrpc":"2.0","id":null,"method":"server/discover","params":{}}');
      let last = stdoutMessages(await copyTranscript(page, c)).at(-1);
      expect(last).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: "id" must be a string or an integer' } });
      expect(Object.hasOwn(last, 'id')).toBe(false);

      // 4. A batch (an array), one click away: -32600 again, batches are not allowed.
      await pickTemplate(c, labels[0]!, '[{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}]');
      await send(page, c, undefined);
      last = stdoutMessages(await copyTranscript(page, c)).at(-1);
      expect(last.error.code).toBe(-32600);
      expect(last.error.message).toContain('batches are not allowed');
      expect(Object.hasOwn(last, 'id')).toBe(false);
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('tip: a cancellation for a request the server does not know gets no answer, and the server still answers the next request', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined); // start the process with the prefilled request
      await pickTemplate(c, labels[1]!, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"watch"}}');
      await send(page, c, undefined, 0);
      // Instead of waiting for silence: create an event; only its response follows.
      await pickTemplate(c, labels[2]!, '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist","startsAt":"2026-09-10T08:30:00Z"}}}');
      await send(page, c, undefined);
      const lines = await copyTranscript(page, c);
      const sent = lines.filter((l) => l.lane === 'stdin').map((l) => l.json);
      expect(sent.map((m) => m.method)).toEqual(['server/discover', 'notifications/cancelled', 'tools/call']);
      expect(sent[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'watch' } });
      const out = lines.filter((l) => l.lane === 'stdout');
      expect(out.map((l) => l.json?.id ?? l.json?.method)).toEqual([1, 7]);
      expect(out.at(-1)!.json.result.content[0].text).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });
  });
}
