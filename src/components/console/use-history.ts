/**
 * The Console's editor keys: Ctrl/⌘+Enter sends; ArrowUp on the first line
 * and ArrowDown on the last walk through what was sent, as a shell does, with
 * the text being typed kept at the end of the list.
 */
import { useMemo, useRef } from 'preact/hooks';
import type { EditorHandle, EditorKey } from '../pure/editor-handle.ts';

/** What {@link useHistory} returns. */
export interface SendHistory {
  /** The keys to give the editor. */
  keys: EditorKey[];
  /** Records a text just sent (once when sent twice in a row), and goes back to the end of the list. */
  record(text: string): void;
}

/** The sent texts of one Console, walked in `editor`; `send` is what Ctrl/⌘+Enter runs. */
export function useHistory(editor: { readonly current: EditorHandle | undefined }, send: () => void): SendHistory {
  const history = useRef<{ list: string[]; index: number; draft: string }>({ list: [], index: 0, draft: '' });
  const keys = useMemo<EditorKey[]>(
    () => [
      { key: 'Mod-Enter', run: () => (send(), true) },
      {
        key: 'ArrowUp',
        run: ({ line }) => {
          const h = history.current;
          const v = editor.current!;
          if (line !== 1 || h.index === 0 || !h.list.length) return false;
          if (h.index === h.list.length) h.draft = v.getText();
          h.index--;
          v.setText(h.list[h.index]!);
          v.setCursor(0);
          return true;
        },
      },
      {
        key: 'ArrowDown',
        run: ({ line, lines }) => {
          const h = history.current;
          if (line !== lines || h.index >= h.list.length) return false;
          h.index++;
          editor.current!.setText(h.index === h.list.length ? h.draft : h.list[h.index]!);
          return true;
        },
      },
    ],
    [],
  );
  return {
    keys,
    record: (text) => {
      const h = history.current;
      if (h.list[h.list.length - 1] !== text) h.list.push(text);
      h.index = h.list.length;
      h.draft = '';
    },
  };
}
