/**
 * Console: raw JSON-RPC in, annotated transcript out, for one server process.
 * The editor is CodeMirror (JSON); what is sent is the exact line written to
 * stdin (or POSTed, for an HTTP server), shown in the transcript, with what
 * the Console changed in what the reader typed listed beside it.
 *
 * The transcript renders in batches (at most once a frame) and keeps a
 * bounded window in the page (see transcript-store.ts), so a server that
 * floods its output cannot freeze the page. The unsent message is kept per
 * page in localStorage and restored on reload; when the browser refuses to
 * keep it (storage off or full, a message of megabytes), a note right under
 * the editor (`data-draft="refused"`) says so, and the text stays in the page.
 * What the reader typed, ticked or picked before the island hydrated is kept
 * (page/typed-before.ts), and is newer than a saved draft.
 *
 * Props:
 * - `server`: which toy server (a name of `toy-servers/registry.ts`).
 * - `initial`: a JSON-RPC message (string) to prefill; default the first of
 *   `templates`, else the first menu template (`server/discover`, or
 *   `initialize` on a legacy server).
 * - `templates`: starting messages a lesson offers one click away, as
 *   `{ label, message }` pairs shown as buttons above the editor.
 * - `meta`: start with "fill in _meta" on (default true).
 * - `id`: a name for this console; a console with an id, like one inside a
 *   ServerEditor (`attached`), restarts when a ServerEditor on the page runs
 *   an edit of the same server.
 * - `attached`: set by ServerEditor for its own console.
 * - `lang`: the page's language (`en`, `id`), passed by the `.astro` wrapper;
 *   every word comes from src/i18n (area `console`). Buttons carry a
 *   `data-action` (`send`, `restart`, `clear`, `copy-transcript`,
 *   `use-template`, `go-to-form`, `dismiss`, `retry`) that is the same in
 *   every language.
 */
import type { JSX } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { RequestBuilder } from '../../protocol/index.ts';
import type { EditorHandle } from '../pure/editor-handle.ts';
import { LazyCodeEditor } from '../ui/LazyCodeEditor.tsx';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { SERVER_NAMES, type ServerName } from '../page/server-sources.ts';
import { TakeHome } from '../ui/TakeHome.tsx';
import { BrowserWords } from '../ui/BrowserWords.tsx';
import { setLang, t } from '../../i18n/index.ts';
import { errorText } from '../pure/failure-text.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { CONSOLE_CAPABILITIES, composeLine } from './compose.ts';
import { StderrLane, WireLane } from './Transcript.tsx';
import { useTranscript } from './use-transcript.ts';
import { useNoReply } from './use-no-reply.ts';
import { useSession, useSessionLifetime } from './use-sessions.ts';
import { useTemplates } from './use-templates.ts';
import { useInputRequired } from './use-input-required.ts';
import { useHistory } from './use-history.ts';
import { useDraft } from './use-draft.ts';
import { StartingMessages } from './StartingMessages.tsx';
import { ConsoleToolbar } from './ConsoleToolbar.tsx';
import { InputRequiredPanel } from './InputRequiredPanel.tsx';
import { ShareBar } from '../ui/ShareBar.tsx';
import { consoleShareLines } from './share-lines.ts';
import '../ui/widget.css';

/** Props of {@link Console}. */
export interface ConsoleProps {
  server: ServerName;
  initial?: string;
  /** Starting messages shown as buttons: `label` on the button, `message` the JSON-RPC text it puts in the editor. */
  templates?: ReadonlyArray<{ label: string; message: string }>;
  meta?: boolean;
  id?: string;
  attached?: boolean;
  /** The page's language (`en` when absent). */
  lang?: string;
}

let consoles = 0;

/**
 * The Console island: a view over its hooks, one per concern: the transcript
 * (`use-transcript.ts`, what was sent and received), the waits for replies
 * (`use-no-reply.ts`), the session and its process (`use-sessions.ts`), the
 * template menu (`use-templates.ts`), the input_required flow
 * (`use-input-required.ts`), the sent history (`use-history.ts`) and the
 * kept draft (`use-draft.ts`).
 */
export function Console(props: ConsoleProps): JSX.Element {
  setLang(props.lang);
  const server: ServerName = SERVER_NAMES.includes(props.server) ? props.server : 'calendar';
  const http = server === 'http';
  /** Set once hydrated, so tests (and styles) can tell the island is live; the controls work from then on. */
  const ready = useHydrated();
  const uid = useMemo(() => `mcp-console-${++consoles}`, []);
  const builder = useMemo(() => new RequestBuilder({ clientCapabilities: CONSOLE_CAPABILITIES }), []);
  const transcript = useTranscript();
  const waits = useNoReply(http, transcript, () => link.session.pid !== undefined);
  const link = useSession({
    server,
    http,
    transcript,
    waits,
    // What the reply teaches (menu templates, the form it asks for) shows with its row, never before it.
    onReply: (message, c, method) => {
      const ask = asks.heard(message, c);
      transcript.store.afterShown(() => {
        menu.learn(method, message);
        ask();
      });
    },
  });
  const [fillMeta, setFillMeta] = useState(props.meta !== false);
  const fillRef = useRef(fillMeta);
  fillRef.current = fillMeta;
  const menu = useTemplates(server, builder, () => fillRef.current, link.nextId);
  const asks = useInputRequired(link, transcript, builder);
  /** The warning above the toolbar, in the reader's words, with the browser's own words behind it when it has some. */
  const [warning, setWarning] = useState<{ text: string; detail?: string } | undefined>();
  // The switch and the menu as the reader left them, if they used them before hydration.
  const typedRoot = useTypedBefore('console', (typed) => {
    const on = typed.checked('fill-meta');
    if (on !== undefined) setFillMeta(on);
    const chosen = Number(typed.value('template'));
    if (Number.isInteger(chosen) && chosen >= 0) menu.choose(chosen);
  });
  const editor = useRef<EditorHandle>();
  const history = useHistory(editor, () => void send());

  async function send(): Promise<void> {
    try {
      await sendNow();
    } catch (e) {
      transcript.say(t('console.ev.notSent', { why: errorText(e) }), 'error');
    }
  }

  async function sendNow(): Promise<void> {
    const v = editor.current;
    if (!v) return;
    const text = v.getText();
    if (!text.trim()) {
      setWarning({ text: t('console.empty') });
      return;
    }
    const composed = composeLine(text, { fillMeta: fillRef.current, builder });
    history.record(text);
    const detail = composed.warningDetail !== undefined ? { detail: composed.warningDetail } : {};
    setWarning(composed.warning === undefined ? undefined : { text: composed.warning, ...detail });
    if (composed.warning) transcript.say(t('console.ev.sendingAnyway', { warning: composed.warning }), 'warn', detail);
    asks.movedOn();
    await link.transmit(composed.line, composed.message, composed.changes);
  }

  const initialDoc = useMemo(() => props.initial ?? props.templates?.[0]?.message ?? menu.list()[0]!.text, []);
  const section = useRef<HTMLElement>(null);
  const draft = useDraft(section, editor, server, props.id, initialDoc);
  const onEditorChange = (text: string) => {
    setWarning(undefined);
    draft.save(text);
  };
  // Process lifetime: restart on engine switch/reset, and on a ServerEditor run when attached.
  useSessionLifetime(link, server, !!(props.attached || props.id), waits);

  const putInEditor = (text: string) => {
    const v = editor.current!;
    v.setText(text);
    v.focus();
  };
  const pending = asks.pending;
  const file = `${server}.mjs`;
  const title = t(http ? 'console.title.http' : 'console.title.stdio', { file });

  return (
    <section ref={section} class="mcp-widget mcp-console" aria-labelledby={`${uid}-title`} onKeyDown={link.start} data-server={server} data-ready={ready ? "yes" : undefined} {...typedRoot}>
      <header class="mcp-widget-head">
        <h3 id={`${uid}-title`} class="mcp-widget-title">
          {title}
        </h3>
        <EngineBadge pid={link.pid} processState={link.procState} />
      </header>
      {props.templates?.length ? <StartingMessages templates={props.templates} ready={ready} onPick={putInEditor} /> : null}
      <LazyCodeEditor
        class="mcp-editor-json"
        doc={initialDoc}
        language="json"
        label={t(http ? 'console.editorLabel.http' : 'console.editorLabel.stdio', { file })}
        describedBy={`${uid}-help`}
        keys={history.keys}
        onChange={onEditorChange}
        handle={editor}
      />
      {draft.kept ? null : (
        <p class="mcp-warning" data-draft="refused">
          {t('console.draftRefused')}
        </p>
      )}
      <p id={`${uid}-help`} class="mcp-help">
        {t('console.help')}
      </p>
      {draft.note ? <p class="mcp-note">{draft.note}</p> : null}
      {warning ? (
        <div class="mcp-warning" role="alert">
          <p>{warning.text}</p>
          {warning.detail !== undefined ? <BrowserWords text={warning.detail} /> : null}
        </div>
      ) : null}
      <ConsoleToolbar
        uid={uid}
        ready={ready}
        options={menu.options()}
        template={menu.template}
        onChoose={menu.choose}
        onUseTemplate={() => putInEditor(menu.list()[menu.template]!.text)}
        fillMeta={fillMeta}
        onFillMeta={setFillMeta}
        onSend={() => void send()}
        onRestart={link.restart}
        onClear={() => transcript.store.clear()}
        copyText={transcript.text}
      />
      <p class="mcp-announce" aria-live="polite">
        {asks.announce}
      </p>
      {pending ? <InputRequiredPanel pending={pending} onAnswer={(r) => void asks.answer(r)} onDismiss={asks.dismiss} onRetry={() => void asks.retry(pending)} /> : null}
      <ShareBar widget="console" id={props.id} server={server} transport={http ? 'http' : 'stdio'} lines={() => consoleShareLines(transcript.store.all())} ready={ready} />
      <div class="mcp-lanes">
        <WireLane store={transcript.store} label={t('console.transcriptOf', { file })} />
        <StderrLane store={transcript.store} />
      </div>
      {props.attached ? null : <TakeHome server={server} />}
    </section>
  );
}
