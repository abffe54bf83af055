/**
 * A button that asks before doing something that loses work: pressing it
 * shows an inline question ("Reset to the original? Your edits will be
 * lost.") with Confirm and Keep buttons, and moves focus to Keep (the safe
 * choice). Escape cancels. No `window.confirm`.
 *
 * Props: `label` (the button), `question` (the sentence asked), `confirmLabel`,
 * `onConfirm`, `disabled`, `action` (the trigger's `data-action`, a
 * language-independent name tests use; the confirm and keep buttons carry
 * `data-action="confirm"` and `"keep"`).
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';

/** Inline, accessible confirmation. */
export function ConfirmButton(props: { label: string; question: string; confirmLabel: string; onConfirm: () => void; disabled?: boolean; action?: string }): JSX.Element {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const cancel = () => {
    setAsking(false);
    queueMicrotask(() => trigger.current?.focus());
  };
  if (!asking) {
    return (
      <button ref={trigger} type="button" class="mcp-btn" data-action={props.action} disabled={props.disabled} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <span
      class="mcp-confirm"
      role="group"
      aria-label={props.question}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
        }
      }}
    >
      <span class="mcp-confirm-q">{props.question}</span>
      <button
        type="button"
        class="mcp-btn mcp-btn-danger"
        data-action="confirm"
        onClick={() => {
          setAsking(false);
          props.onConfirm();
          queueMicrotask(() => trigger.current?.focus());
        }}
      >
        {props.confirmLabel}
      </button>
      <button ref={keep} type="button" class="mcp-btn" data-action="keep" onClick={cancel}>
        {t('common.keepEdits')}
      </button>
    </span>
  );
}
