/**
 * Lesson 7, three-primitives ("Choose between a tool, a resource and a prompt"),
 * in Chromium with the Worker engine, on both builds: a resource read with its
 * caching hints, a prompt with and without its argument, the tool catalog, a
 * missing resource, and the discovery result's hints.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, replies, replyTo, send } from './support/lesson-widgets.ts';

for (const site of lessonSites()) {
  describe(`three-primitives (${site.name} build)`, () => {
    test('steps 1-4 and the tip on one Console', async ({ open }) => {
      const page = await open(lessonURL(site, 'three-primitives'), site.options);
      expect(await heading(page)).toBe('Choose between a tool, a resource and a prompt');
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
      await send(page, c, '{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"prepare_week","arguments":{"focus":"deep work"}}}');
      const prompt = (await replyTo(page, c, 2)).result;
      expect(prompt.messages).toHaveLength(1);
      expect(prompt.messages[0].role).toBe('user');
      expect(prompt.messages[0].content.text).toBe('Read calendar://week and draft a plan for my week. Focus: deep work.');
      await send(page, c, '{"jsonrpc":"2.0","id":"2b","method":"prompts/get","params":{"name":"prepare_week"}}');
      expect((await replyTo(page, c, '2b')).result.messages[0].content.text).toBe('Read calendar://week and draft a plan for my week. Focus: balance.');

      // 3. tools/list: labelled "1 tool (create_event)"; opened, the whole result shows the schema and the hints.
      await send(page, c, '{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}');
      const line = replies(c).nth(3);
      expect(await line.locator('.mcp-meaning').innerText()).toContain('1 tool (create_event)');
      await line.locator('details.mcp-line-body > summary').click();
      const tree = line.locator('details.mcp-line-body > :not(summary)').first();
      await expect.poll(() => tree.innerText()).toContain('"ttlMs"');
      expect(await tree.innerText()).toMatch(/"ttlMs":\s*300000/);
      expect(await tree.innerText()).toMatch(/"cacheScope":\s*"public"/);
      const list = (await replyTo(page, c, 3)).result;
      expect(list.tools.map((t: { name: string }) => t.name)).toEqual(['create_event']);
      expect(list.tools[0].inputSchema.required).toEqual(['title']);
      const keys = Object.keys(list);
      expect(keys.indexOf('ttlMs')).toBeGreaterThan(keys.indexOf('tools')); // "after the tools list"
      expect(keys.indexOf('cacheScope')).toBeGreaterThan(keys.indexOf('tools'));
      expect(list.ttlMs).toBe(300000);
      expect(list.cacheScope).toBe('public');

      // 4. A resource that does not exist: -32602 Resource not found, with the uri.
      await send(page, c, '{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"calendar://month"}}');
      expect((await replyTo(page, c, 4)).error).toEqual({ code: -32602, message: 'Resource not found', data: { uri: 'calendar://month' } });

      // Tip: server/discover is fresh for an hour, public, and lists the three primitives.
      await send(page, c, '{"jsonrpc":"2.0","id":5,"method":"server/discover","params":{}}');
      const discover = (await replyTo(page, c, 5)).result;
      expect(discover.ttlMs).toBe(3600000);
      expect(discover.cacheScope).toBe('public');
      expect(discover.capabilities).toEqual({ tools: {}, resources: {}, prompts: {} });
    });
  });
}
