import { t } from '../../i18n/index.ts';
import { ELICITATION_LINK } from '../pure/spec-links.ts';

/** A `requestedSchema` outside the allowed subset, shown as the server's error: the spec's section and each problem. */
export function SchemaProblems({ problems }: { problems: string[] }) {
  return (
    <div class="mcp-elicit-bad" role="alert">
      <p class="mcp-tone-error">
        {t('elicitation.badSchema')}{' '}
        <a href={ELICITATION_LINK.href} target="_blank" rel="noopener noreferrer">
          {t('common.spec', { section: ELICITATION_LINK.section })}
          <span class="sr-only"> {t('common.newTab')}</span>
        </a>
      </p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
