/**
 * What the Checker makes of a finished run's report: each stage's shown
 * status and reason, the stage statuses kept as progress, the verdicts for
 * tests (`data-verdicts`), the verdict block's {@link Outcome}, and the
 * status line. Pure: no page, no Preact.
 */
import { STAGES, type CheckReport, type CheckStatus, type StageId, type Verdict } from '../../checker/index.ts';
import { t } from '../../i18n/index.ts';
import type { Shown } from './marks.ts';

/** What the widget shows above the stages after a run: the verdict and why. */
export interface Outcome {
  /** The report's verdict, or `stopped` when the reader stopped the run (then there is none). */
  verdict: Verdict | 'stopped';
  failed: number;
  warned: number;
  incomplete: CheckReport['incomplete'];
  /** The stage whose failure kept the later stages from running, when one did. */
  stageFailed?: number;
  era: CheckReport['era'];
}

/** The reason the checker gives a stage that did not run because stage N failed. */
export const STAGE_FAILED = /^not run: stage (\d+) failed$/;

/** The reason the checker gives a stage or a check the stopped run never reached. */
export const STOPPED = 'the run was stopped';

/** {@link summarize}'s answer. */
export interface RunSummary {
  /** Each stage as shown: its status, or `pending` when the stopped run never reached it. */
  shown: Partial<Record<StageId, Shown>>;
  /** Each stage's reason, where it has one to show. */
  reasons: Partial<Record<StageId, string>>;
  /** The statuses of the stages that ran, to keep as progress. */
  stages: Partial<Record<StageId, CheckStatus>>;
  /** `{checkId: status}` as JSON, for tests. */
  verdicts: string;
  outcome: Outcome;
  /** The status line: stages passed, failed and skipped, then warnings and stages not run. */
  status: string;
}

/** What the widget shows of `report`; `stoppedByReader` when the reader pressed Stop (the verdict is then `stopped`). */
export function summarize(report: CheckReport, stoppedByReader: boolean): RunSummary {
  const stages: Partial<Record<StageId, CheckStatus>> = {};
  const reasons: Partial<Record<StageId, string>> = {};
  const shown: Partial<Record<StageId, Shown>> = {};
  let reached = true;
  for (const s of report.stages) {
    const notReached = s.reason === STOPPED && !reached;
    if (s.reason === STOPPED) reached = false;
    shown[s.id] = s.reason === STOPPED ? 'pending' : s.status;
    if (!notReached && s.reason && s.reason !== STOPPED) reasons[s.id] = s.reason;
    if (s.reason !== STOPPED) stages[s.id] = s.status;
  }
  const verdicts = JSON.stringify(Object.fromEntries(report.stages.flatMap((s) => s.checks).filter((c) => c.reason !== STOPPED).map((c) => [c.id, c.status])));
  const stageFailed = report.stages.map((s) => STAGE_FAILED.exec(s.reason ?? '')).find((m) => m !== null);
  const outcome: Outcome = {
    verdict: stoppedByReader ? 'stopped' : report.verdict,
    failed: report.summary.checksFailed,
    warned: report.summary.checksWarned,
    incomplete: report.incomplete,
    ...(stageFailed ? { stageFailed: Number(stageFailed[1]) } : {}),
    era: report.era,
  };
  const counts = Object.values(stages);
  const warned = counts.filter((c) => c === 'warn').length;
  const notRun = counts.filter((c) => c === 'not-run').length;
  const status = [
    t('checker.done', {
      passed: counts.filter((c) => c === 'pass' || c === 'warn').length,
      failed: counts.filter((c) => c === 'fail').length,
      skipped: counts.filter((c) => c === 'skipped').length,
      total: STAGES.length,
    }),
    warned > 0 ? t('checker.done-warned', { n: warned }) : '',
    notRun > 0 ? t('checker.done-not-run', { n: notRun }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { shown, reasons, stages, verdicts, outcome, status };
}
