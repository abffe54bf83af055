/**
 * Stage 4, every request judged alone: a missing `_meta` field is -32602, an
 * unknown version -32022 with `data.supported`, an undeclared client
 * capability -32021 with `data.requiredCapabilities`, and nothing carried
 * over from an earlier request on the same connection.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#meta
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#statelessness
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { FORM_ELICITATION, UNKNOWN_VERSION, describeReply, errorOf, expectErrorCode, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { ensureInputTool } from '../explore.ts';
import { isObject } from '../shapes.ts';
import type { Session } from '../session.ts';
import { SPEC_URLS } from '../spec-urls.ts';

/** Sends `server/discover` with `_meta` built from `overrides` and returns the reply. */
function discoverWith(c: CheckContext, s: Session, overrides: Parameters<CheckContext['meta']>[0]): Promise<JsonObject> {
  return s.request({ jsonrpc: '2.0', id: c.id(), method: 'server/discover', params: { _meta: c.meta(overrides) } });
}

function expectUnsupportedVersion(c: CheckContext, reply: JsonObject, what: string): void {
  const e = expectErrorCode(c, reply, -32022, what);
  const data = isObject(e.data) ? e.data : undefined;
  if (!data || !Array.isArray(data.supported) || data.supported.length === 0 || data.supported.some((v) => typeof v !== 'string')) {
    c.fail('the -32022 error has no data.supported: a non-empty list of the versions the server speaks');
  }
  if (data.requested !== UNKNOWN_VERSION) c.fail(`data.requested is ${JSON.stringify(data.requested)}, not the version that was asked for ("${UNKNOWN_VERSION}")`);
}

/** Calls the input tool without declaring elicitation and expects -32021 naming what is missing. */
async function expectMissingCapability(c: CheckContext, s: Session, name: string, args: JsonObject, what: string): Promise<void> {
  const reply = await s.request(c.request('tools/call', { name, arguments: args }, {}));
  const e = errorOf(reply);
  if (!e) c.fail(`${what} was answered with ${describeReply(reply)}, although the request declared no elicitation capability`);
  expectErrorCode(c, reply, -32021, what);
  const data = isObject(e.data) ? e.data : undefined;
  if (!data || !isObject(data.requiredCapabilities) || Object.keys(data.requiredCapabilities).length === 0) {
    c.fail('the -32021 error has no data.requiredCapabilities naming the missing capability, e.g. {"elicitation":{"form":{}}}');
  }
}

export const META_CHECKS: CheckDef[] = [
  {
    id: 'meta.missing-version',
    stage: 'meta',
    rule: 'A request without _meta protocolVersion gets -32602',
    specUrl: SPEC_URLS.meta,
    expected: 'A request whose _meta lacks io.modelcontextprotocol/protocolVersion is malformed: error -32602 Invalid params.',
    hint: 'Before running any method, check params._meta["io.modelcontextprotocol/protocolVersion"] and answer -32602 when it is missing.',
    async run(c: CheckContext) {
      const s = await c.open();
      expectErrorCode(c, await discoverWith(c, s, { protocolVersion: undefined }), -32602, 'server/discover without a protocolVersion');
    },
  },
  {
    id: 'meta.missing-capabilities',
    stage: 'meta',
    rule: 'A request without _meta clientCapabilities gets -32602',
    specUrl: SPEC_URLS.meta,
    expected: 'A request whose _meta lacks io.modelcontextprotocol/clientCapabilities is malformed: error -32602 Invalid params.',
    hint: 'Check params._meta["io.modelcontextprotocol/clientCapabilities"] is an object on every request; answer -32602 when it is missing.',
    async run(c: CheckContext) {
      const s = await c.open();
      expectErrorCode(c, await discoverWith(c, s, { clientCapabilities: undefined }), -32602, 'server/discover without clientCapabilities');
    },
  },
  {
    id: 'meta.unknown-version',
    stage: 'meta',
    rule: 'An unknown protocol version gets -32022 with data.supported',
    specUrl: SPEC_URLS.versioning,
    expected: `A request asking for version "${UNKNOWN_VERSION}" gets error -32022 with data.supported (the versions the server speaks) and data.requested.`,
    hint: 'Compare the request\'s protocolVersion with the versions you support; otherwise answer -32022 with data: {supported: ["2026-07-28"], requested: <the version asked for>}.',
    async run(c: CheckContext) {
      const s = await c.open();
      expectUnsupportedVersion(c, await discoverWith(c, s, { protocolVersion: UNKNOWN_VERSION }), `server/discover for version "${UNKNOWN_VERSION}"`);
    },
  },
  {
    id: 'meta.undeclared-capability',
    stage: 'meta',
    rule: 'A request that needs an undeclared client capability gets -32021',
    specUrl: SPEC_URLS.meta,
    expected: 'A tool call that needs to ask the user, sent with clientCapabilities {}, gets error -32021 with data.requiredCapabilities (e.g. {"elicitation":{"form":{}}}).',
    hint: 'Before asking for input, check the request\'s own clientCapabilities; if elicitation is missing, answer -32021 with data.requiredCapabilities.',
    async run(c: CheckContext) {
      const tool = await ensureInputTool(c);
      if (!tool) c.skip(`no tool asks for input, so no request needs a client capability (${c.state.inputToolReason})`);
      if (!isObject(tool.first.inputRequests)) c.skip('the tool that asks for input sends no inputRequests, so it needs no client capability');
      const s = await c.open();
      await expectMissingCapability(c, s, tool.name, tool.arguments, `tools/call ${tool.name}`);
    },
  },
  {
    id: 'meta.no-carried-state',
    stage: 'meta',
    rule: 'Nothing carries over from an earlier request on the same connection',
    specUrl: SPEC_URLS.statelessness,
    expected: 'On one process, after valid requests, a request missing _meta still gets -32602, an unknown version still -32022, and a request without elicitation still -32021.',
    hint: 'Read the version and capabilities from each request\'s own _meta every time; never store them from an earlier request.',
    needs: ['meta.missing-version', 'meta.unknown-version'],
    async run(c: CheckContext) {
      const s = await c.open();
      const first = await discoverWith(c, s, {});
      if (!resultOf(first)) c.fail(`a valid server/discover was answered with ${describeReply(first)}`);
      expectErrorCode(c, await discoverWith(c, s, { protocolVersion: undefined }), -32602, 'after a valid request, server/discover without a protocolVersion');
      expectUnsupportedVersion(c, await discoverWith(c, s, { protocolVersion: UNKNOWN_VERSION }), `after a valid request, server/discover for version "${UNKNOWN_VERSION}"`);
      const tool = c.state.inputTool;
      if (tool && c.state.results.get('meta.undeclared-capability')?.status === 'pass') {
        const asked = await s.request(c.request('tools/call', { name: tool.name, arguments: tool.arguments }, FORM_ELICITATION));
        if (resultOf(asked)?.resultType !== 'input_required') c.fail(`tools/call ${tool.name} with elicitation declared was answered with ${describeReply(asked)}`);
        await expectMissingCapability(c, s, tool.name, tool.arguments, `after a request that declared elicitation, tools/call ${tool.name} without it`);
      }
    },
  },
];
