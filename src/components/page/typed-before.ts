/**
 * What the reader typed, chose or ticked before an island hydrated.
 *
 * An island's form controls are in the server-rendered HTML long before its
 * JavaScript arrives (seconds, on a slow link), and a reader uses them. When
 * the island hydrates, its state starts from its own defaults, and its next
 * render would put those back into the controls: the typed text, the chosen
 * option, the unticked box would be lost. An island that renders controls
 * calls {@link useTypedBefore} instead: it spreads the returned attributes on
 * its root element, marks each control with `data-typed="<key>"` (a key of
 * its own, the same on the server and in the page), and sets its state from
 * what was read in the `adopt` callback.
 *
 * The values are read once, in the island's first render in the page, before
 * hydration has touched any control (a component renders before its elements
 * are matched). `adopt` runs in a layout effect right after hydration, before
 * the page is painted again: hydration itself keeps the server's tree (Preact
 * does not patch attributes while hydrating, so a state that changed the
 * tree then would leave stale attributes behind), and the render `adopt`
 * causes patches what differs. Hydration writes a controlled `<textarea>`'s
 * value; the hook puts the reader's text and selection back first, so the
 * caret stays where it was.
 *
 * The root is found by `useId`, which Astro's Preact renderer makes the same
 * on the server and in the page; a component first rendered in the page (a
 * form opened later) finds no server HTML, reads nothing and adopts nothing.
 * Only controls whose state differs from the server's (the reader's doing,
 * or the browser's form restoration) are reported.
 */
import { useId, useLayoutEffect, useMemo } from 'preact/hooks';

/** The attribute on an island's root element that {@link useTypedBefore} looks for. */
export const TYPED_ROOT = 'data-typed-root';
/** The attribute naming a control inside that root: its key. */
export const TYPED_KEY = 'data-typed';

/** A text control as the reader left it: its text, the selection (offsets in UTF-16 code units), and whether it has the focus. */
export interface TypedText {
  value: string;
  selectionStart: number;
  selectionEnd: number;
  selectionDirection: 'forward' | 'backward' | 'none';
  focused: boolean;
}

/** What {@link useTypedBefore} read from the server-rendered controls of one component. */
export interface TypedBefore {
  /** The text of the textarea or text-like input `key`, when the reader changed it. */
  text(key: string): TypedText | undefined;
  /** The value of the text control, the `<select>` or the radio group `key` (radios share the key), when the reader changed it; `''` for a group left with none checked. */
  value(key: string): string | undefined;
  /** Whether the checkbox `key` is ticked, when the reader changed it. */
  checked(key: string): boolean | undefined;
  /** {@link TypedBefore.value} when it is one of `allowed`, else undefined. */
  choice<T extends string>(key: string, allowed: readonly T[]): T | undefined;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Read = { text?: TypedText; value?: string; checked?: boolean; control?: HTMLTextAreaElement | HTMLInputElement };

const TEXT_LESS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'hidden']);

/** The option a `<select>` shows before anyone touches it: the last one marked `selected`, else the first. */
function defaultIndex(select: HTMLSelectElement): number {
  let index = select.options.length ? 0 : -1;
  for (let i = 0; i < select.options.length; i++) if (select.options[i]!.defaultSelected) index = i;
  return index;
}

/**
 * Reads the controls under the element whose {@link TYPED_ROOT} is `rootId`
 * (its own controls only: those of a nested component with a root of its own
 * are that component's). Returns an empty map outside a browser or when no
 * such element is in the page. Never throws.
 */
function readTypedBefore(rootId: string): Map<string, Read> {
  const out = new Map<string, Read>();
  if (typeof document === 'undefined') return out;
  const root = [...document.querySelectorAll(`[${TYPED_ROOT}]`)].find((el) => el.getAttribute(TYPED_ROOT) === rootId);
  if (!root) return out;
  const radios = new Map<string, HTMLInputElement[]>();
  for (const el of root.querySelectorAll<Control>(`[${TYPED_KEY}]`)) {
    if (el.closest(`[${TYPED_ROOT}]`) !== root) continue;
    const key = el.getAttribute(TYPED_KEY)!;
    if (el instanceof HTMLSelectElement) {
      if (!el.multiple && el.selectedIndex !== defaultIndex(el)) out.set(key, { value: el.value });
    } else if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked !== el.defaultChecked) out.set(key, { checked: el.checked });
    } else if (el instanceof HTMLInputElement && el.type === 'radio') {
      radios.set(key, [...(radios.get(key) ?? []), el]);
    } else if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !TEXT_LESS.has(el.type))) {
      if (el.value === el.defaultValue) continue;
      // Number, date and range inputs have no selection: reading it throws, so they report the end.
      let selection: Pick<TypedText, 'selectionStart' | 'selectionEnd' | 'selectionDirection'>;
      try {
        selection = { selectionStart: el.selectionStart ?? el.value.length, selectionEnd: el.selectionEnd ?? el.value.length, selectionDirection: el.selectionDirection ?? 'none' };
      } catch {
        selection = { selectionStart: el.value.length, selectionEnd: el.value.length, selectionDirection: 'none' };
      }
      out.set(key, { value: el.value, text: { value: el.value, ...selection, focused: document.activeElement === el }, control: el });
    }
  }
  for (const [key, group] of radios) {
    if (group.some((r) => r.checked !== r.defaultChecked)) out.set(key, { value: group.find((r) => r.checked)?.value ?? '' });
  }
  return out;
}

/** Puts a text control's text and selection back as the reader left them, if something (hydration) changed them. */
function restoreText(read: Read): void {
  const el = read.control;
  const text = read.text;
  if (!el || !text || !el.isConnected || el.value === text.value) return;
  el.value = text.value;
  try {
    el.setSelectionRange(text.selectionStart, text.selectionEnd, text.selectionDirection);
  } catch {
    // A control without a selection (number, date): the value is enough.
  }
}

/**
 * The hook: call it once in the component's render. `kind` names the
 * component (`console`, `editor`, ...) so that a root can never be mistaken
 * for another component's; `adopt` gets what the reader changed, once, right
 * after hydration, and only when they changed something. Returns the
 * attributes to spread on the component's root element (on the server and
 * in the page alike). See the module comment for the markup it expects.
 */
export function useTypedBefore(kind: string, adopt: (typed: TypedBefore) => void): { [TYPED_ROOT]: string } {
  const id = `${kind}-${useId()}`;
  const read = useMemo(() => readTypedBefore(id), []);
  useLayoutEffect(() => {
    if (!read.size) return;
    for (const r of read.values()) restoreText(r);
    adopt({
      text: (key) => read.get(key)?.text,
      value: (key) => read.get(key)?.value,
      checked: (key) => read.get(key)?.checked,
      choice: <T extends string>(key: string, allowed: readonly T[]) => allowed.find((a) => a === read.get(key)?.value),
    });
  }, []);
  return useMemo(() => ({ [TYPED_ROOT]: id }), []);
}
