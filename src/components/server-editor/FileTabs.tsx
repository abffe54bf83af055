/**
 * The ServerEditor's file tabs: one tab per file the server runs (its entry
 * and the siblings it imports), as the WAI-ARIA tabs pattern has them
 * (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): a labelled `tablist`,
 * `tab`s that control the one `tabpanel` the editor sits in, only the
 * selected tab in the Tab order, arrow keys (and Home, End) moving and
 * selecting. Each tab says whether its file is edited (`data-changed`, and
 * words for a screen reader) and whether it is read-only (`data-readonly`).
 *
 * Props: `id` (a prefix for the tabs' ids: tab i is `<id>-tab-<i>`), `label`
 * (the tablist's accessible name), `panel` (the tabpanel's id), `files`
 * (`{ name, changed, readOnly }` per tab), `active` (the selected tab),
 * `onSelect(index)`, `disabled` (true until the island hydrates: a tab pressed
 * before then could not switch the file). Words come from src/i18n (area `editor`).
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { tabAfterKey } from './tabs.ts';

/** Props of {@link FileTabs}. */
export interface FileTabsProps {
  id: string;
  label: string;
  panel: string;
  files: ReadonlyArray<{ name: string; changed: boolean; readOnly: boolean }>;
  active: number;
  onSelect: (index: number) => void;
  disabled?: boolean;
}

/** The tab strip (its panel is the caller's: an element with id `panel`, role `tabpanel`, labelled by the active tab). */
export function FileTabs(props: FileTabsProps): JSX.Element {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const next = tabAfterKey(e.key, index, props.files.length);
    if (next === undefined) return;
    e.preventDefault();
    props.onSelect(next);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div class="mcp-file-tabs" role="tablist" aria-label={props.label} ref={list}>
      {props.files.map((f, i) => (
        <button
          type="button"
          role="tab"
          id={`${props.id}-tab-${i}`}
          class="mcp-file-tab"
          aria-selected={i === props.active ? 'true' : 'false'}
          aria-controls={props.panel}
          tabIndex={i === props.active ? 0 : -1}
          data-file={f.name}
          disabled={props.disabled}
          data-changed={f.changed ? 'yes' : 'no'}
          data-readonly={f.readOnly ? 'yes' : undefined}
          onClick={() => props.onSelect(i)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {f.name}
          {f.readOnly ? <span class="mcp-file-tab-note">{t('editor.readOnly')}</span> : null}
          {f.changed ? (
            <span class="mcp-file-tab-changed">
              <span aria-hidden="true">●</span>
              <span class="sr-only">{t('editor.tabChanged')}</span>
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
