/**
 * Keeps a Console's unsent message per page in localStorage, so a reload
 * (or a crash of the tab) does not lose what the reader was typing, as the
 * ServerEditor keeps edits. Never throws: with storage off, drafts last for
 * the page only.
 */
import { loadKeptText, saveKeptText } from '../page/kept-text.ts';

/** The storage key of a draft: page path, server, and which Console of the page (its `id`, else its position). */
export function draftKey(pagePath: string, server: string, which: string): string {
  return `mcp-by-hand:draft:${pagePath}:${server}:${which}`;
}

/** The saved draft, or undefined. */
export function loadDraft(key: string): string | undefined {
  return loadKeptText(key);
}

/** Saves `text`, or forgets the draft when it equals the Console's starting text. Returns false when storage refused. */
export function saveDraft(key: string, text: string, initial: string): boolean {
  return saveKeptText(key, text, initial);
}
