/**
 * Lesson 11, streamable-http ("Speak MCP over HTTP, one POST at a time"), in
 * Chromium with the Worker engine, on both builds: the Console in HTTP mode on
 * http.mjs, raw requests and responses, a JSON and an SSE response (frames
 * parsed here by the SSE rules and compared with the Console's), the missing
 * Mcp-Name header, a notification POST's 202 and ping's 404, and the Checker
 * over HTTP on the edited server (one failing rule, then a pass). Nothing leaves the page.
 * The Indonesian edition (`/id/<slug>/`, same widgets) runs the same tasks on
 * the default build, with the same wire results (raw requests, statuses,
 * headers and bodies are wire bytes, the same on both pages).
 */
import { describe } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, pickTemplate, typeMessage, untilHydrated } from './support/lesson-widgets.ts';
import { edit, runEdit, serverEditorAt, toySource } from './support/lesson-editor.ts';

interface Exchange {
  request: string;
  requestHeaders: Map<string, string>;
  status: number;
  responseHeaders: Map<string, string>;
  responseBody: string;
  item: Locator;
}

/** Header block -> lower-cased name -> value. */
function headers(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.split('\n').slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) map.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

/** Sends `text` (or the prefilled message) and returns the new HTTP exchange, raw request opened. */
async function post(page: Page, c: Locator, text?: string): Promise<Exchange> {
  const items = c.locator('li.mcp-line-http');
  const before = await items.count();
  if (text !== undefined) await typeMessage(page, c, text);
  await c.locator('button[data-action="send"]').click();
  await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(before + 1);
  const item = items.nth(before);
  await item.locator('details.mcp-line-body > summary').first().click();
  const request = await item.locator('pre.mcp-raw-block').first().innerText();
  const response = await item.locator('pre.mcp-raw-block').nth(1).innerText();
  const [reqHead] = request.split('\n\n');
  const cut = response.indexOf('\n\n');
  const resHead = cut < 0 ? response : response.slice(0, cut);
  return {
    request,
    requestHeaders: headers(reqHead),
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(resHead)?.[1]),
    responseHeaders: headers(resHead),
    responseBody: cut < 0 ? '' : response.slice(cut + 2),
    item,
  };
}

/** SSE frames by the spec's rules: blank-line separated; `:` lines are comments; `event:` and `data:` fields. */
function sseFrames(body: string): Array<{ comments: string[]; event?: string; data?: string }> {
  return body
    .split(/\n\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const frame: { comments: string[]; event?: string; data?: string } = { comments: [] };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
        else if (line.startsWith('event:')) frame.event = line.slice(6).trim();
        else if (line.startsWith('data:')) frame.data = (frame.data === undefined ? '' : frame.data + '\n') + line.slice(5).replace(/^ /, '');
      }
      return frame;
    });
}

const SLUG = 'streamable-http';
/**
 * The English page and its Indonesian edition: URL prefix, title, and the labels of the tasks'
 * starting messages (`console`: steps 2 and 4 and the tip; `editor`: the ServerEditor's steps 1-3).
 */
const EDITIONS = [
  {
    prefix: '',
    title: 'Speak MCP over HTTP, one POST at a time',
    console: ['Step 2: tools/call', 'Step 4: a notification', 'Tip: ping'],
    editor: ['Step 1: server/discover', 'Step 2: server/discover, id 2', 'Step 3: ping'],
  },
  {
    prefix: 'id/',
    title: 'Berbicara MCP lewat HTTP, satu POST demi satu POST',
    console: ['Langkah 2: tools/call', 'Langkah 4: sebuah notification', 'Coba ini: ping'],
    editor: ['Langkah 1: server/discover', 'Langkah 2: server/discover, id 2', 'Langkah 3: ping'],
  },
];
/** Every build with English; the default build with the Indonesian edition too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

const CALL = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } } };

for (const { site, prefix, title, console: labels, editor } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('steps 1-4 and the tip on the HTTP Console', async ({ open, watch }) => {
      const page = await open(lessonURL(site, prefix + SLUG), { offline: true });
      expect(await heading(page)).toBe(title);
      const mcpRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('/mcp')) mcpRequests.push(r.url());
      });
      const c = await consoleAt(page, 0);

      // 1. server/discover: a POST with the MCP headers; 200 JSON with the DiscoverResult; no session header.
      const discover = await post(page, c);
      expect(discover.request.split('\n')[0]).toBe('POST /mcp HTTP/1.1');
      expect(discover.requestHeaders.get('mcp-protocol-version')).toBe('2026-07-28');
      expect(discover.requestHeaders.get('mcp-method')).toBe('server/discover');
      expect(discover.requestHeaders.get('accept')).toBe('application/json, text/event-stream');
      expect(discover.status).toBe(200);
      expect(discover.responseHeaders.get('content-type')).toBe('application/json');
      const dr = JSON.parse(discover.responseBody);
      expect(dr.result.resultType).toBe('complete');
      expect(dr.result.supportedVersions).toEqual(['2026-07-28']);
      expect(discover.requestHeaders.has('mcp-session-id')).toBe(false);
      expect(discover.responseHeaders.has('mcp-session-id')).toBe(false);

      // 2. tools/call: Mcp-Name; 200 text/event-stream; a comment frame, then a message event with the response.
      await pickTemplate(c, labels[0]!, JSON.stringify(CALL));
      const call = await post(page, c);
      expect(call.requestHeaders.get('mcp-name')).toBe('create_event');
      expect(call.status).toBe(200);
      expect(call.responseHeaders.get('content-type')).toBe('text/event-stream');
      expect(call.responseHeaders.has('mcp-session-id')).toBe(false);
      const frames = sseFrames(call.responseBody);
      expect(frames).toHaveLength(2);
      expect(frames[0]).toEqual({ comments: ['the response to tools/call follows'] });
      expect(frames[1].event).toBe('message');
      const message = JSON.parse(frames[1].data!);
      expect(message.id).toBe(2);
      expect(message.result.content[0].text).toBe('Created e3: Dentist at 2026-09-10T08:30:00Z');
      const shown = call.item.locator('.mcp-sse li');
      expect(await shown.count()).toBe(2);
      expect(await shown.nth(0).innerText()).toContain('the response to tools/call follows');
      expect(await shown.nth(1).innerText()).toContain('event: message');
      expect(await shown.nth(1).innerText()).toContain('Created e3: Dentist');

      // 3. The same call without "name": no Mcp-Name header; 400 -32020 before the body is looked at.
      const { name: _name, ...noName } = CALL.params;
      const refused = await post(page, c, JSON.stringify({ ...CALL, id: 3, params: noName }));
      expect(refused.requestHeaders.has('mcp-name')).toBe(false);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.responseBody)).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32020, message: 'Header mismatch: the Mcp-Name header is required for tools/call' } });

      // 4. The 202 mechanics, with a notification no revision defines (not notifications/cancelled, which is stdio's): 202, empty body.
      await pickTemplate(c, labels[1]!, '{"jsonrpc":"2.0","method":"com.example/noted","params":{}}');
      const note = await post(page, c);
      expect(note.request).toContain('"method":"com.example/noted"');
      expect(note.status).toBe(202);
      expect(note.responseBody).toBe('');

      // Tip: ping was removed: 404 with -32601.
      await pickTemplate(c, labels[2]!, '{"jsonrpc":"2.0","id":5,"method":"ping","params":{}}');
      const ping = await post(page, c);
      expect(ping.status).toBe(404);
      expect(JSON.parse(ping.responseBody).error).toMatchObject({ code: -32601, message: 'Method not found: ping' });

      // Everything ran in the page: no request to any /mcp endpoint, nothing blocked.
      expect(mcpRequests).toEqual([]);
      expect(watch.blocked).toEqual([]);

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    test('ServerEditor on http.mjs: Mcp-Name demanded for server/discover turns 200 into 400; 404 -> 400 in statusFor', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const e = await serverEditorAt(page, 0);
      expect(await e.getAttribute('data-server')).toBe('http');
      const original = toySource('http.mjs');

      // 1. The original: server/discover is 200, with no Mcp-Name header.
      let c = await consoleAt(page, 0, e);
      await pickTemplate(c, editor[0]!, '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}');
      const before = await post(page, c);
      expect(before.status).toBe(200);
      expect(before.requestHeaders.has('mcp-name')).toBe(false);

      // 2. NAME_FIELD gains 'server/discover': 'name'; Run; the same discover is refused with 400 -32020.
      const stricter = edit(original, /const NAME_FIELD = \{/, "const NAME_FIELD = { 'server/discover': 'name',");
      c = await runEdit(page, e, stricter);
      await pickTemplate(c, editor[1]!, '{"jsonrpc":"2.0","id":2,"method":"server/discover","params":{}}');
      const refused = await post(page, c);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.responseBody)).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32020, message: 'Header mismatch: the Mcp-Name header is required for server/discover' } });

      // 3. Reset (confirmed), then statusFor answers -32601 with 400: ping's body is unchanged, its status is not.
      await e.locator('button[data-action="reset"]').click();
      await e.locator('button[data-action="confirm"]').click();
      await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('no');
      const wrongStatus = edit(original, /(if \(code === (?:-32601|ERR\.METHOD_NOT_FOUND)\) return )404;/, '$1400;');
      c = await runEdit(page, e, wrongStatus);
      await pickTemplate(c, editor[2]!, '{"jsonrpc":"2.0","id":3,"method":"ping","params":{}}');
      const ping = await post(page, c);
      expect(ping.status).toBe(400);
      expect(JSON.parse(ping.responseBody).error).toMatchObject({ code: -32601, message: 'Method not found: ping' });

      // 4. The Checker on the server in the editor: with step 3's edit, stage 1 fails on exactly the 404 rule;
      // with the original back, the verdict is pass.
      const checker = page.locator('section.mcp-checker');
      await checker.scrollIntoViewIfNeeded();
      await untilHydrated(checker);
      const runChecker = async () => {
        await checker.locator('button[data-action="run"]').click();
        await expect.poll(() => checker.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
        return JSON.parse((await checker.getAttribute('data-verdicts')) ?? '{}') as Record<string, string>;
      };
      const broken = await runChecker();
      expect(Object.entries(broken).filter(([, status]) => status === 'fail').map(([id]) => id)).toEqual(['http.unknown-method-404']);
      await expect.poll(() => checker.getAttribute('data-verdict')).toBe('fail');
      const failedCheck = checker.locator('[data-check="http.unknown-method-404"]');
      await expect.poll(() => failedCheck.innerText()).toContain('400');
      await e.locator('button[data-action="reset"]').click();
      await e.locator('button[data-action="confirm"]').click();
      await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('no');
      const fixed = await runChecker();
      expect(Object.values(fixed).filter((status) => status === 'fail' || status === 'warn')).toEqual([]);
      await expect.poll(() => checker.getAttribute('data-verdict')).toBe('pass');

      // The Indonesian page's widgets, after the journey, show none of the English UI strings.
      if (prefix === 'id/') await expectNoEnglish(page);
    });

    // The lab page is English only and the same for both editions: this check runs once per build, with the English runs.
    if (prefix === '') test('prose and tip: GET and DELETE on the endpoint get 405 with Allow: POST (http.mjs in the Worker engine)', async ({ open }) => {
      // The Console only POSTs, so this runs http.mjs's handler in the page's Worker engine (the lab page exposes it).
      const page = await open(new URL('lab/engines/', site.url).href, site.options);
      await page.waitForFunction(() => (window as any).__mcpByHand !== undefined);
      const answers = await page.evaluate(async () => {
        const engine = new (window as any).__mcpByHand.WorkerEngine();
        const endpoint = await engine.fetchHandler('toy-servers/http.mjs', { env: {} });
        const out = [];
        for (const method of ['GET', 'DELETE']) {
          const response: Response = await endpoint.handle(new Request('http://127.0.0.1/mcp', { method, headers: { Accept: 'text/event-stream' } }));
          out.push({ method, status: response.status, allow: response.headers.get('allow') });
        }
        endpoint.process.kill();
        return out;
      });
      expect(answers).toEqual([
        { method: 'GET', status: 405, allow: 'POST' },
        { method: 'DELETE', status: 405, allow: 'POST' },
      ]);
    });
  });
}
