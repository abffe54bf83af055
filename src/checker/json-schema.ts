/**
 * Validates a tool's `structuredContent` against its `outputSchema` with ajv
 * (JSON Schema 2020-12, the dialect MCP assumes when a schema names none),
 * loaded on first use so that a page that never checks a structured result
 * never downloads it. Runs in the page and in Node alike.
 *
 * What the spec asks of a validator, and how this one meets it
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic#json-schema-usage):
 * - "Clients and servers MUST support JSON Schema 2020-12 for schemas without an explicit `$schema` field"
 *   and "MUST handle unsupported dialects gracefully": a schema that names another dialect is not
 *   validated; {@link validateAgainstSchema} says so instead.
 * - "Implementations MUST NOT automatically dereference `$ref` values that resolve to a network URI":
 *   nothing is ever fetched; a `$ref` that does not resolve inside the schema makes it unusable.
 * - "Implementations SHOULD apply reasonable bounds, such as a maximum schema depth, a cap on the total
 *   number of subschemas": schemas over {@link SCHEMA_LIMITS} are not compiled.
 * `format` is an annotation (the 2020-12 default vocabulary), so formats are not asserted. A `pattern` runs
 * on the JavaScript RegExp engine: within the bounds, a schema is trusted as far as the server that sent it.
 */

/** The largest schema compiled: its JSON text in characters, its nesting depth, its number of objects. */
export const SCHEMA_LIMITS = { chars: 100_000, depth: 32, objects: 2000 } as const;

/** The `$schema` values of JSON Schema 2020-12 (with or without the empty fragment). */
const DIALECT_2020 = ['https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2020-12/schema#'];

/**
 * What a validation found: `valid`, or `problems` (at most five, each `structuredContent<path> <what is
 * wrong>` in ajv's words, e.g. `structuredContent must have required property 'when'`), or `unusable` with
 * why the schema could not be used (another dialect, over the limits, not a schema ajv can compile).
 */
export type SchemaVerdict = { valid: true } | { valid: false; problems: string[] } | { unusable: string };

/** How far a schema goes: its nesting depth and how many objects it holds (stops counting past the limits). */
function measure(value: unknown, depth = 0, seen = { objects: 0, depth: 0 }): { objects: number; depth: number } {
  if (typeof value !== 'object' || value === null) return seen;
  seen.objects++;
  seen.depth = Math.max(seen.depth, depth);
  if (seen.objects > SCHEMA_LIMITS.objects || seen.depth > SCHEMA_LIMITS.depth) return seen;
  for (const v of Object.values(value)) measure(v, depth + 1, seen);
  return seen;
}

type Ajv2020Class = typeof import('ajv/dist/2020.js').Ajv2020;
let loading: Promise<Ajv2020Class> | undefined;

/** The Ajv2020 class, imported once. */
function ajvClass(): Promise<Ajv2020Class> {
  loading ??= import('ajv/dist/2020.js').then((m) => (m.Ajv2020 ?? (m as unknown as { default: Ajv2020Class }).default));
  return loading;
}

/**
 * Validates `value` against `schema` (a tool's `outputSchema`). Never throws for anything the schema or the
 * value holds; a fresh validator each time, so that two servers' `$id`s never meet.
 */
export async function validateAgainstSchema(schema: unknown, value: unknown): Promise<SchemaVerdict> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { unusable: 'it is not a JSON object' };
  const dialect = (schema as { $schema?: unknown }).$schema;
  if (dialect !== undefined && !DIALECT_2020.includes(String(dialect))) return { unusable: `it declares the dialect ${JSON.stringify(dialect)}, and the checker validates JSON Schema 2020-12 only` };
  const size = measure(schema);
  if (size.depth > SCHEMA_LIMITS.depth || size.objects > SCHEMA_LIMITS.objects || JSON.stringify(schema).length > SCHEMA_LIMITS.chars) {
    return { unusable: 'it exceeds the bounds the checker validates within' };
  }
  const Ajv2020 = await ajvClass();
  let validate;
  try {
    validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema);
  } catch (e) {
    return { unusable: `ajv cannot compile it: ${String((e as Error)?.message ?? e).slice(0, 160)}` };
  }
  if (validate(value)) return { valid: true };
  const problems = (validate.errors ?? []).slice(0, 5).map((err) => `structuredContent${err.instancePath} ${err.message ?? 'is not valid'}`);
  return { valid: false, problems: problems.length > 0 ? problems : ['structuredContent is not valid'] };
}
