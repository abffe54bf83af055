/**
 * Which engine a page starts with: the selection rules of DESIGN.md
 * (src/engines/, "selection"), as a pure function.
 *
 * - `off`: the Worker engine only; WebContainer is never offered.
 * - `on-demand` (default): the Worker engine at once; the badge offers "run in
 *   real Node". A reader who chose WebContainer before gets it again (with
 *   the same fallback as `preferred`).
 * - `preferred`: WebContainer where the page is cross-origin isolated, else
 *   the Worker engine with the reason; a reader who chose the Worker engine
 *   keeps it.
 * The user agent is never sniffed: isolation is detected and the boot tried.
 */

/** The course config's WebContainer policy (`src/course/config.ts`: engine `auto` -> `on-demand`, `worker` -> `off`, `webcontainer` -> `preferred`). */
export type WebContainerPolicy = 'off' | 'on-demand' | 'preferred';

/** The reader's remembered choice (localStorage), if any. */
export type ReaderChoice = 'worker' | 'webcontainer' | undefined;

/** The decision: which engine to start and, for the Worker engine, why not WebContainer. */
export interface EngineDecision {
  start: 'worker' | 'webcontainer';
  /** Why the Worker engine was chosen, in one sentence (absent when WebContainer was never wanted). */
  reason?: string;
}

/** Decides the starting engine. Pure: no storage, no globals. */
export function decideEngine(policy: WebContainerPolicy, choice: ReaderChoice, crossOriginIsolated: boolean): EngineDecision {
  if (policy === 'off') return { start: 'worker' };
  const wanted = choice === 'webcontainer' || (policy === 'preferred' && choice !== 'worker');
  if (!wanted) return { start: 'worker' };
  if (!crossOriginIsolated) {
    return { start: 'worker', reason: 'WebContainer needs a cross-origin isolated page, and this page is not isolated.' };
  }
  return { start: 'webcontainer' };
}
