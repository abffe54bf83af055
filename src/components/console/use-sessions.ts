/**
 * The Console's session: its link to one server process (stdio or
 * Streamable HTTP, `sessions.ts` / `http-session.ts`), what it sent by id,
 * the badge's pid and state, and the process's lifetime in the page.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Classification } from '../../protocol/index.ts';
import { t } from '../../i18n/index.ts';
import { errorText } from '../pure/failure-text.ts';
import type { Waits } from '../pure/owed-reply.ts';
import { engineGeneration } from '../page/engine-choice.ts';
import { onServerSourceChange, type ServerName } from '../page/server-sources.ts';
import { reportAction } from '../page/reader-actions.ts';
import { nextFreeId } from './compose.ts';
import { HttpSession } from './http-session.ts';
import { StdioSession, type Session } from './sessions.ts';
import type { ConsoleTranscript } from './use-transcript.ts';

/** What {@link useSession} is given. */
export interface SessionOptions {
  server: ServerName;
  /** True for a server spoken to over Streamable HTTP (POSTs), false for stdio. */
  http: boolean;
  transcript: ConsoleTranscript;
  waits: Waits;
  /**
   * A reply (stdout line, HTTP body or frame) that parsed as JSON-RPC, told
   * right after its wait is released, before its row is shown: `method` is
   * the method of the request this Console sent with its id, if any.
   */
  onReply(message: Record<string, unknown>, classification: Classification, method: string | undefined): void;
}

/** What {@link useSession} returns. */
export interface ConsoleSession {
  readonly session: Session;
  /** The badge's pid and state, changed in the frame that shows the row saying why ("started", "exited"). */
  pid: number | undefined;
  procState: string;
  /** Every request (a message with an id and a method) sent in this Console, by id; a later one with the same id replaces it. */
  readonly sent: Map<unknown, Record<string, unknown>>;
  /** The next integer id no request sent here used (at least 1). */
  nextId(): number;
  /**
   * Sends one line (`message` its parse, when it parsed), with what the
   * Console changed in what the reader typed; records a request in
   * {@link ConsoleSession.sent} and starts what the line owes. A send that
   * fails is said in the transcript; never rejects.
   */
  transmit(line: string, message: Record<string, unknown> | undefined, changes?: string[]): Promise<void>;
  /** Starts the process if none runs (errors are in the transcript). */
  start(): void;
  /** Kills the process and starts a fresh one (errors are in the transcript). */
  restart(): void;
}

/** The Console's session, made once per island (the server cannot change). */
export function useSession(options: SessionOptions): ConsoleSession {
  const { server, http, transcript, waits } = options;
  const sent = useRef(new Map<unknown, Record<string, unknown>>());
  const [pid, setPid] = useState<number | undefined>();
  const [procState, setProcState] = useState<string>(() => t('console.state.idle'));
  const session = useMemo<Session>(() => {
    const hooks = {
      item: transcript.push,
      // The badge's pid and state change with the row that says why ("started", "exited"), not a frame before it.
      state: (p: number | undefined, s: string) =>
        transcript.store.afterShown(() => {
          setPid(p);
          setProcState(s);
        }),
      reply: (message: Record<string, unknown>, c: Classification) => {
        waits.release(message.id);
        const method = sent.current.get(message.id)?.method;
        reportAction({ widget: 'console', kind: 'reply', server, ...(typeof method === 'string' ? { method } : {}), outcome: c.kind, ...(c.kind === 'error' ? { code: c.code } : {}) });
        options.onReply(message, c, typeof method === 'string' ? method : undefined);
      },
      methodOf: (id: unknown) => {
        const m = sent.current.get(id)?.method;
        return typeof m === 'string' ? m : undefined;
      },
    };
    return http ? new HttpSession(server, hooks) : new StdioSession(server, hooks);
  }, []);

  async function transmit(line: string, message: Record<string, unknown> | undefined, changes: string[] = []): Promise<void> {
    if (message && 'id' in message && typeof message.method === 'string') sent.current.set(message.id, message);
    // What the line owes is decided from the line itself, so silence is only reported where a reply is due.
    const owed = waits.sent(line);
    transcript.expectChanges(line, changes);
    try {
      await session.send(line, message);
    } catch (e) {
      transcript.say(t('console.ev.notSent', { why: errorText(e) }), 'error');
    }
    // Over HTTP the response to this POST is complete and shown with it: nothing more comes for this line.
    if (http) waits.settledBy(owed);
  }

  return {
    session,
    pid,
    procState,
    sent: sent.current,
    nextId: () => nextFreeId(sent.current.keys(), 1),
    transmit,
    start: () => void session.ensure().catch(() => undefined),
    restart: () => void session.restart().catch(() => undefined),
  };
}

/**
 * The process's lifetime in the page: a restart on an engine switch or
 * reset, and, when `onEdit`, on a ServerEditor run of the same server; on
 * unmount every wait is released and the process killed.
 */
export function useSessionLifetime(link: ConsoleSession, server: ServerName, onEdit: boolean, waits: Waits): void {
  useEffect(() => {
    const { session } = link;
    let first = true;
    const unsub = engineGeneration.subscribe(() => {
      if (first) {
        first = false;
        return;
      }
      if (session.pid !== undefined) link.restart();
    });
    const unsubSource = onEdit ? onServerSourceChange(server, link.restart) : () => undefined;
    return () => {
      unsub();
      unsubSource();
      waits.releaseAll();
      session.dispose();
    };
  }, []);
}
