/**
 * What each lesson asks the reader to do, and what in a widget shows they did
 * it. A task is done when a widget on the lesson's page reports a reader
 * action (src/components/page/reader-actions.ts) that its `match` describes
 * (src/components/pure/reader-progress.ts); never by a click on "done".
 *
 * Each task's words live in the string tables (src/i18n/<lang>/progress.ts):
 * `progress.task.<lesson>.<task>` (what to do, as the lesson asks it) and
 * `progress.skill.<lesson>.<task>` (what the reader can now do, for the
 * "What you can now do" page). `anchor` is the id of the English heading of
 * the section where the task is (the other editions' ids are found by the
 * heading's position, src/course/anchor-map.ts); none means the lesson's top.
 */
import type { TaskMatch } from '../components/pure/reader-progress.ts';
import { STAGES } from '../checker/stages.ts';

/** One task of a lesson. */
export interface LessonTask {
  /** Unique within its lesson, kebab-case; `<lesson slug>/<id>` is its full id. */
  id: string;
  /** The English heading id of the section where the lesson asks for it; absent: the top of the lesson. */
  anchor?: string;
  match: TaskMatch;
}

const reply = (more: Omit<TaskMatch, 'widget' | 'kind'>): TaskMatch => ({ widget: 'console', kind: 'reply', ...more });
const run = (server: string): TaskMatch => ({ widget: 'server-editor', kind: 'run', server, changed: true });
const http = (more: Omit<TaskMatch, 'widget' | 'kind'>): TaskMatch => ({ widget: 'http-request', kind: 'response', ...more });

/** The tasks of every lesson, by lesson slug (a lesson not listed has none). */
export const LESSON_TASKS: Readonly<Record<string, readonly LessonTask[]>> = {
  'why-a-protocol': [{ id: 'count', anchor: 'the-problem-every-pair-is-a-project', match: { widget: 'integration-counter', kind: 'changed' } }],
  'the-wire': [
    { id: 'reply', anchor: 'the-rules-mcp-adds', match: reply({ server: 'calendar', outcome: 'complete' }) },
    { id: 'error', anchor: 'the-rules-mcp-adds', match: reply({ server: 'calendar', outcome: 'error' }) },
  ],
  'one-message-per-line': [
    { id: 'noisy', anchor: 'watch-a-server-break-it', match: reply({ server: 'noisy' }) },
    { id: 'fix', anchor: 'fix-it-and-run-it-again', match: run('noisy') },
  ],
  'every-request-carries-its-context': [
    { id: 'refused', anchor: 'three-errors-to-recognise', match: reply({ server: 'calendar', outcome: 'error' }) },
    { id: 'discover', anchor: 'identity-is-for-display', match: reply({ server: 'calendar', method: 'server/discover', outcome: 'complete' }) },
  ],
  'discover-first': [
    { id: 'modern', anchor: 'the-three-branches', match: { widget: 'probe-flow', kind: 'verdict', era: 'modern' } },
    { id: 'legacy', anchor: 'the-three-branches', match: { widget: 'probe-flow', kind: 'verdict', era: 'legacy' } },
    { id: 'future', anchor: 'why-step-4-is-a-hazard', match: reply({ method: 'server/discover', outcome: 'error' }) },
  ],
  'three-parties': [{ id: 'see', anchor: 'what-a-server-sees', match: reply({ server: 'calendar', outcome: 'complete' }) }],
  'three-primitives': [
    { id: 'tool', anchor: 'one-calendar-three-ways', match: reply({ method: 'tools/call', outcome: 'complete' }) },
    { id: 'resource', anchor: 'one-calendar-three-ways', match: reply({ method: 'resources/read', outcome: 'complete' }) },
    { id: 'prompt', anchor: 'one-calendar-three-ways', match: reply({ method: 'prompts/get', outcome: 'complete' }) },
    { id: 'edit', anchor: 'change-the-calendar-and-watch-the-wire', match: run('calendar') },
  ],
  'asking-the-person': [
    { id: 'input', anchor: 'multi-round-trip-requests', match: reply({ outcome: 'input_required' }) },
    { id: 'edit', anchor: 'change-what-the-form-asks', match: run('calendar') },
  ],
  'caching-and-change-notifications': [{ id: 'read', anchor: 'the-same-stream-by-hand', match: reply({ method: 'resources/read', outcome: 'complete' }) }],
  'statelessness-tested': [
    { id: 'replay', match: { widget: 'replay', kind: 'replayed', server: 'calendar-handles' } },
    { id: 'fix', anchor: 'fix-calendarmjs-yourself', match: run('calendar') },
    { id: 'handles', anchor: 'a-name-not-a-permission', match: reply({ server: 'calendar-handles', method: 'tools/call' }) },
  ],
  'what-a-catalog-costs': [{ id: 'describe', anchor: 'the-calendar-counted-live', match: { widget: 'token-meter', kind: 'edited' } }],
  'streamable-http': [
    { id: 'post', anchor: 'headers-that-repeat-the-body', match: reply({ server: 'http' }) },
    { id: 'edit', anchor: 'change-a-header-check-and-watch-the-status', match: run('http') },
    { id: 'check', anchor: 'check-every-rule-of-the-transport-at-once', match: { widget: 'checker', kind: 'checked', server: 'http' } },
  ],
  'who-may-call': [
    { id: 'knock', anchor: 'knock-without-a-token', match: http({ server: 'protected-calendar', status: 401 }) },
    { id: 'metadata', anchor: 'ask-the-authorization-server-about-itself', match: http({ server: 'auth-server', method: 'GET', status: 200 }) },
  ],
  'get-a-token': [
    { id: 'token', anchor: 'pkce-state-and-the-authorization-request', match: http({ server: 'auth-server', method: 'POST', path: '/token', status: 200 }) },
    { id: 'use', anchor: 'pkce-state-and-the-authorization-request', match: http({ server: 'protected-calendar', path: '/mcp', status: 200 }) },
  ],
  'not-for-you': [
    { id: 'refused', anchor: 'a-genuine-token-for-someone-else', match: http({ server: 'protected-calendar', path: '/mcp', status: 401 }) },
    { id: 'delete', anchor: 'delete-the-check-and-replay-it', match: run('protected-calendar') },
  ],
  'progress-cancellation-timeouts': [
    { id: 'edit', anchor: 'a-slow-tool-to-watch', match: run('calendar') },
    { id: 'call', anchor: 'a-slow-tool-to-watch', match: reply({ server: 'calendar', method: 'tools/call' }) },
  ],
  'when-things-go-wrong': [
    { id: 'protocol', anchor: 'two-kinds-of-failure', match: reply({ outcome: 'error' }) },
    { id: 'tool', anchor: 'two-kinds-of-failure', match: reply({ method: 'tools/call', outcome: 'complete' }) },
  ],
  'versions-and-neighbours': [{ id: 'boundary', anchor: 'see-a-version-boundary', match: reply({ server: 'calendar' }) }],
  // The capstone: one task per checker stage passed on the reader's own server.
  'write-your-own-server': STAGES.map((s) => ({ id: `stage-${s.id}`, match: { widget: 'checker', kind: 'checked', server: 'starter', stagePassed: s.id } })),
};

/** The lesson whose tasks are the capstone's stages (shown as stages on the landing page). */
export const CAPSTONE = 'write-your-own-server';

/** `<lesson>/<task>`: a task's full id, as progress stores it. */
export function taskId(lesson: string, task: LessonTask): string {
  return `${lesson}/${task.id}`;
}

/** The tasks of `lesson` with full ids (an empty list for a lesson without tasks or an unknown slug). */
export function tasksOf(lesson: string): Array<LessonTask & { fullId: string }> {
  return (LESSON_TASKS[lesson] ?? []).map((task) => ({ ...task, fullId: taskId(lesson, task) }));
}

/** True when `fullId` names a task of this course. */
export function isKnownTask(fullId: string): boolean {
  const [lesson, id] = fullId.split('/');
  return (LESSON_TASKS[lesson ?? ''] ?? []).some((task) => task.id === id);
}
