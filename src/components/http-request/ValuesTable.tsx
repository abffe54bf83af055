import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import { said } from './response-notes.ts';
import { TextField } from './TextField.tsx';
import type { ValueRow } from './use-values.ts';

/** Props of {@link ValuesTable}: the rows, and the add-a-value form's fields and error. */
export interface ValuesTableProps {
  uid: string;
  rows: ValueRow[];
  onEdit: (name: string, value: string) => void;
  onRemove: (name: string) => void;
  newName: string;
  newValue: string;
  nameError: string;
  setNewName: (v: string) => void;
  setNewValue: (v: string) => void;
  onAdd: () => void;
}

/** The values table: each name, its value (editable), where it came from, a remove button; and a form to add a value. */
export function ValuesTable(p: ValuesTableProps): JSX.Element {
  return (
    <div class="mcp-http-values" role="group" aria-labelledby={`${p.uid}-values`}>
      <h4 id={`${p.uid}-values`} class="mcp-lane-title">
        {t('httpRequest.values')}
      </h4>
      <p class="mcp-help">{t('httpRequest.valuesHelp')}</p>
      {p.rows.length ? (
        <ul class="mcp-http-values-list" data-values="">
          {p.rows.map((r) => (
            <li key={r.name} class="mcp-http-value-row" data-value={r.name}>
              <label class="mcp-http-value-name" for={`${p.uid}-v-${r.name}`}>
                <code>{r.name}</code>
                <span class="sr-only"> ({t('httpRequest.valueValue')})</span>
              </label>
              <input
                id={`${p.uid}-v-${r.name}`}
                class="mcp-http-value"
                value={r.value}
                spellcheck={false}
                autocomplete="off"
                onInput={(e) => p.onEdit(r.name, (e.currentTarget as HTMLInputElement).value)}
              />
              <span class="mcp-note mcp-http-value-from">{t('httpRequest.valueFromIs', { from: said(r.from) })}</span>
              <button type="button" class="mcp-btn mcp-btn-small" data-action="remove-value" aria-label={t('httpRequest.valueRemoveNamed', { name: r.name })} onClick={() => p.onRemove(r.name)}>
                {t('httpRequest.valueRemove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="mcp-empty">{t('httpRequest.noValues')}</p>
      )}
      <form
        class="mcp-toolbar"
        aria-label={t('httpRequest.valueAdd')}
        onSubmit={(e) => {
          e.preventDefault();
          p.onAdd();
        }}
      >
        <TextField id={`${p.uid}-new-name`} class="mcp-http-inline" label={t('httpRequest.valueNewName')} control="new-name" value={p.newName} onValue={p.setNewName} />
        <TextField id={`${p.uid}-new-value`} class="mcp-http-inline" label={t('httpRequest.valueNewValue')} control="new-value" value={p.newValue} onValue={p.setNewValue} />
        <button type="submit" class="mcp-btn" data-action="add-value">
          {t('httpRequest.valueAdd')}
        </button>
        {p.nameError ? (
          <span class="mcp-tone-error" role="alert">
            {p.nameError}
          </span>
        ) : null}
      </form>
    </div>
  );
}
