/**
 * The small contract between a widget and its editor, whether the editor is
 * still the plain textarea shown before the first interaction or CodeMirror
 * after it (see LazyCodeEditor.tsx). No CodeMirror types here, so widgets do
 * not pull CodeMirror into the initial JavaScript.
 */

/** What a widget can do with its editor. Offsets are in UTF-16 code units. */
export interface EditorHandle {
  getText(): string;
  /** Replaces the whole text (one undoable change) and puts the cursor at the end. */
  setText(text: string): void;
  focus(): void;
  /** Moves the cursor to `offset`, scrolls it into view, and focuses the editor. */
  setCursor(offset: number): void;
  destroy(): void;
}

/** A key binding: `key` in CodeMirror's notation (`Mod-Enter`, `ArrowUp`); `run` gets the cursor's line (1-based) and the line count and returns true when it handled the key. */
export interface EditorKey {
  key: string;
  run(cursor: { line: number; lines: number }): boolean;
}

/** Options of the editor loader. */
export interface EditorMountOptions {
  parent: HTMLElement;
  doc: string;
  language: 'json' | 'javascript';
  label: string;
  describedBy?: string;
  lineNumbers?: boolean;
  keys?: EditorKey[];
  onChange?: (text: string) => void;
  /** True: the reader can read, select and copy the text but not change it (the editor stays focusable). */
  readOnly?: boolean;
  selection?: { anchor: number; head: number };
}
