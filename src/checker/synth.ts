/**
 * Made-up values the checker sends: tool arguments that fit a tool's
 * `inputSchema`, arguments that break it, and answers to a form elicitation's
 * `requestedSchema`. Deterministic: the same schema always gives the same value.
 *
 * Form elicitation schemas: https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation
 */
import type { JsonObject } from '../protocol/messages.ts';
import { isObject } from './shapes.ts';

/** A value for one property schema (string formats date-time, date, email, uri; enums; numbers within bounds). */
export function sampleValue(schema: unknown): unknown {
  if (!isObject(schema)) return 'example';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.oneOf) && isObject(schema.oneOf[0]) && 'const' in schema.oneOf[0]) return schema.oneOf[0].const;
  if ('default' in schema) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const formats: Record<string, string> = {
        'date-time': '2026-09-10T08:30:00Z',
        date: '2026-09-10',
        email: 'checker@example.com',
        uri: 'https://example.com/',
      };
      const text = formats[schema.format as string] ?? 'checker';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return text.length >= min ? text : text.padEnd(min, 'x');
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      return type === 'integer' ? Math.ceil(min) : min;
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = isObject(schema.items) ? schema.items : {};
      const enumItems = Array.isArray(items.enum) ? items.enum : Array.isArray(items.anyOf) ? items.anyOf.map((a) => (isObject(a) ? a.const : undefined)) : undefined;
      return enumItems && enumItems.length > 0 ? [enumItems[0]] : [];
    }
    case 'object':
      return sampleObject(schema, false);
    default:
      return 'checker';
  }
}

/**
 * An object for an object schema: every required property, plus the optional ones when `allOptional` is true.
 * Used for tool arguments (required only) and elicitation answers (all, so a form is complete). A property
 * named in `known` takes that value instead (e.g. a handle an earlier tool returned in its structuredContent).
 */
export function sampleObject(schema: unknown, allOptional: boolean, known: JsonObject = {}): JsonObject {
  const out: JsonObject = {};
  if (!isObject(schema) || !isObject(schema.properties)) return out;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (allOptional || required.includes(key)) out[key] = key in known ? known[key] : sampleValue(prop);
  }
  return out;
}

/** Arguments that break the schema: the first required property set to a value of the wrong type; `undefined` when nothing is required. */
export function brokenArguments(schema: unknown): JsonObject | undefined {
  if (!isObject(schema) || !Array.isArray(schema.required) || schema.required.length === 0 || !isObject(schema.properties)) return undefined;
  const args = sampleObject(schema, false);
  const key = schema.required[0] as string;
  const prop = schema.properties[key];
  const type = isObject(prop) ? prop.type : undefined;
  args[key] = type === 'string' ? { not: 'a string' } : 'not the right type';
  return args;
}

/** An answer to one input request of an `InputRequiredResult`: a form elicitation is accepted with every field filled. */
export function answerInputRequest(request: unknown): JsonObject {
  if (isObject(request) && request.method === 'elicitation/create' && isObject(request.params)) {
    if (request.params.mode === 'url') return { action: 'accept' };
    return { action: 'accept', content: sampleObject(request.params.requestedSchema, true) };
  }
  if (isObject(request) && request.method === 'roots/list') return { roots: [] };
  return { action: 'decline' };
}

/**
 * Forged copies of a requestState, the way an attacker would make them, first the ones most likely to
 * change what the server does. Where a part of the state decodes to a JSON object (plain JSON, or base64url
 * JSON such as the payload of `payload.signature`), each top-level value is changed in turn (a string gets
 * `"-tampered"` appended, a number 1 added, a boolean flipped) and the part re-encoded, the rest (a
 * signature) kept as it was; then a field `"checker": "tampered"` is added. An opaque state gets its first
 * character swapped. Every copy differs from `state`; any integrity check must refuse each.
 */
export function tamperings(state: string): string[] {
  const out: string[] = [];
  const variants = (obj: JsonObject): JsonObject[] => [
    ...Object.entries(obj).flatMap(([k, v]): JsonObject[] => {
      if (typeof v === 'string') return [{ ...obj, [k]: `${v}-tampered` }];
      if (typeof v === 'number') return [{ ...obj, [k]: v + 1 }];
      if (typeof v === 'boolean') return [{ ...obj, [k]: !v }];
      return [];
    }),
    { ...obj, checker: 'tampered' },
  ];
  const asJson = parseObject(state);
  if (asJson) for (const v of variants(asJson)) out.push(JSON.stringify(v));
  const parts = state.split('.');
  for (const [i, part] of parts.entries()) {
    const decoded = parseObject(fromBase64url(part));
    if (!decoded) continue;
    for (const v of variants(decoded)) {
      const copy = [...parts];
      copy[i] = toBase64url(JSON.stringify(v));
      out.push(copy.join('.'));
    }
  }
  out.push(state.length === 0 ? 'x' : (state[0] === 'A' ? 'B' : 'A') + state.slice(1));
  return [...new Set(out)].filter((s) => s !== state);
}

function parseObject(text: string | undefined): JsonObject | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function fromBase64url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function toBase64url(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
