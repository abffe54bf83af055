/**
 * Keeps the Checker's last verdicts per page and server in localStorage, so a
 * reader's progress (stages passed) shows at once after a reload. Never
 * throws: with storage disabled, progress lasts for the page only.
 */
import type { CheckStatus, StageId } from '../../checker/types.ts';

/** What is kept: each stage's status of the last run, and when it ended (ISO 8601). */
export interface SavedProgress {
  stages: Partial<Record<StageId, CheckStatus>>;
  at: string;
}

/** The storage key, e.g. `mcp-by-hand:checker:/write-your-own-server/:starter`. */
export function progressKey(pagePath: string, server: string): string {
  return `mcp-by-hand:checker:${pagePath}:${server}`;
}

/** The saved progress, or undefined when there is none (or it is unreadable). */
export function loadProgress(key: string): SavedProgress | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const v = JSON.parse(raw) as SavedProgress;
    return typeof v === 'object' && v !== null && typeof v.stages === 'object' && typeof v.at === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Saves `progress`; returns false when storage refused. */
export function saveProgress(key: string, progress: SavedProgress): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/** How many stages passed in `stages`: a stage that passed with warnings (`warn`, SHOULD rules only) counts, it did not fail. */
export function stagesPassed(stages: Partial<Record<StageId, CheckStatus>>): number {
  return Object.values(stages).filter((s) => s === 'pass' || s === 'warn').length;
}
