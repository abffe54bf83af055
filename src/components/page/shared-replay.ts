/**
 * Replays a shared exchange against fresh processes of the page's engine:
 * one fresh process per process of the exchange (`proc` 0, 1, ... in order),
 * each sent the same stdin lines in the same order, each line once the lines
 * it was answered with in the exchange have come (or after
 * {@link SHARED_REPLAY_WAIT_MS} without them, or when the process exits).
 *
 * A shared edited source runs from its own file beside the original
 * (`toy-servers/<name>.shared.mjs`, so its relative imports resolve): the
 * page's own source of the server, the reader's edit and what other widgets
 * spawn are never touched, and nothing is written to storage.
 */
import { SERVERS, type ServerEntry, type ServerName } from '../../../toy-servers/registry.ts';
import type { EngineProcess } from '../../engines/index.ts';
import type { SharedExchange } from '../pure/share-link.ts';

/** How long a replay waits for the lines a sent line was answered with (ms). */
export const SHARED_REPLAY_WAIT_MS = 5_000;

/** What a replay received: the stdout lines of each fresh process, by the exchange's process number. */
export interface SharedReplay {
  received: string[][];
  /** The pid of each fresh process, by process number. */
  pids: number[];
}

/** The file a shared edited source of `server` runs from. */
export function sharedEntry(server: ServerName): string {
  return SERVERS[server].file.replace(/\.mjs$/, '.shared.mjs');
}

/**
 * Runs the stdin lines of `exchange` (transport `stdio`) against fresh
 * processes and resolves with what they wrote to stdout. Rejects when the
 * engine cannot start or a process cannot be spawned. Every process it
 * started is stopped.
 */
export async function replayShared(exchange: SharedExchange): Promise<SharedReplay> {
  const { getEngine } = await import('./engine-choice.ts');
  const engine = await getEngine();
  const server = exchange.server as ServerName;
  const entry = exchange.source !== undefined ? sharedEntry(server) : SERVERS[server].file;
  if (exchange.source !== undefined) await engine.writeFile(entry, exchange.source);
  const { env }: ServerEntry = SERVERS[server];
  const count = Math.max(-1, ...exchange.lines.map((l) => l.proc)) + 1;
  const out: SharedReplay = { received: [], pids: [] };
  for (let proc = 0; proc < count; proc++) {
    const lines = exchange.lines.filter((l) => l.proc === proc);
    const p = await engine.spawn(entry, exchange.args?.[proc] ?? [], env ? { env: { ...env } } : {});
    const got: string[] = [];
    out.received.push(got);
    out.pids.push(p.pid);
    try {
      await runOne(p, lines, got);
    } finally {
      p.closeStdin();
      await Promise.race([p.exit, new Promise((r) => setTimeout(r, 500))]);
      p.kill();
    }
  }
  return out;
}

async function runOne(p: EngineProcess, lines: SharedExchange['lines'], got: string[]): Promise<void> {
  let wake = () => undefined as void;
  let exited = false;
  void p.exit.then(() => {
    exited = true;
    wake();
  });
  const unsub = p.onStdout((line) => {
    got.push(line);
    wake();
  });
  const waitFor = (n: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SHARED_REPLAY_WAIT_MS);
      wake = () => {
        if (got.length >= n || exited) {
          clearTimeout(timer);
          resolve();
        }
      };
      wake();
    });
  try {
    let expected = 0;
    for (const line of lines) {
      if (line.dir === 'in') expected++;
      if (line.dir !== 'out') continue;
      await waitFor(expected);
      if (exited) break;
      p.write(line.text);
    }
    await waitFor(expected);
  } finally {
    unsub();
  }
}
