/**
 * One line exactly as it went over the wire, as text, clipped for display
 * when very long (the full text stays available to copy).
 *
 * Props: `text` (the raw line), `max` (characters shown before clipping; default 1500).
 */
import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import { clip } from '../pure/json-tree.ts';

/** The raw line in a `<code>`; long lines are cut with a note saying how much is hidden. */
export function RawLine({ text, max = 1500 }: { text: string; max?: number }): JSX.Element {
  const c = clip(text, max);
  return (
    <code class="mcp-raw">
      {c.text}
      {c.cut ? <span class="mcp-json-cut"> {t('common.json.cut', { n: c.cut })}</span> : null}
    </code>
  );
}
