/**
 * The HttpRequest widget's values table as state: its rows (name, value,
 * where it came from), setting values from a response, the PKCE helper or the
 * reader, and the add-a-value form (a name must match `[A-Za-z0-9_.-]+`).
 */
import { useRef, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import type { Words } from './response-notes.ts';

/** One row of the values table. */
export interface ValueRow {
  name: string;
  value: string;
  from: Words;
}

const VALUE_NAME = /^[A-Za-z0-9_.-]+$/;

/** The values table, starting from `initialRows`, and what changes it. */
export function useValues(initialRows: ValueRow[]) {
  const [rows, setRows] = useState<ValueRow[]>(initialRows);
  const [newName, setNewName] = useState('');
  const [newValue, setNewValue] = useState('');
  const [nameError, setNameError] = useState('');
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  /** The values by name, as they are now (also inside a callback of an earlier render). */
  const valueMap = (list: ValueRow[] = rowsRef.current): Record<string, string> => Object.fromEntries(list.map((r) => [r.name, r.value]));

  /** Sets `name` to `value` (added at the end when new), saying where it came from. */
  const setValues = (entries: Array<[string, string]>, from: Words) =>
    setRows((prev) => {
      const next = [...prev];
      for (const [name, value] of entries) {
        const i = next.findIndex((r) => r.name === name);
        if (i === -1) next.push({ name, value, from });
        else if (next[i]!.value !== value) next[i] = { name, value, from };
      }
      return next;
    });

  /** Adds the value the reader typed in the add form, or says why its name will not do. */
  const add = () => {
    const name = newName.trim();
    if (!VALUE_NAME.test(name)) {
      setNameError(t('httpRequest.valueBadName'));
      return;
    }
    setNameError('');
    setValues([[name, newValue]], { key: 'httpRequest.from.you' });
    setNewName('');
    setNewValue('');
  };

  return { rows, setRows, valueMap, setValues, newName, setNewName, newValue, setNewValue, nameError, add };
}
