/**
 * What the Checker shows for a stage or a check: a status of the checker, or
 * `pending` (not reached yet) and `running`; and the mark of each.
 */
import type { CheckStatus } from '../../checker/index.ts';

/** A stage's or a check's state on the page: the checker's status, or not reached yet, or running now. */
export type Shown = CheckStatus | 'pending' | 'running';

/** The mark of a status (the Yardstick uses the same): ✓ pass, ! warning, ✗ fail, – skipped, … running, ○ not run or pending. */
export function mark(s: Shown): string {
  return s === 'pass' ? '✓' : s === 'warn' ? '!' : s === 'fail' ? '✗' : s === 'skipped' ? '–' : s === 'running' ? '…' : '○';
}
