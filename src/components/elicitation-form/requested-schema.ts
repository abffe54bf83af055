/**
 * Reads a form-mode `requestedSchema` (https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation, `elicitation/create`):
 * a flat object whose properties are primitive schemas only. Anything outside
 * that subset is the server's fault and is reported, never rendered. Pure.
 */
import { t } from '../../i18n/index.ts';

/** One option of an enum field: the value sent and the label shown. */
export interface Choice {
  value: string;
  label: string;
}

/** A field the form renders, derived from one property schema. */
export type Field =
  | { kind: 'string'; name: string; label: string; description?: string; required: boolean; format?: 'email' | 'uri' | 'date' | 'date-time'; minLength?: number; maxLength?: number; default?: string }
  | { kind: 'number'; name: string; label: string; description?: string; required: boolean; integer: boolean; minimum?: number; maximum?: number; default?: number }
  | { kind: 'boolean'; name: string; label: string; description?: string; required: boolean; default?: boolean }
  | { kind: 'select'; name: string; label: string; description?: string; required: boolean; choices: Choice[]; default?: string }
  | { kind: 'multiselect'; name: string; label: string; description?: string; required: boolean; choices: Choice[]; minItems?: number; maxItems?: number; default?: string[] };

/** Result of {@link readRequestedSchema}: the fields, or every problem found (each one sentence naming the property). */
export type SchemaReading = { ok: true; fields: Field[] } | { ok: false; problems: string[] };

const FORMATS = ['email', 'uri', 'date', 'date-time'] as const;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function titledChoices(list: unknown, where: string, problems: string[]): Choice[] | undefined {
  if (!Array.isArray(list) || list.length === 0) {
    problems.push(t('elicitation.schema.titled', { where }));
    return undefined;
  }
  const out: Choice[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.const !== 'string') {
      problems.push(t('elicitation.schema.titledItem', { where }));
      return undefined;
    }
    out.push({ value: item.const, label: typeof item.title === 'string' ? item.title : item.const });
  }
  return out;
}

function plainChoices(list: unknown, names: unknown, where: string, problems: string[]): Choice[] | undefined {
  if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'string')) {
    problems.push(t('elicitation.schema.strings', { where }));
    return undefined;
  }
  const labels = Array.isArray(names) && names.length === list.length && names.every((n) => typeof n === 'string') ? (names as string[]) : undefined;
  return (list as string[]).map((v, i) => ({ value: v, label: labels ? labels[i]! : v }));
}

/**
 * Checks and reads a `requestedSchema`.
 * Accepts: `type: "object"`, `properties` of string (formats email, uri,
 * date, date-time; minLength/maxLength), number/integer (minimum/maximum),
 * boolean, single-select enums (`enum`, legacy `enumNames`, titled `oneOf`)
 * and multi-select arrays of string enums (`items.enum` or titled
 * `items.anyOf`; minItems/maxItems); `required` listing known properties.
 * @param schema the value of `params.requestedSchema` as received (untrusted).
 */
export function readRequestedSchema(schema: unknown): SchemaReading {
  const problems: string[] = [];
  if (!isObject(schema)) return { ok: false, problems: [t('elicitation.schema.notObject')] };
  if (schema.type !== 'object') problems.push(t('elicitation.schema.typeObject'));
  if (!isObject(schema.properties)) return { ok: false, problems: [...problems, t('elicitation.schema.properties')] };
  const required = schema.required === undefined ? [] : schema.required;
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) {
    problems.push(t('elicitation.schema.requiredList'));
  }
  const req = new Set(Array.isArray(required) ? (required as string[]) : []);
  for (const r of req) if (!(r in schema.properties)) problems.push(t('elicitation.schema.requiredUnknown', { name: r }));
  const fields: Field[] = [];
  for (const [name, raw] of Object.entries(schema.properties)) {
    const where = t('elicitation.schema.property', { name });
    if (!isObject(raw)) {
      problems.push(t('elicitation.schema.notSchema', { where }));
      continue;
    }
    const base = { name, label: text(raw.title) ?? name, required: req.has(name) } as const;
    const description = text(raw.description);
    const withDesc = description === undefined ? base : { ...base, description };
    if (raw.type === 'string' && (raw.enum !== undefined || raw.oneOf !== undefined)) {
      const choices = raw.oneOf !== undefined ? titledChoices(raw.oneOf, `${where}.oneOf`, problems) : plainChoices(raw.enum, raw.enumNames, `${where}.enum`, problems);
      if (choices) fields.push({ kind: 'select', ...withDesc, choices, ...(typeof raw.default === 'string' ? { default: raw.default } : {}) });
    } else if (raw.type === 'string') {
      if (raw.format !== undefined && !FORMATS.includes(raw.format as (typeof FORMATS)[number])) {
        problems.push(t('elicitation.schema.format', { where, format: JSON.stringify(raw.format) ?? String(raw.format), allowed: FORMATS.join(', ') }));
        continue;
      }
      const f: Field = { kind: 'string', ...withDesc };
      if (raw.format !== undefined) f.format = raw.format as (typeof FORMATS)[number];
      if (num(raw.minLength) !== undefined) f.minLength = num(raw.minLength)!;
      if (num(raw.maxLength) !== undefined) f.maxLength = num(raw.maxLength)!;
      if (typeof raw.default === 'string') f.default = raw.default;
      fields.push(f);
    } else if (raw.type === 'number' || raw.type === 'integer') {
      const f: Field = { kind: 'number', ...withDesc, integer: raw.type === 'integer' };
      if (num(raw.minimum) !== undefined) f.minimum = num(raw.minimum)!;
      if (num(raw.maximum) !== undefined) f.maximum = num(raw.maximum)!;
      if (num(raw.default) !== undefined) f.default = num(raw.default)!;
      fields.push(f);
    } else if (raw.type === 'boolean') {
      fields.push({ kind: 'boolean', ...withDesc, ...(typeof raw.default === 'boolean' ? { default: raw.default } : {}) });
    } else if (raw.type === 'array') {
      const items = raw.items;
      if (!isObject(items)) {
        problems.push(t('elicitation.schema.noItems', { where }));
        continue;
      }
      const choices =
        items.anyOf !== undefined
          ? titledChoices(items.anyOf, `${where}.items.anyOf`, problems)
          : items.type === 'string' && items.enum !== undefined
            ? plainChoices(items.enum, undefined, `${where}.items.enum`, problems)
            : (problems.push(t('elicitation.schema.arrayKind', { where })), undefined);
      if (!choices) continue;
      const f: Field = { kind: 'multiselect', ...withDesc, choices };
      if (num(raw.minItems) !== undefined) f.minItems = num(raw.minItems)!;
      if (num(raw.maxItems) !== undefined) f.maxItems = num(raw.maxItems)!;
      if (Array.isArray(raw.default) && raw.default.every((d) => typeof d === 'string')) f.default = raw.default as string[];
      fields.push(f);
    } else if (raw.type === 'object') {
      problems.push(t('elicitation.schema.nested', { where }));
    } else {
      problems.push(t('elicitation.schema.type', { where, type: JSON.stringify(raw.type) ?? String(raw.type) }));
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, fields };
}
