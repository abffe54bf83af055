/**
 * Lesson when-things-go-wrong ("Tell a protocol error from a tool that
 * failed"), in Chromium with the Worker engine, on both builds: an unknown
 * tool and non-object arguments (-32602) against an empty title (isError),
 * structuredContent also serialised as text, a cursor the server never issued
 * (-32602), and the Tasks extension declared to a server that supports none.
 * The Indonesian edition (`/id/<slug>/`, same widgets) runs the same tasks
 * on the default build, with the same wire results.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, pickTemplate, replyTo, send, toolText } from './support/lesson-widgets.ts';

const SLUG = 'when-things-go-wrong';
/** The English page and its Indonesian edition: URL prefix, title, and the labels of the tasks' starting messages (steps 2-3, then the tips' ids 4-8). */
const EDITIONS = [
  {
    prefix: '',
    title: 'Tell a protocol error from a tool that failed',
    labels: ['Step 2: an empty title', 'Step 3: arguments not an object', 'Tip: create Lunch', 'Tip: tools/list', 'Tip: a made-up cursor', 'Tip: server/discover', 'Tip: declare Tasks'],
  },
  {
    prefix: 'id/',
    title: 'Bedakan error protokol dari tool yang gagal',
    labels: ['Langkah 2: judul kosong', 'Langkah 3: argumen bukan objek', 'Coba ini: buat Lunch', 'Coba ini: tools/list', 'Coba ini: cursor karangan', 'Coba ini: server/discover', 'Coba ini: deklarasikan Tasks'],
  },
];
/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, title, labels } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-3 and the three tips on one Console', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);

      // 1. An unknown tool: a protocol error, no result.
      await send(page, c, undefined);
      const unknown = await replyTo(page, c, 1);
      expect(unknown.result).toBeUndefined();
      expect(unknown.error).toEqual({ code: -32602, message: 'Unknown tool: delete_everything' });

      // 2. An empty title: a complete result with isError true, written for the model.
      await pickTemplate(c, labels[0]!, '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_event","arguments":{"title":""}}}');
      await send(page, c, undefined);
      const failed = await replyTo(page, c, 2);
      expect(failed.error).toBeUndefined();
      expect(failed.result.resultType).toBe('complete');
      expect(failed.result.isError).toBe(true);
      expect(toolText(failed)).toBe('create_event failed: "title" must not be empty.');

      // 3. Arguments that are not an object: the CallToolRequest schema is broken, so -32602.
      await pickTemplate(c, labels[1]!, '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_event","arguments":["Lunch"]}}');
      await send(page, c, undefined);
      const malformed = await replyTo(page, c, 3);
      expect(malformed.result).toBeUndefined();
      expect(malformed.error.code).toBe(-32602);

      // Tip: structuredContent, and the same JSON in a second text block; no outputSchema on the tool.
      await pickTemplate(c, labels[2]!, '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Lunch","startsAt":"2026-09-08T12:00:00Z"}}}');
      await send(page, c, undefined);
      const made = (await replyTo(page, c, 4)).result;
      const event = { id: 'e3', title: 'Lunch', startsAt: '2026-09-08T12:00:00Z' };
      expect(made.structuredContent).toEqual(event);
      expect(made.isError).toBe(false);
      expect(made.content).toHaveLength(2);
      expect(made.content[0]).toEqual({ type: 'text', text: 'Created e3: Lunch at 2026-09-08T12:00:00Z' });
      expect(made.content[1].type).toBe('text');
      expect(JSON.parse(made.content[1].text)).toEqual(event);
      await pickTemplate(c, labels[3]!, '{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{}}');
      await send(page, c, undefined);
      const list = (await replyTo(page, c, 5)).result;
      const tool = list.tools.find((t: { name: string }) => t.name === 'create_event');
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema).toBeUndefined();
      expect(list.nextCursor).toBeUndefined();

      // Tip: a cursor the server never issued.
      await pickTemplate(c, labels[4]!, '{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"cursor":"not-a-real-cursor"}}');
      await send(page, c, undefined);
      expect((await replyTo(page, c, 6)).error).toEqual({ code: -32602, message: 'Invalid params: cursor "not-a-real-cursor" is not one this list issued' });

      // Tip: no extensions on discover; a client that declares Tasks still gets the core answer.
      await pickTemplate(c, labels[5]!, '{"jsonrpc":"2.0","id":7,"method":"server/discover","params":{}}');
      await send(page, c, undefined);
      const discover = (await replyTo(page, c, 7)).result;
      expect(discover.capabilities.extensions).toBeUndefined();
      await pickTemplate(c, labels[6]!, '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}},"name":"create_event","arguments":{"title":"Review","startsAt":"2026-09-10T10:00:00Z"}}}');
      await send(page, c, undefined);
      const core = await replyTo(page, c, 8);
      expect(core.result.resultType).toBe('complete');
      expect(toolText(core)).toBe('Created e4: Review at 2026-09-10T10:00:00Z');
    });
  });
}
