/**
 * CodeMirror 6 set up the way every widget editor here needs it: a small
 * extension set (history, bracket matching, syntax colours from Starlight's
 * CSS variables so light and dark themes both work), an accessible label,
 * and Tab left to the browser so keyboard users can move on.
 */
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, drawSelection, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, HighlightStyle, syntaxHighlighting, indentOnInput } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/** Syntax colours from Starlight's palette (the `-high` shades read on both themes' backgrounds). */
export const courseHighlight = HighlightStyle.define([
  { tag: [t.string, t.special(t.string)], color: 'var(--sl-color-green-high)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--sl-color-orange-high)' },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--sl-color-blue-high)' },
  { tag: [t.keyword, t.moduleKeyword, t.controlKeyword, t.operatorKeyword], color: 'var(--sl-color-purple-high)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--sl-color-gray-3)', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--sl-color-blue-high)' },
  { tag: t.invalid, color: 'var(--sl-color-red-high)' },
]);

/** The editor's look: Starlight's colours and mono font. */
export const courseTheme = EditorView.theme({
  '&': { color: 'var(--sl-color-text)', backgroundColor: 'var(--sl-color-bg)', fontSize: 'var(--sl-text-sm)' },
  '.cm-content': { fontFamily: 'var(--sl-font-mono)', caretColor: 'var(--sl-color-text)' },
  '.cm-scroller': { fontFamily: 'var(--sl-font-mono)', lineHeight: '1.5' },
  '&.cm-focused': { outline: '2px solid var(--sl-color-accent)', outlineOffset: '1px' },
  '.cm-gutters': { backgroundColor: 'var(--sl-color-bg-nav)', color: 'var(--sl-color-gray-3)', borderRight: '1px solid var(--sl-color-hairline)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--sl-color-accent-low) 35%, transparent)' },
  '.cm-cursor': { borderLeftColor: 'var(--sl-color-text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--sl-color-accent-low)' },
  '.cm-matchingBracket': { outline: '1px solid var(--sl-color-gray-3)', backgroundColor: 'transparent' },
});

/** Options for {@link createEditor}. */
export interface EditorOptions {
  parent: HTMLElement;
  doc: string;
  /** The language extension, e.g. `json()` or `javascript()`. */
  language: Extension;
  /** Accessible name of the editing area (it has `role="textbox"`). */
  label: string;
  /** Id of an element that describes the editor (shortcuts), for `aria-describedby`. */
  describedBy?: string;
  /** Extra keymaps and extensions, ahead of the defaults. */
  extensions?: Extension[];
  /** Show line numbers (for source code). */
  lineNumbers?: boolean;
  /** Called with the new text after every change. */
  onChange?: (text: string) => void;
}

/** Creates an editor view in `parent`. Destroy it with `view.destroy()`. */
export function createEditor(options: EditorOptions): EditorView {
  const attrs: Record<string, string> = { 'aria-label': options.label };
  if (options.describedBy) attrs['aria-describedby'] = options.describedBy;
  const extensions: Extension[] = [
    ...(options.extensions ?? []),
    options.lineNumbers ? lineNumbers() : [],
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    syntaxHighlighting(courseHighlight),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    options.language,
    courseTheme,
    EditorView.lineWrapping,
    EditorView.contentAttributes.of(attrs),
    options.onChange
      ? EditorView.updateListener.of((u) => {
          if (u.docChanged) options.onChange!(u.state.doc.toString());
        })
      : [],
  ];
  return new EditorView({ parent: options.parent, state: EditorState.create({ doc: options.doc, extensions }) });
}

/** Replaces the whole document of `view` with `text` (as one undoable change) and puts the cursor at the end. */
export function setDoc(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: text.length } });
}
