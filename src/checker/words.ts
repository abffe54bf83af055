/**
 * Adds each check's words to a report. The checker writes no prose for a
 * check's rule, expectation or fix: those live in the string tables
 * (src/i18n/<lang>/checks.ts, one entry per check id), and whoever shows a
 * report (the command line, the Checker widget) hands them in here, in the
 * language it shows. Pure.
 *
 * ```ts
 * import { checkWordsIn } from '../i18n/checks.ts';
 * const worded = withWords(await runChecks(spawn), checkWordsIn('en'));
 * worded.stages[0].checks[0].rule; // 'Nothing but JSON-RPC messages on stdout'
 * ```
 */
import type { CheckReport, CheckWords, WordedCheck } from './types.ts';

/** The words of the check with id `id` (e.g. `'framing.stdout-only'`). */
export type CheckWordsOf = (id: string) => CheckWords;

/** `report` with the words of every check added (`rule`, `expected`, `hint`). A new object; `report` is left as it is. */
export function withWords(report: CheckReport, words: CheckWordsOf): CheckReport<WordedCheck> {
  return { ...report, stages: report.stages.map((s) => ({ ...s, checks: s.checks.map((c) => ({ ...c, ...words(c.id) })) })) };
}
