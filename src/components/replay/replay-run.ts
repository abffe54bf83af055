/**
 * Replays an exchange against a toy server in one of two ways (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr,
 * statelessness): every message to the same process, or each message to a
 * fresh process (fresh module state; the engine's files are shared).
 *
 * Before each message is sent, placeholders are filled from the live replies
 * so far (see `substitute.ts`); each step records the pid that answered.
 */
import { Connection, ConnectionError, parseMessageLine, type Classification, type JsonRpcRequest, type Reply } from '../../protocol/index.ts';
import type { Engine } from '../../engines/index.ts';
import { serverEntry } from '../pure/server-entry.ts';
import type { ReplayMessage } from './exchanges.ts';
import { t } from '../../i18n/index.ts';
import { failureText } from '../pure/failure-text.ts';
import { capture, substitute, toLine, type ReplayVars, type Substitution } from './substitute.ts';

/** `one-process`: all messages to one process. `fresh-process`: each message to a new process. */
export type ReplayMode = 'one-process' | 'fresh-process';

/** One message of a replay, as it ran. */
export interface ReplayStep {
  index: number;
  label: string;
  /** The pid of the process the message went to. */
  pid: number;
  /** The exact stdin line. */
  sent: string;
  /** False when the text was not valid JSON (sent as typed). */
  valid: boolean;
  /** Placeholders filled from earlier replies. */
  substituted: Substitution[];
  /** The exact stdout line of the reply. */
  received?: string;
  classification?: Classification;
  /** Placeholder names this reply supplied (e.g. `requestState`). */
  captured: string[];
  /** Why there was no reply (timeout, exit). */
  error?: string;
}

/** Options for {@link runReplay}. */
export interface ReplayOptions {
  /** Called after each step, for live display. */
  onStep?: (step: ReplayStep) => void;
  /** Per-message timeout, in ms. Default 5000. */
  timeoutMs?: number;
  /** The entry file to spawn for a server name. Default `toy-servers/<name>.mjs`. */
  entryOf?: (server: string) => string;
}

/**
 * Runs `messages` against `toy-servers/<server>.mjs` in `mode`. Resolves with
 * every step (a step without a reply carries `error`); rejects only when the
 * engine cannot start a process. Every process it started is closed.
 */
export async function runReplay(
  engine: Engine,
  server: string,
  messages: readonly ReplayMessage[],
  mode: ReplayMode,
  options: ReplayOptions = {},
): Promise<ReplayStep[]> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const vars: ReplayVars = {};
  const steps: ReplayStep[] = [];
  let shared: Connection | undefined;
  const open = async () => new Connection(await engine.spawn((options.entryOf ?? serverEntry)(server)), { timeoutMs });
  try {
    for (const [index, message] of messages.entries()) {
      const connection = mode === 'one-process' ? (shared ??= await open()) : await open();
      try {
        const { text, used } = substitute(message.text, vars);
        const { line, valid } = toLine(text);
        const step: ReplayStep = { index, label: message.label, pid: connection.pid, sent: line, valid, substituted: used, captured: [] };
        const got = await send(connection, line, timeoutMs);
        if (got.line !== undefined) {
          step.received = got.line;
          if (got.classification) step.classification = got.classification;
          step.captured = capture(got.result, vars);
        } else {
          step.error = got.error ?? t('replay.noReply');
        }
        steps.push(step);
        options.onStep?.(step);
      } finally {
        if (mode === 'fresh-process') await connection.close(500);
      }
    }
  } finally {
    await shared?.close(500);
  }
  return steps;
}

interface Got {
  line?: string;
  classification?: Classification;
  result?: unknown;
  error?: string;
}

/** Sends one line; a request is matched by id, anything else waits for the next stdout line. */
async function send(connection: Connection, line: string, timeoutMs: number): Promise<Got> {
  const parsed = parseMessageLine(line);
  const m = parsed.ok ? (parsed.message as unknown as Record<string, unknown>) : undefined;
  if (m && typeof m.method === 'string' && 'id' in m && JSON.stringify(m) === line) {
    try {
      const reply: Reply = await connection.request(m as unknown as JsonRpcRequest, { timeoutMs });
      return { line: reply.line, classification: reply.classification, result: 'result' in reply.message ? reply.message.result : undefined };
    } catch (e) {
      if (e instanceof ConnectionError) return { error: failureText(e.failure) };
      throw e;
    }
  }
  return new Promise<Got>((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve({ error: t('replay.noReplyWithin', { ms: timeoutMs }) });
    }, timeoutMs);
    const off = connection.onEntry((entry) => {
      if (entry.channel !== 'stdout') return;
      clearTimeout(timer);
      off();
      resolve({ line: entry.text, ...(entry.classification ? { classification: entry.classification } : {}) });
    });
    connection.sendRaw(line);
  });
}
