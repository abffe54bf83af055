/**
 * The Console's link to a server: over stdio (one engine process, through a
 * `Connection` of `src/protocol/`) or over Streamable HTTP (http.mjs's fetch
 * handler in an engine process, called from the page). Each turns what
 * happens into transcript items and tells the Console about replies. This
 * file holds what both share and the stdio one; `http-session.ts` the HTTP one.
 */
import { Connection, parseMessageLine, type TranscriptEntry, type Classification, type Failure } from '../../protocol/index.ts';
import { describeReply } from '../pure/meaning.ts';
import { errorText, failureText } from '../pure/failure-text.ts';
import { t } from '../../i18n/index.ts';
import { spawnServer, currentEntry, type ServerName } from '../page/server-sources.ts';
import type { EventItem, Item } from './items.ts';

/** Callbacks a session reports to. */
export interface SessionHooks {
  /** A new transcript item. */
  item(item: Item): void;
  /** The process changed: pid and a short state ("running", "exited with code 0"). */
  state(pid: number | undefined, state: string): void;
  /** A reply (stdout line or HTTP body/frame) that parsed as JSON-RPC. */
  reply(message: Record<string, unknown>, classification: Classification): void;
  /** The method of the request with this id, if the Console sent it. */
  methodOf(id: unknown): string | undefined;
}

/** A link to one server process. */
export interface Session {
  readonly pid: number | undefined;
  /** Starts the process if none is running. */
  ensure(): Promise<void>;
  /** Writes one line (stdio) or POSTs it (HTTP). `message` is the parsed line, when it parsed. */
  send(line: string, message: Record<string, unknown> | undefined): Promise<void>;
  /** Kills the process and starts a fresh one (new pid). */
  restart(): Promise<void>;
  /** Kills the process; the session is not used again. */
  dispose(): void;
}

let keys = 0;
/** A fresh key for a transcript item. */
export function nextKey(): number {
  return ++keys;
}

/** A transcript event: `text` in the reader's words, with the process's pid and a `tag` tests and waits read, when given. */
export function event(text: string, tone: EventItem['tone'], pid?: number, tag?: string, entry?: string): EventItem {
  const e: EventItem = { kind: 'event', key: nextKey(), text, tone };
  if (pid !== undefined) e.pid = pid;
  if (tag !== undefined) e.tag = tag;
  if (entry !== undefined) e.entry = entry;
  return e;
}

/** How a process ended, for the state beside the pid: "killed (SIGTERM)" or "exited with code 1". */
export function ended(info: { code: number | null; signal?: string }): string {
  // The exit code is printed as the process gave it (no digit grouping).
  return info.signal ? t('console.state.killed', { signal: info.signal }) : t('console.state.exited', { code: String(info.code) });
}

/** The transcript event for a process that ended. */
export function exitEvent(info: { code: number | null; signal?: string; reason?: string; why?: Failure }, tone: EventItem['tone'], pid: number): EventItem {
  const how = ended(info);
  const why = info.why ? failureText(info.why) : info.reason;
  return event(why ? t('console.ev.processWhy', { how, why }) : t('console.ev.process', { how }), tone, pid, 'exited');
}

/**
 * Says that a process could not start (`key`: `console.ev.couldNotStart` for a
 * spawn, `console.ev.couldNotLoad` for an HTTP server's module), with the
 * entry file and why, sets the badge to not running, and rethrows `error`.
 */
export function startFailed(hooks: SessionHooks, key: 'console.ev.couldNotStart' | 'console.ev.couldNotLoad', server: ServerName, error: unknown): never {
  hooks.item(event(t(key, { entry: currentEntry(server), why: errorText(error) }), 'error', undefined, 'failed'));
  hooks.state(undefined, t('console.state.notRunning'));
  throw error;
}

/** stdio: one engine process, one Connection. */
export class StdioSession implements Session {
  #server: ServerName;
  #hooks: SessionHooks;
  #conn: Connection | undefined;
  #starting: Promise<void> | undefined;
  #disposed = false;
  /** The meaning of a framing violation, per reason (one object shared by every such line). */
  #framing = new Map<string, ReturnType<typeof describeReply>>();

  constructor(server: ServerName, hooks: SessionHooks) {
    this.#server = server;
    this.#hooks = hooks;
  }

  get pid(): number | undefined {
    return this.#conn?.pid;
  }

  ensure(): Promise<void> {
    if (this.#conn && !this.#conn.ended) return Promise.resolve();
    this.#starting ??= this.#start().finally(() => (this.#starting = undefined));
    return this.#starting;
  }

  async #start(): Promise<void> {
    this.#hooks.state(undefined, t('console.state.starting'));
    let proc;
    try {
      proc = await spawnServer(this.#server);
    } catch (e) {
      startFailed(this.#hooks, 'console.ev.couldNotStart', this.#server, e);
    }
    if (this.#disposed) {
      proc.kill();
      return;
    }
    const conn = new Connection(proc, { timeoutMs: 60_000 });
    this.#conn = conn;
    const entry = currentEntry(this.#server);
    this.#hooks.item(event(t('console.ev.started', { entry }), 'info', conn.pid, 'started', entry));
    this.#hooks.state(conn.pid, t('console.state.running'));
    conn.onEntry((e) => this.#onEntry(e));
    void conn.exit.then((info) => {
      if (this.#conn !== conn) return;
      this.#hooks.item(exitEvent(info, info.code === 0 ? 'info' : 'warn', conn.pid));
      this.#hooks.state(conn.pid, ended(info));
    });
  }

  #onEntry(e: TranscriptEntry): void {
    if (e.channel === 'stderr') {
      this.#hooks.item({ kind: 'stderr', key: nextKey(), t: e.t, pid: e.pid, text: e.text });
      return;
    }
    // A line the Connection already flagged as not JSON-RPC is not parsed again: in a flood of
    // stray lines, every failed JSON.parse costs an exception, and the meaning is the same for all.
    const c0 = e.classification;
    if (e.channel === 'stdout' && c0?.kind === 'framing_violation') {
      let meaning = this.#framing.get(c0.reason);
      if (!meaning) this.#framing.set(c0.reason, (meaning = describeReply(c0, undefined, undefined)));
      this.#hooks.item({ kind: 'wire', key: nextKey(), direction: 'in', channel: 'stdout', t: e.t, pid: e.pid, text: e.text, classification: c0, meaning });
      return;
    }
    const parsed = parseMessageLine(e.text);
    const message = parsed.ok ? (parsed.message as unknown as Record<string, unknown>) : undefined;
    if (e.channel === 'stdin') {
      this.#hooks.item({ kind: 'wire', key: nextKey(), direction: 'out', channel: 'stdin', t: e.t, pid: e.pid, text: e.text, ...(message ? { message } : {}), ...(e.classification ? { classification: e.classification } : {}) });
      return;
    }
    const c = e.classification!;
    const meaning = describeReply(c, message, message ? this.#hooks.methodOf(message.id) : undefined);
    const item: Item = { kind: 'wire', key: nextKey(), direction: 'in', channel: 'stdout', t: e.t, pid: e.pid, text: e.text, classification: c, meaning };
    if (message) item.message = message;
    this.#hooks.item(item);
    if (message) this.#hooks.reply(message, c);
  }

  async send(line: string): Promise<void> {
    await this.ensure();
    this.#conn!.sendRaw(line);
  }

  async restart(): Promise<void> {
    const old = this.#conn;
    this.#conn = undefined;
    if (old) {
      this.#hooks.item(event(t('console.ev.restarting'), 'info', old.pid, 'restarting'));
      old.kill();
    }
    await this.ensure();
  }

  dispose(): void {
    this.#disposed = true;
    this.#conn?.kill();
  }
}
