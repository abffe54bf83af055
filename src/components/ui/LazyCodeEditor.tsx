/**
 * An editor that costs nothing until the reader reaches for it: a plain
 * `<textarea>` (same text, same label) is rendered first, and CodeMirror is
 * loaded and swapped in on the first pointer, focus or key in it, keeping
 * the text, the selection and the focus. The widget's key bindings (`keys`)
 * work in both, so a keyboard reader can use the editor at once, however
 * long CodeMirror takes to arrive: nothing typed is lost and no binding
 * waits for the network.
 *
 * Text typed into the textarea before the island hydrated is adopted (see
 * page/typed-before.ts): it becomes the editor's text, and `onChange` gets it
 * once, so the widget keeps it as if it had been typed after. A swap that
 * would land in the middle of an IME composition (Japanese, Chinese, Korean,
 * and every word on many Android keyboards) waits for `compositionend`, so
 * the committed text is what the editor gets, never a half-composed one.
 *
 * Props: `doc` (initial text), `language` (`json` | `javascript`), `label`
 * (accessible name), `describedBy` (id of help text), `lineNumbers`, `keys`
 * (key bindings, see editor-handle.ts), `onChange` (new text after each
 * change), `readOnly` (readable, selectable, not changeable), `handle` (a ref filled with the {@link EditorHandle}), `class`,
 * `sizeDoc` (the text whose line count sizes the textarea: 4 to 14 rows; default `doc`).
 */
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { EditorHandle, EditorMountOptions } from '../pure/editor-handle.ts';
import { useTypedBefore } from '../page/typed-before.ts';

/** Props of {@link LazyCodeEditor}: the editor's mount options (without where and the selection), plus a handle ref and a class. */
export interface LazyCodeEditorProps extends Omit<EditorMountOptions, 'parent' | 'selection'> {
  handle: { current?: EditorHandle | undefined };
  class?: string;
  /**
   * The text whose line count sizes the textarea (4 to 14 rows); default `doc`. A widget whose `doc` in the
   * browser may differ from the server-rendered one (an edit kept in storage) passes the server's text here,
   * so hydration changes no height and nothing below the editor moves under the reader's pointer.
   */
  sizeDoc?: string;
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
  /** What the reader typed into the textarea before hydration, if anything: it stays, and the widget hears of it as a change. */
  const typedText = useRef<string>();
  const typedRoot = useTypedBefore('editor', (typed) => {
    typedText.current = typed.text('text')?.value;
    if (typedText.current !== undefined) props.onChange?.(typedText.current);
  });
  /** True from a composition's start (or a key pressed while composing) to its end. */
  const composing = useRef(false);
  /**
   * Where the editor is, on the host's `data-editor`: `text` (the textarea), `loading` (CodeMirror on its
   * way), `composing` (CodeMirror is here and waits for the reader's composition to end), `code` (CodeMirror).
   */
  const [phase, setPhase] = useState<'text' | 'loading' | 'composing' | 'code'>('text');

  /**
   * Resolves once no IME composition is in progress in `ta` (at once when none is): after its
   * `compositionend` and the task that delivers it, and again if another composition began meanwhile.
   */
  const afterComposition = async (ta: HTMLTextAreaElement): Promise<void> => {
    while (composing.current) {
      await new Promise<void>((resolve) => ta.addEventListener('compositionend', () => setTimeout(resolve, 0), { once: true }));
    }
  };

  const upgrade = (): Promise<void> => {
    if (!loading.current) setPhase('loading');
    loading.current ??= import('../page/editor-loader.ts')
      .then(({ loadEditor }) => loadEditor(props.language))
      .then(async (mount) => {
        if (area.current && composing.current) {
          setPhase('composing');
          await afterComposition(area.current);
        }
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
          ...(props.readOnly ? { readOnly: true } : {}),
          ...(props.onChange ? { onChange: props.onChange } : {}),
          selection:
            ta.selectionDirection === 'backward' ? { anchor: ta.selectionEnd, head: ta.selectionStart } : { anchor: ta.selectionStart, head: ta.selectionEnd },
        });
        ta.hidden = true;
        cm.current = handle;
        setPhase('code');
        if (hadFocus) handle.focus();
      });
    return loading.current;
  };

  useEffect(() => {
    // Added by hand: Preact would listen for `CompositionStart`, not `compositionstart`.
    const ta = area.current;
    if (!ta) return;
    const start = () => (composing.current = true);
    const end = () => (composing.current = false);
    ta.addEventListener('compositionstart', start);
    ta.addEventListener('compositionend', end);
    return () => {
      ta.removeEventListener('compositionstart', start);
      ta.removeEventListener('compositionend', end);
    };
  }, []);

  // A layout effect: the handle is there before any effect of the widget runs (the widget may re-render,
  // and so run its effects, as soon as the text typed before hydration is adopted).
  useLayoutEffect(() => {
    // Hydration keeps the server-rendered text; the island may start from another (an edit restored from storage),
    // unless the reader typed before hydration (adopted above, in a layout effect, so already known here).
    if (area.current && typedText.current === undefined && area.current.value !== props.doc) area.current.value = props.doc;
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
    // A composition begun before hydration announces itself only here (no compositionstart was heard).
    if (e.isComposing) composing.current = true;
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
    <div class={`mcp-editor ${props.class ?? ''}`} ref={host} onPointerEnter={() => void upgrade()} data-editor={phase} {...typedRoot}>
      <textarea
        ref={area}
        data-typed="text"
        class="mcp-editor-fallback"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        spellcheck={false}
        readOnly={props.readOnly ?? false}
        autoComplete="off"
        rows={Math.min(14, Math.max(4, (props.sizeDoc ?? props.doc).split('\n').length))}
        defaultValue={props.doc}
        onFocus={() => void upgrade()}
        onPointerDown={() => void upgrade()}
        onKeyDown={onKeyDown}
        onInput={(e) => {
          if ((e as InputEvent).isComposing) composing.current = true;
          props.onChange?.((e.currentTarget as HTMLTextAreaElement).value);
        }}
      />
    </div>
  );
}
