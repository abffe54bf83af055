/**
 * The HttpRequest widget on its lab page (/lab/http-request/), real Chromium,
 * real Worker engine, real http.mjs; and real Node beside it: what the page
 * shows for a typed server/discover POST is what `node toy-servers/http.mjs`
 * answers to the same request over a real socket. Then: a malformed header
 * line is said and loses nothing (across a reload too), the PKCE helper's
 * challenge is node:crypto's, values captured from a response fill the next
 * request (from a ServerEditor edit of http.mjs that issues a token), a
 * handler that hangs, throws or floods gets a clear message, the phone width
 * in dark theme, and the Indonesian lab page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { freePort, waitForHttp } from './support/net.ts';
import { edit, serverEditorAt, toySource, typeSource } from './support/lesson-editor.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { RequestBuilder } from '../../src/protocol/request-builder.ts';
import { axeViolations } from './support/axe.ts';
import { untilHydrated } from './support/lesson-widgets.ts';

const LAB = 'lab/http-request/';

/** The nth HttpRequest widget on the page, once hydrated. */
async function widgetAt(page: Page, n = 0): Promise<Locator> {
  const w = page.locator('section.mcp-http-request').nth(n);
  await w.scrollIntoViewIfNeeded();
  await untilHydrated(w);
  return w;
}

const field = (w: Locator, name: 'method' | 'path' | 'headers' | 'body') => w.locator(`[data-control="${name}"]`);

/** Types a whole request into the fields, as a reader would. */
async function typeRequest(w: Locator, r: { method: string; path: string; headers: string; body: string }): Promise<void> {
  await field(w, 'method').fill(r.method);
  await field(w, 'path').fill(r.path);
  await field(w, 'headers').fill(r.headers);
  await field(w, 'body').fill(r.body);
}

/** The newest exchange, once `n` have been shown. */
async function exchange(w: Locator, n: number): Promise<Locator> {
  const ex = w.locator(`li[data-exchange="${n}"]`);
  await ex.waitFor({ timeout: 20_000 });
  return ex;
}

const text = (l: Locator) => l.evaluate((el) => el.textContent ?? '');

/** The value of row `name` in the values table. */
const valueOf = (w: Locator, name: string) => w.locator(`li[data-value="${name}"] input`).inputValue();

let node: ChildProcess | undefined;
let nodeUrl = '';

beforeAll(async () => {
  const port = await freePort();
  node = spawn(process.execPath, ['toy-servers/http.mjs', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  nodeUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${nodeUrl}/mcp`, 10_000);
});
afterAll(() => {
  node?.kill();
});

describe('HttpRequest', () => {
  test('a typed server/discover POST shows the status, headers and body real Node\'s http.mjs answers', async ({ open }) => {
    const page = await open(LAB);
    const w = await widgetAt(page);
    const body = JSON.stringify(new RequestBuilder({}).request('server/discover', {}, { id: 7 }), null, 2);
    const headers = 'Content-Type: application/json\nAccept: application/json, text/event-stream\nMCP-Protocol-Version: 2026-07-28\nMcp-Method: server/discover';
    await typeRequest(w, { method: 'POST', path: '/mcp', headers, body });
    await field(w, 'body').press('ControlOrMeta+Enter');
    const ex = await exchange(w, 1);

    const real = await fetch(`${nodeUrl}/mcp`, {
      method: 'POST',
      headers: Object.fromEntries(headers.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])),
      body,
    });
    const realBody = await real.text();
    expect(real.status).toBe(200);
    await expect.poll(() => text(ex.locator('[data-status-line]'))).toBe(`HTTP/1.1 ${real.status} ${real.statusText}`);
    const shownHeaders = Object.fromEntries((await text(ex.locator('pre[data-raw="headers"]'))).split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
    expect(shownHeaders['content-type']).toBe(real.headers.get('content-type'));
    expect(await text(ex.locator('pre[data-raw="body"]'))).toBe(realBody);
    // Pretty-printed beside the raw bytes, and explained.
    expect(await ex.locator('[data-body="json"] .mcp-json').count()).toBe(1);
    expect(await ex.locator('[data-note="jsonRpcResult"]').innerText()).toContain('7');
    // The raw request shows what the handler received: the typed headers (lower-cased by fetch) and the length.
    const raw = await text(ex.locator('pre[data-raw="request"]'));
    expect(raw.startsWith('POST /mcp HTTP/1.1\nhost: 127.0.0.1\n')).toBe(true);
    expect(raw).toContain('mcp-method: server/discover');
    expect(raw).toContain(`content-length: ${Buffer.byteLength(body)}`);
  });

  test('a tools/call template: the event stream is shown event by event', async ({ open }) => {
    const page = await open(LAB);
    const w = await widgetAt(page);
    await w.locator('[data-action="use-template"]').nth(1).click();
    // A header a page may not set: Chromium drops it, and the widget says so (http.mjs would refuse a foreign Origin with 403).
    await field(w, 'headers').fill(`${await field(w, 'headers').inputValue()}\nOrigin: http://evil.example`);
    await w.locator('[data-action="send"]').click();
    const ex = await exchange(w, 1);
    await expect.poll(() => ex.getAttribute('data-status')).toBe('200');
    expect(await ex.locator('[data-dropped]').innerText()).toContain('Origin');
    expect(await text(ex.locator('pre[data-raw="request"]'))).not.toContain('evil.example');
    await expect.poll(() => ex.locator('[data-body="sse"] li[data-event="message"]').count()).toBeGreaterThan(0);
    expect(await ex.locator('[data-note="sse"]').count()).toBe(1);
    expect(await text(ex.locator('[data-body="sse"] li').last().locator('.mcp-json'))).toContain('"id"');
  });

  test('a malformed header line and a body on GET: said, nothing sent, the typed text kept (and kept across a reload)', async ({ open }) => {
    const page = await open(LAB);
    const w = await widgetAt(page);
    await typeRequest(w, { method: 'GET', path: '/mcp', headers: 'Accept: application/json\nContent-Type application/json', body: 'not for a GET' });
    await w.locator('[data-action="send"]').click();
    const problems = w.locator('[data-problems]');
    await expect.poll(() => problems.getAttribute('role')).toBe('alert');
    await expect.poll(() => problems.locator('[data-problem="header"]').innerText()).toContain('2');
    expect(await problems.locator('[data-problem="header"]').innerText()).toContain('Content-Type application/json');
    expect(await problems.locator('[data-problem="bodyOnGet"]').count()).toBe(1);
    expect(await w.locator('li[data-exchange]').count()).toBe(0);
    expect(await field(w, 'headers').inputValue()).toBe('Accept: application/json\nContent-Type application/json');
    expect(await field(w, 'body').inputValue()).toBe('not for a GET');

    await page.reload();
    const again = await widgetAt(page);
    await expect.poll(() => field(again, 'headers').inputValue()).toBe('Accept: application/json\nContent-Type application/json');
    expect(await field(again, 'body').inputValue()).toBe('not for a GET');
    expect(await field(again, 'method').inputValue()).toBe('GET');
    expect(await again.locator('[data-note="draft"]').count()).toBe(1);
  });

  test('the PKCE helper: a fresh verifier, and a challenge equal to node:crypto\'s SHA-256, base64url', async ({ open }) => {
    const page = await open(LAB);
    const w = await widgetAt(page);
    await w.locator('[data-action="new-verifier"]').click();
    const verifier = w.locator('[data-pkce="verifier"]');
    await verifier.waitFor();
    await expect.poll(() => w.locator('[data-pkce="challenge"]').count()).toBe(1);
    const v = await text(verifier);
    expect(v).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    const expected = createHash('sha256').update(v, 'ascii').digest('base64url');
    await expect.poll(() => text(w.locator('[data-pkce="challenge"]'))).toBe(expected);
    expect(await text(w.locator('[data-pkce="digest"]'))).toBe(createHash('sha256').update(v, 'ascii').digest('hex').replace(/(..)(?!$)/g, '$1 '));
    expect(await text(w.locator('[data-pkce="ascii"]'))).toBe(Buffer.from(v, 'ascii').toString('hex').replace(/(..)(?!$)/g, '$1 '));
    await expect.poll(() => valueOf(w, 'code_challenge')).toBe(expected);
    expect(await valueOf(w, 'code_verifier')).toBe(v);
    // Editing the verifier in the table recomputes the challenge live; a bad one is said.
    await w.locator('li[data-value="code_verifier"] input').fill('too-short');
    await expect.poll(() => w.locator('[data-pkce="problem"]').count()).toBe(1);
    await expect.poll(() => text(w.locator('[data-pkce="challenge"]'))).toBe(createHash('sha256').update('too-short').digest('base64url'));
  });

  test('values captured from a response fill the next template\'s variables; a hang, a throw and a flood are each said', async ({ open }) => {
    const page = await open(LAB);
    const w = await widgetAt(page);
    // The reader edits http.mjs so it also issues a token (and misbehaves on three paths), then runs the edit.
    const e = await serverEditorAt(page, 0);
    const source = edit(
      toySource('http.mjs'),
      'export async function handle(request) {\n',
      [
        'export async function handle(request) {',
        '  const lab = new URL(request.url);',
        "  const b64 = (o) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');",
        "  const token = () => `${b64({ alg: 'HS256', typ: 'at+jwt' })}.${b64({ sub: 'reader', jti: crypto.randomUUID(), exp: 1900000000 })}.not-checked`;",
        "  if (lab.pathname === '/token') return new Response(JSON.stringify({ access_token: token(), token_type: 'Bearer', expires_in: 300 }), { headers: { 'content-type': 'application/json' } });",
        "  if (lab.pathname === '/consent' && request.method === 'GET') return new Response(`<!doctype html><p>Allow the lab?</p><form method=\"post\" action=\"/consent\"><input type=\"hidden\" name=\"state\" value=\"${lab.searchParams.get('state')}\"><button name=\"decision\" value=\"allow\">Allow</button><button name=\"decision\" value=\"deny\">Deny</button></form>`, { headers: { 'content-type': 'text/html; charset=utf-8' } });",
        "  if (lab.pathname === '/consent') { const form = new URLSearchParams(await request.text()); return new Response(null, { status: 303, headers: { location: `http://127.0.0.1:3000/callback?code=code-${crypto.randomUUID()}&state=${form.get('state')}&iss=${encodeURIComponent(lab.origin)}` } }); }",
        "  if (lab.pathname === '/hang') return new Promise(() => {});",
        "  if (lab.pathname === '/throw') throw new Error('boom from the edit');",
        "  if (lab.pathname === '/flood') return new Response('x'.repeat(1_000_000), { headers: { 'content-type': 'text/plain' } });",
        '',
      ].join('\n'),
    );
    await typeSource(page, e, source);
    await e.locator('button[data-action="run"]').click();
    await expect.poll(() => e.locator('[data-running="edit"]').count(), { timeout: 20_000 }).toBe(1);

    // A variable with no value yet: said, nothing sent.
    await w.locator('[data-action="use-template"]').nth(3).click();
    await w.locator('[data-action="send"]').click();
    await expect.poll(() => w.locator('[data-problem="variable"]').innerText()).toContain('{{code_verifier}}');

    await w.locator('[data-action="new-verifier"]').click();
    await expect.poll(() => valueOf(w, 'code_verifier')).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    const verifier = await valueOf(w, 'code_verifier');
    await w.locator('[data-action="send"]').click();
    const tokenEx = await exchange(w, 1);
    await expect.poll(() => tokenEx.getAttribute('data-status')).toBe('200');
    expect(await text(tokenEx.locator('pre[data-raw="request"]'))).toContain(`grant_type=authorization_code&client_id=toy-cli&code_verifier=${verifier}`);
    const issued = JSON.parse(await text(tokenEx.locator('pre[data-raw="body"]'))).access_token as string;
    await expect.poll(() => valueOf(w, 'access_token')).toBe(issued);
    expect(await tokenEx.locator('[data-note="token"] [data-field="expires_in"]').count()).toBe(1);
    // The JWT's payload as shown is the one Node decodes from the same token (and the widget says it did not verify it).
    const payload = JSON.parse(Buffer.from(issued.split('.')[1]!, 'base64url').toString('utf8'));
    const jwt = tokenEx.locator('[data-note="jwt"]');
    expect(await jwt.count()).toBe(1);
    expect(await text(jwt.locator('.mcp-json').nth(1))).toContain(payload.jti);

    // A consent page arrives as HTML: shown as source, its form listed, answered by a POST the widget writes out.
    await w.locator('[data-action="new-state"]').click();
    await expect.poll(() => valueOf(w, 'state')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const state = await valueOf(w, 'state');
    await w.locator('[data-control="new-name"]').fill('issuer');
    await w.locator('[data-control="new-value"]').fill('http://127.0.0.1');
    await w.locator('[data-action="add-value"]').click();
    await typeRequest(w, { method: 'GET', path: '/consent?state={{state}}', headers: '', body: '' });
    await w.locator('[data-action="send"]').click();
    const pageEx = await exchange(w, 2);
    await expect.poll(() => pageEx.locator('[data-body="html"]').count()).toBe(1);
    expect(await text(pageEx.locator('pre[data-html-source]'))).toContain(`value="${state}"`);
    // Never rendered: no element of the page's own (its <p>, its <form>) exists in the widget.
    expect(await pageEx.locator('[data-body="html"] form').count()).toBe(0);
    expect(await pageEx.locator('[data-body="html"] p, [data-body="html"] button').filter({ hasText: 'Allow the lab?' }).count()).toBe(0);
    expect(await pageEx.locator('[data-form-field="state"]').innerText()).toContain(state);
    await pageEx.locator('[data-action="answer-form"]').first().click();
    expect(await field(w, 'method').inputValue()).toBe('POST');
    expect(await field(w, 'body').inputValue()).toBe(`state=${state}&decision=allow`);
    await w.locator('[data-action="send"]').click();
    const redirect = await exchange(w, 3);
    await expect.poll(() => redirect.getAttribute('data-status')).toBe('303');
    const location = (await text(redirect.locator('pre[data-raw="headers"]'))).split('\n').find((l) => l.startsWith('location: '))!.slice('location: '.length);
    const code = new URL(location).searchParams.get('code')!;
    expect(await text(redirect.locator('[data-note="redirect"] [data-field="code"] .mcp-http-field-value'))).toBe(code);
    expect(code).toMatch(/^code-/);
    await expect.poll(() => valueOf(w, 'code')).toBe(code);
    expect(await redirect.locator('[data-check="stateMatches"]').count()).toBe(1);
    expect(await redirect.locator('[data-check="issMatches"]').count()).toBe(1);

    await w.locator('[data-action="use-template"]').nth(4).click();
    expect(await field(w, 'headers').inputValue()).toContain('Authorization: Bearer {{access_token}}');
    await w.locator('[data-action="send"]').click();
    const bearerEx = await exchange(w, 4);
    await expect.poll(() => text(bearerEx.locator('pre[data-raw="request"]'))).toContain(`authorization: Bearer ${issued}`);
    expect(await bearerEx.locator('[data-substituted]').innerText()).toContain('{{access_token}}');
    // The typed text keeps the variable.
    expect(await field(w, 'headers').inputValue()).toContain('{{access_token}}');

    for (const [path, n] of [['/throw', 5], ['/flood', 6], ['/hang', 7]] as const) {
      await typeRequest(w, { method: 'GET', path, headers: '', body: '' });
      await w.locator('[data-action="send"]').click();
      const ex = await exchange(w, n);
      if (path === '/throw') await expect.poll(() => ex.locator('[data-failure]').innerText()).toContain('boom from the edit');
      if (path === '/flood') {
        await expect.poll(() => ex.locator('[data-capped]').count()).toBe(1);
        expect((await text(ex.locator('pre[data-raw="body"]'))).length).toBe(256 * 1024);
      }
      if (path === '/hang') await expect.poll(() => ex.locator('[data-failure]').innerText()).toContain('10');
    }
    expect(await field(w, 'path').inputValue()).toBe('/hang');
  });

  test('a phone in dark theme: nothing overflows the widget, and axe finds nothing after an exchange', async ({ open }) => {
    const page = await open(LAB, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const w = await widgetAt(page);
    await w.locator('[data-action="use-template"]').first().click();
    await w.locator('[data-action="new-verifier"]').click();
    await w.locator('[data-action="send"]').click();
    await exchange(w, 1);
    const overflow = await w.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await axeViolations(page, { include: ['section.mcp-http-request'] })).toEqual([]);
  });

  test('the Indonesian lab page: the widget speaks Indonesian after a real exchange', async ({ open }) => {
    const page = await open('/id/lab/http-request/');
    const w = await widgetAt(page);
    expect(await w.locator('[data-action="send"]').innerText()).toBe('Kirim');
    await w.locator('[data-action="use-template"]').first().click();
    await w.locator('[data-action="new-verifier"]').click();
    await w.locator('[data-action="send"]').click();
    await exchange(w, 1);
    await typeRequest(w, { method: 'GET', path: '/mcp', headers: 'Bad line', body: 'x' });
    await w.locator('[data-action="send"]').click();
    await w.locator('[data-problems]').waitFor();
    await expectNoEnglish(page, { areas: ['httpRequest.', 'common.'], selector: 'section.mcp-http-request' });
  });
});
