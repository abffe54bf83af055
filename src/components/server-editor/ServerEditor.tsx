/**
 * ServerEditor: a toy server's source in CodeMirror (JavaScript) with Run,
 * Reset and a marker when the source differs from the original.
 * - Run checks the syntax first (line:col, nothing started on an error),
 *   then writes the edit into the engine's file system and makes the page run
 *   it: the attached Console restarts with a fresh process of the edit.
 * - Reset asks first (inline, accessible), then goes back to the original.
 * - Every change is saved at once in localStorage (per page path and file),
 *   restored on reload, and kept whatever happens when it runs.
 *
 * - "Run it on your machine" gives the exact `node` command and a download of
 *   the source as it is in the editor (with the siblings it imports).
 *
 * Props: `server` (toy server name), `original` (its shipped source text),
 * `console` (render an attached Console below; default true), `templates`
 * (starting messages for the attached Console, see Console.tsx), `lang` (the
 * page's language; words from src/i18n, area `editor`). Run and Reset carry
 * `data-action="run"` / `"reset"`; the marker carries `data-changed`, the
 * note on what runs `data-running` (`edit` | `original`).
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { EditorHandle } from '../pure/editor-handle.ts';
import { LazyCodeEditor } from '../ui/LazyCodeEditor.tsx';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { engineGeneration, originalEntry, runsEdited, setServerSource, SERVER_NAMES, type ServerName } from '../page/page-engine.ts';
import { Console } from '../console/Console.tsx';
import { TakeHome } from '../ui/TakeHome.tsx';
import { editKey, loadEdit, saveEdit } from './edit-store.ts';
import type { SyntaxProblem } from './syntax-check.ts';
import { setLang, t } from '../../i18n/index.ts';
import { errorText } from '../pure/failure-text.ts';
import '../ui/widget.css';
import { reportAction } from '../page/reader-actions.ts';

/** Props of {@link ServerEditor}. */
export interface ServerEditorProps {
  server: ServerName;
  original: string;
  console?: boolean;
  /** Starting messages for the attached Console: `{ label, message }` pairs shown as buttons. */
  templates?: ReadonlyArray<{ label: string; message: string }>;
  /** The page's language (`en` when absent). */
  lang?: string;
}

let editors = 0;

/** The ServerEditor island. */
export function ServerEditor(props: ServerEditorProps): JSX.Element {
  setLang(props.lang);
  const server: ServerName = SERVER_NAMES.includes(props.server) ? props.server : 'calendar';
  const file = originalEntry(server);
  /** Set once hydrated, so tests (and styles) can tell the island is live; Run and Reset work from then on. */
  const ready = useHydrated();
  const uid = useMemo(() => `mcp-editor-${++editors}`, []);
  const key = useMemo(() => editKey(typeof location === 'undefined' ? '/' : location.pathname, file), []);
  const view = useRef<EditorHandle>();
  const saved = useMemo(() => loadEdit(key), []);
  const initialDoc = saved ?? props.original;
  const [changed, setChanged] = useState(false);
  const [running, setRunning] = useState<'original' | 'edit'>(runsEdited(server) ? 'edit' : 'original');
  const [problem, setProblem] = useState<SyntaxProblem | undefined>();
  const [status, setStatus] = useState('');
  const [storageOk, setStorageOk] = useState(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The editor's text is what the reader typed before hydration when they did (the editor adopted it), else initialDoc.
    const now = view.current?.getText() ?? initialDoc;
    setChanged(now !== props.original);
    if (saved !== undefined && now === initialDoc) setStatus(t('editor.restored'));
    let first = true;
    const unsub = engineGeneration.subscribe(() => {
      if (first) return void (first = false);
      setRunning(runsEdited(server) ? 'edit' : 'original');
    });
    return unsub;
  }, []);

  const onChange = (text: string) => {
    setChanged(text !== props.original);
    setStorageOk(saveEdit(key, text, props.original));
    setProblem(undefined);
  };

  const goTo = (p: SyntaxProblem) => view.current!.setCursor(p.offset);

  async function run(): Promise<void> {
    const v = view.current!;
    const text = v.getText();
    setStorageOk(saveEdit(key, text, props.original));
    const { checkSyntax, lexerReady } = await import('./syntax-check.ts');
    await lexerReady();
    const p = await checkSyntax(text);
    setProblem(p);
    if (p) {
      setStatus(t('editor.notStarted', { line: p.line, column: p.column }));
      return;
    }
    setBusy(true);
    try {
      await setServerSource(server, text === props.original ? null : text);
      setRunning(text === props.original ? 'original' : 'edit');
      reportAction({ widget: 'server-editor', kind: 'run', server, changed: text !== props.original });
      setStatus(t(text === props.original ? 'editor.runningOriginal' : 'editor.runningEdit'));
    } catch (e) {
      setStatus(t('editor.couldNotRun', { why: errorText(e) }));
    } finally {
      setBusy(false);
    }
  }

  async function reset(): Promise<void> {
    view.current!.setText(props.original);
    saveEdit(key, props.original, props.original);
    setChanged(false);
    setProblem(undefined);
    await setServerSource(server, null);
    setRunning('original');
    setStatus(t('editor.backToOriginal'));
  }

  return (
    <section class="mcp-widget mcp-server-editor" aria-labelledby={`${uid}-title`} data-server={server} data-ready={ready ? "yes" : undefined}>
      <header class="mcp-widget-head">
        <h3 id={`${uid}-title`} class="mcp-widget-title">
          {t('editor.title', { file })}
        </h3>
        <span class={`mcp-changed ${changed ? 'mcp-changed-yes' : 'mcp-changed-no'}`} data-changed={changed ? 'yes' : 'no'}>
          {t(changed ? 'editor.changed' : 'editor.original')}
        </span>
      </header>
      {props.console === false ? <EngineBadge /> : null}
      <LazyCodeEditor
        class="mcp-editor-js"
        doc={initialDoc}
        language="javascript"
        label={t('editor.label', { file })}
        describedBy={`${uid}-help`}
        lineNumbers
        onChange={onChange}
        handle={view}
      />
      <p id={`${uid}-help`} class="mcp-help">
        {t('editor.help')}
      </p>
      {problem ? (
        <div class="mcp-syntax" role="alert">
          {t('editor.syntax', { line: problem.line, column: problem.column, message: problem.message })}{' '}
          <button type="button" class="mcp-btn mcp-btn-small" data-action="go-to-line" onClick={() => goTo(problem)}>
            {t('editor.goToLine', { line: problem.line, column: problem.column })}
          </button>
        </div>
      ) : null}
      {!storageOk ? <p class="mcp-warning">{t('editor.storageRefused')}</p> : null}
      <div class="mcp-toolbar">
        <button type="button" class="mcp-btn mcp-btn-primary" data-action="run" disabled={busy || !ready} onClick={() => void run()}>
          {t('editor.run')}
        </button>
        <ConfirmButton action="reset" disabled={!ready} label={t('editor.reset')} question={t('editor.resetQuestion')} confirmLabel={t('editor.resetConfirm')} onConfirm={() => void reset()} />
        <span class="mcp-note" data-running={running}>
          {t(running === 'edit' ? 'editor.runsEdit' : 'editor.runsOriginal')}
        </span>
        <span class="mcp-sr-status" role="status">
          {status}
        </span>
      </div>
      <TakeHome server={server} source={() => view.current?.getText() ?? initialDoc} />
      {props.console !== false ? (
        <div class="mcp-editor-attached">
          <Console server={server} attached {...(props.lang ? { lang: props.lang } : {})} {...(props.templates ? { templates: props.templates } : {})} />
        </div>
      ) : null}
    </section>
  );
}
