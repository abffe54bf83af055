/**
 * Lesson 6, three-parties ("See exactly what a server receives"), in Chromium
 * with the Worker engine: the English page on both builds, and the Indonesian
 * edition (`/id/three-parties/`) on the default build, asserting the same wire
 * results. The whole of what the server gets from a tools/call, no
 * conversation/get, and two Consoles as two isolated server processes. The
 * starting messages are picked by the labels each edition's lesson text names.
 */
import { describe } from 'vitest';
import type { Lang } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, heading, pickTemplate, pidOf, replyTo, send, sentLines, stdinMessages, toolText } from './support/lesson-widgets.ts';

const CALL = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } } };
const SEEDED = [
  { id: 'e1', title: 'Standup', startsAt: '2026-09-07T09:00:00Z' },
  { id: 'e2', title: 'Design review', startsAt: '2026-09-09T15:00:00Z' },
];

const SLUG = 'three-parties';
/** The English page and its Indonesian edition: URL prefix, title, and the labels of the starting messages (Console #1 step 2, Console #2 step 2). */
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string; labels: string[] }> = [
  { prefix: '', lang: 'en', title: 'See exactly what a server receives', labels: ['Step 2: conversation/get', 'Step 2: the same tools/call'] },
  { prefix: 'id/', lang: 'id', title: 'Lihat persis apa yang diterima server', labels: ['Langkah 2: conversation/get', 'Langkah 2: tools/call yang sama'] },
];
/** Every build in English; the default build in Indonesian too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, lang, title, labels } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('Console #1: the whole of what the server receives, and no way to ask for the conversation', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);
      // 1. Send the prefilled tools/call and open the sent line.
      await send(page, c, undefined);
      const line = sentLines(c).first();
      await line.locator('details.mcp-line-body > summary').click();
      await expect.poll(() => line.locator('details.mcp-line-body').getAttribute('open')).not.toBeNull();
      // The row opens with its body built, in one render after the click: wait for the keys themselves, not read them once.
      await expect.poll(() => line.locator('.mcp-json-key').allInnerTexts()).toEqual(expect.arrayContaining(['"jsonrpc"', '"id"', '"method"', '"params"', '"_meta"', '"name"', '"arguments"']));
      const [sent] = stdinMessages(await copyTranscript(page, c));
      expect(Object.keys(sent).sort()).toEqual(['id', 'jsonrpc', 'method', 'params']);
      expect(Object.keys(sent.params).sort()).toEqual(['_meta', 'arguments', 'name']);
      expect(Object.keys(sent.params._meta).sort()).toEqual([
        'io.modelcontextprotocol/clientCapabilities',
        'io.modelcontextprotocol/clientInfo',
        'io.modelcontextprotocol/protocolVersion',
      ]);
      expect(sent.params.name).toBe('create_event');
      expect(sent.params.arguments).toEqual(CALL.params.arguments);
      expect(toolText(await replyTo(page, c, 1))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');

      // 2. conversation/get: -32601, there is no such method.
      await pickTemplate(c, labels[0]!, '{"jsonrpc":"2.0","id":2,"method":"conversation/get","params":{}}');
      await send(page, c, undefined);
      expect((await replyTo(page, c, 2)).error).toMatchObject({ code: -32601, message: 'Method not found: conversation/get' });
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('Console #2: another process, which never saw the Dentist until the reader sends it there', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const one = await consoleAt(page, 0);
      await send(page, one, undefined);
      expect(toolText(await replyTo(page, one, 1))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');

      // 1. After the Dentist in Console #1, read the week in Console #2: only e1 and e2; another pid.
      const two = await consoleAt(page, 1);
      await send(page, two, undefined);
      const week = (await replyTo(page, two, 1)).result.contents[0];
      expect(week.uri).toBe('calendar://week');
      expect(JSON.parse(week.text)).toEqual(SEEDED);
      expect(await pidOf(two)).toBeGreaterThan(0);
      expect(await pidOf(two)).not.toBe(await pidOf(one));

      // 2. The reader repeats the tools/call in Console #2; now this calendar has it too.
      await pickTemplate(two, labels[1]!, JSON.stringify({ ...CALL, id: 2 }));
      await send(page, two, undefined);
      expect(toolText(await replyTo(page, two, 2))).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      await send(page, two, '{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"calendar://week"}}');
      expect(JSON.parse((await replyTo(page, two, 3)).result.contents[0].text)).toEqual([...SEEDED, { id: 'e3', ...CALL.params.arguments }]);
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });
  });
}
