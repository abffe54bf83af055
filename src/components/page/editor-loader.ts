/**
 * The heavy half of the widget editors, loaded on first interaction (see
 * LazyCodeEditor.tsx): mounts CodeMirror with the course's setup, the
 * language, and the widget's key bindings, and hands back a small handle.
 */
import { EditorState, Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { createEditor, setDoc } from './codemirror-setup.ts';
import type { EditorHandle, EditorKey, EditorMountOptions } from '../pure/editor-handle.ts';

/**
 * Loads everything CodeMirror needs for `languageName` (the language chunk is
 * fetched here), and resolves to a function that mounts the editor at once,
 * without awaiting anything. A caller reads what the reader typed in the
 * meantime (text, selection, focus) right before calling it, so no
 * keystroke typed while the chunks were on their way is lost.
 */
export async function loadEditor(languageName: EditorMountOptions['language']): Promise<(options: EditorMountOptions) => EditorHandle> {
  const language =
    languageName === 'json' ? (await import('@codemirror/lang-json')).json() : (await import('@codemirror/lang-javascript')).javascript();
  return (options) => mountWith(language, options);
}

/** Mounts CodeMirror in `options.parent`; the handle reads and writes its text. */
export async function mountEditor(options: EditorMountOptions): Promise<EditorHandle> {
  return (await loadEditor(options.language))(options);
}

function mountWith(language: import('@codemirror/state').Extension, options: EditorMountOptions): EditorHandle {
  const keys = (options.keys ?? []).map((k: EditorKey) => ({
    key: k.key,
    run: (v: import('@codemirror/view').EditorView) => {
      const head = v.state.selection.main.head;
      return k.run({ line: v.state.doc.lineAt(head).number, lines: v.state.doc.lines });
    },
  }));
  const view = createEditor({
    parent: options.parent,
    doc: options.doc,
    language,
    label: options.label,
    ...(options.describedBy ? { describedBy: options.describedBy } : {}),
    lineNumbers: options.lineNumbers ?? false,
    extensions: [Prec.high(keymap.of(keys)), ...(options.readOnly ? [EditorState.readOnly.of(true)] : [])],
    ...(options.onChange ? { onChange: options.onChange } : {}),
  });
  const anchor = Math.min(options.selection?.anchor ?? 0, view.state.doc.length);
  const head = Math.min(options.selection?.head ?? anchor, view.state.doc.length);
  view.dispatch({ selection: { anchor, head } });
  return {
    getText: () => view.state.doc.toString(),
    setText: (text: string) => setDoc(view, text),
    focus: () => view.focus(),
    setCursor: (offset: number) => {
      view.dispatch({ selection: { anchor: Math.min(offset, view.state.doc.length) }, scrollIntoView: true });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}
