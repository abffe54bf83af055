/**
 * Replay's island: one recorded exchange, editable, replayed twice side by
 * side: every message to one process, and each message to a fresh process
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr, statelessness). Shows the pid of every step, the exact
 * lines, where a live value (requestState, a calendar handle) was filled in
 * from an earlier reply, and whether the created event was there when the
 * week was read.
 *
 * Words come from src/i18n (area `replay`), in the `lang` the wrapper passes.
 */
import { useState } from 'preact/hooks';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { getEngine } from '../page/engine-choice.ts';
import { currentEntry, type ServerName } from '../page/server-sources.ts';
import { serverFile } from '../pure/server-entry.ts';
import { setLang, t } from '../../i18n/index.ts';
import { richText } from '../ui/rich-text.tsx';
import { defaultExchange, isReplayServer, type ReplayMessage, type ReplayServer } from './exchanges.ts';
import { runReplay, type ReplayMode } from './replay-run.ts';
import { ReplayColumn, type Column } from './ReplayColumn.tsx';
import { errorText } from '../pure/failure-text.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { ShareBar } from '../ui/ShareBar.tsx';
import { replayShareLines } from './share-lines.ts';
import '../ui/widget.css';
import '../ui/flow-base.css';
import './replay.css';
import { reportAction } from '../page/reader-actions.ts';

/** The entry `server` runs from on this page now (the original, or a ServerEditor's edit). */
const entryOf = (server: string): string => currentEntry(server as ServerName);

/** Props of {@link Replay}. */
export interface ReplayProps {
  /** The server replayed first. Default `calendar`. */
  server?: string;
  /** A second server the reader may switch to, e.g. `calendar-handles`. */
  compare?: string;
  /** The page's language (`en`, `id`); the wrapper passes it. */
  lang?: string;
}

const MODES: Array<{ mode: ReplayMode; title: () => string }> = [
  { mode: 'one-process', title: () => t('replay.oneProcess') },
  { mode: 'fresh-process', title: () => t('replay.freshProcess') },
];


/** The Replay widget. */
export function Replay({ server = 'calendar', compare, lang }: ReplayProps) {
  setLang(lang);
  const servers = [server, compare].filter((s): s is ReplayServer => !!s && isReplayServer(s));
  const [current, setCurrent] = useState<ReplayServer>(servers[0] ?? 'calendar');
  const [messages, setMessages] = useState<Record<string, ReplayMessage[]>>(() =>
    Object.fromEntries(servers.map((s) => [s, defaultExchange(s)])),
  );
  // What the reader chose and edited before hydration: the radio, and the messages shown first (those of servers[0]).
  const typedRoot = useTypedBefore('replay', (typed) => {
    const first = servers[0] ?? 'calendar';
    setMessages((m) => ({ ...m, [first]: (m[first] ?? defaultExchange(first)).map((msg, i) => ({ ...msg, text: typed.value(`message:${i}`) ?? msg.text })) }));
    const chosen = typed.choice('server', servers);
    if (chosen) setCurrent(chosen);
  });
  const [columns, setColumns] = useState<Record<ReplayMode, Column>>(empty());
  const busy = columns['one-process'].busy || columns['fresh-process'].busy;
  /** Before the island hydrates its controls have no handlers: they stay disabled until then. */
  const hydrated = useHydrated();
  const list = messages[current] ?? defaultExchange(current);

  function edit(i: number, text: string) {
    setMessages((m) => ({ ...m, [current]: list.map((msg, j) => (j === i ? { ...msg, text } : msg)) }));
  }

  async function replay() {
    setColumns({ 'one-process': { steps: [], busy: true }, 'fresh-process': { steps: [], busy: true } });
    let engineKind: string | undefined;
    try {
      const engine = await getEngine();
      engineKind = engine.kind;
      for (const { mode } of MODES) {
        try {
          await runReplay(engine, current, list, mode, {
            entryOf,
            onStep: (step) =>
              setColumns((c) => ({ ...c, [mode]: { ...c[mode], engine: engineKind, steps: [...c[mode].steps, step] } })),
          });
          setColumns((c) => ({ ...c, [mode]: { ...c[mode], busy: false } }));
          if (mode === MODES[MODES.length - 1]!.mode) reportAction({ widget: 'replay', kind: 'replayed', server: current });
        } catch (e) {
          setColumns((c) => ({ ...c, [mode]: { ...c[mode], busy: false, error: errorText(e) } }));
        }
      }
    } catch (e) {
      setColumns({ 'one-process': { steps: [], busy: false, error: errorText(e) }, 'fresh-process': { steps: [], busy: false, error: errorText(e) } });
    }
  }

  return (
    <section class="fw replay not-content" aria-label={t('replay.aria')} data-widget="replay" {...typedRoot} data-ready={hydrated ? 'yes' : undefined}>
      <div class="fw-head">
        <p class="fw-title">{t('replay.title')}</p>
        <EngineBadge pid={lastPid(columns)} processState={lastPid(columns) === undefined ? undefined : t('replay.latestProcess')} />
      </div>
      {servers.length > 1 && (
        <fieldset class="rp-servers">
          <legend>{t('replay.server')}</legend>
          {servers.map((s) => (
            <label key={s}>
              <input
                type="radio"
                name="replay-server"
                data-typed="server"
                value={s}
                checked={current === s}
                disabled={busy}
                onChange={() => {
                  setCurrent(s);
                  setColumns(empty());
                }}
              />{' '}
              {serverFile(s)}
            </label>
          ))}
        </fieldset>
      )}
      <details class="rp-edit">
        <summary data-action="edit-messages">{t('replay.edit', { n: list.length })}</summary>
        <p class="fw-meta">
          {richText('replay.editHelp', {}, { requestState: <code>{'{{requestState}}'}</code>, calendar: <code>{'{{calendar}}'}</code> })}
        </p>
        {list.map((m, i) => (
          <div class="rp-message" key={`${current}-${i}`}>
            <label for={`rp-${current}-${i}`}>
              {i + 1}. {m.label}
            </label>
            <textarea
              id={`rp-${current}-${i}`}
              data-message={i}
              data-typed={`message:${i}`}
              rows={Math.min(14, m.text.split('\n').length)}
              spellcheck={false}
              value={m.text}
              onInput={(e) => edit(i, (e.target as HTMLTextAreaElement).value)}
            />
          </div>
        ))}
        <button
          type="button"
          class="mcp-btn"
          disabled={busy || !hydrated}
          data-action="reset-messages"
          onClick={() => setMessages((all) => ({ ...all, [current]: defaultExchange(current) }))}
        >
          {t('replay.resetMessages')}
        </button>
      </details>
      <div class="fw-row">
        <button type="button" class="mcp-btn mcp-btn-primary" data-action="replay" onClick={replay} disabled={busy || !hydrated}>
          {t('replay.run', { server: serverFile(current) })}
        </button>
        <p class="fw-meta" role="status" aria-live="polite" data-replay-status={busy ? 'running' : columns['fresh-process'].steps.length ? 'done' : 'ready'}>
          {busy ? t('replay.running') : columns['fresh-process'].steps.length ? t('replay.done') : t('replay.ready', { n: list.length })}
        </p>
      </div>
      <ShareBar widget="replay" server={current} transport="stdio" lines={() => replayShareLines(MODES.map(({ mode }) => columns[mode].steps))} ready={hydrated} />
      <div class="rp-columns">
        {MODES.map(({ mode, title }) => (
          <ReplayColumn key={mode} mode={mode} title={title()} column={columns[mode]} />
        ))}
      </div>
    </section>
  );
}

function lastPid(columns: Record<ReplayMode, Column>): number | undefined {
  const steps = [...columns['one-process'].steps, ...columns['fresh-process'].steps];
  return steps.length ? Math.max(...steps.map((s) => s.pid)) : undefined;
}

function empty(): Record<ReplayMode, Column> {
  return { 'one-process': { steps: [], busy: false }, 'fresh-process': { steps: [], busy: false } };
}
