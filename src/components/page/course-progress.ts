/**
 * The reader's progress in this browser: one record per edition and base
 * path in localStorage (`mcp-by-hand:progress:<base>:<edition>`, a
 * `ProgressFile` of `pure/reader-progress.ts`), filled from the actions the
 * widgets report (`reader-actions.ts`), exported to a file and imported from
 * one (merged: nothing already done is lost), and cleared. Every change is
 * announced to the page (`onProgressChange`), so the sidebar's marks and the
 * lists follow at once. Never throws: with storage off, progress lasts for
 * the page only (`storageWorks` says so).
 */
import { course } from 'virtual:mcp-by-hand/course';
import { toLang, type Lang } from '../../i18n/index.ts';
import { emptyProgress, lessonOfPath, mergeProgress, parseProgress, recordAction, type ProgressFile, type ProgressProblem } from '../pure/reader-progress.ts';
import { isKnownTask, tasksOf } from '../../course/tasks.ts';
import { onReaderAction } from './reader-actions.ts';

const CHANGE_EVENT = 'mcp-by-hand:progress-change';

/** The edition this page belongs to: its `<html lang>`. */
export function pageEdition(): Lang {
  return toLang(document.documentElement.lang);
}

/** The storage key of an edition's progress under the course's base path, e.g. `mcp-by-hand:progress:/:en`. */
export function progressStorageKey(edition: string, base: string = course.base): string {
  return `mcp-by-hand:progress:${base}:${edition}`;
}

/** Progress when storage refused: kept for the page's life, per edition. */
const inPage = new Map<string, ProgressFile>();
let refused = false;
/**
 * What storage held when last read or written, per edition, so a flood of
 * reported actions does not read and parse storage once per action. Another
 * tab's change (a `storage` event) drops it.
 */
const lastRead = new Map<string, ProgressFile>();
let watchingOtherTabs = false;

function readStored(edition: string): ProgressFile {
  try {
    const raw = localStorage.getItem(progressStorageKey(edition));
    if (raw === null) return emptyProgress(edition);
    const read = parseProgress(raw, edition, isKnownTask);
    return read.ok ? read.progress : emptyProgress(edition);
  } catch {
    return emptyProgress(edition);
  }
}

/** The kept progress of `edition` (empty when there is none or what is kept is unreadable). */
export function loadCourseProgress(edition: string = pageEdition()): ProgressFile {
  const here = inPage.get(edition);
  if (here) return here;
  if (!watchingOtherTabs) {
    watchingOtherTabs = true;
    window.addEventListener('storage', (e) => {
      if (e.key === null || e.key.startsWith('mcp-by-hand:progress:')) lastRead.clear();
    });
  }
  let kept = lastRead.get(edition);
  if (!kept) lastRead.set(edition, (kept = readStored(edition)));
  return kept;
}

function save(progress: ProgressFile): void {
  try {
    localStorage.setItem(progressStorageKey(progress.edition), JSON.stringify(progress));
    inPage.delete(progress.edition);
    lastRead.set(progress.edition, progress);
    refused = false;
  } catch {
    lastRead.delete(progress.edition);
    inPage.set(progress.edition, progress);
    refused = true;
  }
  document.dispatchEvent(new CustomEvent(CHANGE_EVENT));
}

/** False once the browser refused to keep progress on this page. */
export function storageWorks(): boolean {
  return !refused;
}

/** Calls `listener` after every change of progress on this page; returns the function that stops it. */
export function onProgressChange(listener: () => void): () => void {
  document.addEventListener(CHANGE_EVENT, listener);
  // Another tab of the same course changed it.
  const storage = (e: StorageEvent) => {
    if (e.key !== null && !e.key.startsWith('mcp-by-hand:progress:')) return;
    lastRead.clear();
    listener();
  };
  window.addEventListener('storage', storage);
  return () => {
    document.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', storage);
  };
}

let listening = false;

/** Starts recording this page's reported actions against its lesson's tasks (once per page). */
export function recordReaderActions(): void {
  if (listening) return;
  listening = true;
  const tasks = tasksOf(lessonOfPath(location.pathname, course.base)).map((t) => ({ id: t.fullId, match: t.match }));
  if (!tasks.length) return;
  onReaderAction((action) => {
    const before = loadCourseProgress();
    const after = recordAction(before, tasks, action, new Date().toISOString());
    if (after !== before) save(after);
  });
}

/** The text of the export file of `edition`'s progress (JSON, with `format` and `version`). */
export function exportCourseProgress(edition: string = pageEdition()): string {
  return `${JSON.stringify(loadCourseProgress(edition), null, 2)}\n`;
}

/**
 * Imports an export file's text into `edition`'s progress, merged with what is kept (nothing done is lost).
 * @returns how many tasks the file had done, or the problem that kept it out (then nothing changed).
 */
export function importCourseProgress(text: string, edition: string = pageEdition()): { ok: true; inFile: number } | { ok: false; problem: ProgressProblem } {
  const read = parseProgress(text, edition, isKnownTask);
  if (!read.ok) return read;
  save(mergeProgress(loadCourseProgress(edition), read.progress));
  return { ok: true, inFile: Object.keys(read.progress.done).length };
}

/** Forgets `edition`'s progress in this browser. */
export function clearCourseProgress(edition: string = pageEdition()): void {
  try {
    localStorage.removeItem(progressStorageKey(edition));
  } catch {
    // Storage off: only the page's copy is left to forget.
  }
  inPage.delete(edition);
  lastRead.delete(edition);
  document.dispatchEvent(new CustomEvent(CHANGE_EVENT));
}
