/**
 * Form values for an elicitation: what the inputs hold, what is wrong with
 * them, and the `content` of the `ElicitResult` they make (https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation:
 * `content` values are string, number, boolean or string[]). Pure.
 */
import type { Field } from './requested-schema.ts';
import { t } from '../../i18n/index.ts';

/**
 * JSON's number grammar (RFC 8259 section 6): optional minus, no leading
 * zeros, optional fraction and exponent; no hex, binary, `Infinity`, `NaN`,
 * leading `+` or surrounding spaces.
 */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** True when `text` is a number exactly as JSON writes one (and finite as a double). */
export function isJsonNumber(text: string): boolean {
  return JSON_NUMBER.test(text) && Number.isFinite(Number(text));
}

/**
 * The length of a string as JSON Schema counts it for `minLength`/`maxLength`:
 * in Unicode code points, so one emoji (two UTF-16 units) counts 1.
 * https://json-schema.org/draft/2020-12/json-schema-validation#section-6.3.1
 */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** What an input holds: text for string/number fields, a boolean, or the chosen values. */
export type FieldValue = string | boolean | string[];

/** Initial values: each field's `default`, else empty. */
export function initialValues(fields: Field[]): Record<string, FieldValue> {
  const v: Record<string, FieldValue> = {};
  for (const f of fields) {
    if (f.kind === 'boolean') v[f.name] = f.default ?? false;
    else if (f.kind === 'multiselect') v[f.name] = f.default ?? [];
    else if (f.kind === 'number') v[f.name] = f.default === undefined ? '' : String(f.default);
    else v[f.name] = f.default ?? '';
  }
  return v;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function realDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The problem with one field's value, as a sentence, or undefined when it is fine. Empty optional fields are fine. */
export function fieldProblem(field: Field, value: FieldValue | undefined): string | undefined {
  if (field.kind === 'boolean') return undefined;
  if (field.kind === 'multiselect') {
    const list = Array.isArray(value) ? value : [];
    if (field.required && list.length === 0) return t('elicitation.form.chooseOne');
    if (field.minItems !== undefined && list.length < field.minItems && (list.length > 0 || field.required)) return t('elicitation.form.chooseMin', { n: field.minItems });
    if (field.maxItems !== undefined && list.length > field.maxItems) return t('elicitation.form.chooseMax', { n: field.maxItems });
    return undefined;
  }
  const s = typeof value === 'string' ? value : '';
  if (s === '') return field.required ? t('elicitation.form.required') : undefined;
  if (field.kind === 'select') return field.choices.some((c) => c.value === s) ? undefined : t('elicitation.form.chooseOption');
  if (field.kind === 'number') {
    if (!isJsonNumber(s)) return t('elicitation.form.number', { typed: JSON.stringify(s) });
    const n = Number(s);
    if (field.integer && !Number.isInteger(n)) return t('elicitation.form.integer');
    if (field.minimum !== undefined && n < field.minimum) return t('elicitation.form.min', { n: field.minimum });
    if (field.maximum !== undefined && n > field.maximum) return t('elicitation.form.max', { n: field.maximum });
    return undefined;
  }
  const count = codePointLength(s);
  if (field.minLength !== undefined && count < field.minLength) return t('elicitation.form.minLength', { n: field.minLength, count });
  if (field.maxLength !== undefined && count > field.maxLength) return t('elicitation.form.maxLength', { n: field.maxLength, count });
  switch (field.format) {
    case 'email':
      return EMAIL.test(s) ? undefined : t('elicitation.form.email');
    case 'uri':
      try {
        const u = new URL(s);
        return u.protocol ? undefined : t('elicitation.form.uriAbsolute');
      } catch {
        return t('elicitation.form.uri');
      }
    case 'date': {
      const m = DATE.exec(s);
      return m && realDate(+m[1]!, +m[2]!, +m[3]!) ? undefined : t('elicitation.form.date');
    }
    case 'date-time': {
      const m = DATE_TIME.exec(s);
      const ok = m && realDate(+m[1]!, +m[2]!, +m[3]!) && +m[4]! < 24 && +m[5]! < 60 && +m[6]! < 61;
      return ok ? undefined : t('elicitation.form.dateTime');
    }
    default:
      return undefined;
  }
}

/** Every field's problem, keyed by field name (fields without problems are absent). */
export function formProblems(fields: Field[], values: Record<string, FieldValue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const p = fieldProblem(f, values[f.name]);
    if (p) out[f.name] = p;
  }
  return out;
}

/**
 * The `content` of an accepted ElicitResult: numbers as numbers, booleans as
 * booleans, selections as string arrays; empty optional fields left out.
 * Call only when {@link formProblems} is empty.
 */
export function formContent(fields: Field[], values: Record<string, FieldValue>): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'boolean') out[f.name] = v === true;
    else if (f.kind === 'multiselect') {
      if (Array.isArray(v) && (v.length > 0 || f.required)) out[f.name] = v;
    } else if (typeof v === 'string' && v !== '') out[f.name] = f.kind === 'number' ? Number(v) : v;
  }
  return out;
}
