/**
 * The HttpRequest widget's pure parts (src/components/http-request/): the
 * typed request checked and built, WWW-Authenticate challenges, JWTs, HTML
 * forms, a deadline and a cap on real handlers that hang, throw and flood,
 * and responses explained, the JSON-RPC and SSE ones as http.mjs really
 * answers them.
 */
import { describe, expect, test } from 'vitest';
import { buildRequest, parseHeaderLines, substitute, variablesIn, type RequestDraft } from '../../../src/components/http-request/request-text.ts';
import { challengeParam, decodeJwt, parseChallenges } from '../../../src/components/http-request/oauth-parts.ts';
import { decodeEntities, formDraft, htmlForms } from '../../../src/components/http-request/html-forms.ts';
import { callWithDeadline, readCapped } from '../../../src/components/http-request/read-body.ts';
import { explainResponse, headerChanges, type ResponseFacts } from '../../../src/components/http-request/explain.ts';
import { handle } from '../../../toy-servers/http.mjs';
import { handle as proxy } from '../../../toy-servers/passthrough-proxy.mjs';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { t } from '../../../src/i18n/index.ts';

const TARGETS = [
  { server: 'http', origin: 'http://127.0.0.1' },
  { server: 'auth-server', origin: 'http://127.0.0.1:9000' },
];
const draft = (d: Partial<RequestDraft>): RequestDraft => ({ method: 'GET', path: '/', headers: '', body: '', target: 'http', ...d });

describe('the typed request', () => {
  test('a good POST: headers in order as typed, body kept, URL on the chosen server', () => {
    const r = buildRequest(draft({ method: 'POST', path: '/mcp', headers: 'Content-Type: application/json\n\nAccept:application/json ', body: '{}' }), TARGETS, {});
    expect(r).toEqual({
      ok: true,
      request: { target: TARGETS[0], method: 'POST', url: 'http://127.0.0.1/mcp', headers: [['Content-Type', 'application/json'], ['Accept', 'application/json']], body: '{}', substituted: [] },
    });
  });

  test('every problem at once: bad method, a header line without colon, a name with a space, a body on GET', () => {
    const r = buildRequest(draft({ method: 'G ET', headers: 'Accept application/json\nX Bad: 1\nOk: fine', body: 'x' }), TARGETS, {});
    expect(r.ok).toBe(false);
    const codes = r.ok ? [] : r.problems.map((p) => [p.code, p.vars.line ?? '']);
    expect(codes).toEqual([['method', ''], ['header', 1], ['headerName', 2]]);
    const get = buildRequest(draft({ body: 'x' }), TARGETS, {});
    expect(get.ok ? [] : get.problems.map((p) => p.code)).toEqual(['bodyOnGet']);
  });

  test('header values fetch cannot carry are refused, naming the character', () => {
    const { problems } = parseHeaderLines('X-Name: café ☕');
    expect(problems).toEqual([{ code: 'headerValue', vars: { line: 1, name: 'X-Name', char: 'U+2615' } }]);
    expect(parseHeaderLines('X-Latin: café').problems).toEqual([]);
    expect(parseHeaderLines(' folded: x').problems[0]!.code).toBe('headerName');
  });

  test('variables: filled from the values, missing ones named, the typed text untouched', () => {
    const d = draft({ method: 'POST', path: '/token', headers: 'Authorization: Bearer {{access_token}}', body: 'code={{code}}&code_verifier={{ code_verifier }}' });
    expect(variablesIn(d.headers + d.body)).toEqual(['access_token', 'code', 'code_verifier']);
    const missing = buildRequest(d, TARGETS, { code: 'abc' });
    expect(missing.ok ? '' : missing.problems[0]).toEqual({ code: 'variable', vars: { names: '{{access_token}}, {{code_verifier}}' } });
    const r = buildRequest(d, TARGETS, { code: 'abc', access_token: 'T', code_verifier: 'V' });
    expect(r.ok && r.request.body).toBe('code=abc&code_verifier=V');
    expect(r.ok && r.request.headers).toEqual([['Authorization', 'Bearer T']]);
    expect(r.ok && r.request.substituted).toEqual(['access_token', 'code', 'code_verifier']);
    expect(substitute('{{a}}{{a}}', { a: '' })).toEqual({ text: '{{a}}{{a}}', used: [], missing: ['a'] });
    expect(d.body).toContain('{{code}}');
  });

  test('values are percent-encoded in a query and in a form body, and inserted as they are elsewhere', () => {
    const values = { scope: 'calendar.read calendar.write', redirect_uri: 'http://127.0.0.1:3000/callback', token_endpoint: 'http://127.0.0.1:9000/token' };
    const q = buildRequest(draft({ path: '/authorize?scope={{scope}}&redirect_uri={{redirect_uri}}' }), TARGETS, values);
    expect(q.ok && new URL(q.request.url).searchParams.get('scope')).toBe(values.scope);
    expect(q.ok && new URL(q.request.url).searchParams.get('redirect_uri')).toBe(values.redirect_uri);
    const form = buildRequest(draft({ method: 'POST', path: '{{token_endpoint}}', headers: 'content-type: application/x-www-form-urlencoded', body: 'scope={{scope}}' }), TARGETS, values);
    expect(form.ok && new URLSearchParams(form.request.body).get('scope')).toBe(values.scope);
    const json = buildRequest(draft({ method: 'POST', path: '/mcp', headers: 'Content-Type: application/json\nAuthorization: Bearer {{scope}}', body: '{"s":"{{scope}}"}' }), TARGETS, values);
    expect(json.ok && json.request.body).toBe(`{"s":"${values.scope}"}`);
    expect(json.ok && json.request.headers[1]).toEqual(['Authorization', `Bearer ${values.scope}`]);
  });

  test('a full URL picks the server by its origin; an unknown origin is named with the known ones', () => {
    const r = buildRequest(draft({ path: 'http://127.0.0.1:9000/.well-known/oauth-authorization-server' }), TARGETS, {});
    expect(r.ok && r.request.target.server).toBe('auth-server');
    const v = buildRequest(draft({ path: '{{token_endpoint}}', method: 'POST' }), TARGETS, { token_endpoint: 'http://127.0.0.1:9000/token' });
    expect(v.ok && v.request.url).toBe('http://127.0.0.1:9000/token');
    const far = buildRequest(draft({ path: 'http://127.0.0.1:3000/callback' }), TARGETS, {});
    expect(far.ok ? '' : far.problems[0]!.code).toBe('noServerAt');
    expect(far.ok ? '' : far.problems[0]!.vars.known).toBe('http://127.0.0.1 (http), http://127.0.0.1:9000 (auth-server)');
    for (const path of ['mcp', '/a b', '/a#frag']) expect(buildRequest(draft({ path }), TARGETS, {}).ok).toBe(false);
  });

  test('headerChanges: what fetch dropped and added, compared with a real Request', () => {
    const typed: Array<[string, string]> = [['Origin', 'http://evil.example'], ['X-Mine', '1']];
    const sent = [...new Request('http://127.0.0.1/mcp', { method: 'POST', headers: typed, body: 'x' }).headers];
    const changes = headerChanges(typed, sent);
    // Node's undici keeps Origin (no forbidden-header guard outside a browser); the e2e test sees Chromium drop it.
    expect(changes.added.map(([k]) => k)).toEqual(['content-type']);
    expect(headerChanges([['Origin', 'x']], []).dropped).toEqual(['Origin']);
  });
});

describe('WWW-Authenticate', () => {
  test('the spec\'s 401 and 403 examples', () => {
    const [c] = parseChallenges('Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource",\n                         scope="files:read"'.replace(/\n\s+/g, ' '));
    expect(c).toEqual({ scheme: 'Bearer', params: [['resource_metadata', 'https://mcp.example.com/.well-known/oauth-protected-resource'], ['scope', 'files:read']] });
    const [d] = parseChallenges('Bearer error="insufficient_scope", scope="files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", error_description="File write permission required for this operation"');
    expect(challengeParam(d!, 'ERROR')).toBe('insufficient_scope');
    expect(challengeParam(d!, 'error_description')).toBe('File write permission required for this operation');
  });

  test('several challenges in one header, tokens unquoted, escapes in quotes, token68', () => {
    const cs = parseChallenges('Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple", Negotiate abc+/=');
    expect(cs.map((c) => c.scheme)).toEqual(['Newauth', 'Basic', 'Negotiate']);
    expect(cs[0]!.params).toEqual([['realm', 'apps'], ['type', '1'], ['title', 'Login to "apps"']]);
    expect(cs[2]!.token68).toBe('abc+/=');
    expect(parseChallenges('Bearer')).toEqual([{ scheme: 'Bearer', params: [] }]);
  });
});

describe('JWT (decoded, never verified)', () => {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  test('header and payload of a compact JWS; opaque tokens are not JWTs', () => {
    const header = { alg: 'HS256', typ: 'at+jwt' };
    const payload = { iss: 'http://127.0.0.1:9000', aud: 'http://127.0.0.1:8081/mcp', exp: 1_800_000_000, scope: 'calendar.read', name: 'Wíbowo' };
    expect(decodeJwt(`${part(header)}.${part(payload)}.c2ln`)).toEqual({ header, payload, signature: 'c2ln' });
    expect(decodeJwt('opaque-token')).toBeUndefined();
    expect(decodeJwt('a.b.c')).toBeUndefined();
    expect(decodeJwt(`${part([1])}.${part(payload)}.x`)).toBeUndefined();
  });
});

describe('HTML forms', () => {
  const page = `<!doctype html><title>Allow?</title><!-- <form action="/ghost"> -->
<form method="post" action="/authorize">
<input type="hidden" name="consent" value="c&amp;1">
<input type="checkbox" name="remember"><input type="checkbox" name="scope" value="calendar.read" checked>
<select name="ttl"><option value="60">1 min</option><option value="300" selected>5 min</option></select>
<textarea name="note">
hi &lt;3</textarea>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny"><b>Deny</b></button>
<button type="button">Help</button>
</form>`;

  test('fields, checked boxes only, the selected option, submit buttons with their text', () => {
    const [form, ...rest] = htmlForms(page);
    expect(rest).toEqual([]);
    expect(form).toEqual({
      method: 'POST',
      action: '/authorize',
      enctype: 'application/x-www-form-urlencoded',
      fields: [
        { name: 'consent', value: 'c&1', type: 'hidden' },
        { name: 'scope', value: 'calendar.read', type: 'checkbox' },
        { name: 'ttl', value: '300', type: 'select' },
        { name: 'note', value: 'hi <3', type: 'textarea' },
      ],
      submits: [
        { name: 'decision', value: 'allow', label: 'Allow' },
        { name: 'decision', value: 'deny', label: 'Deny' },
      ],
    });
    expect(decodeEntities('&#x27;&#39;&bogus;')).toBe("''&bogus;");
  });

  test('the request a browser would send for one button, as URLSearchParams encodes it', () => {
    const [form] = htmlForms(page);
    const d = formDraft(form!, form!.submits[1], 'http://127.0.0.1:9000/authorize?client_id=x');
    const expected = new URLSearchParams([['consent', 'c&1'], ['scope', 'calendar.read'], ['ttl', '300'], ['note', 'hi <3'], ['decision', 'deny']]).toString();
    expect(d).toEqual({ method: 'POST', path: '/authorize', headers: 'Content-Type: application/x-www-form-urlencoded', body: expected });
    const [get] = htmlForms('<form action="https://elsewhere.example/cb"><input name="q" value="a b"></form>');
    expect(formDraft(get!, undefined, 'http://127.0.0.1:9000/x').path).toBe('https://elsewhere.example/cb?q=a+b');
  });
});

describe('a deadline and a cap, on real handlers', () => {
  test('a handler that never answers: timeout, and its request is cancelled', async () => {
    let aborted = false;
    const outcome = await callWithDeadline(
      (signal) =>
        new Promise<Response>(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
      50,
    );
    expect(outcome).toEqual({ kind: 'timeout', ms: 50 });
    expect(aborted).toBe(true);
  });

  test('a handler that throws: its error, not a crash', async () => {
    const outcome = await callWithDeadline(async () => {
      throw new Error('boom');
    }, 1000);
    expect(outcome.kind === 'failed' && (outcome.error as Error).message).toBe('boom');
  });

  test('a flooding body is cut at the cap and its stream cancelled', async () => {
    let cancelled = false;
    const flood = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array(4096).fill(0x61));
      },
      cancel() {
        cancelled = true;
      },
    });
    const read = await readCapped(new Response(flood), 10_000, 5_000);
    expect(read.capped).toBe(true);
    expect(read.bytes.byteLength).toBe(10_000);
    await expect.poll(() => cancelled).toBe(true);
  });

  test('a body that stays open: what arrived is kept, then the deadline ends it', async () => {
    const open = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('event: message\ndata: {}\n\n'));
      },
    });
    const read = await readCapped(new Response(open), 10_000, 50);
    expect(read.timedOutAfterMs).toBe(50);
    expect(new TextDecoder().decode(read.bytes)).toBe('event: message\ndata: {}\n\n');
  });
});

/** http.mjs's real answer to `body`, as the widget reads it. */
async function fromHttpMjs(body: unknown, headers: Record<string, string>): Promise<ResponseFacts> {
  const url = 'http://127.0.0.1/mcp';
  const response = await handle(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) }));
  return { status: response.status, headers: [...response.headers], body: await response.text(), url };
}

describe('a response explained', () => {
  const META = new RequestBuilder({}).request('server/discover', {}, { id: 0 }).params!._meta;
  test('http.mjs: server/discover is a JSON-RPC result; a header mismatch a JSON-RPC error', async () => {
    const ok = await fromHttpMjs({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' });
    const e = explainResponse(ok, {});
    expect(e.view.kind).toBe('json');
    expect(e.notes.map((n) => n.words.key)).toEqual(['httpRequest.note.jsonRpcResult']);
    const bad = await fromHttpMjs({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: META } }, { 'mcp-protocol-version': '2026-07-28' });
    const b = explainResponse(bad, {});
    expect(b.notes[0]!.words).toEqual({ key: 'httpRequest.note.jsonRpcError', vars: { id: '2', code: '-32020', message: expect.stringContaining('Mcp-Method') } });
  });

  test('passthrough-proxy.mjs: the calendar\'s 401, relayed with Via, is said to come through a proxy, then explained as the calendar\'s challenge', async () => {
    const url = 'http://127.0.0.1:8082/mcp';
    const response = await proxy(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }) }));
    const e = explainResponse({ status: response.status, headers: [...response.headers], body: await response.text(), url }, {});
    expect(e.notes[0]!.words).toEqual({ key: 'httpRequest.note.via', vars: { via: '1.1 passthrough-proxy' } });
    expect(e.notes[1]!.words.key).toBe('httpRequest.note.challenge');
    expect(e.captures).toContainEqual(['resource_metadata', 'http://127.0.0.1:8081/.well-known/oauth-protected-resource/mcp']);
  });

  test('a body that says JSON and does not parse: where, in the page\'s words; the engine\'s message only as the detail', () => {
    const body = '{"access_token": "abc",';
    let engine = '';
    try {
      JSON.parse(body);
    } catch (e) {
      engine = (e as Error).message;
    }
    const e = explainResponse({ status: 200, headers: [['content-type', 'application/json']], body, url: 'http://127.0.0.1/token' }, {});
    expect(e.notes).toEqual([{ words: { key: 'httpRequest.note.notJson', vars: { why: t('common.jsonAt.end', { line: 1, column: 24 }) } }, tone: 'warn', detail: engine }]);
  });

  test('http.mjs: a tools/call answers with an event stream, each event parsed', async () => {
    const facts = await fromHttpMjs(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' }, _meta: META } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'create_event' },
    );
    const e = explainResponse(facts, {});
    expect(e.view.kind).toBe('sse');
    const frames = e.view.kind === 'sse' ? e.view.frames : [];
    expect(frames.at(-1)!.json).toMatchObject({ jsonrpc: '2.0', id: 3 });
    expect(e.notes[0]!.words.key).toBe('httpRequest.note.sse');
  });

  test('401 with a Bearer challenge: parameters listed, resource_metadata and scope kept', () => {
    const facts: ResponseFacts = {
      status: 401,
      headers: [['content-type', 'application/json'], ['www-authenticate', 'Bearer resource_metadata="http://127.0.0.1:8081/.well-known/oauth-protected-resource/mcp", scope="calendar.read", error="invalid_token"']],
      body: '{"error":"invalid_token"}',
      url: 'http://127.0.0.1:8081/mcp',
    };
    const e = explainResponse(facts, {});
    expect(e.notes[0]!.fields!.map((f) => [f.name, f.meaning!.key])).toEqual([
      ['resource_metadata', 'httpRequest.param.resource_metadata'],
      ['scope', 'httpRequest.param.scope'],
      ['error', 'httpRequest.param.error'],
    ]);
    expect(e.notes[0]!.fields![2]!.checks![0]!.key).toBe('httpRequest.bearerError.invalid_token');
    expect(e.captures).toEqual([['resource_metadata', 'http://127.0.0.1:8081/.well-known/oauth-protected-resource/mcp'], ['scope', 'calendar.read']]);
    expect(explainResponse({ ...facts, status: 403, headers: [['www-authenticate', 'Bearer error="insufficient_scope", scope="calendar.read calendar.write"']] }, {}).notes.map((n) => n.words.key)).toContain('httpRequest.note.insufficientScope');
    expect(explainResponse({ ...facts, headers: [] }, {}).notes[0]!.words.key).toBe('httpRequest.note.noChallenge');
  });

  test('a redirect with code, state and iss: compared with the kept state and issuer', () => {
    const facts: ResponseFacts = { status: 303, headers: [['location', 'http://127.0.0.1:3000/callback?code=C1&state=S1&iss=http%3A%2F%2F127.0.0.1%3A9000']], body: '', url: 'http://127.0.0.1:9000/authorize' };
    const good = explainResponse(facts, { state: 'S1', issuer: 'http://127.0.0.1:9000' });
    const checks = good.notes[0]!.fields!.flatMap((f) => f.checks ?? []).map((c) => c.key);
    expect(checks).toEqual(['httpRequest.stateMatches', 'httpRequest.issMatches']);
    expect(good.captures).toEqual([['code', 'C1'], ['state', 'S1'], ['iss', 'http://127.0.0.1:9000']]);
    const forged = explainResponse(facts, { state: 'MINE', issuer: 'http://127.0.0.1:9000/' });
    expect(forged.notes[0]!.fields!.flatMap((f) => f.checks ?? []).map((c) => c.key)).toEqual(['httpRequest.stateDiffers', 'httpRequest.issDiffers']);
    expect(forged.captures.find(([n]) => n === 'state')).toBeUndefined();
  });

  test('a token response: fields, tokens kept, the JWT decoded with a warning; an OAuth error', () => {
    const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const jwt = `${part({ alg: 'HS256' })}.${part({ exp: 1_800_000_000, aud: 'x' })}.sig`;
    const body = JSON.stringify({ access_token: jwt, token_type: 'Bearer', expires_in: 300, refresh_token: 'R1', scope: 'calendar.read' });
    const e = explainResponse({ status: 200, headers: [['content-type', 'application/json']], body, url: 'http://127.0.0.1:9000/token' }, {});
    expect(e.notes[0]!.fields!.map((f) => f.name)).toEqual(['access_token', 'token_type', 'expires_in', 'scope', 'refresh_token']);
    expect(e.notes[1]!.jwt!.payload).toEqual({ exp: 1_800_000_000, aud: 'x' });
    expect(e.notes[1]!.jwtTimes).toBe(`exp = ${new Date(1_800_000_000_000).toISOString()}`);
    expect(e.captures).toEqual([['access_token', jwt], ['refresh_token', 'R1']]);
    const err = explainResponse({ status: 400, headers: [['content-type', 'application/json;charset=UTF-8']], body: '{"error":"invalid_grant","error_description":"the code was used"}', url: 'http://x/token' }, {});
    expect(err.notes[0]!.fields!.map((f) => f.meaning!.key)).toEqual(['httpRequest.oauthError.invalid_grant', 'httpRequest.param.error_description']);
  });

  test('HTML is listed as forms, never as a JSON or text guess; metadata documents hand over their endpoints', () => {
    const html = explainResponse({ status: 200, headers: [['content-type', 'text/html; charset=utf-8']], body: '<form method="post"><button name="d" value="1">OK</button></form>', url: 'http://x/a' }, {});
    expect(html.view.kind === 'html' && html.view.forms[0]!.submits).toEqual([{ name: 'd', value: '1', label: 'OK' }]);
    const as = explainResponse({ status: 200, headers: [['content-type', 'application/json']], body: JSON.stringify({ issuer: 'http://127.0.0.1:9000', authorization_endpoint: 'http://127.0.0.1:9000/authorize', token_endpoint: 'http://127.0.0.1:9000/token' }), url: 'http://x' }, {});
    expect(as.captures.map(([n]) => n)).toEqual(['issuer', 'authorization_endpoint', 'token_endpoint']);
    const prm = explainResponse({ status: 200, headers: [['content-type', 'application/json']], body: JSON.stringify({ resource: 'http://127.0.0.1:8081/mcp', authorization_servers: ['http://127.0.0.1:9000'] }), url: 'http://x' }, {});
    expect(prm.captures).toEqual([['resource', 'http://127.0.0.1:8081/mcp'], ['authorization_server', 'http://127.0.0.1:9000']]);
  });
});
