/**
 * Lesson 4, every-request-carries-its-context ("Put the right context on every
 * request"), in Chromium with the Worker engine: the English page on both
 * builds, and the Indonesian edition (`/id/every-request-carries-its-context/`)
 * on the default build, asserting the same wire results. The Console with
 * "fill in _meta" off, -32602 / -32022 / -32021 / input_required as the
 * request's _meta changes, and the clientInfo tip. The starting messages are
 * picked by the labels each edition's lesson text names.
 */
import { describe } from 'vitest';
import type { Lang } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, heading, META, pickTemplate, replyTo, send, stdinMessages } from './support/lesson-widgets.ts';

const call = (id: number, capabilities: object) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { _meta: META(capabilities), name: 'create_event', arguments: { title: 'Dentist' } } });

const SLUG = 'every-request-carries-its-context';
/** The English page and its Indonesian edition: URL prefix, title, and the labels of the starting messages (steps 2 and 3, then the tip's two). */
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string; labels: string[] }> = [
  {
    prefix: '',
    lang: 'en',
    title: 'Put the right context on every request',
    labels: ['Step 2: an old version', 'Step 3: create_event, no form', 'Tip: discover as by-hand', 'Tip: discover as Totally Official Client'],
  },
  {
    prefix: 'id/',
    lang: 'id',
    title: 'Sertakan konteks yang tepat di setiap request',
    labels: ['Langkah 2: versi lama', 'Langkah 3: create_event tanpa formulir', 'Coba ini: discover sebagai by-hand', 'Coba ini: discover sebagai Totally Official Client'],
  },
];
/** Every build in English; the default build in Indonesian too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, lang, title, labels } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-4: missing _meta, an old version, a missing capability, then input_required', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);
      expect(await c.locator('input[data-action="fill-meta"]').isChecked()).toBe(false);

      // 1. The prefilled request has no params at all: -32602, the protocolVersion key is missing.
      await send(page, c, undefined);
      expect(stdinMessages(await copyTranscript(page, c))[0]).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect((await replyTo(page, c, 1)).error).toMatchObject({ code: -32602, message: 'Invalid params: _meta key io.modelcontextprotocol/protocolVersion is missing' });

      // 2. 2025-11-25: -32022 with the versions the server can speak.
      await pickTemplate(c, labels[0]!, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: { ...META(), 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } } }));
      await send(page, c, undefined);
      const two = (await replyTo(page, c, 2)).error;
      expect(two.code).toBe(-32022);
      expect(two.data.supported).toEqual(['2026-07-28']);
      expect(two.data.requested).toBe('2025-11-25');

      // 3. The right version, no start time, no elicitation capability: -32021 naming the capability.
      await pickTemplate(c, labels[1]!, call(3, {}));
      await send(page, c, undefined);
      const three = (await replyTo(page, c, 3)).error;
      expect(three.code).toBe(-32021);
      expect(three.data.requiredCapabilities).toEqual({ elicitation: { form: {} } });

      // 4. The same request declaring form elicitation, new id: input_required.
      await send(page, c, call(4, { elicitation: { form: {} } }));
      expect((await replyTo(page, c, 4)).result.resultType).toBe('input_required');
      await c.getByRole('form').waitFor(); // the Console opens the form for it
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('tip: clientInfo changes nothing in the result', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const c = await consoleAt(page, 0);
      const discover = (id: number, clientInfo: object) =>
        JSON.stringify({ jsonrpc: '2.0', id, method: 'server/discover', params: { _meta: { ...META(), 'io.modelcontextprotocol/clientInfo': clientInfo } } });
      await pickTemplate(c, labels[2]!, discover(5, { name: 'by-hand', version: '0.1.0' }));
      await send(page, c, undefined);
      await pickTemplate(c, labels[3]!, discover(6, { name: 'Totally Official Client', version: '99' }));
      await send(page, c, undefined);
      const a = await replyTo(page, c, 5);
      const b = await replyTo(page, c, 6);
      expect(a.result.resultType).toBe('complete');
      expect(b.result).toEqual(a.result);
      expect({ ...b, id: 5 }).toEqual(a);
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });
  });
}
