/**
 * The verdict and why, above the stages: pass, fail (with how many checks
 * failed, the stage whose failure kept the rest from running, the warnings),
 * incomplete (each check the tool policy kept from running, with its reason)
 * or stopped; for a legacy server (or one of unknown era), what that meant
 * for the run.
 */
import type { JSX } from 'preact';
import { t, type Lang } from '../../i18n/index.ts';
import { eraWords, reasonWords } from './check-words.ts';
import type { Outcome } from './run-outcome.ts';

/** The verdict block of a finished run. */
export function VerdictBlock({ outcome, lang }: { outcome: Outcome; lang: Lang }): JSX.Element {
  const { verdict, era } = outcome;
  const head =
    verdict === 'pass' ? t('checker.verdict.pass') : verdict === 'fail' ? t('checker.verdict.fail', { n: outcome.failed }) : verdict === 'incomplete' ? t('checker.verdict.incomplete') : t('checker.verdict.stopped');
  return (
    <div class={`mcp-checker-verdict mcp-checker-verdict-${verdict}`} data-verdict={verdict}>
      <p class="mcp-checker-verdict-line">
        <strong>{head}</strong>
        {verdict !== 'stopped' && outcome.stageFailed !== undefined ? ` ${t('checker.verdict.stage-failed', { n: outcome.stageFailed })}` : ''}
        {verdict !== 'stopped' && outcome.warned > 0 ? ` ${t('checker.verdict.warnings', { n: outcome.warned })}` : ''}
      </p>
      {verdict === 'incomplete' ? (
        <ul class="mcp-checker-incomplete">
          {outcome.incomplete.map((i) => (
            <li key={i.id} data-check={i.id}>
              <code>{i.id}</code>: {reasonWords(i.reason, lang)}
            </li>
          ))}
        </ul>
      ) : null}
      {era.era === 'legacy' ? (
        <p class="mcp-note mcp-checker-era" data-era="legacy">
          {t('checker.era.legacy', { version: era.legacyVersion ?? '?', detail: eraWords(era.detail, lang) })}
        </p>
      ) : era.era === 'unknown' ? (
        <p class="mcp-note mcp-checker-era" data-era="unknown">
          {/* What the probe got instead is what stage 1 shows, in the page's language (the era's own detail is the command line's). */}
          {t('checker.era.unknown', {})}
        </p>
      ) : null}
    </div>
  );
}
