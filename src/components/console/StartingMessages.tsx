/** The starting messages a lesson gives a Console, one button each above the editor; a click puts the message in the editor. */
import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';

/** Props of {@link StartingMessages}. */
export interface StartingMessagesProps {
  templates: ReadonlyArray<{ label: string; message: string }>;
  /** False until the island hydrates: the buttons are disabled until then. */
  ready: boolean;
  /** Puts `message` in the editor and focuses it. */
  onPick(message: string): void;
}

/** The row of starting-message buttons (`data-action="start"`). */
export function StartingMessages({ templates, ready, onPick }: StartingMessagesProps): JSX.Element {
  return (
    <div class="mcp-starts" role="group" aria-label={t('console.starting')}>
      <span>{t('console.starting')}</span>
      {templates.map((tpl) => (
        <button key={tpl.label} type="button" class="mcp-btn mcp-btn-small" data-action="start" disabled={!ready} onClick={() => onPick(tpl.message)}>
          {tpl.label}
        </button>
      ))}
    </div>
  );
}
