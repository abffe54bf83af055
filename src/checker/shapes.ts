/**
 * Hand-written structural checks of the 2026-07-28 result types, small enough
 * to run in the page (no JSON Schema validator bundled). Each returns the
 * problems it found as short English phrases (empty when the value fits).
 *
 * Written from `schema/2026-07-28/schema.ts` of modelcontextprotocol/modelcontextprotocol
 * (the source of truth, https://modelcontextprotocol.io/specification/2026-07-28/basic#schema);
 * the unit tests cross-check them against the published JSON Schema.
 */
import type { JsonObject } from '../protocol/messages.ts';

type Problems = string[];

/** True for a plain JSON object (not null, not an array). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(p: Problems, o: JsonObject, key: string, where: string, optional = false): void {
  if (!(key in o)) {
    if (!optional) p.push(`${where}.${key} is missing`);
  } else if (typeof o[key] !== 'string') p.push(`${where}.${key} is not a string`);
}

/** `resultType` must be exactly `expected` (https://modelcontextprotocol.io/specification/2026-07-28/basic#responses). */
export function resultTypeProblems(r: JsonObject, expected = 'complete'): Problems {
  if (!('resultType' in r)) return ['result.resultType is missing'];
  if (r.resultType !== expected) return [`result.resultType is ${JSON.stringify(r.resultType)}, not "${expected}"`];
  return [];
}

/** `ttlMs` (integer >= 0) and `cacheScope` ("public" | "private"), required on cacheable results (https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching). */
export function cacheProblems(r: JsonObject): Problems {
  const p: Problems = [];
  if (!('ttlMs' in r)) p.push('result.ttlMs is missing');
  else if (typeof r.ttlMs !== 'number' || !Number.isInteger(r.ttlMs) || r.ttlMs < 0) p.push('result.ttlMs is not an integer >= 0');
  if (!('cacheScope' in r)) p.push('result.cacheScope is missing');
  else if (r.cacheScope !== 'public' && r.cacheScope !== 'private') p.push('result.cacheScope is not "public" or "private"');
  return p;
}

/** An `Implementation` (`name`, `version` strings). */
export function implementationProblems(v: unknown, where: string): Problems {
  if (!isObject(v)) return [`${where} is missing or not an object`];
  const p: Problems = [];
  str(p, v, 'name', where);
  str(p, v, 'version', where);
  return p;
}

/** `DiscoverResult` (https://modelcontextprotocol.io/specification/2026-07-28/server/discover). */
export function discoverResultProblems(r: JsonObject): Problems {
  const p = [...resultTypeProblems(r), ...cacheProblems(r)];
  if (!Array.isArray(r.supportedVersions) || r.supportedVersions.length === 0 || r.supportedVersions.some((v) => typeof v !== 'string')) {
    p.push('result.supportedVersions is not a non-empty array of strings');
  }
  if (!isObject(r.capabilities)) p.push('result.capabilities is missing or not an object');
  str(p, r, 'instructions', 'result', true);
  return p;
}

function paginated(p: Problems, r: JsonObject): void {
  str(p, r, 'nextCursor', 'result', true);
}

function arrayOf(p: Problems, r: JsonObject, key: string, each: (item: unknown, where: string) => Problems): void {
  const v = r[key];
  if (!Array.isArray(v)) {
    p.push(`result.${key} is missing or not an array`);
    return;
  }
  v.slice(0, 200).forEach((item, i) => p.push(...each(item, `result.${key}[${i}]`)));
}

/** A `Tool`: `name`, `inputSchema` with `type: "object"`. */
export function toolProblems(t: unknown, where: string): Problems {
  if (!isObject(t)) return [`${where} is not an object`];
  const p: Problems = [];
  str(p, t, 'name', where);
  if (!isObject(t.inputSchema)) p.push(`${where}.inputSchema is missing or not an object`);
  else if (t.inputSchema.type !== 'object') p.push(`${where}.inputSchema.type is not "object"`);
  if ('outputSchema' in t && (!isObject(t.outputSchema))) p.push(`${where}.outputSchema is not an object`);
  str(p, t, 'title', where, true);
  str(p, t, 'description', where, true);
  return p;
}

/** `ListToolsResult` (https://modelcontextprotocol.io/specification/2026-07-28/server/tools#listing-tools). */
export function listToolsProblems(r: JsonObject): Problems {
  const p = [...resultTypeProblems(r), ...cacheProblems(r)];
  arrayOf(p, r, 'tools', toolProblems);
  paginated(p, r);
  return p;
}

function resourceContentsProblems(c: unknown, where: string): Problems {
  if (!isObject(c)) return [`${where} is not an object`];
  const p: Problems = [];
  str(p, c, 'uri', where);
  str(p, c, 'mimeType', where, true);
  if (typeof c.text !== 'string' && typeof c.blob !== 'string') p.push(`${where} has neither a "text" nor a "blob" string`);
  return p;
}

/** A `ContentBlock`: text, image, audio, resource_link or resource. */
export function contentBlockProblems(c: unknown, where: string): Problems {
  if (!isObject(c)) return [`${where} is not an object`];
  const p: Problems = [];
  switch (c.type) {
    case 'text':
      str(p, c, 'text', where);
      break;
    case 'image':
    case 'audio':
      str(p, c, 'data', where);
      str(p, c, 'mimeType', where);
      break;
    case 'resource_link':
      str(p, c, 'uri', where);
      str(p, c, 'name', where);
      break;
    case 'resource':
      p.push(...resourceContentsProblems(c.resource, `${where}.resource`));
      break;
    default:
      p.push(`${where}.type is ${JSON.stringify(c.type)}, not one of text, image, audio, resource_link, resource`);
  }
  return p;
}

/** `CallToolResult` with `resultType: "complete"` (https://modelcontextprotocol.io/specification/2026-07-28/server/tools#calling-tools). */
export function callToolResultProblems(r: JsonObject): Problems {
  const p = resultTypeProblems(r);
  arrayOf(p, r, 'content', contentBlockProblems);
  if ('isError' in r && typeof r.isError !== 'boolean') p.push('result.isError is not a boolean');
  return p;
}

/** A `Resource`: `uri`, `name`. */
function resourceProblems(v: unknown, where: string): Problems {
  if (!isObject(v)) return [`${where} is not an object`];
  const p: Problems = [];
  str(p, v, 'uri', where);
  str(p, v, 'name', where);
  str(p, v, 'mimeType', where, true);
  return p;
}

/** `ListResourcesResult` (https://modelcontextprotocol.io/specification/2026-07-28/server/resources#listing-resources). */
export function listResourcesProblems(r: JsonObject): Problems {
  const p = [...resultTypeProblems(r), ...cacheProblems(r)];
  arrayOf(p, r, 'resources', resourceProblems);
  paginated(p, r);
  return p;
}

/** `ListResourceTemplatesResult`. */
export function listResourceTemplatesProblems(r: JsonObject): Problems {
  const p = [...resultTypeProblems(r), ...cacheProblems(r)];
  arrayOf(p, r, 'resourceTemplates', (v, where) => {
    if (!isObject(v)) return [`${where} is not an object`];
    const q: Problems = [];
    str(q, v, 'uriTemplate', where);
    str(q, v, 'name', where);
    return q;
  });
  paginated(p, r);
  return p;
}

/** `ReadResourceResult` (cacheable, https://modelcontextprotocol.io/specification/2026-07-28/server/resources#reading-resources). */
export function readResourceProblems(r: JsonObject): Problems {
  const p = [...resultTypeProblems(r), ...cacheProblems(r)];
  arrayOf(p, r, 'contents', resourceContentsProblems);
  return p;
}

/** `ListPromptsResult` (https://modelcontextprotocol.io/specification/2026-07-28/server/prompts#listing-prompts). */
export function listPromptsProblems(r: JsonObject): Problems {
  const p = [...resultTypeProblems(r), ...cacheProblems(r)];
  arrayOf(p, r, 'prompts', (v, where) => {
    if (!isObject(v)) return [`${where} is not an object`];
    const q: Problems = [];
    str(q, v, 'name', where);
    if ('arguments' in v) {
      if (!Array.isArray(v.arguments)) q.push(`${where}.arguments is not an array`);
      else v.arguments.forEach((a, i) => (isObject(a) ? str(q, a, 'name', `${where}.arguments[${i}]`) : q.push(`${where}.arguments[${i}] is not an object`)));
    }
    return q;
  });
  paginated(p, r);
  return p;
}

/** `GetPromptResult` (not cacheable; each message has one content block). */
export function getPromptProblems(r: JsonObject): Problems {
  const p = resultTypeProblems(r);
  arrayOf(p, r, 'messages', (m, where) => {
    if (!isObject(m)) return [`${where} is not an object`];
    const q: Problems = [];
    if (m.role !== 'user' && m.role !== 'assistant') q.push(`${where}.role is not "user" or "assistant"`);
    q.push(...contentBlockProblems(m.content, `${where}.content`));
    return q;
  });
  return p;
}

const INPUT_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'];

/**
 * `InputRequiredResult` (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr):
 * at least one of `inputRequests` / `requestState`; each input request a bare `{method, params}` of an allowed method.
 */
export function inputRequiredProblems(r: JsonObject): Problems {
  const p = resultTypeProblems(r, 'input_required');
  if (!('inputRequests' in r) && !('requestState' in r)) p.push('result has neither inputRequests nor requestState');
  if ('requestState' in r && typeof r.requestState !== 'string') p.push('result.requestState is not a string');
  if ('inputRequests' in r) {
    if (!isObject(r.inputRequests)) p.push('result.inputRequests is not an object');
    else {
      for (const [key, req] of Object.entries(r.inputRequests)) {
        const where = `result.inputRequests.${key}`;
        if (!isObject(req)) p.push(`${where} is not an object`);
        else if (!INPUT_METHODS.includes(req.method as string)) p.push(`${where}.method is ${JSON.stringify(req.method)}, not one of ${INPUT_METHODS.join(', ')}`);
        else if (req.method === 'elicitation/create') p.push(...elicitationProblems(req.params, `${where}.params`));
      }
    }
  }
  return p;
}

function elicitationProblems(params: unknown, where: string): Problems {
  if (!isObject(params)) return [`${where} is not an object`];
  const p: Problems = [];
  str(p, params, 'message', where);
  if (params.mode === 'url') {
    str(p, params, 'url', where);
    return p;
  }
  if ('mode' in params && params.mode !== 'form') p.push(`${where}.mode is neither "form" nor "url"`);
  const schema = params.requestedSchema;
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties)) {
    p.push(`${where}.requestedSchema is not {"type":"object","properties":{...}}`);
  } else {
    for (const [k, v] of Object.entries(schema.properties)) {
      if (!isObject(v) || !['string', 'number', 'integer', 'boolean', 'array'].includes(v.type as string)) {
        p.push(`${where}.requestedSchema.properties.${k} is not a flat primitive property`);
      }
    }
  }
  return p;
}
