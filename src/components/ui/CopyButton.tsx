/**
 * A button that copies a value exactly (for example a `requestState` or a
 * handle, which a double-click would select only in part) and says so in a
 * polite status.
 *
 * Props: `label` (the button's text), `value` (what is copied).
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';

/** A button that copies `value` to the clipboard and says so. */
export function CopyButton({ label, value }: { label: string; value: string }): JSX.Element {
  const [said, setSaid] = useState('');
  return (
    <span class="mcp-copy">
      <button
        type="button"
        class="mcp-btn mcp-btn-small"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setSaid(t('common.copied'));
          } catch {
            setSaid(t('common.copyFailed'));
          }
        }}
      >
        {label}
      </button>
      <span class="mcp-copy-status" role="status">
        {said}
      </span>
    </span>
  );
}

