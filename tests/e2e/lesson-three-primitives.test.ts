/**
 * Lesson 7, three-primitives ("Choose between a tool, a resource and a prompt"),
 * in Chromium with the Worker engine, on both builds: a resource read with its
 * caching hints, a prompt with and without its argument, the tool catalog, a
 * missing resource, and the discovery result's hints. The Indonesian edition
 * (`/id/<slug>/`, same widgets) runs the same tasks on the default build, with
 * the same wire results; the Console's label of a list is read through `t()`
 * in the page's language.
 */
import { describe } from 'vitest';
import { t, type Lang } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, pickTemplate, replies, replyTo, send, toolText } from './support/lesson-widgets.ts';
import { edit, runEdit, serverEditorAt, toySource } from './support/lesson-editor.ts';

const READ = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"resources/read","params":{"uri":"calendar://week"}}`;
const LIST_EVENTS_TOOL = `const LIST_EVENTS_TOOL = Object.freeze({
  name: 'list_events',
  description: 'List the events of the calendar.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
});
`;

const SLUG = 'three-primitives';
/**
 * The English page and its Indonesian edition: URL prefix, language, title, and the labels of the
 * tasks' starting messages: `console` for the first Console (steps 2, 3, 4, the tip), `editor` for
 * the ServerEditor's (steps 1, 2, 3, 3).
 */
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string; console: string[]; editor: string[] }> = [
  {
    prefix: '',
    lang: 'en',
    title: 'Choose between a tool, a resource and a prompt',
    console: ['Step 2: prompts/get', 'Step 3: tools/list', 'Step 4: a missing resource', 'Tip: server/discover'],
    editor: ['Step 1: resources/read', 'Step 2: the same read, id 2', 'Step 3: tools/list', 'Step 3: call list_events'],
  },
  {
    prefix: 'id/',
    lang: 'id',
    title: 'Pilih antara tool, resource, dan prompt',
    console: ['Langkah 2: prompts/get', 'Langkah 3: tools/list', 'Langkah 4: resource yang tidak ada', 'Coba ini: server/discover'],
    editor: ['Langkah 1: resources/read', 'Langkah 2: baca yang sama, id 2', 'Langkah 3: tools/list', 'Langkah 3: panggil list_events'],
  },
];
/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

/** The Console's one-line label of a tools/list result naming `names`, in `lang` ("2 tools (a, b)" / "2 tool (a, b)"). */
const toolsLabel = (names: string[], lang: Lang) =>
  t('meaning.count', { count: names.length, noun: t(names.length === 1 ? 'meaning.noun.tool' : 'meaning.noun.tools', {}, lang), names: ` (${names.join(', ')})` }, lang);

for (const { site, prefix, lang, title, console: labels, editor } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-4 and the tip on one Console', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const c = await consoleAt(page, 0);

      // 1. resources/read calendar://week: two seeded events, private, fresh for a minute.
      await send(page, c, undefined);
      const read = (await replyTo(page, c, 1)).result;
      expect(read.contents).toHaveLength(1);
      expect(read.contents[0].uri).toBe('calendar://week');
      expect(JSON.parse(read.contents[0].text)).toEqual([
        { id: 'e1', title: 'Standup', startsAt: '2026-09-07T09:00:00Z' },
        { id: 'e2', title: 'Design review', startsAt: '2026-09-09T15:00:00Z' },
      ]);
      expect(read.ttlMs).toBe(60000);
      expect(read.cacheScope).toBe('private');

      // 2. prompts/get with focus "deep work", then without arguments: the default, balance.
      await pickTemplate(c, labels[0]!, '{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"prepare_week","arguments":{"focus":"deep work"}}}');
      await send(page, c, undefined);
      const prompt = (await replyTo(page, c, 2)).result;
      expect(prompt.messages).toHaveLength(1);
      expect(prompt.messages[0].role).toBe('user');
      expect(prompt.messages[0].content.text).toBe('Read calendar://week and draft a plan for my week. Focus: deep work.');
      await send(page, c, '{"jsonrpc":"2.0","id":"2b","method":"prompts/get","params":{"name":"prepare_week"}}');
      expect((await replyTo(page, c, '2b')).result.messages[0].content.text).toBe('Read calendar://week and draft a plan for my week. Focus: balance.');

      // 3. tools/list: labelled "1 tool (create_event)"; opened, the whole result shows the schema and the hints.
      await pickTemplate(c, labels[1]!, '{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}');
      await send(page, c, undefined);
      const line = replies(c).nth(3);
      // The transcript adds rows frame by frame: wait for the line's label rather than read it once.
      await expect.poll(() => line.locator('.mcp-meaning').innerText()).toContain(toolsLabel(['create_event'], lang));
      await line.locator('details.mcp-line-body > summary').click();
      const tree = line.locator('details.mcp-line-body > :not(summary)').first();
      await expect.poll(() => tree.innerText()).toContain('"ttlMs"');
      expect(await tree.innerText()).toMatch(/"ttlMs":\s*300000/);
      expect(await tree.innerText()).toMatch(/"cacheScope":\s*"public"/);
      const list = (await replyTo(page, c, 3)).result;
      expect(list.tools.map((tool: { name: string }) => tool.name)).toEqual(['create_event']);
      expect(list.tools[0].inputSchema.required).toEqual(['title']);
      const keys = Object.keys(list);
      expect(keys.indexOf('ttlMs')).toBeGreaterThan(keys.indexOf('tools')); // "after the tools list"
      expect(keys.indexOf('cacheScope')).toBeGreaterThan(keys.indexOf('tools'));
      expect(list.ttlMs).toBe(300000);
      expect(list.cacheScope).toBe('public');

      // 4. A resource that does not exist: -32602 Resource not found, with the uri.
      await pickTemplate(c, labels[2]!, '{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"calendar://month"}}');
      await send(page, c, undefined);
      expect((await replyTo(page, c, 4)).error).toEqual({ code: -32602, message: 'Resource not found', data: { uri: 'calendar://month' } });

      // Tip: server/discover is fresh for an hour, public, and lists the three primitives.
      await pickTemplate(c, labels[3]!, '{"jsonrpc":"2.0","id":5,"method":"server/discover","params":{}}');
      await send(page, c, undefined);
      const discover = (await replyTo(page, c, 5)).result;
      expect(discover.ttlMs).toBe(3600000);
      expect(discover.cacheScope).toBe('public');
      expect(Object.keys(discover.capabilities).sort()).toEqual(['prompts', 'resources', 'tools']); // one per primitive

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('ServerEditor steps 1-3: WEEK_CACHE changed shows on the next read; a second tool, list_events, is listed and called', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const e = await serverEditorAt(page, 0);
      expect(await e.getAttribute('data-server')).toBe('calendar');
      const original = toySource('calendar.mjs');

      // 1. The original read: fresh for a minute, private.
      let c = await consoleAt(page, 0, e);
      await pickTemplate(c, editor[0]!, READ(1));
      await send(page, c, undefined);
      let read = (await replyTo(page, c, 1)).result;
      expect([read.ttlMs, read.cacheScope]).toEqual([60000, 'private']);

      // 2. WEEK_CACHE = { ttlMs: 5_000, cacheScope: 'public' }, Run: the next read says so.
      const cached = edit(original, /WEEK_CACHE = Object\.freeze\(\{ ttlMs: 60_000, cacheScope: 'private' \}\)/, "WEEK_CACHE = Object.freeze({ ttlMs: 5_000, cacheScope: 'public' })");
      c = await runEdit(page, e, cached);
      await pickTemplate(c, editor[1]!, READ(2));
      await send(page, c, undefined);
      read = (await replyTo(page, c, 2)).result;
      expect([read.ttlMs, read.cacheScope]).toEqual([5000, 'public']);

      // 3. list_events: the definition above TOOLS, added to TOOLS (the one list of tools), one line in callTool after findTool.
      const restored = cached.replace("cacheScope: 'public' })", "cacheScope: 'private' })");
      expect(restored.split('export const TOOLS = [CREATE_EVENT_TOOL];').length - 1, 'the calendar names its tools once').toBe(1);
      let twoTools = edit(restored, 'export const TOOLS = [CREATE_EVENT_TOOL];', `${LIST_EVENTS_TOOL}export const TOOLS = [CREATE_EVENT_TOOL, LIST_EVENTS_TOOL];`);
      twoTools = edit(twoTools, /\n(\s*)(const \{ tool, args \} = findTool\(params, TOOLS\);)/, "\n$1$2\n$1if (tool.name === 'list_events') return toolResult(JSON.stringify(EVENTS));");
      c = await runEdit(page, e, twoTools);
      await pickTemplate(c, editor[2]!, '{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}');
      await send(page, c, undefined);
      const line = replies(c).last();
      await expect.poll(() => line.locator('.mcp-meaning').innerText()).toContain(toolsLabel(['create_event', 'list_events'], lang));
      expect((await replyTo(page, c, 3)).result.tools.map((tool: { name: string }) => tool.name)).toEqual(['create_event', 'list_events']);
      await pickTemplate(c, editor[3]!, '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_events","arguments":{}}}');
      await send(page, c, undefined);
      expect(JSON.parse(toolText(await replyTo(page, c, 4))).map((ev: { id: string }) => ev.id)).toEqual(['e1', 'e2']);

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });
  });
}
