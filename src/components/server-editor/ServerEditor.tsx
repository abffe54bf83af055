/**
 * ServerEditor: a toy server's files in CodeMirror (JavaScript), one tab per
 * file when its entry imports siblings (see FileTabs.tsx), with Run, Reset
 * and a marker when a file differs from the original.
 * - Run checks the syntax of every edited file first (line:col, nothing
 *   started on an error, the tab of the file at fault selected), then writes
 *   what the tabs hold into the engine's file system and makes the page run
 *   it: the attached Console restarts with a fresh process of the edit.
 * - Reset asks first (inline, accessible), then puts the selected tab's file
 *   back to the original; the page then runs the other files' edits it ran.
 * - Every change is saved at once in localStorage (per page path and file),
 *   restored on reload, and kept whatever happens when it runs. A file the
 *   lesson makes read-only can be read and copied, never changed.
 * - "Run it on your machine" gives the exact `node` command and a download of
 *   the files as the tabs hold them.
 *
 * Props: `server` (toy server name), `files` (its tabs, entry first:
 * `{ path, original, readOnly }`, see editor-files.ts), `console` (render an
 * attached Console below; default true), `templates` (starting messages for
 * the attached Console, see Console.tsx), `lang` (the page's language; words
 * from src/i18n, area `editor`). Run and Reset carry `data-action="run"` /
 * `"reset"`; the marker (of the selected file) carries `data-changed`, each
 * tab its own `data-changed`, the note on what runs `data-running`
 * (`edit` | `original`).
 */
import type { JSX } from 'preact';
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { EditorHandle } from '../pure/editor-handle.ts';
import { LazyCodeEditor } from '../ui/LazyCodeEditor.tsx';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { ConfirmButton } from '../ui/ConfirmButton.tsx';
import { editedSources, runsEdited, setServerSources, SERVER_NAMES, type ServerName } from '../page/server-sources.ts';
import { engineGeneration } from '../page/engine-choice.ts';
import { Console } from '../console/Console.tsx';
import { TakeHome } from '../ui/TakeHome.tsx';
import { editKey, loadEdit, saveEdit } from './edit-store.ts';
import { fileName, type EditorFile } from './editor-files.ts';
import { FileTabs } from './FileTabs.tsx';
import type { SyntaxProblem } from './syntax-check.ts';
import { setLang, t } from '../../i18n/index.ts';
import { errorText } from '../pure/failure-text.ts';
import '../ui/widget.css';
import { reportAction } from '../page/reader-actions.ts';

/** Props of {@link ServerEditor}. */
export interface ServerEditorProps {
  server: ServerName;
  /** The files, entry first (at least one). */
  files: readonly EditorFile[];
  console?: boolean;
  /** Starting messages for the attached Console: `{ label, message }` pairs shown as buttons. */
  templates?: ReadonlyArray<{ label: string; message: string }>;
  /** The page's language (`en` when absent). */
  lang?: string;
}

/** The ServerEditor island. */
export function ServerEditor(props: ServerEditorProps): JSX.Element {
  setLang(props.lang);
  const server: ServerName = SERVER_NAMES.includes(props.server) ? props.server : 'calendar';
  const files = props.files;
  const tabbed = files.length > 1;
  /** Set once hydrated, so tests (and styles) can tell the island is live; Run and Reset work from then on. */
  const ready = useHydrated();
  // The same on the server and in the page (hydration keeps the server's ids; the tabs and their panel refer to them).
  const uid = `mcp-editor-${useId()}`;
  const keys = useMemo(() => files.map((f) => editKey(typeof location === 'undefined' ? '/' : location.pathname, f.path)), []);
  const view = useRef<EditorHandle>();
  const saved = useMemo(() => files.map((f, i) => (f.readOnly ? undefined : loadEdit(keys[i]!))), []);
  /** What each tab holds now (the selected one's text is also in the editor). */
  const texts = useRef(files.map((f, i) => saved[i] ?? f.original));
  const [active, setActive] = useState(0);
  const [changed, setChanged] = useState(() => files.map(() => false));
  const [running, setRunning] = useState<'original' | 'edit'>(runsEdited(server) ? 'edit' : 'original');
  const [problem, setProblem] = useState<SyntaxProblem | undefined>();
  const [status, setStatus] = useState('');
  const [storageOk, setStorageOk] = useState(true);
  const [busy, setBusy] = useState(false);
  const file = files[active]!;

  useEffect(() => {
    // The first tab's text is what the reader typed before hydration when they did (the editor adopted it), else its saved text.
    const typed = view.current?.getText();
    if (typed !== undefined) texts.current[0] = typed;
    setChanged(files.map((f, i) => texts.current[i] !== f.original));
    if (saved.some((s, i) => s !== undefined && s === texts.current[i])) setStatus(t('editor.restored'));
    let first = true;
    const unsub = engineGeneration.subscribe(() => {
      if (first) return void (first = false);
      setRunning(runsEdited(server) ? 'edit' : 'original');
    });
    return unsub;
  }, []);

  /** Keeps tab `i` holding `text`: its marker, its saved edit. */
  const hold = (i: number, text: string) => {
    texts.current[i] = text;
    setChanged((c) => c.map((was, j) => (j === i ? text !== files[i]!.original : was)));
    setStorageOk(saveEdit(keys[i]!, text, files[i]!.original));
  };

  const onChange = (text: string) => {
    hold(active, text);
    setProblem(undefined);
  };

  const select = (i: number) => {
    if (i === active) return;
    const text = view.current?.getText();
    if (text !== undefined && !file.readOnly) texts.current[active] = text;
    setProblem(undefined);
    setActive(i);
  };

  const goTo = (p: SyntaxProblem) => view.current!.setCursor(p.offset);

  /** The edited files (original path -> text); read-only files never count. */
  const edits = (): Record<string, string> =>
    Object.fromEntries(files.flatMap((f, i) => (!f.readOnly && texts.current[i] !== f.original ? [[f.path, texts.current[i]!]] : [])));

  async function run(): Promise<void> {
    if (!file.readOnly) hold(active, view.current!.getText());
    const { checkSyntax, lexerReady } = await import('./syntax-check.ts');
    await lexerReady();
    for (const [i, f] of files.entries()) {
      if (f.readOnly || texts.current[i] === f.original) continue;
      const p = await checkSyntax(texts.current[i]!);
      if (!p) continue;
      if (i !== active) setActive(i);
      setProblem(p);
      setStatus(t('editor.notStarted', { line: p.line, column: p.column }));
      return;
    }
    setProblem(undefined);
    const mine = edits();
    const edited = Object.keys(mine).length > 0;
    setBusy(true);
    try {
      await setServerSources(server, edited ? mine : null);
      setRunning(edited ? 'edit' : 'original');
      reportAction({ widget: 'server-editor', kind: 'run', server, changed: edited });
      setStatus(t(edited ? 'editor.runningEdit' : 'editor.runningOriginal'));
    } catch (e) {
      setStatus(t('editor.couldNotRun', { why: errorText(e) }));
    } finally {
      setBusy(false);
    }
  }

  async function reset(): Promise<void> {
    const i = active;
    view.current!.setText(files[i]!.original);
    hold(i, files[i]!.original);
    setProblem(undefined);
    // The page goes on running the other files' edits it ran, without this one.
    const ran = Object.fromEntries([...(editedSources(server) ?? [])].filter(([path]) => path !== files[i]!.path));
    const still = Object.keys(ran).length > 0;
    try {
      await setServerSources(server, still ? ran : null);
      setRunning(still ? 'edit' : 'original');
      setStatus(tabbed ? t('editor.fileBackToOriginal', { file: fileName(files[i]!.path) }) : t('editor.backToOriginal'));
    } catch (e) {
      setStatus(t('editor.couldNotRun', { why: errorText(e) }));
    }
  }

  const editor = (
    <LazyCodeEditor
      key={file.path}
      class="mcp-editor-js"
      doc={texts.current[active]!}
      sizeDoc={file.original}
      language="javascript"
      label={t('editor.label', { file: file.path })}
      describedBy={`${uid}-help`}
      lineNumbers
      readOnly={file.readOnly}
      onChange={onChange}
      handle={view}
    />
  );
  return (
    <section class="mcp-widget mcp-server-editor" aria-labelledby={`${uid}-title`} data-server={server} data-ready={ready ? "yes" : undefined}>
      <header class="mcp-widget-head">
        <h3 id={`${uid}-title`} class="mcp-widget-title">
          {t('editor.title', { file: files[0]!.path })}
        </h3>
        {/* Both words take the same place (the wider one's), so the header keeps its height when a kept edit shows at hydration. */}
        <span class={`mcp-changed ${changed[active] ? 'mcp-changed-yes' : 'mcp-changed-no'}`} data-changed={changed[active] ? 'yes' : 'no'}>
          <span class="mcp-changed-word" aria-hidden={changed[active] ? 'true' : undefined}>{t('editor.original')}</span>
          <span class="mcp-changed-word" aria-hidden={changed[active] ? undefined : 'true'}>{t('editor.changed')}</span>
        </span>
      </header>
      {props.console === false ? <EngineBadge /> : null}
      {tabbed ? (
        <>
          <FileTabs
            id={uid}
            label={t('editor.files', { file: fileName(files[0]!.path) })}
            panel={`${uid}-panel`}
            files={files.map((f, i) => ({ name: fileName(f.path), changed: changed[i]!, readOnly: f.readOnly }))}
            active={active}
            onSelect={select}
            disabled={!ready}
          />
          <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${active}`}>
            {editor}
          </div>
        </>
      ) : (
        editor
      )}
      <p id={`${uid}-help`} class="mcp-help">
        {file.readOnly ? `${t('editor.readOnlyHelp', { file: fileName(file.path) })} ` : ''}
        {t(tabbed ? 'editor.helpFiles' : 'editor.help')}
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
        <ConfirmButton key={file.path} action="reset" disabled={!ready || file.readOnly} label={t('editor.reset')} question={t('editor.resetQuestion')} confirmLabel={t('editor.resetConfirm')} onConfirm={() => void reset()} />
        <span class="mcp-note" data-running={running}>
          {t(running === 'edit' ? 'editor.runsEdit' : 'editor.runsOriginal')}
        </span>
        <span class="mcp-sr-status" role="status">
          {status}
        </span>
      </div>
      <TakeHome server={server} sources={() => Object.fromEntries(files.map((f, i) => [f.path, i === active && !f.readOnly ? (view.current?.getText() ?? texts.current[i]!) : texts.current[i]!]))} />
      {props.console !== false ? (
        <div class="mcp-editor-attached">
          <Console server={server} attached {...(props.lang ? { lang: props.lang } : {})} {...(props.templates ? { templates: props.templates } : {})} />
        </div>
      ) : null}
    </section>
  );
}
