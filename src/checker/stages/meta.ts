/**
 * Stage 4, every request judged alone: a missing `_meta` field is -32602, an
 * unknown version -32022 with `data.supported`, no input asked of a client
 * that did not declare it (-32021 with `data.requiredCapabilities`, or doing
 * without), and nothing carried over from an earlier request on the same
 * connection.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#meta
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#statelessness
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { FORM_ELICITATION, UNKNOWN_VERSION, describeReply, errorOf, expectErrorCode, expectNoProblems, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { ensureInputTool, requireInputTool } from '../explore.ts';
import { isObject } from '../shapes.ts';
import type { Session } from '../session.ts';
import { SPEC_URLS } from '../spec-urls.ts';

/** Sends `server/discover` with `_meta` built from `overrides` and returns the reply. */
function discoverWith(c: CheckContext, s: Session, overrides: Parameters<CheckContext['meta']>[0]): Promise<JsonObject> {
  return s.request({ jsonrpc: '2.0', id: c.id(), method: 'server/discover', params: { _meta: c.meta(overrides) } });
}

/** Fails unless `reply` is -32602 (or, over HTTP, the header-validation -32020 that a missing version header also is). */
function expectMalformed(c: CheckContext, reply: JsonObject, what: string): void {
  if (c.state.transport === 'http' && errorOf(reply)?.code === -32020) return;
  expectErrorCode(c, reply, -32602, what);
}

/** Fails unless a -32021 error carries a non-empty `data.requiredCapabilities` (the schema requires it). */
function expectRequiredCapabilities(c: CheckContext, reply: JsonObject): void {
  const data = isObject(errorOf(reply)?.data) ? (errorOf(reply)!.data as JsonObject) : undefined;
  if (!data || !isObject(data.requiredCapabilities) || Object.keys(data.requiredCapabilities).length === 0) {
    c.fail('the -32021 error has no data.requiredCapabilities naming the missing capability, e.g. {"elicitation":{"form":{}}}');
  }
}

function expectUnsupportedVersion(c: CheckContext, reply: JsonObject, what: string): void {
  const e = expectErrorCode(c, reply, -32022, what);
  const data = isObject(e.data) ? e.data : undefined;
  if (!data || !Array.isArray(data.supported) || data.supported.length === 0 || data.supported.some((v) => typeof v !== 'string')) {
    c.fail('the -32022 error has no data.supported: a non-empty list of the versions the server speaks');
  }
  if (data.requested !== UNKNOWN_VERSION) c.fail(`data.requested is ${JSON.stringify(data.requested)}, not the version that was asked for ("${UNKNOWN_VERSION}")`);
}

/**
 * What kind of answer a reply is, for comparing two answers to the same request: `error <code>`, or
 * `<resultType>` plus the methods its inputRequests ask for (e.g. `input_required asking elicitation/create`).
 */
function answerKind(reply: JsonObject): string {
  const e = errorOf(reply);
  if (e) return `error ${String(e.code)}`;
  const r = resultOf(reply);
  if (!r) return 'neither a result nor an error';
  const asked = isObject(r.inputRequests) ? Object.values(r.inputRequests).map((v) => (isObject(v) ? String(v.method) : '?')).sort() : [];
  return `${String(r.resultType ?? 'complete')}${asked.length > 0 ? ` asking ${[...new Set(asked)].join(', ')}` : ''}`;
}

/** The input request methods a reply asks for that need elicitation (none declared), as problems. */
function undeclaredAsks(reply: JsonObject): string[] {
  const r = resultOf(reply);
  if (!r || !isObject(r.inputRequests)) return [];
  return Object.entries(r.inputRequests)
    .filter(([, v]) => isObject(v) && typeof v.method === 'string')
    .map(([k, v]) => `inputRequests.${k} is ${String((v as JsonObject).method)}, which the request did not declare (clientCapabilities {})`);
}

export const META_CHECKS: CheckDef[] = [
  /**
   * "A request missing any required field is malformed; the server **MUST** reject it with JSON-RPC error
   * code `-32602` (Invalid params)." Over HTTP the missing version is also a missing header, which
   * Server Validation answers with -32020; either code is accepted there.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#meta
   */
  {
    id: 'meta.missing-version',
    stage: 'meta',
    specUrl: SPEC_URLS.meta,
    quote: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602 (Invalid params).',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      expectMalformed(c, await discoverWith(c, s, { protocolVersion: undefined }), 'server/discover without a protocolVersion');
    },
  },
  /**
   * The same rule for the other required field: "A request missing any required field is malformed; the
   * server **MUST** reject it with JSON-RPC error code `-32602` (Invalid params)."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#meta
   */
  {
    id: 'meta.missing-capabilities',
    stage: 'meta',
    specUrl: SPEC_URLS.meta,
    quote: 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602 (Invalid params).',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      expectErrorCode(c, await discoverWith(c, s, { clientCapabilities: undefined }), -32602, 'server/discover without clientCapabilities');
    },
  },
  /**
   * "If the server does not implement the requested version [...] it **MUST** respond with an
   * `UnsupportedProtocolVersionError` listing the versions it does support"; the schema requires its
   * `data.supported` and `data.requested`.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning
   */
  {
    id: 'meta.unknown-version',
    stage: 'meta',
    specUrl: SPEC_URLS.versioning,
    quote: 'If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      expectUnsupportedVersion(c, await discoverWith(c, s, { protocolVersion: UNKNOWN_VERSION }), `server/discover for version "${UNKNOWN_VERSION}"`);
    },
  },
  /**
   * "Servers **MUST NOT** send an `inputRequests` that the client has not declared support for in its
   * capabilities." A server may degrade gracefully instead; only when processing *requires* the capability
   * must it answer -32021 with `data.requiredCapabilities` ("If processing a request requires a capability
   * the client did not include [...], the server **MUST** return a `MissingRequiredClientCapabilityError`").
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#meta
   */
  {
    id: 'meta.undeclared-capability',
    stage: 'meta',
    specUrl: `${SPEC_URLS.mrtr}#basic-workflow`,
    quote: 'Servers MUST NOT send an inputRequests that the client has not declared support for in its capabilities. For example, if a client does not declare support for elicitation, the server MUST NOT include any elicitation/create requests in the inputRequests field.',
    level: 'must',
    async run(c: CheckContext) {
      const tool = await requireInputTool(c, 'no tool asks for input, so no request needs a client capability');
      if (!isObject(tool.first.inputRequests)) c.skip('the tool that asks for input sends no inputRequests, so it needs no client capability');
      const s = await c.open();
      const reply = await s.request(c.request('tools/call', { name: tool.name, arguments: tool.arguments }, {}));
      expectNoProblems(c, undeclaredAsks(reply), `tools/call ${tool.name} without elicitation`);
      if (errorOf(reply)?.code === -32021) expectRequiredCapabilities(c, reply);
    },
  },
  /**
   * "Servers **MUST NOT** rely on prior requests over the same connection to establish context (e.g.,
   * capabilities, protocol version, client identity)." The same request gets the same kind of answer on a
   * process that has served other requests as on a fresh one.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#statelessness
   */
  {
    id: 'meta.no-carried-state',
    stage: 'meta',
    specUrl: SPEC_URLS.statelessness,
    quote: 'Servers MUST NOT rely on prior requests over the same connection to establish context (e.g., capabilities, protocol version, client identity).',
    level: 'must',
    needs: ['meta.missing-version', 'meta.unknown-version'],
    async run(c: CheckContext) {
      const s = await c.open();
      const first = await discoverWith(c, s, {});
      if (!resultOf(first)) c.fail(`a valid server/discover was answered with ${describeReply(first)}`);
      expectMalformed(c, await discoverWith(c, s, { protocolVersion: undefined }), 'after a valid request, server/discover without a protocolVersion');
      expectUnsupportedVersion(c, await discoverWith(c, s, { protocolVersion: UNKNOWN_VERSION }), `after a valid request, server/discover for version "${UNKNOWN_VERSION}"`);
      const tool = await ensureInputTool(c);
      if (!tool || !isObject(tool.first.inputRequests)) return;
      const fresh = await c.open();
      const alone = answerKind(await fresh.request(c.request('tools/call', { name: tool.name, arguments: tool.arguments }, {})));
      const asked = await s.request(c.request('tools/call', { name: tool.name, arguments: tool.arguments }, FORM_ELICITATION));
      if (resultOf(asked)?.resultType !== 'input_required') c.fail(`tools/call ${tool.name} with elicitation declared was answered with ${describeReply(asked)}`);
      const after = answerKind(await s.request(c.request('tools/call', { name: tool.name, arguments: tool.arguments }, {})));
      if (after !== alone) {
        c.fail(`tools/call ${tool.name} without elicitation got "${after}" after a request that declared it, but "${alone}" on a fresh process: the capabilities of the earlier request were carried over`);
      }
    },
  },
];
