/**
 * The Console's toolbar: the template menu and "Use template", the "fill in
 * _meta" switch, Send, Restart, Clear and Copy transcript, each button with a
 * `data-action` that is the same in every language.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import type { Template } from './templates.ts';

/** Props of {@link ConsoleToolbar}. */
export interface ConsoleToolbarProps {
  /** The island's id prefix (the menu's `id` is `${uid}-tpl`). */
  uid: string;
  /** False until the island hydrates: the buttons are disabled until then. */
  ready: boolean;
  options: Template[];
  template: number;
  onChoose(index: number): void;
  onUseTemplate(): void;
  fillMeta: boolean;
  onFillMeta(on: boolean): void;
  onSend(): void;
  onRestart(): void;
  onClear(): void;
  /** The transcript's text for the clipboard (may throw: said as a failed copy). */
  copyText(): string;
}

/** The toolbar row under the editor. */
export function ConsoleToolbar(props: ConsoleToolbarProps): JSX.Element {
  const { uid, ready } = props;
  const [copied, setCopied] = useState('');
  return (
    <div class="mcp-toolbar">
      <span class="mcp-template">
        <label for={`${uid}-tpl`}>{t('console.template')}</label>
        <select id={`${uid}-tpl`} data-typed="template" value={String(props.template)} onChange={(e) => props.onChoose(Number((e.currentTarget as HTMLSelectElement).value))}>
          {props.options.map((tpl, i) => (
            <option key={i} value={String(i)}>
              {tpl.label}
            </option>
          ))}
        </select>
        <button type="button" class="mcp-btn" data-action="use-template" disabled={!ready} onClick={props.onUseTemplate}>
          {t('console.useTemplate')}
        </button>
      </span>
      <label class="mcp-switch">
        <input type="checkbox" role="switch" data-action="fill-meta" data-typed="fill-meta" checked={props.fillMeta} onChange={(e) => props.onFillMeta((e.currentTarget as HTMLInputElement).checked)} />
        <span>{t('console.fillMeta')}</span>
      </label>
      <button type="button" class="mcp-btn mcp-btn-primary" data-action="send" disabled={!ready} onClick={props.onSend}>
        {t('console.send')}
      </button>
      <button type="button" class="mcp-btn" data-action="restart" disabled={!ready} onClick={props.onRestart}>
        {t('console.restart')}
      </button>
      <button type="button" class="mcp-btn" data-action="clear" disabled={!ready} onClick={props.onClear}>
        {t('console.clear')}
      </button>
      <button
        type="button"
        class="mcp-btn"
        data-action="copy-transcript"
        disabled={!ready}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(props.copyText());
            setCopied(t('console.transcriptCopied'));
          } catch {
            setCopied(t('common.copyFailed'));
          }
        }}
      >
        {t('console.copyTranscript')}
      </button>
      <span class="mcp-sr-status" role="status" data-transcript-status>
        {copied}
      </span>
    </div>
  );
}
