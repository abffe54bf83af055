/**
 * The hazard of https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 * (backward compatibility), live: `tools/list` written as the very first
 * line to a fresh process, with no probe and no handshake (what a
 * modern-only client that skips the probe does). `legacy.mjs` and the
 * reference server serve it anyway. For comparison, the same request after
 * the probe and the legacy handshake, on another fresh process.
 */
import { Connection, RequestBuilder, listAll, probeEra, sendWithoutHandshake, type HazardResult } from '../../protocol/index.ts';
import type { Engine, EngineKind } from '../../engines/index.ts';
import { serverEntry } from '../pure/server-entry.ts';
import { failureText } from '../pure/failure-text.ts';
import { t } from '../../i18n/index.ts';

/** The hazard request, as it ran. */
export interface HazardRun {
  server: string;
  engine: EngineKind;
  /** The pid of the fresh process. */
  pid: number;
  result: HazardResult;
}

/** The same list request after the probe and handshake, as it ran. */
export interface AfterHandshakeRun {
  server: string;
  engine: EngineKind;
  /** The pid of the process that was probed and listed (the fresh one, when the first exited on the probe). */
  pid: number;
  /** The era and version the probe settled on. */
  era?: 'modern' | 'legacy';
  protocolVersion?: string;
  /** The exact first `tools/list` line sent after the handshake, and its reply line. */
  sent?: string;
  received?: string;
  /** How many tools were listed (every page). */
  count?: number;
  /** Why there is no count, in English. */
  error?: string;
}

/** Options for {@link runHazard} and {@link runAfterHandshake}. */
export interface HazardRunOptions {
  /** The method sent. Default `tools/list`. */
  method?: string;
  /** Timeout, in ms. Default 5000. */
  timeoutMs?: number;
  /** The entry file to spawn for a server name. Default `toy-servers/<name>.mjs`. */
  entryOf?: (server: string) => string;
  /** Command-line arguments for the server, e.g. `['--discover=silent']`. Default none. */
  args?: string[];
}

/**
 * Spawns a fresh process of `server` (default `legacy`), sends `method`
 * (default `tools/list`) with the modern `_meta` envelope and nothing before
 * it, and closes the process. Rejects only when the process cannot start.
 */
export async function runHazard(engine: Engine, server = 'legacy', options: HazardRunOptions = {}): Promise<HazardRun> {
  const method = options.method ?? 'tools/list';
  const proc = await engine.spawn((options.entryOf ?? serverEntry)(server), options.args ?? []);
  const connection = new Connection(proc, { timeoutMs: options.timeoutMs ?? 5000 });
  try {
    const result = await sendWithoutHandshake(connection, method);
    return { server, engine: engine.kind, pid: proc.pid, result };
  } finally {
    await connection.close(500);
  }
}

/**
 * Spawns a fresh process of `server`, runs the era probe (the legacy
 * handshake included, on a legacy server), then lists `tools/list` in the era
 * found (bare on legacy, with `_meta` on modern) and closes every process.
 * Rejects only when a process cannot start.
 */
export async function runAfterHandshake(engine: Engine, server = 'legacy', options: HazardRunOptions = {}): Promise<AfterHandshakeRun> {
  const entry = (options.entryOf ?? serverEntry)(server);
  const timeoutMs = options.timeoutMs ?? 5000;
  const connections: Connection[] = [];
  const start = async () => {
    const c = new Connection(await engine.spawn(entry, options.args ?? []), { timeoutMs });
    connections.push(c);
    return c;
  };
  try {
    const builder = new RequestBuilder();
    const report = await probeEra(await start(), { builder, respawn: start });
    const connection = connections[connections.length - 1]!;
    const out: AfterHandshakeRun = { server, engine: engine.kind, pid: connection.pid };
    if (report.era) out.era = report.era;
    if (report.protocolVersion) out.protocolVersion = report.protocolVersion;
    if (report.outcome !== 'ok' || !report.era) {
      out.error = report.failure ? failureText(report.failure) : (report.error ?? t('failure.probeFailed'));
      return out;
    }
    const listed = await listAll(connection, builder, 'tools/list', report.era, report.era === 'modern' && report.protocolVersion ? { protocolVersion: report.protocolVersion } : {});
    const first = listed.pages[0];
    if (first) {
      out.sent = first.sentLine;
      out.received = first.line;
    }
    if (listed.error) out.error = listed.failure ? failureText(listed.failure) : listed.error;
    else if (listed.errorClassification) out.error = t('failure.list-failed', { method: 'tools/list', outcome: listed.errorClassification.label });
    else out.count = listed.items.length;
    return out;
  } finally {
    await Promise.all(connections.map((c) => c.close(500)));
  }
}
