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

/** Saves `text`, or forgets the edit when `text` equals the original. Returns false when storage refused. */
export function saveEdit(key: string, text: string, original: string): boolean {
  return saveKeptText(key, text, original);
}
