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
  {
    id: 'resources.list',
    stage: 'resources-prompts',
    rule: 'resources/list and resources/templates/list return valid results with caching hints',
    specUrl: SPEC_URLS.resources,
    expected: 'resources/list gives {resultType:"complete", resources:[{uri, name}...], ttlMs, cacheScope}; resources/templates/list gives resourceTemplates the same way.',
    hint: 'Answer both list methods with resultType "complete", the array, ttlMs and cacheScope (an empty resourceTemplates array is fine).',
    async run(c: CheckContext) {
      await needCapability(c, 'resources');
      const s = await c.open();
      expectNoProblems(c, listResourcesProblems(expectResult(c, await s.request(c.request('resources/list')), 'resources/list')), 'the ListResourcesResult');
      expectNoProblems(c, listResourceTemplatesProblems(expectResult(c, await s.request(c.request('resources/templates/list')), 'resources/templates/list')), 'the ListResourceTemplatesResult');
    },
  },
  {
    id: 'resources.read',
    stage: 'resources-prompts',
    rule: 'resources/read returns a valid ReadResourceResult with caching hints',
    specUrl: SPEC_URLS.resources,
    expected: 'Reading the first listed resource gives {resultType:"complete", contents:[{uri, text or blob}], ttlMs, cacheScope}.',
    hint: 'resources/read results are cacheable: include ttlMs and cacheScope beside contents.',
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
  {
    id: 'resources.not-found',
    stage: 'resources-prompts',
    rule: 'A resource that does not exist gets -32602',
    specUrl: SPEC_URLS.resourcesErrors,
    expected: 'resources/read for an unknown URI gets error -32602 (the retired -32002 and an empty contents array are both wrong).',
    hint: 'When no resource has the URI, answer {"code":-32602,"message":"Resource not found","data":{"uri":...}}.',
    async run(c: CheckContext) {
      await needCapability(c, 'resources');
      const s = await c.open();
      const reply = await s.request(c.request('resources/read', { uri: 'checker://no-such-resource/404' }));
      if (!errorOf(reply)) c.fail(`the unknown resource was answered with ${describeReply(reply)}`);
      expectErrorCode(c, reply, -32602, 'resources/read for an unknown URI');
    },
  },
  {
    id: 'prompts.list-get',
    stage: 'resources-prompts',
    rule: 'prompts/list and prompts/get return valid results',
    specUrl: SPEC_URLS.prompts,
    expected: 'prompts/list gives {resultType:"complete", prompts:[{name}...], ttlMs, cacheScope}; prompts/get of the first prompt gives {resultType:"complete", messages:[{role, content}]}.',
    hint: 'prompts/list is cacheable (ttlMs, cacheScope); prompts/get is not, and each message has one content block.',
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
  {
    id: 'prompts.unknown',
    stage: 'resources-prompts',
    rule: 'An unknown prompt gets -32602',
    specUrl: SPEC_URLS.prompts,
    expected: 'prompts/get for a prompt the server does not have gets error -32602.',
    hint: 'When no prompt has the name, answer {"code":-32602,"message":"Unknown prompt: <name>"}.',
    async run(c: CheckContext) {
      await needCapability(c, 'prompts');
      const s = await c.open();
      const reply = await s.request(c.request('prompts/get', { name: 'checker_no_such_prompt', arguments: {} }));
      if (!errorOf(reply)) c.fail(`the unknown prompt was answered with ${describeReply(reply)}`);
      expectErrorCode(c, reply, -32602, 'prompts/get for an unknown prompt');
    },
  },
];
