/**
 * THE table of the cross-browser suite: one row per way a first run can go in
 * a browser (a lesson's first task: the widget's main action and what the
 * lesson says appears), and the rows that go past a first task (a ServerEditor
 * edit and re-run, the capstone Checker on a solution). ./support/run.ts runs
 * every row in each engine the row names, through the same steps; the e2e
 * journeys (tests/e2e/lesson-*.test.ts) walk every task of every lesson in
 * Chromium, in both editions.
 *
 * Expected results are wire results (the same on both editions), words through
 * `t()` in the edition's language (so the page's own Intl formatting is compared
 * with Node's), or measured live (the TokenMeter's counts, from the calendar's
 * catalog read from a real `node` process and counted with Node's tiktoken).
 * A page's title is read from the edition's lesson file.
 *
 * Which rows there are, and where they run (the whole `.ci/run` has to stay well under 30 minutes
 * on 2 cores, and the e2e journeys already walk every task of both editions in Chromium):
 * - One row per way a first run can go in a browser, on the English page: every widget kind (the
 *   Console on stdio, on a noisy server, with a form, over HTTP; ProbeFlow, Replay, CacheView,
 *   TokenMeter, IntegrationCounter), a ServerEditor edit and re-run, the capstone Checker on a
 *   solution, and a page without widgets. Each runs in Chromium, Firefox ESR and WebKitGTK
 *   ({@link DEFAULT_ENGINES}), Chromium being the baseline, so a row failing in one engine only
 *   points at that engine.
 * - The Indonesian page changes the words, not the code a browser runs, so its first tasks are
 *   the e2e journeys' (Chromium), except where the page writes numbers in its language with the
 *   browser's own Intl (CacheView's 60,000 / 60.000 ms: {@link EVERYWHERE}).
 * - Five lessons start on the same Console over the same calendar.mjs as the-wire, with another
 *   message (every-request-carries-its-context, three-parties, three-primitives,
 *   when-things-go-wrong, versions-and-neighbours): the same path through every engine as the-wire's
 *   row, so they have no row here; nor has the capstone's first task, the Checker on the starter,
 *   which waits 3 s for a reply that never comes (a timer, the same in every engine). The e2e
 *   journeys walk them all, in both editions.
 *
 * A task an engine cannot do is a {@link Limit}: found out and measured, probed in the page at
 * each run, and skipped with its reason in the test output while the engine still lacks it.
 *
 * Cost, measured with `npx vitest run --project xbrowser` on a reused build, on 2 cores: each
 * engine's 13 rows in 30-40 s (Chromium, Firefox, WebKitGTK in turn).
 */
import { readFileSync } from 'node:fs';
import { t, type Lang } from '../../src/i18n/index.ts';
import { ENGINES, type Engine } from './support/browsers.ts';

/** A Console's starting-message button, named by the label each edition's lesson text gives it, and the message it puts in the editor. */
export interface Template {
  label: Record<Lang, string>;
  message: string;
}

/** What the reader does on the page. */
export type Action =
  /** Reads the page (it has no widget of its own). */
  | { kind: 'read' }
  /** IntegrationCounter: types `apps` and `systems` into its two fields. */
  | { kind: 'counter'; apps: number; systems: number }
  /**
   * A stdio Console (the `console`th of the page, from 0): presses Send on its starting message,
   * and waits for `replies` stdout lines (default 1). With `form`: fills the form the Console opens
   * for an `input_required` result (its one field) and presses Accept.
   */
  | { kind: 'send'; console?: number; replies?: number; form?: string }
  /** An HTTP Console: presses Send on its starting message (one POST). */
  | { kind: 'post' }
  /** ProbeFlow: chooses `server` and presses "All at once". */
  | { kind: 'probe'; server: string }
  /** Replay: presses its Replay button (calendar.mjs chosen). */
  | { kind: 'replay' }
  /** CacheView: presses "need the week" once. */
  | { kind: 'cache' }
  /** TokenMeter of `server`: waits for its count. */
  | { kind: 'meter'; server: 'calendar' }
  /**
   * ServerEditor (the first on the page, on `toy-servers/<file>`): selects `find` in CodeMirror and
   * types `replace` over it, presses Run, then picks `then` on its Console and presses Send.
   */
  | { kind: 'edit'; file: string; find: string; replace: string; then: Template }
  /** The capstone Checker: with `solution`, that stage's reference file is the reader's saved edit (as if pasted earlier); presses Run. */
  | { kind: 'checker'; solution?: number };

/** What the lesson says appears after the action. */
export interface Expected {
  /** A reply (by JSON-RPC id) the Console shows, matched with `toMatchObject`; `toolText` is its first text block. */
  reply?: { id: number; match?: object; toolText?: string };
  /** How many stdout lines the Console flags as framing violations (not JSON). */
  flagged?: number;
  /** The question the Console's form asks, and the text of the result once it is answered. */
  form?: { question: string; answered: string };
  /** An HTTP exchange: its status and its JSON body (matched). */
  http?: { status: number; body: object };
  /** IntegrationCounter: the two counts, as the page writes them. */
  counts?: { pointToPoint: number; withProtocol: number };
  /** ProbeFlow's verdict. */
  probe?: { era: 'modern' | 'legacy'; version: string };
  /** Replay: whether the event created in step B is found, in one process and in a fresh process per message. */
  replay?: { oneProcess: boolean; freshProcess: boolean };
  /** CacheView's log lines, in the edition's language. */
  log?: (lang: Lang) => string[];
  /** TokenMeter: counts equal Node's tiktoken over the live catalog (no figure here: measured). */
  tokens?: true;
  /** The Checker's stage statuses, in order. */
  stages?: string[];
}

/**
 * Something an engine cannot do that a task needs, found out and measured: `present` runs in the
 * task's page (after it loads) and says whether the engine still lacks it. While it does, the
 * test is skipped with `reason` in the test output; once it no longer does, the task runs.
 */
export interface Limit {
  reason: string;
  present: () => boolean;
}

/** One row: a task on one edition's page of one lesson, and the engines it runs in. */
export interface Task {
  /** `lessons/<slug>.mdx` (and `lessons/id/<slug>.mdx`). */
  lesson: string;
  edition: Lang;
  action: Action;
  expected: Expected;
  engines: readonly Engine[];
  limits: Partial<Record<Engine, Limit>>;
}

const CREATED = 'Created e3: Dentist at 2026-09-10T08:30:00Z';
const W = 'calendar://week';

/** Per lesson: its tasks, each run on both editions. */
interface Row {
  lesson: string;
  action: Action;
  expected: Expected;
  /** The engines that run each edition of the row; by default {@link DEFAULT_ENGINES}. */
  engines?: Record<Lang, readonly Engine[]>;
  limits?: Partial<Record<Engine, Limit>>;
}

/** The engine choices of the header: the default (the English page everywhere), and both editions everywhere. */
const DEFAULT_ENGINES: Record<Lang, readonly Engine[]> = { en: ENGINES, id: [] };
const EVERYWHERE: Record<Lang, readonly Engine[]> = { en: ENGINES, id: ENGINES };

const ROWS: Row[] = [
  { lesson: 'how-this-course-works', action: { kind: 'read' }, expected: {} },
  { lesson: 'why-a-protocol', action: { kind: 'counter', apps: 10, systems: 20 }, expected: { counts: { pointToPoint: 200, withProtocol: 30 } } },
  {
    lesson: 'the-wire',
    action: { kind: 'send' },
    expected: { reply: { id: 1, match: { result: { resultType: 'complete', supportedVersions: ['2026-07-28'], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calendar' } } } } } },
  },
  { lesson: 'one-message-per-line', action: { kind: 'send', replies: 3 }, expected: { flagged: 2, reply: { id: 1, toolText: CREATED } } },
  { lesson: 'discover-first', action: { kind: 'probe', server: 'calendar.mjs' }, expected: { probe: { era: 'modern', version: '2026-07-28' } } },
  {
    // The reader's edit of step 2 (the week's cache hint), typed into CodeMirror, saved, run, then the same read again.
    lesson: 'three-primitives',
    action: {
      kind: 'edit',
      file: 'calendar.mjs',
      find: 'ttlMs: 60_000',
      replace: 'ttlMs: 5_000',
      then: { label: { en: 'Step 2: the same read, id 2', id: 'Langkah 2: baca yang sama, id 2' }, message: '{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"calendar://week"}}' },
    },
    expected: { reply: { id: 2, match: { result: { contents: [{ uri: W }], ttlMs: 5000, cacheScope: 'private' } } } },
  },
  {
    lesson: 'asking-the-person',
    action: { kind: 'send', form: '2026-09-10T08:30:00Z' },
    expected: { reply: { id: 1, match: { result: { resultType: 'input_required' } } }, form: { question: 'When should "Dentist" start?', answered: CREATED } },
  },
  {
    lesson: 'caching-and-change-notifications',
    action: { kind: 'cache' },
    expected: {
      log: (lang) => [t('cache.miss', { what: W, id: '1' }, lang), t('cache.stored', { what: W, scope: t('cache.scopePrivate', {}, lang), s: 60, ttl: 60_000 }, lang)],
    },
    engines: EVERYWHERE,
  },
  { lesson: 'statelessness-tested', action: { kind: 'replay' }, expected: { replay: { oneProcess: true, freshProcess: false } } },
  { lesson: 'what-a-catalog-costs', action: { kind: 'meter', server: 'calendar' }, expected: { tokens: true } },
  {
    lesson: 'streamable-http',
    action: { kind: 'post' },
    expected: { http: { status: 200, body: { id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'] } } } },
  },
  {
    // The editor's Console runs countdown.mjs: its prefilled tools/list lists the calendar's tool and countdown.
    lesson: 'progress-cancellation-timeouts',
    action: { kind: 'send' },
    expected: { reply: { id: 1, match: { result: { tools: [{ name: 'create_event' }, { name: 'countdown' }] } } } },
  },
  { lesson: 'write-your-own-server', action: { kind: 'checker', solution: 8 }, expected: { stages: Array(8).fill('pass') } },
];

/** Every row on each edition that some engine runs. */
export const TASKS: Task[] = ROWS.flatMap((row) =>
  (['en', 'id'] as const).map((edition) => ({ lesson: row.lesson, edition, action: row.action, expected: row.expected, engines: (row.engines ?? DEFAULT_ENGINES)[edition], limits: row.limits ?? {} })),
).filter((task) => task.engines.length > 0);

/** The page path of a lesson in an edition, relative to the site's base (`the-wire/`, `id/the-wire/`). */
export const lessonPath = (lesson: string, edition: Lang) => `${edition === 'en' ? '' : `${edition}/`}${lesson}/`;

/** The lesson's title in an edition, from its front matter. */
export function lessonTitle(lesson: string, edition: Lang): string {
  const file = new URL(`../../lessons/${edition === 'en' ? '' : `${edition}/`}${lesson}.mdx`, import.meta.url);
  const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'))![1]!;
  return /^title: (.*)$/m.exec(front)![1]!.trim();
}
