/**
 * The hazard of spec digest §4, live: `tools/list` written as the very first
 * line to a fresh process, with no probe and no handshake (what a modern-only
 * client that skips the probe does). `legacy.mjs` serves it anyway.
 */
import { Connection, sendWithoutHandshake, type HazardResult } from '../../protocol/index.ts';
import type { Engine, EngineKind } from '../../engines/types.ts';
import { serverEntry } from './server-entry.ts';

/** The hazard request, as it ran. */
export interface HazardRun {
  server: string;
  engine: EngineKind;
  /** The pid of the fresh process. */
  pid: number;
  result: HazardResult;
}

/** Options for {@link runHazard}. */
export interface HazardRunOptions {
  /** The method sent first. Default `tools/list`. */
  method?: string;
  /** Timeout, in ms. Default 5000. */
  timeoutMs?: number;
  /** The entry file to spawn for a server name. Default `toy-servers/<name>.mjs`. */
  entryOf?: (server: string) => string;
}

/**
 * Spawns a fresh `toy-servers/<server>.mjs` (default `legacy`), sends
 * `method` (default `tools/list`) with the modern `_meta` envelope and nothing
 * before it, and closes the process. Rejects only when the process cannot start.
 */
export async function runHazard(engine: Engine, server = 'legacy', options: HazardRunOptions = {}): Promise<HazardRun> {
  const method = options.method ?? 'tools/list';
  const proc = await engine.spawn((options.entryOf ?? serverEntry)(server));
  const connection = new Connection(proc, { timeoutMs: options.timeoutMs ?? 5000 });
  try {
    const result = await sendWithoutHandshake(connection, method);
    return { server, engine: engine.kind, pid: proc.pid, result };
  } finally {
    await connection.close(500);
  }
}
