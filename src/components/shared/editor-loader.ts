/**
 * The heavy half of the widget editors, loaded on first interaction (see
 * LazyCodeEditor.tsx): mounts CodeMirror with the course's setup, the
 * language, and the widget's key bindings, and hands back a small handle.
 */
import { Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { createEditor, setDoc } from './codemirror-setup.ts';
import type { EditorHandle, EditorKey, EditorMountOptions } from './editor-handle.ts';

/** Mounts CodeMirror in `options.parent`; the handle reads and writes its text. */
export async function mountEditor(options: EditorMountOptions): Promise<EditorHandle> {
  const language =
    options.language === 'json' ? (await import('@codemirror/lang-json')).json() : (await import('@codemirror/lang-javascript')).javascript();
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
    extensions: [Prec.high(keymap.of(keys))],
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
