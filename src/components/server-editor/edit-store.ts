/**
 * Keeps a reader's edit of a toy server per page and file in localStorage,
 * so it survives reloads, crashes and failed runs. Never throws: with
 * storage disabled (private mode, quota), edits last for the page only.
 */
import { loadKeptText, saveKeptText } from '../page/kept-text.ts';

/** The storage key of an edit: page path + file, e.g. `mcp-by-hand:edit:/lab/console/:toy-servers/calendar.mjs`. */
export function editKey(pagePath: string, file: string): string {
  return `mcp-by-hand:edit:${pagePath}:${file}`;
}

/** The saved edit, or undefined. */
export function loadEdit(key: string): string | undefined {
  return loadKeptText(key);
}

/** Who wants to know when the edit under a key changes (the Checker, to say whose source it checks). */
const listeners = new Map<string, Set<(edited: boolean) => void>>();

/**
 * Saves `text`, or forgets the edit when `text` equals the original. Returns false when storage refused.
 * Then tells the {@link onEditChange} listeners of `key` whether an edit is now kept.
 */
export function saveEdit(key: string, text: string, original: string): boolean {
  const ok = saveKeptText(key, text, original);
  const edited = loadEdit(key) !== undefined;
  for (const listener of listeners.get(key) ?? []) listener(edited);
  return ok;
}

/** Calls `listener(edited)` after each save under `key`: true when an edit is kept there. Returns the unsubscribe. */
export function onEditChange(key: string, listener: (edited: boolean) => void): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
