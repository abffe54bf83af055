/**
 * Fetches the live catalog of a server, the way a client would: probe the era
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle),
 * then `tools/list` (every page), keeping the server's `instructions` (from
 * `server/discover`, or `initialize` on a legacy server).
 */
import { Connection, RequestBuilder, listAll, probeEra, type Era, type Tool } from '../../protocol/index.ts';
import type { Engine, EngineKind } from '../../engines/index.ts';
import { serverEntry } from '../pure/server-entry.ts';
import { failureText } from '../pure/failure-text.ts';
import { t } from '../../i18n/index.ts';

/** A server's catalog as listed. */
export interface LiveCatalog {
  server: string;
  engine: EngineKind;
  /** The pid that answered. */
  pid: number;
  era: Era | undefined;
  protocolVersion?: string;
  tools: Tool[];
  instructions?: string;
  /** Set when the listing failed, in English. */
  error?: string;
}

/**
 * Spawns `toy-servers/<server>.mjs` (or `options.entryOf(server)`), probes it
 * (on a legacy server: `initialize`, then `notifications/initialized`, before
 * anything else), lists its tools, and closes it: the catalog `npm run probe`
 * counts (src/cli/server-report.ts), with the same client identity and
 * capabilities. `timeoutMs` per request (default 5000);
 * `discoverTimeoutMs` before an unanswered `server/discover` counts as legacy
 * (default the probe's, 3000). Rejects only when the process cannot start.
 */
export async function fetchCatalog(
  engine: Engine,
  server: string,
  options: { timeoutMs?: number; discoverTimeoutMs?: number; entryOf?: (server: string) => string } = {},
): Promise<LiveCatalog> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const proc = await engine.spawn((options.entryOf ?? serverEntry)(server));
  const connection = new Connection(proc, { timeoutMs });
  const builder = new RequestBuilder();
  try {
    const report = await probeEra(connection, options.discoverTimeoutMs === undefined ? { builder } : { builder, discoverTimeoutMs: options.discoverTimeoutMs });
    const out: LiveCatalog = { server, engine: engine.kind, pid: proc.pid, era: report.era, tools: [] };
    if (report.protocolVersion) out.protocolVersion = report.protocolVersion;
    if (report.instructions !== undefined) out.instructions = report.instructions;
    if (report.outcome !== 'ok' || !report.era) {
      out.error = report.failure ? failureText(report.failure) : (report.error ?? t('failure.probeFailed'));
      return out;
    }
    const listed = await listAll(connection, builder, 'tools/list', report.era, report.era === 'modern' && report.protocolVersion ? { protocolVersion: report.protocolVersion } : {});
    out.tools = listed.items as unknown as Tool[];
    if (listed.error) out.error = listed.failure ? failureText(listed.failure) : listed.error;
    else if (listed.errorClassification) out.error = t('failure.list-failed', { method: 'tools/list', outcome: listed.errorClassification.label });
    return out;
  } finally {
    await connection.close(500);
  }
}
