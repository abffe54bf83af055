/**
 * The Console's unsent message, kept per page in localStorage
 * (`draft-store.ts`) and restored once the island hydrates. Text typed before
 * hydration (the editor adopted it) is newer than any saved draft: it is
 * kept, and saved.
 *
 * A draft is keyed by page path, server, and the Console's `id`, else its
 * position among the page's Consoles (`section.mcp-console`): the keys drafts
 * were saved under stay the keys they are read from.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import type { EditorHandle } from '../pure/editor-handle.ts';
import { draftKey, loadDraft, saveDraft } from './draft-store.ts';

/** What {@link useDraft} returns. */
export interface KeptDraft {
  /** False once storage refused the draft (off, full, or the text too large): said next to the editor. */
  kept: boolean;
  /** "Your unsent message was restored", once it was. */
  note: string;
  /** Saves what the editor holds now (forgotten when it is `initialDoc` again). */
  save(text: string): void;
}

/** The draft of the Console rendered in `section`, whose editor started with `initialDoc`. */
export function useDraft(section: { readonly current: HTMLElement | null }, editor: { readonly current: EditorHandle | undefined }, server: string, id: string | undefined, initialDoc: string): KeptDraft {
  const draft = useRef<string | undefined>();
  const [note, setNote] = useState('');
  const [kept, setKept] = useState(true);
  useEffect(() => {
    const el = section.current;
    const index = el ? [...document.querySelectorAll('section.mcp-console')].indexOf(el) : 0;
    draft.current = draftKey(location.pathname, server, id ?? String(index));
    const now = editor.current?.getText();
    if (now !== undefined && now !== initialDoc) {
      setKept(saveDraft(draft.current, now, initialDoc));
      return;
    }
    const saved = loadDraft(draft.current);
    if (saved !== undefined && saved !== initialDoc && editor.current) {
      editor.current.setText(saved);
      setNote(t('console.draftRestored'));
    }
  }, []);
  return {
    kept,
    note,
    save: (text) => {
      if (draft.current) setKept(saveDraft(draft.current, text, initialDoc));
    },
  };
}
