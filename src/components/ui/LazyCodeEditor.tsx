/**
 * An editor that costs nothing until the reader reaches for it: a plain
 * `<textarea>` (same text, same label) is rendered first, and CodeMirror is
 * loaded and swapped in on the first pointer, focus or key in it, keeping
 * the text, the selection and the focus. The widget's key bindings (`keys`)
 * work in both, so a keyboard reader can use the editor at once, however
 * long CodeMirror takes to arrive: nothing typed is lost and no binding
 * waits for the network.
 *
 * Props: `doc` (initial text), `language` (`json` | `javascript`), `label`
 * (accessible name), `describedBy` (id of help text), `lineNumbers`, `keys`
 * (key bindings, see editor-handle.ts), `onChange` (new text after each
 * change), `handle` (a ref filled with the {@link EditorHandle}), `class`.
 */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { EditorHandle, EditorMountOptions } from '../pure/editor-handle.ts';

/** Props of {@link LazyCodeEditor}: the editor's mount options (without where and the selection), plus a handle ref and a class. */
export interface LazyCodeEditorProps extends Omit<EditorMountOptions, 'parent' | 'selection'> {
  handle: { current?: EditorHandle | undefined };
  class?: string;
}

/**
 * True when the keyboard event is the binding `key`, in CodeMirror's
 * notation (`Mod-Enter`, `ArrowUp`, `Shift-Alt-x`; `Mod` is Cmd on a Mac,
 * Ctrl elsewhere). Modifiers must match exactly.
 */
export function matchesKey(key: string, e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  const parts = key.split('-');
  const name = parts.pop()!;
  const mods = new Set(parts);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const ctrl = mods.has('Ctrl') || (mods.has('Mod') && !mac);
  const meta = mods.has('Meta') || mods.has('Cmd') || (mods.has('Mod') && mac);
  return e.key.toLowerCase() === name.toLowerCase() && e.ctrlKey === ctrl && e.metaKey === meta && e.altKey === mods.has('Alt') && e.shiftKey === mods.has('Shift');
}

/** The textarea-then-CodeMirror editor. */
export function LazyCodeEditor(props: LazyCodeEditorProps): JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const loading = useRef<Promise<void>>();
  const cm = useRef<EditorHandle>();

  const upgrade = (): Promise<void> => {
    loading.current ??= import('../page/editor-loader.ts')
      .then(({ loadEditor }) => loadEditor(props.language))
      .then((mount) => {
        const ta = area.current;
        if (!ta || !host.current) return;
        // Read the text, the selection and the focus now, in the same task as the swap:
        // whatever the reader typed or wherever they moved while the chunks loaded is kept.
        const hadFocus = document.activeElement === ta;
        const handle = mount({
          parent: host.current,
          doc: ta.value,
          language: props.language,
          label: props.label,
          ...(props.describedBy ? { describedBy: props.describedBy } : {}),
          lineNumbers: props.lineNumbers ?? false,
          keys: props.keys ?? [],
          ...(props.onChange ? { onChange: props.onChange } : {}),
          selection: { anchor: ta.selectionStart, head: ta.selectionEnd },
        });
        ta.hidden = true;
        cm.current = handle;
        if (hadFocus) handle.focus();
      });
    return loading.current;
  };

  useEffect(() => {
    // Hydration keeps the server-rendered text; the island may start from another (e.g. an edit restored from storage).
    if (area.current && area.current.value !== props.doc) area.current.value = props.doc;
    const textarea = (): HTMLTextAreaElement | null => area.current;
    props.handle.current = {
      getText: () => cm.current?.getText() ?? textarea()?.value ?? '',
      setText: (text) => {
        if (cm.current) return cm.current.setText(text);
        const ta = textarea();
        if (ta) {
          ta.value = text;
          props.onChange?.(text);
        }
      },
      focus: () => (cm.current ? cm.current.focus() : textarea()?.focus()),
      setCursor: (offset) => {
        if (cm.current) return cm.current.setCursor(offset);
        const ta = textarea();
        if (ta) {
          ta.focus();
          ta.setSelectionRange(offset, offset);
        }
      },
      destroy: () => cm.current?.destroy(),
    };
    return () => cm.current?.destroy();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    const ta = e.currentTarget as HTMLTextAreaElement;
    const binding = props.keys?.find((b) => matchesKey(b.key, e));
    if (binding) {
      const before = ta.value.slice(0, ta.selectionStart);
      const line = before.split('\n').length;
      const lines = ta.value.split('\n').length;
      if (binding.run({ line, lines })) e.preventDefault();
    }
    void upgrade();
  };

  return (
    <div class={`mcp-editor ${props.class ?? ''}`} ref={host} onPointerEnter={() => void upgrade()}>
      <textarea
        ref={area}
        class="mcp-editor-fallback"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        spellcheck={false}
        autoComplete="off"
        rows={Math.min(14, Math.max(4, props.doc.split('\n').length))}
        defaultValue={props.doc}
        onFocus={() => void upgrade()}
        onPointerDown={() => void upgrade()}
        onKeyDown={onKeyDown}
        onInput={(e) => props.onChange?.((e.currentTarget as HTMLTextAreaElement).value)}
      />
    </div>
  );
}
