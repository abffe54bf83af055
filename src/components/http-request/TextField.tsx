import type { JSX } from 'preact';

/** A labelled text input (or textarea, with `rows`) of the widget; `control` names it for tests (`data-control`). */
export function TextField(p: {
  id: string;
  label: string;
  control: string;
  value: string;
  onValue: (value: string) => void;
  class?: string;
  rows?: number;
  list?: string;
  describedBy?: string;
  inputRef?: { current: HTMLInputElement | null };
}): JSX.Element {
  const common = { id: p.id, 'data-control': p.control, value: p.value, spellcheck: false, 'aria-describedby': p.describedBy };
  return (
    <span class={`mcp-http-field ${p.class ?? ''}`}>
      <label for={p.id}>{p.label}</label>
      {p.rows ? (
        <textarea {...common} class="mcp-editor-fallback mcp-http-text" rows={p.rows} onInput={(e) => p.onValue((e.currentTarget as HTMLTextAreaElement).value)} />
      ) : (
        <input {...common} ref={p.inputRef} list={p.list} autocomplete="off" onInput={(e) => p.onValue((e.currentTarget as HTMLInputElement).value)} />
      )}
    </span>
  );
}
