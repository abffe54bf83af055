/**
 * One stage of the Checker: its mark, number, title and status, the count of
 * checks passed, and why it did not run or was skipped; open when it failed,
 * warned or is running. Inside, its checks (./CheckRow.tsx), except those the
 * stage's own reason already explains, and, when the page offers one, the
 * button that reveals the stage's read-only reference solution (copyable;
 * the reader's file is never touched).
 */
import type { JSX } from 'preact';
import type { CheckResult, StageDef } from '../../checker/index.ts';
import { t, type Lang, type StringKey } from '../../i18n/index.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { reasonWords } from './check-words.ts';
import { CheckRow } from './CheckRow.tsx';
import { mark, type Shown } from './marks.ts';
import { STAGE_FAILED, STOPPED } from './run-outcome.ts';
import { stageCountsText } from './stage-counts.ts';

/** Props of {@link StageItem}. */
export interface StageItemProps {
  stage: StageDef;
  /** Its position, from 0. */
  index: number;
  title: string;
  shown: Shown;
  reason: string | undefined;
  results: Record<string, CheckResult>;
  /** True once a run ended (a stage never reached then says so). */
  done: boolean;
  ready: boolean;
  lang: Lang;
  /** The stage's reference file, when the page offers one. */
  solution: string | undefined;
  solutionOpen: boolean;
  onToggleSolution(): void;
}

/** One stage, as a list item. */
export function StageItem(p: StageItemProps): JSX.Element {
  const { stage, index: i, shown, reason } = p;
  // A check the stage's own reason explains (the whole stage did not run, or was skipped) is not listed again.
  const explained = (c: CheckResult) => (c.status === 'not-run' || c.status === 'skipped') && (c.notRun === 'stage-failed' || c.reason === reason);
  const checks = stage.checks.map((c) => p.results[c.id]).filter((c): c is CheckResult => c !== undefined && c.reason !== STOPPED && !explained(c));
  const shownWord = shown === 'warn' ? t('checker.status.stage-warn') : t(`checker.status.${shown}` as StringKey);
  const failedStage = reason ? STAGE_FAILED.exec(reason) : null;
  return (
    <li class={`mcp-checker-stage mcp-checker-${shown}`} data-stage={stage.id} data-status={shown}>
      <details open={shown === 'fail' || shown === 'warn' || shown === 'running'}>
        <summary>
          {/* Until hydrated, the saved verdicts are not read yet: the mark and the word hold their place hidden
              (checker.css), rather than say "not run" or let the line wrap differently once they appear. */}
          <span class="mcp-checker-mark" aria-hidden="true">{mark(shown)}</span>{' '}
          <span class="mcp-checker-stage-title">{t('checker.stage', { n: i + 1, title: p.title })}</span>{' '}
          <span class="mcp-checker-word">{shownWord}</span>
          {checks.length > 0 ? (
            <span class="mcp-note">
              {' '}
              · {stageCountsText(checks)}
            </span>
          ) : null}
          {failedStage ? <span class="mcp-note mcp-checker-stage-reason"> · {t('checker.stage-not-run', { n: Number(failedStage[1]) })}</span> : null}
        </summary>
        {reason && !failedStage ? (
          <p class="mcp-note mcp-checker-stage-reason">
            {t(shown === 'not-run' ? 'checker.not-run-reason' : 'checker.reason')}: {reasonWords(reason, p.lang)}
          </p>
        ) : null}
        {checks.length > 0 ? (
          <ul class="mcp-checker-checks">
            {checks.map((c) => (
              <CheckRow check={c} lang={p.lang} key={c.id} />
            ))}
          </ul>
        ) : shown === 'pending' && p.done ? (
          <p class="mcp-note">{t('checker.not-reached')}</p>
        ) : null}
        {p.solution !== undefined ? (
          <div class="mcp-checker-solution">
            <button type="button" class="mcp-btn mcp-btn-small" data-action="solution" disabled={!p.ready} aria-expanded={p.solutionOpen ? 'true' : 'false'} onClick={p.onToggleSolution}>
              {p.solutionOpen ? t('checker.solution.hide') : t('checker.solution.show')}
            </button>
            {p.solutionOpen ? (
              <div class="mcp-checker-solution-body">
                <p class="mcp-note">{t('checker.solution.note', { n: i + 1 })}</p>
                <CopyButton label={t('checker.solution.copy')} value={p.solution} />
                <pre class="mcp-raw-block mcp-checker-code" tabIndex={0} aria-label={t('checker.solution.label', { n: i + 1 })} data-solution={i + 1}>
                  <code>{p.solution}</code>
                </pre>
              </div>
            ) : null}
          </div>
        ) : null}
      </details>
    </li>
  );
}
