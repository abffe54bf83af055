/**
 * The reader's progress through the course, as data: what a widget reports the
 * reader did (a {@link ReaderAction}), which task an action completes
 * ({@link matches}), and the progress kept per edition ({@link ProgressFile}:
 * what is stored in the browser and what the export file holds). Pure: the
 * browser side lives in `page/course-progress.ts`, the tasks in
 * `src/course/tasks.ts`.
 */
import { LOCALES } from '../../course/locales.ts';

/** The widgets that report what the reader did in them. */
export type ActionWidget = 'console' | 'server-editor' | 'probe-flow' | 'checker' | 'http-request' | 'replay' | 'token-meter' | 'integration-counter';

/**
 * One thing the reader did in a widget, with what it produced. Fields beyond
 * `widget` and `kind` are present when the widget knows them:
 * - `console` `reply`: a reply arrived to a line the reader sent; `method` is the sent request's method,
 *   `outcome` the reply's kind (`complete`, `input_required`, `error`, ...), `code` a JSON-RPC error's code.
 * - `server-editor` `run`: the reader pressed Run and the server started; `changed` is true when the source
 *   differs from the shipped file.
 * - `probe-flow` `verdict`: the era probe ended with a verdict; `era` is `modern` or `legacy`.
 * - `checker` `checked`: a Checker run ended; `stages` maps each stage reached to its status.
 * - `http-request` `response`: a response came back; `method`, `path` (without the query) and `status`.
 * - `replay` `replayed`, `token-meter` `edited` (a tool description), `integration-counter` `changed` (a count).
 */
export interface ReaderAction {
  widget: ActionWidget;
  kind: string;
  /** The toy server's registry name, e.g. `calendar`. */
  server?: string;
  method?: string;
  outcome?: string;
  code?: number;
  changed?: boolean;
  era?: string;
  status?: number;
  path?: string;
  stages?: Record<string, string>;
}

/**
 * What a task asks for, over {@link ReaderAction}: every field given must hold.
 * A field given as a list holds when the action's value is one of them;
 * `stagePassed` holds when the action's `stages` has that stage `pass` or `warn`
 * (passed, with warnings on SHOULD rules at most).
 */
export type TaskMatch = { widget: ActionWidget; kind: string; stagePassed?: string } & {
  [K in 'server' | 'method' | 'outcome' | 'era' | 'path']?: string | readonly string[];
} & { code?: number; status?: number | readonly number[]; changed?: boolean };

/** True when `action` is what `match` describes. */
export function matches(match: TaskMatch, action: ReaderAction): boolean {
  for (const [key, want] of Object.entries(match)) {
    if (key === 'stagePassed') {
      const s = action.stages?.[want as string];
      if (s !== 'pass' && s !== 'warn') return false;
      continue;
    }
    const got = (action as unknown as Record<string, unknown>)[key];
    if (Array.isArray(want) ? !want.includes(got) : got !== want) return false;
  }
  return true;
}

/** The `format` field of a progress file: says what the file is. */
export const PROGRESS_FORMAT = 'mcp-by-hand/progress';
/** The version of the progress file's shape this code writes and reads. */
export const PROGRESS_VERSION = 1;

/**
 * The progress of one edition, as stored and exported:
 * `{ "format": "mcp-by-hand/progress", "version": 1, "edition": "en", "done": { "the-wire/send": "2026-12-02T16:00:00.000Z" } }`.
 * `done` maps a task's full id (`<lesson slug>/<task id>`) to when it was first done (ISO 8601).
 */
export interface ProgressFile {
  format: typeof PROGRESS_FORMAT;
  version: typeof PROGRESS_VERSION;
  edition: string;
  done: Record<string, string>;
}

/** An edition's progress with nothing done. */
export function emptyProgress(edition: string): ProgressFile {
  return { format: PROGRESS_FORMAT, version: PROGRESS_VERSION, edition, done: {} };
}

/** A task as {@link recordAction} needs it: its full id and what completes it. */
export interface TaskRule {
  /** `<lesson slug>/<task id>`, e.g. `the-wire/send-request`. */
  id: string;
  match: TaskMatch;
}

/**
 * `progress` with every task of `tasks` that `action` completes marked done at `at` (ISO 8601);
 * a task already done keeps its first date. Returns the same object when nothing changed.
 */
export function recordAction(progress: ProgressFile, tasks: readonly TaskRule[], action: ReaderAction, at: string): ProgressFile {
  const newly = tasks.filter((task) => !(task.id in progress.done) && matches(task.match, action));
  if (!newly.length) return progress;
  return { ...progress, done: { ...progress.done, ...Object.fromEntries(newly.map((task) => [task.id, at])) } };
}

/** Both progresses together: every task done in either, with the earlier date. Neither argument is changed. */
export function mergeProgress(a: ProgressFile, b: ProgressFile): ProgressFile {
  const done = { ...a.done };
  for (const [id, at] of Object.entries(b.done)) if (!(id in done) || at < done[id]!) done[id] = at;
  return { ...a, done };
}

/** Why a text is not a progress file of this edition. */
export type ProgressProblem =
  | { kind: 'not-json' }
  | { kind: 'not-progress' }
  | { kind: 'version'; version: unknown }
  | { kind: 'edition'; edition: string }
  | { kind: 'entry'; id: string };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const TASK_ID = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

/**
 * Reads a progress file (an export, or what the browser kept) for `edition`. Entries for tasks this
 * course does not have (`known` says which it has) are left out, so a file from another version of the
 * course still brings what it can. Never throws.
 * @returns the progress, or the first problem found: not JSON; not a progress file; another version;
 *   another edition's; an entry that is not `"<lesson>/<task>": "<ISO 8601 date>"`.
 */
export function parseProgress(text: string, edition: string, known: (id: string) => boolean): { ok: true; progress: ProgressFile } | { ok: false; problem: ProgressProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: 'not-json' } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: { kind: 'not-progress' } };
  const v = value as Record<string, unknown>;
  if (v.format !== PROGRESS_FORMAT || typeof v.done !== 'object' || v.done === null || Array.isArray(v.done)) return { ok: false, problem: { kind: 'not-progress' } };
  if (v.version !== PROGRESS_VERSION) return { ok: false, problem: { kind: 'version', version: v.version } };
  if (v.edition !== edition) return { ok: false, problem: { kind: 'edition', edition: String(v.edition) } };
  const done: Record<string, string> = {};
  for (const [id, at] of Object.entries(v.done as Record<string, unknown>)) {
    if (!TASK_ID.test(id) || typeof at !== 'string' || !ISO.test(at) || Number.isNaN(Date.parse(at))) return { ok: false, problem: { kind: 'entry', id } };
    if (known(id)) done[id] = at;
  }
  return { ok: true, progress: { format: PROGRESS_FORMAT, version: PROGRESS_VERSION, edition, done } };
}

/** How far a lesson is: `done` (every task), `started` (some), `none`; a lesson without tasks is `none`. */
export function lessonState(progress: ProgressFile, taskIds: readonly string[]): 'done' | 'started' | 'none' {
  const n = taskIds.filter((id) => id in progress.done).length;
  return n === 0 ? 'none' : n === taskIds.length ? 'done' : 'started';
}

/**
 * The lesson slug of the page at `pathname` under the course's `base` (`/` or `/courses/mcp/`):
 * `the-wire` for `/the-wire/` and for `/id/the-wire/`; '' for an edition's landing page.
 */
export function lessonOfPath(pathname: string, base: string): string {
  const inside = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\//, '');
  const parts = inside.split('/').filter(Boolean);
  if (parts[0] && parts[0] in LOCALES && parts[0] !== 'root') parts.shift();
  return parts[0] ?? '';
}
