/**
 * A text the reader typed, kept in localStorage under a key so a reload (or a
 * crash of the tab) does not lose it: the Console's unsent message and the
 * ServerEditor's edits. Never throws: with storage off (private mode, quota),
 * the text lasts for the page only.
 */

/** The text kept under `key`, or undefined when there is none or storage cannot be read. */
export function loadKeptText(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `text` under `key`, or forgets the key when `text` equals `startingText` (nothing to keep).
 * Returns false when storage refused.
 */
export function saveKeptText(key: string, text: string, startingText: string): boolean {
  try {
    if (text === startingText) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}
