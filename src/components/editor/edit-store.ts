/**
 * Keeps a reader's edit of a toy server per page and file in localStorage,
 * so it survives reloads, crashes and failed runs. Never throws: with
 * storage disabled (private mode, quota), edits last for the page only.
 */

/** The storage key of an edit: page path + file, e.g. `mcp-by-hand:edit:/lab/console/:toy-servers/calendar.mjs`. */
export function editKey(pagePath: string, file: string): string {
  return `mcp-by-hand:edit:${pagePath}:${file}`;
}

/** The saved edit, or undefined. */
export function loadEdit(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Saves `text`, or forgets the edit when `text` equals the original. Returns false when storage refused. */
export function saveEdit(key: string, text: string, original: string): boolean {
  try {
    if (text === original) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}
