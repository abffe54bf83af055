import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import type { Field } from './requested-schema.ts';
import type { FieldValue } from './form-values.ts';

/**
 * One field of an elicitation form, as its kind asks: a checkbox (boolean),
 * a fieldset of checkboxes (multi-select), a select, or a text input (typed
 * for email, URL and date formats; a number is typed as text and checked by
 * the form). `problem` is shown beside it and named by `aria-describedby`.
 */
export function FieldInput(props: {
  field: Field;
  id: string;
  value: FieldValue | undefined;
  problem: string | undefined;
  onInput: (v: FieldValue) => void;
}): JSX.Element {
  const { field: f, id, value, problem } = props;
  const describedBy = [f.description ? `${id}-desc` : '', problem ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {f.label}
      {f.required ? <span class="mcp-required"> {t('elicitation.required')}</span> : null}
    </>
  );
  const desc = f.description ? (
    <span id={`${id}-desc`} class="mcp-field-desc">
      {f.description}
    </span>
  ) : null;
  const err = problem ? (
    <span id={`${id}-err`} class="mcp-field-err">
      {problem}
    </span>
  ) : null;
  if (f.kind === 'boolean') {
    return (
      <div class="mcp-field mcp-field-check">
        <input id={id} type="checkbox" data-typed={`field:${f.name}`} checked={value === true} aria-describedby={describedBy} onChange={(e) => props.onInput((e.currentTarget as HTMLInputElement).checked)} />
        <label for={id}>{label}</label>
        {desc}
        {err}
      </div>
    );
  }
  if (f.kind === 'multiselect') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset class="mcp-field" aria-describedby={describedBy} aria-invalid={problem ? 'true' : undefined}>
        <legend>{label}</legend>
        {desc}
        {f.choices.map((c, i) => (
          <div class="mcp-field-check" key={c.value}>
            <input
              id={`${id}-${i}`}
              type="checkbox"
              data-typed={`field:${f.name}:${c.value}`}
              checked={chosen.includes(c.value)}
              onChange={(e) => {
                const on = (e.currentTarget as HTMLInputElement).checked;
                props.onInput(on ? [...chosen, c.value] : chosen.filter((x) => x !== c.value));
              }}
            />
            <label for={`${id}-${i}`}>{c.label}</label>
          </div>
        ))}
        {err}
      </fieldset>
    );
  }
  if (f.kind === 'select') {
    return (
      <div class="mcp-field">
        <label for={id}>{label}</label>
        {desc}
        <select id={id} data-typed={`field:${f.name}`} value={typeof value === 'string' ? value : ''} aria-describedby={describedBy} aria-invalid={problem ? 'true' : undefined} onChange={(e) => props.onInput((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">{t('elicitation.choose')}</option>
          {f.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {err}
      </div>
    );
  }
  const type = f.kind === 'number' ? 'text' : f.format === 'email' ? 'email' : f.format === 'uri' ? 'url' : f.format === 'date' ? 'date' : 'text';
  const placeholder = f.kind === 'string' && f.format === 'date-time' ? '2026-09-10T08:30:00Z' : undefined;
  return (
    <div class="mcp-field">
      <label for={id}>{label}</label>
      {desc}
      <input
        id={id}
        type={type}
        data-typed={`field:${f.name}`}
        inputMode={f.kind === 'number' ? (f.integer ? 'numeric' : 'decimal') : undefined}
        placeholder={placeholder}
        value={typeof value === 'string' ? value : ''}
        aria-describedby={describedBy}
        aria-invalid={problem ? 'true' : undefined}
        autoComplete="off"
        spellcheck={false}
        onInput={(e) => props.onInput((e.currentTarget as HTMLInputElement).value)}
      />
      {err}
    </div>
  );
}
