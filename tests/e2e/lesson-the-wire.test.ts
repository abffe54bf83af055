/**
 * Lesson 2, the-wire ("Read and write a JSON-RPC message by hand"), in Chromium
 * with the Worker engine, on both builds: every step on the Console
 * (calendar.mjs, "fill in _meta" on) and the notification tip.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, copyTranscript, heading, pickTemplate, replies, replyTo, send, stdinMessages, stdoutMessages } from './support/lesson-widgets.ts';

for (const site of lessonSites()) {
  describe(`the-wire (${site.name} build)`, () => {
    test('steps 1-4: discover, a string id echoed, a null id and a batch refused with -32600', async ({ open }) => {
      const page = await open(lessonURL(site, 'the-wire'), site.options);
      expect(await heading(page)).toBe('Read and write a JSON-RPC message by hand');
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
      await pickTemplate(c, 'Step 4: a batch', '[{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}]');
      await send(page, c, undefined);
      last = stdoutMessages(await copyTranscript(page, c)).at(-1);
      expect(last.error.code).toBe(-32600);
      expect(last.error.message).toContain('batches are not allowed');
      expect(Object.hasOwn(last, 'id')).toBe(false);
    });

    test('tip: cancel a request in flight (subscriptions/listen); the notification gets no answer, and nothing more comes for it', async ({ open }) => {
      const page = await open(lessonURL(site, 'the-wire'), site.options);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined); // start the process with the prefilled request
      // The listen request: an acknowledgement (a notification), no response; "watch" stays in flight.
      await pickTemplate(c, 'Tip: subscriptions/listen', '{"jsonrpc":"2.0","id":"watch","method":"subscriptions/listen","params":{"notifications":{"resourceSubscriptions":["calendar://week"]}}}');
      await send(page, c, undefined);
      let out = (await copyTranscript(page, c)).filter((l) => l.lane === 'stdout');
      expect(out.at(-1)!.json.method).toBe('notifications/subscriptions/acknowledged');
      expect(Object.hasOwn(out.at(-1)!.json, 'id')).toBe(false);
      await pickTemplate(c, 'Tip: cancel watch', '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"watch"}}');
      await send(page, c, undefined, 0);
      // Instead of waiting for silence: create an event; only its response follows, no update for "watch".
      await pickTemplate(c, 'Tip: create an event', '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist","startsAt":"2026-09-10T08:30:00Z"}}}');
      await send(page, c, undefined);
      const lines = await copyTranscript(page, c);
      const sent = lines.filter((l) => l.lane === 'stdin').map((l) => l.json);
      expect(sent.map((m) => m.method)).toEqual(['server/discover', 'subscriptions/listen', 'notifications/cancelled', 'tools/call']);
      expect(sent[2]).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'watch' } });
      out = lines.filter((l) => l.lane === 'stdout');
      expect(out.map((l) => l.json?.id ?? l.json?.method)).toEqual([1, 'notifications/subscriptions/acknowledged', 7]);
      expect(out.at(-1)!.json.result.content[0].text).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
    });
  });
}
