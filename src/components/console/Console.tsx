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
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { SERVERS } from '../../../toy-servers/registry.ts';
import { RequestBuilder } from '../../protocol/request-builder.ts';
import type { Classification } from '../../protocol/classify.ts';
import type { ElicitResult, JsonObject } from '../../protocol/messages.ts';
import type { EditorHandle, EditorKey } from '../pure/editor-handle.ts';
import { LazyCodeEditor } from '../ui/LazyCodeEditor.tsx';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { engineGeneration, onServerSourceChange, SERVER_NAMES, type ServerName } from '../page/page-engine.ts';
import { ElicitationPanel } from '../elicitation-form/ElicitationPanel.tsx';
import { TakeHome } from '../ui/TakeHome.tsx';
import { BrowserWords } from '../ui/BrowserWords.tsx';
import { setLang, t } from '../../i18n/index.ts';
import { CONSOLE_CAPABILITIES, composeLine, examplesFor, learnCatalog, nextFreeId, retryMessage, templates, type SeenCatalog } from './compose.ts';
import { transcriptText, type Item } from './items.ts';
import { HttpSession, nextKey, StdioSession, type Session } from './sessions.ts';
import { StderrLane, WireLane } from './Transcript.tsx';
import { TRANSCRIPT_CAP, TranscriptStore } from './transcript-store.ts';
import { draftKey, loadDraft, saveDraft } from './draft-store.ts';
import { errorText } from '../pure/failure-text.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { nullIdMessage, Waits } from '../pure/owed-reply.ts';
import { clip } from '../pure/json-tree.ts';
import '../ui/widget.css';
import { reportAction } from '../page/reader-actions.ts';

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

interface PendingInput {
  original: Record<string, unknown>;
  requestId: unknown;
  requests: Array<[string, { method?: unknown; params?: unknown }]>;
  index: number;
  answers: Record<string, JsonObject>;
  requestState?: string;
}

let consoles = 0;

/** After this long without a reply to a request, the Console says so once (ms). */
const NO_REPLY_MS = 5_000;

/** How much of a sent line a note quotes (characters). */
const QUOTE_CHARS = 80;

/** The Console island. */
export function Console(props: ConsoleProps): JSX.Element {
  setLang(props.lang);
  const server: ServerName = SERVER_NAMES.includes(props.server) ? props.server : 'calendar';
  const http = server === 'http';
  /** Set once hydrated, so tests (and styles) can tell the island is live; the controls work from then on. */
  const ready = useHydrated();
  const uid = useMemo(() => `mcp-console-${++consoles}`, []);
  const builder = useMemo(() => new RequestBuilder({ clientCapabilities: CONSOLE_CAPABILITIES }), []);
  const store = useMemo(() => new TranscriptStore(), []);
  const [seen, setSeen] = useState<SeenCatalog>({});
  const seenRef = useRef(seen);
  seenRef.current = seen;
  const [draftNote, setDraftNote] = useState('');
  /** False once storage refused the draft (off, full, or the text too large): said next to the editor. */
  const [draftKept, setDraftKept] = useState(true);
  const [announce, setAnnounce] = useState('');
  const pendingRoot = useRef<HTMLDivElement>(null);
  /** What the process still owes, decided from what was sent; a wait that runs out is said once in the transcript. */
  const waits = useMemo(
    () =>
      new Waits(NO_REPLY_MS, (silent) => {
        if (session.pid === undefined) return;
        const s = NO_REPLY_MS / 1000;
        const [tag, text] =
          silent.kind === 'reply'
            ? ['no-reply', t(http ? 'console.ev.noReply.http' : 'console.ev.noReply.stdio', { id: JSON.stringify(silent.id), s })]
            : ['no-answer', t(http ? 'console.ev.noAnswer.http' : 'console.ev.noAnswer.stdio', { line: clip(silent.line, QUOTE_CHARS).text, s })];
        push({ kind: 'event', key: nextKey(), text, tone: 'warn', tag });
      }),
    [],
  );
  /** What the Console changed in the line being sent, attached to that line when it shows up in the transcript. */
  const nextChanges = useRef<{ line: string; changes: string[] } | undefined>();
  const draft = useRef<string | undefined>();
  const [pid, setPid] = useState<number | undefined>();
  const [procState, setProcState] = useState<string>(() => t('console.state.idle'));
  const [fillMeta, setFillMeta] = useState(props.meta !== false);
  /** The warning above the toolbar, in the reader's words, with the browser's own words behind it when it has some. */
  const [warning, setWarning] = useState<{ text: string; detail?: string } | undefined>();
  const [pending, setPending] = useState<PendingInput | undefined>();
  /** Counts the times the reader moved on from a form (sent, retried, dismissed): a reply that arrived before cannot open one after. */
  const formEpoch = useRef(0);
  const dropPending = () => {
    formEpoch.current++;
    setPending(undefined);
  };
  const [copied, setCopied] = useState('');
  const [template, setTemplate] = useState(0);
  // The switch and the menu as the reader left them, if they used them before hydration.
  const typedRoot = useTypedBefore('console', (typed) => {
    const on = typed.checked('fill-meta');
    if (on !== undefined) setFillMeta(on);
    const chosen = Number(typed.value('template'));
    if (Number.isInteger(chosen) && chosen >= 0) setTemplate(chosen);
  });
  const editor = useRef<EditorHandle>();
  const sent = useRef(new Map<unknown, Record<string, unknown>>());
  const history = useRef<{ list: string[]; index: number; draft: string }>({ list: [], index: 0, draft: '' });
  const fillRef = useRef(fillMeta);
  fillRef.current = fillMeta;
  const lastSendAt = useRef(0);

  const push = (item: Item) => {
    if (item.kind === 'wire' && item.direction === 'in') settle(item);
    else if (item.kind === 'event' && (item.tag === 'restarting' || item.tag === 'exited')) waits.releaseAll(); // a process that is gone owes nothing
    const c = nextChanges.current;
    if (c && item.kind === 'wire' && item.direction === 'out' && item.text === c.line) {
      item.changes = c.changes;
      nextChanges.current = undefined;
    } else if (c && item.kind === 'http' && item.requestText.endsWith(`\n\n${c.line}`)) {
      item.changes = c.changes;
      nextChanges.current = undefined;
    }
    store.push(item);
  };

  const session = useMemo<Session>(() => {
    const hooks = {
      item: push,
      // The badge's pid and state change with the row that says why ("started", "exited"), not a frame before it.
      state: (p: number | undefined, s: string) =>
        store.afterShown(() => {
          setPid(p);
          setProcState(s);
        }),
      reply: (message: Record<string, unknown>, c: Classification) => {
        waits.release(message.id);
        const method = sent.current.get(message.id)?.method;
        reportAction({ widget: 'console', kind: 'reply', server, ...(typeof method === 'string' ? { method } : {}), outcome: c.kind, ...(c.kind === 'error' ? { code: c.code } : {}) });
        // What the reply teaches (menu templates, the form it asks for) shows with its row, never before it.
        const epoch = formEpoch.current;
        store.afterShown(() => {
          setSeen((prev) => learnCatalog(prev, typeof method === 'string' ? method : undefined, message));
          if (epoch === formEpoch.current) onReply(message, c);
        });
      },
      methodOf: (id: unknown) => {
        const m = sent.current.get(id)?.method;
        return typeof m === 'string' ? m : undefined;
      },
    };
    return http ? new HttpSession(server, hooks) : new StdioSession(server, hooks);
  }, []);

  const nextId = () => nextFreeId(sent.current.keys(), 1);
  const era = SERVERS[server].era;
  const templateContext = () => ({ era, examples: examplesFor(server), seen: seenRef.current });
  const templateList = () => templates(nextId(), !fillRef.current, builder, templateContext());

  function onReply(message: Record<string, unknown>, c: Classification): void {
    if (c.kind !== 'input_required') return;
    const original = sent.current.get(message.id);
    if (!original) {
      push({ kind: 'event', key: nextKey(), text: t('console.ev.notOurs'), tone: 'warn' });
      return;
    }
    const result = (message.result ?? {}) as Record<string, unknown>;
    const reqs = result.inputRequests && typeof result.inputRequests === 'object' ? Object.entries(result.inputRequests as Record<string, { method?: unknown; params?: unknown }>) : [];
    const p: PendingInput = { original, requestId: message.id, requests: reqs, index: 0, answers: {} };
    if (typeof result.requestState === 'string') p.requestState = result.requestState;
    setPending(p);
    // Never take the focus from a reader who may be typing: announce, and let them go to the form.
    setAnnounce(t('console.formAnnounce'));
  }

  /** Settles what an incoming stdout line answers; an error without an id says which sent line it answers. */
  function settle(item: Extract<Item, { kind: 'wire' }>): void {
    const message = item.message ?? nullIdMessage(item.text, item.classification?.kind === 'framing_violation' ? item.classification.reason : undefined);
    if (message === undefined) return;
    const answer = waits.received(message);
    if (answer.kind === 'line') item.note = t('console.answers.line', { line: clip(answer.waiting.line, QUOTE_CHARS).text });
    else if (answer.kind === 'only-in-flight') item.note = t('console.answers.onlyInFlight', { id: JSON.stringify(answer.id) });
    else if (answer.kind === 'unmatched') item.note = t('console.answers.unmatched');
  }

  async function transmit(line: string, message: Record<string, unknown> | undefined, changes: string[] = []): Promise<void> {
    if (message && 'id' in message && typeof message.method === 'string') sent.current.set(message.id, message);
    // What the line owes is decided from the line itself, so silence is only reported where a reply is due.
    const owed = waits.sent(line);
    nextChanges.current = changes.length ? { line, changes } : undefined;
    try {
      await session.send(line, message);
    } catch (e) {
      push({ kind: 'event', key: nextKey(), text: t('console.ev.notSent', { why: errorText(e) }), tone: 'error' });
    }
    // Over HTTP the response to this POST is complete and shown with it: nothing more comes for this line.
    if (http) waits.settledBy(owed);
  }

  async function send(): Promise<void> {
    try {
      await sendNow();
    } catch (e) {
      push({ kind: 'event', key: nextKey(), text: t('console.ev.notSent', { why: errorText(e) }), tone: 'error' });
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
    lastSendAt.current = Date.now();
    const composed = composeLine(text, { fillMeta: fillRef.current, builder });
    const h = history.current;
    if (h.list[h.list.length - 1] !== text) h.list.push(text);
    h.index = h.list.length;
    h.draft = '';
    setWarning(composed.warning === undefined ? undefined : { text: composed.warning, ...(composed.warningDetail !== undefined ? { detail: composed.warningDetail } : {}) });
    if (composed.warning) push({ kind: 'event', key: nextKey(), text: t('console.ev.sendingAnyway', { warning: composed.warning }), tone: 'warn', ...(composed.warningDetail !== undefined ? { detail: composed.warningDetail } : {}) });
    dropPending();
    setAnnounce('');
    await transmit(composed.line, composed.message, composed.changes);
  }

  async function answer(result: ElicitResult): Promise<void> {
    const p = pending;
    if (!p) return;
    const [key] = p.requests[p.index]!;
    const answers = { ...p.answers, [key]: result as unknown as JsonObject };
    if (p.index + 1 < p.requests.length) {
      setPending({ ...p, index: p.index + 1, answers });
      return;
    }
    await retry({ ...p, answers });
  }

  async function retry(p: PendingInput): Promise<void> {
    dropPending();
    const msg = retryMessage(p.original, nextId(), p.requests.length ? p.answers : undefined, p.requestState, builder);
    push({
      kind: 'event',
      key: nextKey(),
      text: t(
        p.requests.length
          ? p.requestState !== undefined
            ? 'console.ev.retryBoth'
            : 'console.ev.retryInputs'
          : p.requestState !== undefined
            ? 'console.ev.retryState'
            : 'console.ev.retry',
        { method: String(p.original.method) },
      ),
      tone: 'info',
    });
    await transmit(JSON.stringify(msg), msg);
  }

  // Editor keys: send, and history when the cursor is on the first/last line.
  const keys = useMemo<EditorKey[]>(
    () => [
      { key: 'Mod-Enter', run: () => (void send(), true) },
      {
        key: 'ArrowUp',
        run: ({ line }) => {
          const h = history.current;
          const v = editor.current!;
          if (line !== 1 || h.index === 0 || !h.list.length) return false;
          if (h.index === h.list.length) h.draft = v.getText();
          h.index--;
          v.setText(h.list[h.index]!);
          v.setCursor(0);
          return true;
        },
      },
      {
        key: 'ArrowDown',
        run: ({ line, lines }) => {
          const h = history.current;
          if (line !== lines || h.index >= h.list.length) return false;
          h.index++;
          editor.current!.setText(h.index === h.list.length ? h.draft : h.list[h.index]!);
          return true;
        },
      },
    ],
    [],
  );
  const initialDoc = useMemo(() => props.initial ?? props.templates?.[0]?.message ?? templateList()[0]!.text, []);
  const section = useRef<HTMLElement>(null);

  // The unsent draft: restored once hydrated, saved as the reader types. Text typed before
  // hydration (the editor adopted it) is newer than any saved draft: it is kept, and saved.
  useEffect(() => {
    const el = section.current;
    const index = el ? [...document.querySelectorAll('section.mcp-console')].indexOf(el) : 0;
    draft.current = draftKey(location.pathname, server, props.id ?? String(index));
    const now = editor.current?.getText();
    if (now !== undefined && now !== initialDoc) {
      setDraftKept(saveDraft(draft.current, now, initialDoc));
      return;
    }
    const saved = loadDraft(draft.current);
    if (saved !== undefined && saved !== initialDoc && editor.current) {
      editor.current.setText(saved);
      setDraftNote(t('console.draftRestored'));
    }
  }, []);
  const onEditorChange = (text: string) => {
    setWarning(undefined);
    if (draft.current) setDraftKept(saveDraft(draft.current, text, initialDoc));
  };

  // Process lifetime: restart on engine switch/reset, and on a ServerEditor run when attached.
  useEffect(() => {
    let first = true;
    const unsub = engineGeneration.subscribe(() => {
      if (first) {
        first = false;
        return;
      }
      if (session.pid !== undefined) void session.restart().catch(() => undefined);
    });
    const unsubSource = props.attached || props.id ? onServerSourceChange(server, () => void session.restart().catch(() => undefined)) : () => undefined;
    return () => {
      unsub();
      unsubSource();
      waits.releaseAll();
      session.dispose();
    };
  }, []);

  const start = () => void session.ensure().catch(() => undefined);

  const current = pending?.requests[pending.index];
  const file = `${server}.mjs`;
  const title = t(http ? 'console.title.http' : 'console.title.stdio', { file });

  return (
    <section ref={section} class="mcp-widget mcp-console" aria-labelledby={`${uid}-title`} onKeyDown={start} data-server={server} data-ready={ready ? "yes" : undefined} {...typedRoot}>
      <header class="mcp-widget-head">
        <h3 id={`${uid}-title`} class="mcp-widget-title">
          {title}
        </h3>
        <EngineBadge pid={pid} processState={procState} />
      </header>
      {props.templates?.length ? (
        <div class="mcp-starts" role="group" aria-label={t('console.starting')}>
          <span>{t('console.starting')}</span>
          {props.templates.map((tpl) => (
            <button
              key={tpl.label}
              type="button"
              class="mcp-btn mcp-btn-small"
              data-action="start"
              disabled={!ready}
              onClick={() => {
                const v = editor.current!;
                v.setText(tpl.message);
                v.focus();
              }}
            >
              {tpl.label}
            </button>
          ))}
        </div>
      ) : null}
      <LazyCodeEditor
        class="mcp-editor-json"
        doc={initialDoc}
        language="json"
        label={t(http ? 'console.editorLabel.http' : 'console.editorLabel.stdio', { file })}
        describedBy={`${uid}-help`}
        keys={keys}
        onChange={onEditorChange}
        handle={editor}
      />
      {draftKept ? null : (
        <p class="mcp-warning" data-draft="refused">
          {t('console.draftRefused')}
        </p>
      )}
      <p id={`${uid}-help`} class="mcp-help">
        {t('console.help')}
      </p>
      {draftNote ? <p class="mcp-note">{draftNote}</p> : null}
      {warning ? (
        <div class="mcp-warning" role="alert">
          <p>{warning.text}</p>
          {warning.detail !== undefined ? <BrowserWords text={warning.detail} /> : null}
        </div>
      ) : null}
      <div class="mcp-toolbar">
        <span class="mcp-template">
          <label for={`${uid}-tpl`}>{t('console.template')}</label>
          <select id={`${uid}-tpl`} data-typed="template" value={String(template)} onChange={(e) => setTemplate(Number((e.currentTarget as HTMLSelectElement).value))}>
            {templates(1, false, builder, templateContext()).map((tpl, i) => (
              <option key={i} value={String(i)}>
                {tpl.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            class="mcp-btn"
            data-action="use-template"
            disabled={!ready}
            onClick={() => {
              const v = editor.current!;
              v.setText(templateList()[template]!.text);
              v.focus();
            }}
          >
            {t('console.useTemplate')}
          </button>
        </span>
        <label class="mcp-switch">
          <input type="checkbox" role="switch" data-action="fill-meta" data-typed="fill-meta" checked={fillMeta} onChange={(e) => setFillMeta((e.currentTarget as HTMLInputElement).checked)} />
          <span>{t('console.fillMeta')}</span>
        </label>
        <button type="button" class="mcp-btn mcp-btn-primary" data-action="send" disabled={!ready} onClick={() => void send()}>
          {t('console.send')}
        </button>
        <button type="button" class="mcp-btn" data-action="restart" disabled={!ready} onClick={() => void session.restart().catch(() => undefined)}>
          {t('console.restart')}
        </button>
        <button type="button" class="mcp-btn" data-action="clear" disabled={!ready} onClick={() => store.clear()}>
          {t('console.clear')}
        </button>
        <button
          type="button"
          class="mcp-btn"
          data-action="copy-transcript"
          disabled={!ready}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(transcriptText(store.all(), { ...store.dropped(), cap: TRANSCRIPT_CAP }));
              setCopied(t('console.transcriptCopied'));
            } catch {
              setCopied(t('common.copyFailed'));
            }
          }}
        >
          {t('console.copyTranscript')}
        </button>
        <span class="mcp-sr-status" role="status">
          {copied}
        </span>
      </div>
      <p class="mcp-announce" aria-live="polite">
        {announce}
      </p>
      {pending ? (
        <div class="mcp-pending" role="region" aria-label={t('console.asksRegion')} ref={pendingRoot}>
          {current && current[1].method === 'elicitation/create' ? (
            <>
              <button
                type="button"
                class="mcp-btn mcp-btn-small"
                data-action="go-to-form"
                onClick={() => pendingRoot.current?.querySelector<HTMLElement>('form input, form select, form textarea, form button')?.focus()}
              >
                {t('console.goToForm')}
              </button>
              <ElicitationPanel
                key={`${String(pending.requestId)}-${pending.index}`}
                params={(current[1].params ?? {}) as Record<string, unknown>}
                heading={t('console.inputHeading', { key: current[0], n: pending.index + 1, total: pending.requests.length })}
                onResult={(r) => void answer(r)}
              />
            </>
          ) : current ? (
            <p class="mcp-tone-warn">
              {t('console.cannotAnswer', { method: String(current[1].method), key: current[0] })}{' '}
              <button type="button" class="mcp-btn" data-action="dismiss" onClick={dropPending}>
                {t('console.dismiss')}
              </button>
            </p>
          ) : (
            <p>
              {t('console.onlyState')}{' '}
              <button type="button" class="mcp-btn mcp-btn-primary" data-action="retry" onClick={() => void retry(pending)}>
                {t('console.retryNow')}
              </button>
            </p>
          )}
        </div>
      ) : null}
      <div class="mcp-lanes">
        <WireLane store={store} label={t('console.transcriptOf', { file })} />
        <StderrLane store={store} />
      </div>
      {props.attached ? null : <TakeHome server={server} />}
    </section>
  );
}
