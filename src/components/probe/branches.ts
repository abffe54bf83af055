/**
 * The probe's decision diagram: the spec's three branches (spec digest §4,
 * stdio probing rule) as nodes, and which of them a probe run went through.
 * Pure data for the ProbeFlow island to draw.
 */
import type { ProbeBranch, ProbeReport, ProbeStep } from '../../protocol/index.ts';

/** A node of the diagram. */
export type FlowNodeId = 'discover' | ProbeBranch | 'retry' | 'initialize' | 'initialized' | 'modern' | 'legacy';

/** A branch of the diagram, with what the spec says about it. */
export interface BranchInfo {
  id: ProbeBranch;
  /** Short label, e.g. "DiscoverResult". */
  title: string;
  /** What the client concludes and does next. */
  then: string;
}

/** The three outcomes of `server/discover`, in the spec's order. */
export const BRANCHES: readonly BranchInfo[] = [
  { id: 'discover-result', title: 'DiscoverResult', then: 'Modern: pick a version both sides support and continue.' },
  {
    id: 'recognised-modern-error',
    title: 'Recognised modern error (e.g. -32022)',
    then: 'Modern, wrong version: retry server/discover with one from data.supported. Never initialize.',
  },
  {
    id: 'legacy-fallback',
    title: 'Any other error, or no reply in time',
    then: 'Legacy: send initialize, then notifications/initialized.',
  },
];

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
