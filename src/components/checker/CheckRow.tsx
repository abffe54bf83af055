/**
 * One check of a stage: its mark, status and rule with the spec link; for a
 * failure or a warning, its level, expected / received / hint and the spec's
 * own sentence; for a check skipped or not run, why; then its wire lines.
 * The rule, expectation and hint come from the string tables
 * (src/i18n/<lang>/checks.ts); what the server did from the code the checker
 * carries (`why`, said by `failure.<code>`), else `actual` with its prose
 * translated (./check-words.ts); codes, server messages and wire lines are
 * shown as they are.
 */
import type { JSX } from 'preact';
import type { CheckResult } from '../../checker/index.ts';
import { t, type Lang, type StringKey } from '../../i18n/index.ts';
import { failureText } from '../pure/failure-text.ts';
import { actualWords, checkWords, reasonWords } from './check-words.ts';
import { mark } from './marks.ts';

/** One check, as a list item of its stage. */
export function CheckRow({ check, lang }: { check: CheckResult; lang: Lang }): JSX.Element {
  const words = checkWords(check.id, lang);
  return (
    <li class={`mcp-checker-check mcp-checker-${check.status}`} data-check={check.id} data-status={check.status}>
      <div class="mcp-checker-rule">
        <span class="mcp-checker-mark" aria-hidden="true">{mark(check.status)}</span> <span class="mcp-checker-word">{t(`checker.status.${check.status}` as StringKey)}</span>: {words.rule}{' '}
        <a class="mcp-spec-link" href={check.specUrl} target="_blank" rel="noopener">
          {t('checker.spec')}
        </a>
      </div>
      {check.status === 'fail' || check.status === 'warn' ? (
        <dl class="mcp-checker-detail">
          <dt>{t('checker.level')}</dt>
          <dd>{t(check.level === 'should' ? 'checker.level.should' : 'checker.level.must')}</dd>
          <dt>{t('checker.expected')}</dt>
          <dd>{words.expected}</dd>
          <dt>{t('checker.received')}</dt>
          <dd>{check.why ? failureText(check.why, lang) : actualWords(check.actual ?? '', lang)}</dd>
          <dt>{t('checker.hint')}</dt>
          <dd>{words.hint}</dd>
          <dt>{t('checker.quote')}</dt>
          <dd>
            {/* The spec's own words, verbatim: the spec is written in English. */}
            <blockquote class="mcp-checker-quote" cite={check.specUrl} lang="en">
              {check.quote}
            </blockquote>
          </dd>
        </dl>
      ) : null}
      {(check.status === 'skipped' || check.status === 'not-run') && check.reason ? (
        <p class="mcp-note">
          {t(check.status === 'not-run' ? 'checker.not-run-reason' : 'checker.reason')}: {reasonWords(check.reason, lang)}
        </p>
      ) : null}
      {check.wire.length > 0 ? (
        <details class="mcp-checker-wire">
          <summary>{t('checker.wire', { n: check.wire.length })}</summary>
          <ol class="mcp-lines">
            {check.wire.slice(0, 200).map((w, i) => (
              <li key={i} class={`mcp-line ${w.dir === 'sent' ? 'mcp-line-out' : w.dir === 'received' ? 'mcp-line-in' : 'mcp-stderr'}`}>
                <span class="mcp-dir">{t(`checker.wire.${w.dir}` as StringKey)}</span> <span class="mcp-pid">{t('checker.wire.process', { n: w.process })}</span>
                <pre class="mcp-raw">{w.text.length > 2000 ? `${w.text.slice(0, 2000)}…` : w.text}</pre>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}
