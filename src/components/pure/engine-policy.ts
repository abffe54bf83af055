/**
 * Which engine a page starts with, as a pure function. Choosing an engine is
 * a page concern, so it lives beside `page/engine-choice.ts` (which applies it with
 * the course config and the reader's remembered choice); the engines know
 * nothing of pages.
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
  /** Why WebContainer is not available on this page, in one sentence (absent when the reader may still switch to it). */
  reason?: string;
}

/** Decides the starting engine. Pure: no storage, no globals. */
export function decideEngine(policy: WebContainerPolicy, choice: ReaderChoice, crossOriginIsolated: boolean): EngineDecision {
  if (policy === 'off') return { start: 'worker', reason: OFF_REASON };
  if (!crossOriginIsolated) return { start: 'worker', reason: NOT_ISOLATED_REASON };
  const wanted = choice === 'webcontainer' || (policy === 'preferred' && choice !== 'worker');
  return wanted ? { start: 'webcontainer' } : { start: 'worker' };
}

/** Shown by the badge when the course config turns WebContainer off. */
export const OFF_REASON = 'WebContainer is turned off for this course, so every server runs in the Worker engine.';

/** Shown by the badge when the host does not send the isolation headers. */
export const NOT_ISOLATED_REASON =
  'WebContainer needs a cross-origin isolated page, and this page is not isolated (its host does not send the COOP and COEP headers).';
