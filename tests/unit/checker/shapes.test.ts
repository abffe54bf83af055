// The checker's hand-written result checks agree with the spec's generated JSON Schema (ajv, draft 2020-12,
// `spec/schema-2026-07-28.json` of tests/shared-inputs.ts, each value against its specific $defs type): every valid
// sample is accepted by both, and every broken sample is refused by both. Without the schema file the tests fail and
// name it.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import * as shapes from '../../../src/checker/shapes.ts';
import type { JsonObject } from '../../../src/protocol/messages.ts';
import { readSharedInput } from '../../shared-inputs.ts';

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: unknown) => void)(ajv);
const ID = 'https://mcp-by-hand.invalid/checker-schema.json';
let schemaLoaded = false;
/** Whether `v` is valid against `#/$defs/<def>` of the spec schema; throws, naming the file, when the schema is missing. */
const specValid = (def: string, v: unknown) => {
  if (!schemaLoaded) {
    ajv.addSchema({ ...JSON.parse(readSharedInput('spec/schema-2026-07-28.json')), $id: ID });
    schemaLoaded = true;
  }
  return ajv.validate(`${ID}#/$defs/${def}`, v);
};

const cache = { ttlMs: 1000, cacheScope: 'public' };
const text = { type: 'text', text: 'hi' };
type Case = [def: string, check: (r: JsonObject) => string[], valid: JsonObject[], broken: JsonObject[]];
const CASES: Case[] = [
  ['DiscoverResult', shapes.discoverResultProblems,
    [{ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ...cache }],
    [{ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} }, { resultType: 'complete', capabilities: {}, ...cache }, { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: -1, cacheScope: 'public' }]],
  ['ListToolsResult', shapes.listToolsProblems,
    [{ resultType: 'complete', tools: [{ name: 't', inputSchema: { type: 'object' } }], ...cache }],
    [{ resultType: 'complete', tools: [{ name: 't' }], ...cache }, { resultType: 'complete', tools: [], ttlMs: 5, cacheScope: 'shared' }, { tools: [], ...cache }]],
  ['CallToolResult', shapes.callToolResultProblems,
    [{ resultType: 'complete', content: [text], isError: true }, { resultType: 'complete', content: [{ type: 'resource_link', uri: 'a://b', name: 'b' }] }],
    [{ resultType: 'complete', content: [{ type: 'text' }] }, { resultType: 'complete' }, { resultType: 'complete', content: [text], isError: 'yes' }]],
  ['ReadResourceResult', shapes.readResourceProblems,
    [{ resultType: 'complete', contents: [{ uri: 'a://b', text: 'x' }], ...cache }],
    [{ resultType: 'complete', contents: [{ uri: 'a://b' }], ...cache }, { resultType: 'complete', contents: [{ uri: 'a://b', text: 'x' }] }]],
  ['GetPromptResult', shapes.getPromptProblems,
    [{ resultType: 'complete', messages: [{ role: 'user', content: text }] }],
    [{ resultType: 'complete', messages: [{ role: 'system', content: text }] }, { resultType: 'complete', messages: [{ role: 'user', content: [text] }] }]],
  ['InputRequiredResult', shapes.inputRequiredProblems,
    [{ resultType: 'input_required', requestState: 'abc', inputRequests: { when: { method: 'elicitation/create', params: { mode: 'form', message: 'When?', requestedSchema: { type: 'object', properties: { d: { type: 'string' } } } } } } }],
    [{ resultType: 'input_required', inputRequests: { when: { method: 'elicitation/create', params: { message: 'x', requestedSchema: { type: 'object', properties: { d: { type: 'object' } } } } } } }, { resultType: 'input_required', requestState: 5 }]],
];

describe('checker shapes agree with the spec JSON Schema', () => {
  it.each(CASES)('%s', (def, check, valid, broken) => {
    for (const v of valid) {
      expect(check(v), JSON.stringify(v)).toEqual([]);
      expect(specValid(def, v), `${def} schema on ${JSON.stringify(v)}`).toBe(true);
    }
    for (const v of broken) {
      expect(check(v).length, JSON.stringify(v)).toBeGreaterThan(0);
      expect(specValid(def, v), `${def} schema on ${JSON.stringify(v)}`).toBe(false);
    }
  });

  it('the prose-only InputRequiredResult rule (inputRequests or requestState) is checked, though the schema accepts its absence', () => {
    expect(specValid('InputRequiredResult', { resultType: 'input_required' })).toBe(true);
    expect(shapes.inputRequiredProblems({ resultType: 'input_required' })).toEqual(['result has neither inputRequests nor requestState']);
  });
});
