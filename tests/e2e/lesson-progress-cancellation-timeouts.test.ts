/**
 * Lesson progress-cancellation-timeouts ("Follow a slow request, and stop
 * it"), in Chromium with the Worker engine, on both builds: run
 * countdown.mjs (the calendar plus its slow `countdown` tool) in the ServerEditor, watch
 * notifications/progress for a progressToken, none without one, and cancel a
 * running call with notifications/cancelled (no more progress, no response).
 * The Indonesian edition (`/id/<slug>/`, same widgets) runs the same tasks
 * on the default build, with the same wire results.
 */
import { describe } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, heading, pickTemplate, replyTo, send, stdoutMessages, toolText, untilHydrated } from './support/lesson-widgets.ts';

const SLUG = 'progress-cancellation-timeouts';
/** The English page and its Indonesian edition: URL prefix, title, and the labels of the tasks' starting messages (steps 1, 2, 3, 4, 4, 4). */
const EDITIONS = [
  {
    prefix: '',
    title: 'Follow a slow request, and stop it',
    labels: ['Step 1: tools/list', 'Step 2: countdown with a token', 'Step 3: countdown without a token', 'Step 4: a long countdown', 'Step 4: cancel id 4', 'Step 4: tools/list, id 5'],
  },
  {
    prefix: 'id/',
    title: 'Pantau request yang lambat, lalu hentikan',
    labels: ['Langkah 1: tools/list', 'Langkah 2: countdown dengan token', 'Langkah 3: countdown tanpa token', 'Langkah 4: countdown panjang', 'Langkah 4: batalkan id 4', 'Langkah 4: tools/list, id 5'],
  },
];
/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

async function serverEditor(page: Page): Promise<Locator> {
  const e = page.locator('section.mcp-server-editor').first();
  await e.scrollIntoViewIfNeeded();
  await untilHydrated(e);
  return e;
}

/** Progress notifications for `token` in the transcript so far. */
const progressOf = (out: any[], token: string) => out.filter((m) => m.method === 'notifications/progress' && m.params.progressToken === token);

for (const { site, prefix, title, labels } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-4: countdown.mjs lists countdown, progress with a token, none without, cancel stops everything for that request', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const e = await serverEditor(page);

      // 1. The editor's Console runs countdown.mjs as it is: tools/list has the calendar's tool and countdown.
      const c = await consoleAt(page, 0, e);
      await pickTemplate(c, labels[0]!, '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}');
      await send(page, c, undefined);
      expect((await replyTo(page, c, 1)).result.tools.map((t: { name: string }) => t.name)).toEqual(['create_event', 'countdown']);

      // 2. With a progress token: three progress notifications, rising to the total, then the result.
      await pickTemplate(c, labels[1]!, '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"progressToken":"p2"},"name":"countdown","arguments":{"from":3}}}');
      await send(page, c, undefined, 4);
      const two = await replyTo(page, c, 2);
      expect(toolText(two)).toBe('Counted down from 3.');
      let out = stdoutMessages(await copyTranscript(page, c));
      const p2 = progressOf(out, 'p2');
      expect(p2.map((m) => [m.params.progress, m.params.total])).toEqual([[1, 3], [2, 3], [3, 3]]);
      expect(p2[0].params.message).toBe('2 to go');
      expect(out.indexOf(p2[2])).toBeLessThan(out.findIndex((m) => m.id === 2)); // progress stops with the response

      // 3. Without a token: only the result.
      const before = out.length;
      await pickTemplate(c, labels[2]!, '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"countdown","arguments":{"from":3}}}');
      await send(page, c, undefined);
      expect(toolText(await replyTo(page, c, 3))).toBe('Counted down from 3.');
      out = stdoutMessages(await copyTranscript(page, c));
      expect(out.slice(before).map((m) => m.id ?? m.method)).toEqual([3]);

      // 4. A long one, cancelled after its first progress line: no more progress and no response for id 4.
      await pickTemplate(c, labels[3]!, '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"_meta":{"progressToken":"p4"},"name":"countdown","arguments":{"from":10}}}');
      await send(page, c, undefined, 1);
      await expect.poll(async () => progressOf(stdoutMessages(await copyTranscript(page, c)), 'p4').length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      await pickTemplate(c, labels[4]!, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4,"reason":"took too long"}}');
      await send(page, c, undefined, 0);
      await pickTemplate(c, labels[5]!, '{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{}}');
      await send(page, c, undefined);
      expect((await replyTo(page, c, 5)).result.tools).toHaveLength(2);
      out = stdoutMessages(await copyTranscript(page, c));
      const p4 = progressOf(out, 'p4');
      expect(p4.length).toBeLessThan(10);
      expect(out.filter((m) => m.id === 4)).toEqual([]);
      // Nothing for request 4 after the server answered id 5.
      const five = out.findIndex((m) => m.id === 5);
      expect(out.slice(five + 1).filter((m) => m.params?.progressToken === 'p4')).toEqual([]);
    });
  });
}
