/**
 * Lesson 12, versions-and-neighbours ("Place a revision in time, and MCP among
 * its neighbours"), in Chromium with the Worker engine, on both builds: an old
 * revision's request, the old handshake, and the current revision.
 * The Indonesian edition (`/id/<slug>/`, same widgets) runs the same tasks
 * on the default build, with the same wire results.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, editorText, heading, META, pickTemplate, replyTo, send } from './support/lesson-widgets.ts';

const SLUG = 'versions-and-neighbours';
/** The English page and its Indonesian edition: URL prefix, title, and the labels of the tasks' starting messages (steps 2 and 3). */
const EDITIONS = [
  { prefix: '', title: 'Place a revision in time, and MCP among its neighbours', labels: ['Step 2: the old handshake', 'Step 3: the tools/list of step 1'] },
  { prefix: 'id/', title: 'Tempatkan sebuah revisi pada garis waktu, dan MCP di antara tetangganya', labels: ['Langkah 2: handshake lama', 'Langkah 3: tools/list dari langkah 1'] },
];
/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, title, labels } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-3: 2025-06-18 refused, initialize refused with the supported list, 2026-07-28 served', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);

      // 1. The prefilled tools/list from a 2025-06-18 client: -32022, supported and requested.
      await send(page, c, undefined);
      const one = (await replyTo(page, c, 1)).error;
      expect(one.code).toBe(-32022);
      expect(one.data).toEqual({ supported: ['2026-07-28'], requested: '2025-06-18' });

      // 2. The old handshake: -32022 again, naming the supported versions, and the message says to send server/discover.
      await pickTemplate(c, labels[0]!, '{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"old-client","version":"1.0"}}}');
      await send(page, c, undefined);
      const two = (await replyTo(page, c, 2)).error;
      expect(two.code).toBe(-32022);
      expect(two.data.supported).toEqual(['2026-07-28']);
      expect(two.message).toContain('send server/discover');

      // 3. The step 1 tools/list, one click away, edited by hand to 2026-07-28 and id 3: the catalog, complete.
      await pickTemplate(c, labels[1]!, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { ...META(), 'io.modelcontextprotocol/protocolVersion': '2025-06-18' } } }));
      const edited = (await editorText(c)).replace('"id":1', '"id":3').replace('2025-06-18', '2026-07-28');
      expect(edited).toBe(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: META() } }));
      await send(page, c, edited);
      const three = (await replyTo(page, c, 3)).result;
      expect(three.resultType).toBe('complete');
      expect(three.tools.map((t: { name: string }) => t.name)).toEqual(['create_event']);

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });
  });
}
