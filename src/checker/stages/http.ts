/**
 * Stage 1 over Streamable HTTP: the transport's own rules. One POST endpoint
 * that answers a request with JSON or an SSE stream; 202 and no body for a
 * notification; the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name`
 * headers required and checked against the body (400 with -32020), Base64
 * values decoded first; 404 for an unknown method, 400 for an unknown
 * version; 405 for GET and DELETE; no sessions; 403 for a foreign `Origin`.
 * Every check runs on fresh "processes" of the adapter in
 * src/checker/http-process.ts (each line a POST), and reads the HTTP status
 * and headers of its exchanges.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
 */
import { MODERN_PROTOCOL_VERSION, type JsonObject } from '../../protocol/messages.ts';
import { failure } from '../../protocol/failure.ts';
import { FORM_ELICITATION, UNKNOWN_VERSION, errorOf, type CheckContext, type CheckDef } from '../define.ts';
import { ensureDiscover, mayCall, toolsKeptOut } from '../explore.ts';
import { encodeHeaderValue, isHttpProcess, type HeaderOverrides, type HttpExchange, type HttpProcess } from '../http-process.ts';
import type { Session } from '../session.ts';
import { isObject } from '../shapes.ts';
import { SPEC } from '../spec-urls.ts';
import { sampleObject } from '../synth.ts';

/** The Streamable HTTP page of the specification. */
const PAGE = `${SPEC}/basic/transports/streamable-http`;

/** A foreign origin, as a page on another site (or a DNS-rebinding attack) would send it. */
export const FOREIGN_ORIGIN = 'http://evil.example';

/** A tool, resource and prompt name no server has. */
const NO_SUCH = { tool: 'checker_no_such_tool', uri: 'checker://no-such-resource/404', prompt: 'checker_no_such_prompt' };

/** The adapter behind a session (these checks run only with `transport: 'http'`). */
function httpOf(c: CheckContext, s: Session): HttpProcess {
  const p = s.process;
  if (!isHttpProcess(p)) c.fail('the checker was not given a Streamable HTTP spawner (httpSpawner)');
  return p;
}

/** Resolves with `promise`, or fails the check when it takes longer than the reply timeout. */
async function within<T>(c: CheckContext, promise: Promise<T>, what: string): Promise<T> {
  const ms = c.state.options.replyTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    const r = await Promise.race([promise, late]);
    if (r === 'late') c.fail(`no whole response to ${what} within ${ms} ms`, failure('no-reply', { ms }));
    return r;
  } finally {
    clearTimeout(timer);
  }
}

/** POSTs `message` (recorded on the wire like any line) with the conforming headers changed by `overrides`; resolves with the exchange once its body has ended. */
async function post(c: CheckContext, s: Session, message: object | string, overrides: HeaderOverrides = {}, what?: string): Promise<HttpExchange> {
  const p = httpOf(c, s);
  const done = p.next(overrides);
  s.send(message);
  const ex = await within(c, done, what ?? describeSent(message));
  if (ex.error && ex.status === 0) c.fail(`${what ?? describeSent(message)} got no HTTP response: ${ex.error}`, failure('network', { what: p.url, detail: ex.error }));
  return ex;
}

function describeSent(message: object | string): string {
  const m = typeof message === 'string' ? undefined : (message as JsonObject);
  return m && typeof m.method === 'string' ? `${m.method}${'id' in m ? ` (id ${JSON.stringify(m.id)})` : ''}` : 'the POST';
}

/** `HTTP 400 application/json` and a short look at the body, for `actual`. */
function describeExchange(ex: HttpExchange): string {
  if (ex.status === 0) return `no response (${ex.error ?? 'none'})`;
  const shownBody = ex.body.trim() === '' ? 'no body' : `body ${JSON.stringify(ex.body.length > 160 ? `${ex.body.slice(0, 160)}…` : ex.body)}`;
  return `HTTP ${ex.status}${ex.contentType ? ` ${ex.contentType}` : ' (no Content-Type)'}, ${shownBody}`;
}

/** The response of `ex` to the request `id`, when its body carried one. */
function responseIn(ex: HttpExchange, id: unknown): JsonObject | undefined {
  return ex.messages.find((m): m is JsonObject => isObject(m) && m.id === id && ('result' in m || 'error' in m));
}

/** Fails unless `ex` is `400 Bad Request` with a JSON-RPC error -32020 under the request's id (`alsoAccept`: other codes that are right too). */
function expectHeaderMismatch(c: CheckContext, ex: HttpExchange, id: unknown, what: string, alsoAccept: number[] = []): void {
  const reply = responseIn(ex, id);
  const e = reply ? errorOf(reply) : undefined;
  const codes = [-32020, ...alsoAccept];
  if (ex.status === 400 && e && codes.includes(e.code as number)) return;
  if (reply && !e) c.fail(`${what} was served: ${describeExchange(ex)}`);
  if (e) c.fail(`${what} got HTTP ${ex.status} with error ${String(e.code)} ${JSON.stringify(e.message)}, not 400 with -32020 (HeaderMismatch)`);
  c.fail(`${what} got ${describeExchange(ex)}, not 400 with a JSON-RPC error -32020 (HeaderMismatch) under the request's id`);
}

/** A request that carries `Mcp-Name`, for a server with tools, prompts or resources, naming something that does not exist (so nothing runs even if it is served). */
async function namedRequest(c: CheckContext, name?: { tool?: string; prompt?: string; uri?: string }): Promise<{ method: string; build: (target: string) => ReturnType<CheckContext['request']>; target: string } | undefined> {
  await ensureDiscover(c);
  const caps = c.state.capabilities ?? {};
  if (isObject(caps.tools)) {
    return { method: 'tools/call', target: name?.tool ?? NO_SUCH.tool, build: (target) => c.request('tools/call', { name: target, arguments: {} }) };
  }
  if (isObject(caps.prompts)) return { method: 'prompts/get', target: name?.prompt ?? NO_SUCH.prompt, build: (target) => c.request('prompts/get', { name: target, arguments: {} }) };
  if (isObject(caps.resources)) return { method: 'resources/read', target: name?.uri ?? NO_SUCH.uri, build: (target) => c.request('resources/read', { uri: target }) };
  return undefined;
}

/** The versions the server's DiscoverResult lists (empty when unknown). */
function supportedVersions(c: CheckContext): string[] {
  const v = c.state.discover?.supportedVersions;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * The requests whose responses the reply-shape checks look at: the probe, `tools/list` and one tool call
 * (when the server has tools and the policy lets one be called), and an unknown method; each in its own
 * POST, on one fresh "process". Resolves with each exchange and its request.
 */
async function sampleExchanges(c: CheckContext): Promise<{ request: JsonObject & { id: number; method: string }; ex: HttpExchange }[]> {
  await ensureDiscover(c);
  const s = await c.open();
  const requests: (JsonObject & { id: number; method: string })[] = [c.probe()];
  if (isObject(c.state.capabilities?.tools)) {
    const list = await post(c, s, c.request('tools/list'));
    const reply = list.messages.find((m) => isObject(m) && isObject(m.result)) as JsonObject | undefined;
    const tools = reply && isObject(reply.result) && Array.isArray(reply.result.tools) ? (reply.result.tools as unknown[]).filter((t): t is JsonObject => isObject(t) && typeof t.name === 'string') : [];
    const tool = tools.find((t) => mayCall(c, t));
    if (tool) requests.push(c.request('tools/call', { name: tool.name as string, arguments: sampleObject(tool.inputSchema, false) }, FORM_ELICITATION));
  }
  requests.push(c.request('checker/no-such-method'));
  const out: { request: JsonObject & { id: number; method: string }; ex: HttpExchange }[] = [];
  for (const request of requests) out.push({ request, ex: await post(c, s, request) });
  return out;
}

/** The problem with the reply `ex` gave to `request`, or `undefined` when its Content-Type and body agree and carry the response. */
function replyShapeProblem(ex: HttpExchange, request: { id: number; method: string }): string | undefined {
  const what = `${request.method} (id ${request.id})`;
  if (ex.contentType === 'application/json') {
    let value: unknown;
    try {
      value = JSON.parse(ex.body);
    } catch {
      return `${what} got Content-Type application/json with a body that is not JSON: ${describeExchange(ex)}`;
    }
    if (!isObject(value)) return `${what} got Content-Type application/json whose body is not a single JSON object: ${describeExchange(ex)}`;
    if (value.id !== request.id || !('result' in value || 'error' in value)) return `${what} got a JSON body that is not the response to it (id ${JSON.stringify(value.id)}): ${describeExchange(ex)}`;
    return undefined;
  }
  if (ex.contentType === 'text/event-stream') {
    const events = ex.sse?.events ?? [];
    for (const data of events) {
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch {
        return `${what} got an SSE event whose data is not JSON: ${JSON.stringify(data.slice(0, 160))}`;
      }
      if (!isObject(value) || value.jsonrpc !== '2.0') return `${what} got an SSE event that is not a JSON-RPC message: ${JSON.stringify(data.slice(0, 160))}`;
    }
    if (!responseIn(ex, request.id)) return `${what} got an SSE stream without the response to it (${events.length} event(s)${ex.sse?.incomplete ? ', the last one cut off without its blank line' : ''})`;
    return undefined;
  }
  return `${what} got ${describeExchange(ex)}: a request is answered with Content-Type application/json or text/event-stream`;
}

export const HTTP_CHECKS: CheckDef[] = [
  /**
   * "The server **MUST** provide a single HTTP endpoint path (hereafter referred to as the **MCP endpoint**)
   * that supports POST."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
   */
  {
    id: 'http.post-endpoint',
    stage: 'framing',
    specUrl: PAGE,
    quote: 'The server MUST provide a single HTTP endpoint path (hereafter referred to as the MCP endpoint) that supports POST.',
    level: 'must',
    transports: ['http'],
    async run(c: CheckContext) {
      const s = await c.open();
      const req = c.probe();
      const ex = await post(c, s, req);
      const reply = responseIn(ex, req.id);
      // A 401 with a Bearer challenge is a server that requires authorization: it needs a token, not a fix.
      // https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#authorization-flow-steps
      const challenge = ex.status === 401 && /^bearer\b/i.test(ex.headers['www-authenticate'] ?? '') ? ex.headers['www-authenticate'] : undefined;
      const why = ex.status === 404 || ex.status === 405 ? ': is this the MCP endpoint (its path, e.g. /mcp)?'
        : challenge ? `: it requires authorization (WWW-Authenticate: ${challenge}); check it with an access token (the command line's --token)` : '';
      if (ex.status < 200 || ex.status > 299) c.fail(`${req.method} (id ${req.id}) got ${describeExchange(ex)}, not a 2xx response${why}`);
      if (!reply) c.fail(`${req.method} (id ${req.id}) got ${describeExchange(ex)}, with no JSON-RPC response under that id`);
    },
  },
  /**
   * "If the body is a JSON-RPC _request_, the server **MUST** return either `Content-Type: application/json`
   * (a single JSON object) or `Content-Type: text/event-stream` (an SSE response stream)."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#sending-messages
   */
  {
    id: 'http.content-type',
    stage: 'framing',
    specUrl: `${PAGE}#sending-messages`,
    quote: 'If the body is a JSON-RPC request, the server MUST return either Content-Type: application/json (a single JSON object) or Content-Type: text/event-stream (an SSE response stream).',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      for (const { request, ex } of await sampleExchanges(c)) {
        const problem = replyShapeProblem(ex, request);
        if (problem) c.fail(problem);
      }
    },
  },
  /**
   * "The server **MUST NOT** send independent JSON-RPC _requests_ on this stream." Server-to-client
   * interactions travel inside InputRequiredResult replies instead.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#receiving-messages
   */
  {
    id: 'http.no-server-requests',
    stage: 'framing',
    specUrl: `${PAGE}#receiving-messages`,
    quote: 'The server MUST NOT send independent JSON-RPC requests on this stream.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const s = await c.open();
      const p = httpOf(c, s);
      await post(c, s, c.probe());
      let keptOut: string[] = [];
      if (isObject(c.state.capabilities?.tools)) {
        const list = await post(c, s, c.request('tools/list'));
        const reply = list.messages.find((m) => isObject(m) && isObject(m.result)) as JsonObject | undefined;
        const tools = reply && isObject(reply.result) && Array.isArray(reply.result.tools) ? (reply.result.tools as unknown[]).filter((t): t is JsonObject => isObject(t) && typeof t.name === 'string') : [];
        keptOut = toolsKeptOut(c, tools);
        // The requests after which a server is most tempted to ask the client something: its tool calls.
        for (const tool of tools.filter((t) => mayCall(c, t)).slice(0, 8)) {
          await post(c, s, c.request('tools/call', { name: tool.name as string, arguments: sampleObject(tool.inputSchema, false) }, FORM_ELICITATION), {}, `tools/call ${String(tool.name)}`);
        }
      }
      for (const ex of p.exchanges) {
        const asked = ex.messages.find((m) => isObject(m) && typeof m.method === 'string' && 'id' in m) as JsonObject | undefined;
        if (asked) c.fail(`the response to ${ex.request.headers['mcp-method'] ?? 'a POST'} carried a JSON-RPC request (${String(asked.method)}, id ${JSON.stringify(asked.id)})`);
      }
      if (keptOut.length > 0) c.notRun('policy', `no request was seen, but ${keptOut.slice(0, 3).join(', ')}${keptOut.length > 3 ? ` and ${keptOut.length - 3} more` : ''} were not called (not annotated readOnlyHint: true or destructiveHint: false; run with --call-tools all)`);
    },
  },
  /**
   * "The final JSON-RPC _response_ **SHOULD** terminate the stream."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#receiving-messages
   */
  {
    id: 'http.sse-ends-with-response',
    stage: 'framing',
    specUrl: `${PAGE}#receiving-messages`,
    quote: 'The final JSON-RPC response SHOULD terminate the stream.',
    level: 'should',
    transports: ['http'],
    needs: ['http.content-type'],
    async run(c: CheckContext) {
      const streams = (await sampleExchanges(c)).filter(({ ex }) => ex.contentType === 'text/event-stream');
      if (streams.length === 0) c.skip('the server answered every request with application/json, so there is no stream to end');
      for (const { request, ex } of streams) {
        const events = ex.sse?.events ?? [];
        const at = events.findIndex((d) => {
          try {
            const v: unknown = JSON.parse(d);
            return isObject(v) && v.id === request.id && ('result' in v || 'error' in v);
          } catch {
            return false;
          }
        });
        if (at !== -1 && at < events.length - 1) c.fail(`the stream of ${request.method} (id ${request.id}) went on after the response: ${events.length - 1 - at} more event(s)`);
      }
    },
  },
  /**
   * "When initiating an SSE stream, servers **SHOULD** include the `X-Accel-Buffering: no` header in the HTTP
   * response."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#receiving-messages
   */
  {
    id: 'http.sse-no-buffering',
    stage: 'framing',
    specUrl: `${PAGE}#receiving-messages`,
    quote: 'When initiating an SSE stream, servers SHOULD include the X-Accel-Buffering: no header in the HTTP response.',
    level: 'should',
    transports: ['http'],
    needs: ['http.content-type'],
    async run(c: CheckContext) {
      const streams = (await sampleExchanges(c)).filter(({ ex }) => ex.contentType === 'text/event-stream');
      if (streams.length === 0) c.skip('the server answered every request with application/json, so there is no stream to buffer');
      for (const { request, ex } of streams) {
        const value = ex.headers['x-accel-buffering'];
        if (value?.trim().toLowerCase() !== 'no') c.fail(`the SSE response to ${request.method} (id ${request.id}) has ${value === undefined ? 'no X-Accel-Buffering header' : `X-Accel-Buffering: ${value}`}`);
      }
    },
  },
  /**
   * "If the server accepts it, the server **MUST** return HTTP status code `202 Accepted` with no body." (for a
   * notification). A server that cannot accept it "**MUST** return an HTTP error status code", which passes too.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#sending-messages
   */
  {
    id: 'http.notification-202',
    stage: 'framing',
    specUrl: `${PAGE}#sending-messages`,
    quote: 'If the server accepts it, the server MUST return HTTP status code 202 Accepted with no body.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const s = await c.open();
      const ex = await post(c, s, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'checker-no-such-request', reason: 'checker' } });
      if (ex.status >= 400) return; // "If the server cannot accept it, it MUST return an HTTP error status code"
      if (ex.status !== 202) c.fail(`the notification got ${describeExchange(ex)}, not 202 Accepted`);
      if (ex.body !== '') c.fail(`the notification got 202 with a body: ${describeExchange(ex)}`);
    },
  },
  /**
   * "A server that does not support such clients **MUST** reject a request without the header per
   * [Server Validation]." (clients of versions before 2025-06-18, which sent no `MCP-Protocol-Version`);
   * Server Validation answers `400 Bad Request` with `-32020`.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#protocol-version-header
   */
  {
    id: 'http.version-header-required',
    stage: 'framing',
    specUrl: `${PAGE}#protocol-version-header`,
    quote: 'A server that does not support such clients MUST reject a request without the header per Server Validation.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const s = await c.open();
      const req = c.request('server/discover');
      const ex = await post(c, s, req, { 'mcp-protocol-version': null });
      const reply = responseIn(ex, req.id);
      const e = reply ? errorOf(reply) : undefined;
      const old = supportedVersions(c).filter((v) => v < '2025-06-18');
      if (old.length > 0 && !(ex.status === 400 && e?.code === -32020)) {
        c.skip(`the server supports ${old.join(', ')}, older than the header, so it may take a request without it as version 2025-03-26`);
      }
      expectHeaderMismatch(c, ex, req.id, 'server/discover without MCP-Protocol-Version');
    },
  },
  /**
   * Validation failure conditions include: "A required standard header (`MCP-Protocol-Version`, `Mcp-Method`,
   * `Mcp-Name`) is missing." And "When rejecting a request due to header validation failure, servers **MUST**
   * return HTTP status `400 Bad Request` and **MUST** include a JSON-RPC error response using the following
   * error code" (`-32020`).
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#server-validation
   */
  {
    id: 'http.headers-required',
    stage: 'framing',
    specUrl: `${PAGE}#server-validation`,
    quote: 'When rejecting a request due to header validation failure, servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the following error code: -32020 / A required standard header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const s = await c.open();
      const discover = c.request('server/discover');
      expectHeaderMismatch(c, await post(c, s, discover, { 'mcp-method': null }), discover.id, 'server/discover without Mcp-Method');
      const named = await namedRequest(c);
      if (!named) return;
      const req = named.build(named.target);
      expectHeaderMismatch(c, await post(c, s, req, { 'mcp-name': null }), req.id, `${named.method} without Mcp-Name`);
    },
  },
  /**
   * "Servers that process the request body **MUST** reject requests where the values specified in the headers
   * do not match the corresponding values in the request body." With `400 Bad Request` and `-32020`.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#server-validation
   */
  {
    id: 'http.header-mismatch',
    stage: 'framing',
    specUrl: `${PAGE}#server-validation`,
    quote: 'Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const s = await c.open();
      // Prefer another version the server speaks, so the only thing wrong with the request is the disagreement.
      const other = supportedVersions(c).find((v) => v !== MODERN_PROTOCOL_VERSION);
      const version = c.request('server/discover');
      expectHeaderMismatch(c, await post(c, s, version, { 'mcp-protocol-version': other ?? '2025-11-25' }), version.id, `server/discover (version ${MODERN_PROTOCOL_VERSION} in _meta) with MCP-Protocol-Version: ${other ?? '2025-11-25'}`, other ? [] : [-32022]);
      const method = c.request('server/discover');
      expectHeaderMismatch(c, await post(c, s, method, { 'mcp-method': 'tools/list' }), method.id, 'server/discover with Mcp-Method: tools/list');
      const named = await namedRequest(c);
      if (!named) return;
      const req = named.build(named.target);
      const wrong = `${named.target}_other`;
      expectHeaderMismatch(c, await post(c, s, req, { 'mcp-name': wrong }), req.id, `${named.method} for ${named.target} with Mcp-Name: ${wrong}`);
    },
  },
  /**
   * "In particular, servers **MUST** decode an encoded `Mcp-Name` or `Mcp-Param-{Name}` value before comparing
   * it to the corresponding request body value during [Server Validation]."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#value-encoding
   */
  {
    id: 'http.name-base64',
    stage: 'framing',
    specUrl: `${PAGE}#value-encoding`,
    quote: 'In particular, servers MUST decode an encoded Mcp-Name or Mcp-Param-{Name} value before comparing it to the corresponding request body value during Server Validation.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const named = await namedRequest(c, { tool: `${NO_SUCH.tool}_é`, prompt: `${NO_SUCH.prompt}_é`, uri: `${NO_SUCH.uri}/é` });
      if (!named) c.skip('the server declares no tools, prompts or resources, so no request carries Mcp-Name');
      const s = await c.open();
      const cases: { target: string; force: boolean }[] = [
        { target: named.target, force: false },
        { target: named.target.replace(/[^\x21-\x7e]/g, ''), force: true },
      ];
      for (const { target, force } of cases) {
        const req = named.build(target);
        const header = encodeHeaderValue(target, force);
        const ex = await post(c, s, req, { 'mcp-name': header });
        const reply = responseIn(ex, req.id);
        const e = reply ? errorOf(reply) : undefined;
        if (e?.code === -32020) c.fail(`${named.method} for ${JSON.stringify(target)} with Mcp-Name: ${header} got -32020 ${JSON.stringify(e.message)}: the encoded value was compared without decoding it`);
        if (!reply) c.fail(`${named.method} for ${JSON.stringify(target)} with Mcp-Name: ${header} got ${describeExchange(ex)}, with no JSON-RPC response under its id`);
      }
    },
  },
  /**
   * "If the server does not implement the requested RPC method, it **MUST** respond with `404 Not Found` and a
   * JSON-RPC error with code `-32601` (`Method not found`)."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#protocol-version-header
   */
  {
    id: 'http.unknown-method-404',
    stage: 'framing',
    specUrl: `${PAGE}#protocol-version-header`,
    quote: 'If the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601 (Method not found).',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const s = await c.open();
      const req = c.request('checker/no-such-method');
      const ex = await post(c, s, req);
      const reply = responseIn(ex, req.id);
      const e = reply ? errorOf(reply) : undefined;
      if (ex.status !== 404 || e?.code !== -32601) c.fail(`checker/no-such-method got ${describeExchange(ex)}, not 404 with -32601`);
    },
  },
  /**
   * "If the server does not implement the requested protocol version (whether the version is unknown to the
   * server, or is a known version the server has chosen not to support), it **MUST** respond with
   * `400 Bad Request` and an `UnsupportedProtocolVersionError` listing its supported versions."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#protocol-version-header
   */
  {
    id: 'http.unsupported-version-400',
    stage: 'framing',
    specUrl: `${PAGE}#protocol-version-header`,
    quote: 'If the server does not implement the requested protocol version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with 400 Bad Request and an UnsupportedProtocolVersionError listing its supported versions.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const s = await c.open();
      const req = { jsonrpc: '2.0', id: c.id(), method: 'server/discover', params: { _meta: c.meta({ protocolVersion: UNKNOWN_VERSION }) } };
      const ex = await post(c, s, req);
      const reply = responseIn(ex, req.id);
      const e = reply ? errorOf(reply) : undefined;
      if (ex.status !== 400 || e?.code !== -32022) c.fail(`server/discover for version "${UNKNOWN_VERSION}" got ${describeExchange(ex)}, not 400 with -32022`);
    },
  },
  /**
   * "A server that supports only this revision and receives such traffic from an older client **SHOULD**
   * respond as follows: HTTP GET or DELETE to the MCP endpoint: respond with `405 Method Not Allowed`."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#earlier-streamable-http-revisions
   */
  {
    id: 'http.get-delete-405',
    stage: 'framing',
    specUrl: `${PAGE}#earlier-streamable-http-revisions`,
    quote: 'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed.',
    level: 'should',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const s = await c.open();
      const p = httpOf(c, s);
      for (const method of ['GET', 'DELETE']) {
        const headers: Record<string, string> = method === 'GET' ? { accept: 'text/event-stream' } : {};
        const ex = await within(c, p.request({ method, headers, headersOnly: true }), method);
        if (ex.status === 0) c.fail(`${method} got no HTTP response: ${ex.error ?? ''}`);
        if (ex.status !== 405) c.fail(`${method} on the MCP endpoint got HTTP ${ex.status}${ex.contentType ? ` ${ex.contentType}` : ''}, not 405 Method Not Allowed`);
      }
    },
  },
  /**
   * "A server that supports only this revision and receives such traffic from an older client **SHOULD**
   * respond as follows: [...] An `Mcp-Session-Id` header on a request: ignore it, and do not mint or echo
   * session IDs."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#earlier-streamable-http-revisions
   */
  {
    id: 'http.no-session-id',
    stage: 'framing',
    specUrl: `${PAGE}#earlier-streamable-http-revisions`,
    quote: 'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: An Mcp-Session-Id header on a request: ignore it, and do not mint or echo session IDs.',
    level: 'should',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const s = await c.open();
      const plain = await post(c, s, c.probe());
      if (plain.headers['mcp-session-id'] !== undefined) c.fail(`the response to ${String(plain.request.headers['mcp-method'])} carries Mcp-Session-Id: ${plain.headers['mcp-session-id']}`);
      const req = c.probe();
      const ex = await post(c, s, req, { 'mcp-session-id': 'checker-old-session' });
      const reply = responseIn(ex, req.id);
      if (ex.headers['mcp-session-id'] !== undefined) c.fail(`the response to a request with Mcp-Session-Id: checker-old-session carries Mcp-Session-Id: ${ex.headers['mcp-session-id']}`);
      if (!reply || errorOf(reply) || ex.status < 200 || ex.status > 299) c.fail(`${req.method} with Mcp-Session-Id: checker-old-session got ${describeExchange(ex)}, not the answer it gets without it`);
    },
  },
  /**
   * "If the `Origin` header is present and invalid, servers **MUST** respond with HTTP 403 Forbidden." (part
   * of "Servers **MUST** validate the `Origin` header on all incoming connections to prevent DNS rebinding
   * attacks.")
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
   */
  {
    id: 'http.origin-403',
    stage: 'framing',
    specUrl: PAGE,
    quote: 'If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
    level: 'must',
    transports: ['http'],
    needs: ['http.post-endpoint'],
    async run(c: CheckContext) {
      const s = await c.open();
      const req = c.probe();
      const ex = await post(c, s, req, { origin: FOREIGN_ORIGIN });
      if (ex.request.headers.origin === undefined) c.skip('this environment cannot send an Origin header (a browser leaves it out of a Request it builds)');
      if (ex.status !== 403) c.fail(`${req.method} with Origin: ${FOREIGN_ORIGIN} got ${describeExchange(ex)}, not 403 Forbidden`);
    },
  },
];
