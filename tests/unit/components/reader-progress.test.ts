/**
 * The reader's progress as data: which action completes which task, how
 * progress is recorded, merged and read back from a file (what a malformed
 * file is refused for), and the course's task declarations (each one worded
 * in both editions, named uniquely, pointing at a heading its lesson has).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyProgress, lessonOfPath, lessonState, matches, mergeProgress, parseProgress, PROGRESS_VERSION, recordAction, type ReaderAction } from '../../../src/components/pure/reader-progress.ts';
import { LESSON_TASKS, isKnownTask, tasksOf } from '../../../src/course/tasks.ts';
import { LANGS, table, type StringKey } from '../../../src/i18n/index.ts';

const reply: ReaderAction = { widget: 'console', kind: 'reply', server: 'calendar', method: 'tools/call', outcome: 'complete' };

describe('matches', () => {
  it('holds when every given field holds, and a list means one of', () => {
    expect(matches({ widget: 'console', kind: 'reply' }, reply)).toBe(true);
    expect(matches({ widget: 'console', kind: 'reply', method: 'tools/call', outcome: 'complete' }, reply)).toBe(true);
    expect(matches({ widget: 'console', kind: 'reply', server: ['noisy', 'calendar'] }, reply)).toBe(true);
  });
  it('fails on any field that differs or is missing from the action', () => {
    expect(matches({ widget: 'console', kind: 'reply', outcome: 'error' }, reply)).toBe(false);
    expect(matches({ widget: 'server-editor', kind: 'reply' }, reply)).toBe(false);
    expect(matches({ widget: 'console', kind: 'reply', code: -32601 }, reply)).toBe(false);
    expect(matches({ widget: 'server-editor', kind: 'run', changed: true }, { widget: 'server-editor', kind: 'run', server: 'noisy', changed: false })).toBe(false);
  });
  it('a stage passes with pass or warn, not with fail, skip or absent', () => {
    const checked = (s: string): ReaderAction => ({ widget: 'checker', kind: 'checked', server: 'starter', stages: { framing: s } });
    const m = { widget: 'checker', kind: 'checked', stagePassed: 'framing' } as const;
    expect(matches(m, checked('pass'))).toBe(true);
    expect(matches(m, checked('warn'))).toBe(true);
    expect(matches(m, checked('fail'))).toBe(false);
    expect(matches(m, checked('skip'))).toBe(false);
    expect(matches(m, { widget: 'checker', kind: 'checked', stages: {} })).toBe(false);
  });
});

describe('recordAction, mergeProgress, lessonState', () => {
  const tasks = tasksOf('the-wire').map((t) => ({ id: t.fullId, match: t.match }));
  it('marks exactly the tasks the action completes, with the date, and keeps a first date', () => {
    const p0 = emptyProgress('en');
    const p1 = recordAction(p0, tasks, { widget: 'console', kind: 'reply', server: 'calendar', method: 'server/discover', outcome: 'complete' }, '2026-12-01T10:00:00.000Z');
    expect(p1.done).toEqual({ 'the-wire/reply': '2026-12-01T10:00:00.000Z' });
    expect(p0.done).toEqual({});
    expect(lessonState(p1, tasks.map((t) => t.id))).toBe('started');
    const again = recordAction(p1, tasks, { widget: 'console', kind: 'reply', server: 'calendar', outcome: 'complete' }, '2026-12-02T10:00:00.000Z');
    expect(again).toBe(p1);
    const p2 = recordAction(p1, tasks, { widget: 'console', kind: 'reply', server: 'calendar', outcome: 'error', code: -32601 }, '2026-12-02T10:00:00.000Z');
    expect(Object.keys(p2.done).sort()).toEqual(['the-wire/error', 'the-wire/reply']);
    expect(lessonState(p2, tasks.map((t) => t.id))).toBe('done');
    expect(lessonState(p2, [])).toBe('none');
  });
  it('an action on another server or widget marks nothing', () => {
    const p = recordAction(emptyProgress('en'), tasks, { widget: 'console', kind: 'reply', server: 'noisy', outcome: 'complete' }, '2026-12-01T10:00:00.000Z');
    expect(p.done).toEqual({});
  });
  it('merging keeps every task of both, with the earlier date', () => {
    const a = { ...emptyProgress('en'), done: { 'the-wire/reply': '2026-12-02T00:00:00.000Z' } };
    const b = { ...emptyProgress('en'), done: { 'the-wire/reply': '2026-12-01T00:00:00.000Z', 'the-wire/error': '2026-12-03T00:00:00.000Z' } };
    expect(mergeProgress(a, b).done).toEqual({ 'the-wire/reply': '2026-12-01T00:00:00.000Z', 'the-wire/error': '2026-12-03T00:00:00.000Z' });
  });
});

describe('parseProgress: the file format', () => {
  const good = { format: 'mcp-by-hand/progress', version: PROGRESS_VERSION, edition: 'id', done: { 'the-wire/reply': '2026-12-01T10:00:00.000Z', 'gone-lesson/task': '2026-12-01T10:00:00.000Z' } };
  it('reads what it writes, leaving out tasks the course does not have', () => {
    const read = parseProgress(JSON.stringify(good), 'id', isKnownTask);
    expect(read).toEqual({ ok: true, progress: { ...good, done: { 'the-wire/reply': '2026-12-01T10:00:00.000Z' } } });
  });
  it.for([
    ['not JSON', '{"format":', { kind: 'not-json' }],
    ['an array', '[]', { kind: 'not-progress' }],
    ['another format', JSON.stringify({ ...good, format: 'something' }), { kind: 'not-progress' }],
    ['done not an object', JSON.stringify({ ...good, done: [] }), { kind: 'not-progress' }],
    ['another version', JSON.stringify({ ...good, version: 2 }), { kind: 'version', version: 2 }],
    ['another edition', JSON.stringify({ ...good, edition: 'en' }), { kind: 'edition', edition: 'en' }],
    ['a date that is not ISO 8601', JSON.stringify({ ...good, done: { 'the-wire/reply': 'yesterday' } }), { kind: 'entry', id: 'the-wire/reply' }],
    ['an id with markup', JSON.stringify({ ...good, done: { '<img src=x>': '2026-12-01T10:00:00.000Z' } }), { kind: 'entry', id: '<img src=x>' }],
  ] as const)('refuses %s', ([, text, problem]) => {
    expect(parseProgress(text, 'id', isKnownTask)).toEqual({ ok: false, problem });
  });
});

describe('lessonOfPath', () => {
  it('finds the lesson in either edition, under any base', () => {
    expect(lessonOfPath('/the-wire/', '/')).toBe('the-wire');
    expect(lessonOfPath('/id/the-wire/', '/')).toBe('the-wire');
    expect(lessonOfPath('/courses/mcp/id/the-wire/', '/courses/mcp/')).toBe('the-wire');
    expect(lessonOfPath('/id/', '/')).toBe('');
    expect(lessonOfPath('/', '/')).toBe('');
  });
});

describe('the course\'s tasks', () => {
  const lessons = readdirSync(new URL('../../../lessons/', import.meta.url)).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
  it('belong to lessons that exist, with unique ids; every lesson with a widget to act in has some', () => {
    for (const slug of Object.keys(LESSON_TASKS)) expect(lessons, slug).toContain(slug);
    for (const [slug, tasks] of Object.entries(LESSON_TASKS)) expect(new Set(tasks.map((t) => t.id)).size, slug).toBe(tasks.length);
    const withWidgets = lessons.filter((slug) => /^<(Console|ServerEditor|ProbeFlow|Replay|TokenMeter|IntegrationCounter|CacheView|Checker|HttpRequest)\b/m.test(readFileSync(new URL(`../../../lessons/${slug}.mdx`, import.meta.url), 'utf8')));
    expect(withWidgets.filter((slug) => !LESSON_TASKS[slug]?.length)).toEqual([]);
  });
  it.for(LANGS)('each has its words and its skill in %s', (lang) => {
    const words = table(lang);
    for (const [slug, tasks] of Object.entries(LESSON_TASKS))
      for (const t of tasks) {
        expect(words[`progress.task.${slug}.${t.id}` as StringKey], `${slug}/${t.id}`).toBeTruthy();
        expect(words[`progress.skill.${slug}.${t.id}` as StringKey], `${slug}/${t.id}`).toBeTruthy();
      }
  });
});
