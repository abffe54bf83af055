/**
 * The one door through which widgets say what the reader did in them: a
 * widget calls `reportAction({ widget, kind, ... })` at the moment the
 * reader's action produced something (a reply arrived, a server started from
 * an edit, a checker run ended), and the page's progress store
 * (`course-progress.ts`) decides which lesson task that completes. The action
 * travels as a DOM `CustomEvent` on `document`, so a widget knows nothing of
 * progress and a page without the store loses nothing but the mark.
 */
import type { ReaderAction } from '../pure/reader-progress.ts';

/** The event's type: `detail` is a {@link ReaderAction}. */
export const READER_ACTION_EVENT = 'mcp-by-hand:reader-action';

/** Reports what the reader did. Never throws; does nothing outside a browser. */
export function reportAction(action: ReaderAction): void {
  if (typeof document === 'undefined') return;
  document.dispatchEvent(new CustomEvent<ReaderAction>(READER_ACTION_EVENT, { detail: action }));
}

/** Calls `listener` with every action reported on this page from now on; returns the function that stops it. */
export function onReaderAction(listener: (action: ReaderAction) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<ReaderAction>).detail);
  document.addEventListener(READER_ACTION_EVENT, handler);
  return () => document.removeEventListener(READER_ACTION_EVENT, handler);
}
