/**
 * The Progress island (see ../Progress.astro): the reader's progress in this
 * edition, read from the browser (page/course-progress.ts) and followed live
 * as widgets on the page report what the reader does. Its lists are rendered
 * in full by the server with each mark's place kept empty; the marks and
 * counts fill in once it has hydrated (`data-ready`), so nothing moves.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { setLang, t, type StringKey } from '../../i18n/index.ts';
import '../ui/widget.css';
import './progress.css';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { emptyProgress, lessonState, type ProgressFile, type ProgressProblem } from '../pure/reader-progress.ts';
import { clearCourseProgress, exportCourseProgress, importCourseProgress, loadCourseProgress, onProgressChange, recordReaderActions, storageWorks } from '../page/course-progress.ts';

/** One task as the island shows it: its full id, its words in the page's language, and the link to where it is asked. */
export interface TaskView {
  id: string;
  text: string;
  skill: string;
  href: string;
}

/** One lesson with tasks: its slug, its title and link as the sidebar has them, and its tasks. */
export interface LessonView {
  slug: string;
  title: string;
  href: string;
  /** True for the capstone, whose tasks are the checker's stages. */
  capstone: boolean;
  tasks: TaskView[];
}

/** Props: the view, the page's language, the lessons (in the sidebar's order), the checker's stage titles, the can-do page's link. */
export interface ProgressProps {
  view: 'lesson' | 'course' | 'can-do';
  lang: string;
  lessons: LessonView[];
  stageTitles: string[];
  canDoHref: string;
}

/** The mark of a task or a lesson: a symbol for the eye, its word for everyone (the symbol is hidden from assistive technology). */
function Mark({ state, ready }: { state: 'done' | 'started' | 'none'; ready: boolean }): JSX.Element {
  const word = t(state === 'done' ? 'progress.mark.done' : state === 'started' ? 'progress.mark.started' : 'progress.mark.todo');
  return (
    <span class="mp-mark" data-progress={ready ? state : undefined}>
      {ready && (
        <>
          <span aria-hidden="true">{state === 'done' ? '✓' : state === 'started' ? '◐' : '○'}</span>
          <span class="sr-only">{word}</span>
        </>
      )}
    </span>
  );
}

const problemText = (file: string, p: ProgressProblem): string => t(`progress.bad.${p.kind}` as StringKey, { file, version: p.kind === 'version' ? String(p.version) : '', edition: p.kind === 'edition' ? p.edition : '', id: p.kind === 'entry' ? p.id : '' });

/** Export, import and clear, with the status line that says what happened. */
function Controls({ progress, total }: { progress: ProgressFile; total: number }): JSX.Element {
  const hydrated = useHydrated();
  const file = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const download = () => {
    const url = URL.createObjectURL(new Blob([exportCourseProgress(progress.edition)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `mcp-by-hand-progress-${progress.edition}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  const chosen = async (input: HTMLInputElement) => {
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    let text: string;
    try {
      text = await f.text();
    } catch {
      setStatus({ text: t('progress.bad.unreadable', { file: f.name }), error: true });
      return;
    }
    const result = importCourseProgress(text, progress.edition);
    if (!result.ok) setStatus({ text: problemText(f.name, result.problem), error: true });
    else setStatus({ text: t('progress.imported', { n: result.inFile, total: Object.keys(loadCourseProgress(progress.edition).done).length }), error: false });
  };
  return (
    <div class="mp-controls">
      <div class="mp-buttons">
        <button type="button" class="mcp-btn" data-action="export-progress" disabled={!hydrated} onClick={download}>
          {t('progress.export')}
        </button>
        <button type="button" class="mcp-btn" data-action="import-progress" disabled={!hydrated} onClick={() => file.current?.click()}>
          {t('progress.import')}
        </button>
        <input ref={file} type="file" accept=".json,application/json" hidden tabIndex={-1} aria-label={t('progress.import')} disabled={!hydrated} data-control="import-file" onChange={(e) => void chosen(e.currentTarget)} />
        <ConfirmButton
          label={t('progress.clear')}
          question={t('progress.clear.question')}
          confirmLabel={t('progress.clear.confirm')}
          action="clear-progress"
          disabled={!hydrated || total === 0}
          onConfirm={() => {
            clearCourseProgress(progress.edition);
            setStatus({ text: t('progress.cleared'), error: false });
          }}
        />
      </div>
      <p class={status?.error ? 'mp-status mp-error' : 'mp-status'} role="status" data-progress-status={status ? (status.error ? 'error' : 'ok') : undefined}>
        {status?.text ?? ''}
      </p>
      {!storageWorks() && <p class="mp-status mp-error">{t('progress.storage-off')}</p>}
    </div>
  );
}

/** What the reader has done, in the view the page asks for. */
export function Progress(props: ProgressProps): JSX.Element {
  setLang(props.lang);
  const [progress, setProgress] = useState<ProgressFile | undefined>(undefined);
  useEffect(() => {
    recordReaderActions();
    const read = () => setProgress(loadCourseProgress());
    read();
    return onProgressChange(read);
  }, []);
  const ready = progress !== undefined;
  const p = progress ?? emptyProgress(props.lang);
  const isDone = (id: string) => ready && id in p.done;
  const all = props.lessons.flatMap((l) => l.tasks);
  const doneCount = all.filter((task) => isDone(task.id)).length;

  if (props.view === 'lesson') {
    const lesson = props.lessons[0];
    if (!lesson) return <></>;
    const n = lesson.tasks.filter((task) => isDone(task.id)).length;
    return (
      <section class="mcp-widget mcp-progress" data-view="lesson" data-ready={ready ? '' : undefined} aria-labelledby="mp-lesson-title">
        <h2 id="mp-lesson-title" class="mp-title">
          {t('progress.lesson.title')}
        </h2>
        <p class="mp-count" aria-live="polite">
          {ready ? (n === lesson.tasks.length ? t('progress.lesson.all') : t('progress.lesson.count', { n, total: lesson.tasks.length })) : '\u00a0'}
        </p>
        <ul class="mp-tasks">
          {lesson.tasks.map((task) => (
            <li key={task.id} data-task={task.id} data-done={isDone(task.id) ? '' : undefined}>
              <Mark state={isDone(task.id) ? 'done' : 'none'} ready={ready} />
              {isDone(task.id) ? <span>{task.text}</span> : <a href={task.href}>{task.text}</a>}
            </li>
          ))}
        </ul>
        <p class="mp-help">{t('progress.lesson.help')}</p>
      </section>
    );
  }

  if (props.view === 'course') {
    const capstone = props.lessons.find((l) => l.capstone);
    return (
      <section class="mcp-widget mcp-progress" data-view="course" data-ready={ready ? '' : undefined} aria-labelledby="mp-course-title">
        <h2 id="mp-course-title" class="mp-title">
          {t('progress.course.title')}
        </h2>
        <p class="mp-help">{t('progress.course.help')}</p>
        <p class="mp-count" aria-live="polite">
          {ready ? t('progress.course.summary', { n: doneCount, total: all.length }) : '\u00a0'}
        </p>
        <h3 class="mp-sub">{t('progress.course.lessons')}</h3>
        <ol class="mp-lessons">
          {props.lessons.map((l) => {
            const n = l.tasks.filter((task) => isDone(task.id)).length;
            return (
              <li key={l.slug} data-lesson={l.slug} data-state={ready ? lessonState(p, l.tasks.map((task) => task.id)) : undefined}>
                <Mark state={ready ? lessonState(p, l.tasks.map((task) => task.id)) : 'none'} ready={ready} />
                <a href={l.href}>{l.title}</a> <span class="mp-num">{ready ? t('progress.course.lesson-count', { n, total: l.tasks.length }) : ''}</span>
              </li>
            );
          })}
        </ol>
        {capstone && (
          <>
            <h3 class="mp-sub">{t('progress.course.capstone')}</h3>
            <ol class="mp-tasks mp-stages">
              {capstone.tasks.map((task, i) => (
                <li key={task.id} data-task={task.id} data-done={isDone(task.id) ? '' : undefined}>
                  <Mark state={isDone(task.id) ? 'done' : 'none'} ready={ready} />
                  <a href={task.href}>{t('progress.course.stage', { n: i + 1, title: props.stageTitles[i] ?? '' })}</a>
                </li>
              ))}
            </ol>
          </>
        )}
        <p>
          <a href={props.canDoHref}>{t('progress.course.can-do')}</a>
        </p>
        <Controls progress={p} total={doneCount} />
      </section>
    );
  }

  const left = props.lessons.map((l) => ({ ...l, tasks: l.tasks.filter((task) => !isDone(task.id)) })).filter((l) => l.tasks.length);
  return (
    <section class="mcp-widget mcp-progress" data-view="can-do" data-ready={ready ? '' : undefined} aria-label={t('progress.can-do.title')}>
      <p>{t('progress.can-do.intro')}</p>
      {ready && (
        <>
          {doneCount === 0 ? (
            <p data-can-do-none>{t('progress.can-do.none')}</p>
          ) : (
            <ul class="mp-skills">
              {all
                .filter((task) => isDone(task.id))
                .map((task) => (
                  <li key={task.id} data-skill={task.id}>
                    {task.skill}
                  </li>
                ))}
            </ul>
          )}
          <h2 class="mp-title">{t('progress.can-do.left')}</h2>
          {left.length === 0 ? (
            <p>{t('progress.can-do.left-none')}</p>
          ) : (
            <ul class="mp-left">
              {left.map((l) => (
                <li key={l.slug} data-lesson={l.slug}>
                  <a href={l.href}>{l.title}</a>
                  <ul>
                    {l.tasks.map((task) => (
                      <li key={task.id} data-task={task.id}>
                        <a href={task.href}>{task.text}</a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Controls progress={p} total={doneCount} />
    </section>
  );
}
