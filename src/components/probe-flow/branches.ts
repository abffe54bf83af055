/**
 * The probe's decision diagram: the spec's three branches (stdio probing rule,
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio) as nodes, and which of them a probe run went through.
 * Pure data for the ProbeFlow island to draw.
 */
import type { ProbeBranch, ProbeReport, ProbeStep } from '../../protocol/index.ts';

/** A node of the diagram. */
export type FlowNodeId = 'discover' | ProbeBranch | 'retry' | 'initialize' | 'initialized' | 'modern' | 'legacy';

/** The three outcomes of `server/discover`, in the spec's order. Their words are `probe.branch.<id>.title` and `.then` in `src/i18n`. */
export const BRANCHES: readonly ProbeBranch[] = ['discover-result', 'recognised-modern-error', 'legacy-fallback'];

/**
 * The nodes lit by the first `revealed` steps of a run, in order. With every
 * step revealed this is the whole path taken, e.g. for legacy.mjs
 * `discover, legacy-fallback, initialize, initialized, legacy`.
 */
export function pathTaken(report: ProbeReport, revealed = report.steps.length): FlowNodeId[] {
  const path: FlowNodeId[] = [];
  const steps = report.steps.slice(0, revealed);
  steps.forEach((step: ProbeStep, i) => {
    if (step.kind === 'discover') {
      path.push(i === 0 ? 'discover' : 'retry');
      if (step.branch) path.push(step.branch);
    } else {
      path.push(step.kind);
    }
  });
  if (revealed >= report.steps.length && report.outcome === 'ok' && report.era) path.push(report.era);
  return path;
}

/** The branch a run took on its first `server/discover`, if known after `revealed` steps. */
export function branchShown(report: ProbeReport, revealed: number): ProbeBranch | undefined {
  return revealed > 0 ? report.steps[0]?.branch : undefined;
}
