/**
 * An elicitation form's starting values with what the reader typed, chose or
 * ticked in its server-rendered controls before the island hydrated put in
 * (page/typed-before.ts): `field:<name>` for a field, `field:<name>:<choice>`
 * for each box of a multi-select.
 */
import type { TypedBefore } from '../page/typed-before.ts';
import type { Field } from './requested-schema.ts';
import type { FieldValue } from './form-values.ts';

/** `values` with what the reader changed in the server-rendered controls before hydration put in. */
export function adoptTyped(fields: Field[], values: Record<string, FieldValue>, typed: TypedBefore): Record<string, FieldValue> {
  const out = { ...values };
  for (const f of fields) {
    const key = `field:${f.name}`;
    if (f.kind === 'boolean') {
      const on = typed.checked(key);
      if (on !== undefined) out[f.name] = on;
    } else if (f.kind === 'multiselect') {
      const before = Array.isArray(out[f.name]) ? (out[f.name] as string[]) : [];
      if (f.choices.some((c) => typed.checked(`${key}:${c.value}`) !== undefined)) {
        out[f.name] = f.choices.map((c) => c.value).filter((v) => typed.checked(`${key}:${v}`) ?? before.includes(v));
      }
    } else {
      const v = typed.value(key);
      if (v !== undefined) out[f.name] = v;
    }
  }
  return out;
}
