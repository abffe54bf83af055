/**
 * The browser's own message (its engine's English words, e.g. a `JSON.parse`
 * error) behind a disclosure, after the widget has said the same thing in the
 * reader's language: the detail stays at hand, marked `lang="en"`, and never
 * stands in the reader's sentence.
 *
 * ```tsx
 * <p>{t('console.notJson', { why: jsonProblemText(problem) })}</p>
 * <BrowserWords text={error.message} />
 * ```
 */
import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';

/** Props of {@link BrowserWords}: `text`, the browser's message as it gave it. */
export function BrowserWords({ text }: { text: string }): JSX.Element {
  return (
    <details class="mcp-browser-words" data-browser-words="">
      <summary>{t('common.browserSaid')}</summary>
      <code lang="en">{text}</code>
    </details>
  );
}
