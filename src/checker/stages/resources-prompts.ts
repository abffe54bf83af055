/**
 * Stage 6, resources and prompts (each part skipped when the server does not
 * declare it): lists with caching hints, reads and gets of the right types,
 * -32602 for a resource or prompt that does not exist.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/resources
 * https://modelcontextprotocol.io/specification/2026-07-28/server/prompts
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { FORM_ELICITATION, describeReply, errorOf, expectErrorCode, expectNoProblems, expectResult, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { ensureDiscover } from '../explore.ts';
import { getPromptProblems, inputRequiredProblems, isObject, listPromptsProblems, listResourcesProblems, listResourceTemplatesProblems, readResourceProblems } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';

async function needCapability(c: CheckContext, name: 'resources' | 'prompts'): Promise<void> {
  await ensureDiscover(c);
  if (!c.state.capabilities) c.skip('server/discover gave no capabilities, so it is unknown whether the server offers ' + name);
  if (!isObject(c.state.capabilities[name])) c.skip(`the server does not declare the ${name} capability`);
}

function validate(c: CheckContext, r: JsonObject, complete: (r: JsonObject) => string[], what: string): void {
  expectNoProblems(c, r.resultType === 'input_required' ? inputRequiredProblems(r) : complete(r), what);
}

export const RESOURCES_PROMPTS_CHECKS: CheckDef[] = [
  /**
   * "Servers that declare the `resources` capability **MUST** respond to `resources/list` requests [...]"
   * and caching hints are required on both list results.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/resources
   * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
   */
  {
    id: 'resources.list',
    stage: 'resources-prompts',
    specUrl: SPEC_URLS.resources,
    quote: 'Servers that declare the resources capability MUST respond to resources/list requests with the set of resources currently available to the requesting client. / Servers MUST include caching hints on results with resultType: "complete" returned by [resources/list, resources/templates/list].',
    level: 'must',
    async run(c: CheckContext) {
      await needCapability(c, 'resources');
      const s = await c.open();
      expectNoProblems(c, listResourcesProblems(expectResult(c, await s.request(c.request('resources/list')), 'resources/list')), 'the ListResourcesResult');
      expectNoProblems(c, listResourceTemplatesProblems(expectResult(c, await s.request(c.request('resources/templates/list')), 'resources/templates/list')), 'the ListResourceTemplatesResult');
    },
  },
  /**
   * "Servers MUST include caching hints on results with `resultType: "complete"` returned by" `resources/read`.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
   */
  {
    id: 'resources.read',
    stage: 'resources-prompts',
    specUrl: SPEC_URLS.resources,
    quote: 'Servers MUST include caching hints on results with resultType: "complete" returned by [resources/read].',
    level: 'must',
    async run(c: CheckContext) {
      await needCapability(c, 'resources');
      const s = await c.open();
      const list = resultOf(await s.request(c.request('resources/list')));
      const first = Array.isArray(list?.resources) ? list.resources.find((r) => isObject(r) && typeof r.uri === 'string') : undefined;
      if (!isObject(first)) c.skip('resources/list lists no resource to read');
      const r = expectResult(c, await s.request(c.request('resources/read', { uri: first.uri as string }, FORM_ELICITATION)), `resources/read ${String(first.uri)}`);
      validate(c, r, readResourceProblems, 'the ReadResourceResult');
    },
  },
  /**
   * "If the requested resource does not exist, servers **MUST** return a JSON-RPC error with code `-32602`
   * (Invalid Params)."
   * https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling
   */
  {
    id: 'resources.not-found',
    stage: 'resources-prompts',
    specUrl: SPEC_URLS.resourcesErrors,
    quote: 'If the requested resource does not exist, servers MUST return a JSON-RPC error with code -32602 (Invalid Params).',
    level: 'must',
    async run(c: CheckContext) {
      await needCapability(c, 'resources');
      const s = await c.open();
      const reply = await s.request(c.request('resources/read', { uri: 'checker://no-such-resource/404' }));
      if (!errorOf(reply)) c.fail(`the unknown resource was answered with ${describeReply(reply)}`);
      expectErrorCode(c, reply, -32602, 'resources/read for an unknown URI');
    },
  },
  /**
   * "Servers that declare the `prompts` capability **MUST** respond to `prompts/list` requests [...]", with
   * caching hints; `prompts/get` returns a GetPromptResult.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/prompts
   */
  {
    id: 'prompts.list-get',
    stage: 'resources-prompts',
    specUrl: SPEC_URLS.prompts,
    quote: 'Servers that declare the prompts capability MUST respond to prompts/list requests with the set of prompts currently available to the requesting client. / Servers MUST include caching hints on results with resultType: "complete" returned by [prompts/list].',
    level: 'must',
    async run(c: CheckContext) {
      await needCapability(c, 'prompts');
      const s = await c.open();
      const list = expectResult(c, await s.request(c.request('prompts/list')), 'prompts/list');
      expectNoProblems(c, listPromptsProblems(list), 'the ListPromptsResult');
      const first = Array.isArray(list.prompts) ? list.prompts.find((p) => isObject(p) && typeof p.name === 'string') : undefined;
      if (!isObject(first)) return;
      const args: JsonObject = {};
      for (const a of Array.isArray(first.arguments) ? first.arguments : []) if (isObject(a) && a.required === true) args[a.name as string] = 'checker';
      const r = expectResult(c, await s.request(c.request('prompts/get', { name: first.name as string, arguments: args }, FORM_ELICITATION)), `prompts/get ${String(first.name)}`);
      validate(c, r, getPromptProblems, 'the GetPromptResult');
    },
  },
  /**
   * "Servers **SHOULD** return standard JSON-RPC errors for common failure cases: Invalid prompt name:
   * `-32602` (Invalid params)".
   * https://modelcontextprotocol.io/specification/2026-07-28/server/prompts#error-handling
   */
  {
    id: 'prompts.unknown',
    stage: 'resources-prompts',
    specUrl: `${SPEC_URLS.prompts}#error-handling`,
    quote: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid prompt name: -32602 (Invalid params)',
    level: 'should',
    async run(c: CheckContext) {
      await needCapability(c, 'prompts');
      const s = await c.open();
      const reply = await s.request(c.request('prompts/get', { name: 'checker_no_such_prompt', arguments: {} }));
      if (!errorOf(reply)) c.fail(`the unknown prompt was answered with ${describeReply(reply)}`);
      expectErrorCode(c, reply, -32602, 'prompts/get for an unknown prompt');
    },
  },
];
