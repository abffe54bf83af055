/**
 * Form values for an elicitation: what the inputs hold, what is wrong with
 * them, and the `content` of the `ElicitResult` they make (spec digest §6:
 * `content` values are string, number, boolean or string[]). Pure.
 */
import type { Field } from './requested-schema.ts';

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
    if (field.required && list.length === 0) return 'Choose at least one.';
    if (field.minItems !== undefined && list.length < field.minItems && (list.length > 0 || field.required)) return `Choose at least ${field.minItems}.`;
    if (field.maxItems !== undefined && list.length > field.maxItems) return `Choose at most ${field.maxItems}.`;
    return undefined;
  }
  const s = typeof value === 'string' ? value : '';
  if (s === '') return field.required ? 'Required.' : undefined;
  if (field.kind === 'select') return field.choices.some((c) => c.value === s) ? undefined : 'Choose one of the options.';
  if (field.kind === 'number') {
    const n = Number(s.trim());
    if (s.trim() === '' || !Number.isFinite(n)) return 'Enter a number.';
    if (field.integer && !Number.isInteger(n)) return 'Enter a whole number.';
    if (field.minimum !== undefined && n < field.minimum) return `Must be at least ${field.minimum}.`;
    if (field.maximum !== undefined && n > field.maximum) return `Must be at most ${field.maximum}.`;
    return undefined;
  }
  if (field.minLength !== undefined && s.length < field.minLength) return `At least ${field.minLength} characters.`;
  if (field.maxLength !== undefined && s.length > field.maxLength) return `At most ${field.maxLength} characters.`;
  switch (field.format) {
    case 'email':
      return EMAIL.test(s) ? undefined : 'Enter an email address such as ada@example.com.';
    case 'uri':
      try {
        const u = new URL(s);
        return u.protocol ? undefined : 'Enter an absolute URI.';
      } catch {
        return 'Enter an absolute URI such as https://example.com/.';
      }
    case 'date': {
      const m = DATE.exec(s);
      return m && realDate(+m[1]!, +m[2]!, +m[3]!) ? undefined : 'Enter a date as YYYY-MM-DD, e.g. 2026-09-10.';
    }
    case 'date-time': {
      const m = DATE_TIME.exec(s);
      const ok = m && realDate(+m[1]!, +m[2]!, +m[3]!) && +m[4]! < 24 && +m[5]! < 60 && +m[6]! < 61;
      return ok ? undefined : 'Enter a date and time with a zone, e.g. 2026-09-10T08:30:00Z.';
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
    } else if (typeof v === 'string' && v !== '') out[f.name] = f.kind === 'number' ? Number(v.trim()) : v;
  }
  return out;
}
