/**
 * The one-line meaning of a message with a link to the spec section that
 * defines it (see meaning.ts). Text only.
 *
 * Props: `meaning` (from `describeReply`).
 */
import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import type { Meaning } from '../pure/meaning.ts';

/** `error -32022 UnsupportedProtocolVersion: …` plus "spec" link, coloured by tone. */
export function MeaningText({ meaning }: { meaning: Meaning }): JSX.Element {
  return (
    <span class={`mcp-meaning mcp-tone-${meaning.tone}`}>
      {meaning.text}
      {meaning.link ? (
        <>
          {' '}
          <a class="mcp-spec-link" href={meaning.link.href} target="_blank" rel="noopener noreferrer">
            {t('common.spec', { section: meaning.link.section })}
            <span class="sr-only"> {t('common.newTab')}</span>
          </a>
        </>
      ) : null}
    </span>
  );
}
