/**
 * Measures any stdio MCP server with the hand-written client: era probe,
 * listings before and after the handshake, catalog size and token figures.
 * Used by the `npm run probe` CLI, by `npm run measure` (which writes
 * `src/data/measured.json`) and by the peer tests. Node only (spawns processes).
 */
import { measureCatalog, type CatalogFigures, type Tokenizer } from '../protocol/catalog.ts';
import { Connection } from '../protocol/connection.ts';
import { sendWithoutHandshake } from '../protocol/hazard.ts';
import { listAll } from '../protocol/list-all.ts';
import type { Implementation, Tool } from '../protocol/messages.ts';
import { probeEra, type ProbeReport, type ProbeStep } from '../protocol/probe.ts';
import { RequestBuilder } from '../protocol/request-builder.ts';
import { spawnCommand } from '../engines/node/node-engine.ts';

/** Options for {@link measureServer}. */
export interface MeasureServerOptions {
  /** Working directory of the server. Default `process.cwd()`. */
  cwd?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** Per-request timeout in ms. Default 10,000. */
  timeoutMs?: number;
  /** How long `server/discover` may stay unanswered before the server is called legacy, in ms. Default 3000. */
  discoverTimeoutMs?: number;
  /** Also send `tools/list` as the first message of a separate fresh process (the hazard). Default true. */
  hazard?: boolean;
  /** Client identity sent to the server. */
  clientInfo?: Implementation;
}

/** Everything the CLI prints. Counts are items; sizes are UTF-8 bytes; token figures are tokens. */
export interface ServerReport {
  command: string[];
  era: ProbeReport['era'];
  outcome: ProbeReport['outcome'];
  /** The negotiated (legacy) or selected (modern) protocol version. */
  protocolVersion?: string;
  branch: ProbeReport['branch'];
  /** What the first `server/discover` got, e.g. `"-32601 MethodNotFound"` or `"DiscoverResult"`. */
  discoverOutcome?: string;
  /** The error code the first `server/discover` got, if it was an error. */
  discoverErrorCode?: number;
  serverInfo?: Implementation;
  steps: ProbeStep[];
  error?: string;
  /** `tools/list` as the first message of a fresh process, no probe, no handshake. */
  beforeHandshake?: { served: boolean; tools?: number; outcome: string };
  /** Item counts after the probe (and handshake, for legacy servers); absent when the list failed. */
  counts: { tools?: number; resources?: number; prompts?: number; resourceTemplates?: number };
  /** UTF-8 bytes of `JSON.stringify(result)` of `tools/list`. */
  catalogBytes?: number;
  /** UTF-8 bytes of the instructions string. */
  instructionsBytes?: number;
  /** Token figures (tiktoken o200k_base in the CLI). */
  tokens?: CatalogFigures;
  /** The stderr the main process wrote (trimmed to 2,000 characters). */
  stderr: string;
}

/**
 * Spawns `command` twice (once for the no-handshake request, once for the probe
 * and the listings) and measures it. Rejects only when the command cannot be
 * started at all.
 */
export async function measureServer(
  command: string,
  args: string[],
  tokenizer: Tokenizer,
  options: MeasureServerOptions = {},
): Promise<ServerReport> {
  const spawnOptions = { cwd: options.cwd, env: options.env };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const builderOptions = options.clientInfo ? { clientInfo: options.clientInfo } : {};
  const report: ServerReport = { command: [command, ...args], era: undefined, outcome: 'failed', branch: undefined, steps: [], counts: {}, stderr: '' };

  if (options.hazard !== false) {
    const conn = new Connection(await spawnCommand(command, args, spawnOptions), { timeoutMs });
    const h = await sendWithoutHandshake(conn, 'tools/list', { builder: new RequestBuilder(builderOptions) });
    report.beforeHandshake = { served: h.served, outcome: h.classification?.label ?? h.error ?? 'no reply' };
    if (h.count !== undefined) report.beforeHandshake.tools = h.count;
    await conn.close(1000);
  }

  const conn = new Connection(await spawnCommand(command, args, spawnOptions), { timeoutMs });
  try {
    const builder = new RequestBuilder(builderOptions);
    const probe = await probeEra(conn, { builder, discoverTimeoutMs: options.discoverTimeoutMs ?? 3000 });
    report.era = probe.era;
    report.outcome = probe.outcome;
    report.branch = probe.branch;
    report.steps = probe.steps;
    if (probe.protocolVersion) report.protocolVersion = probe.protocolVersion;
    if (probe.serverInfo) report.serverInfo = probe.serverInfo;
    if (probe.error) report.error = probe.error;
    const first = probe.steps[0];
    if (first) {
      report.discoverOutcome = first.classification?.kind === 'complete' ? 'DiscoverResult' : first.outcome;
      if (first.classification?.kind === 'error') report.discoverErrorCode = first.classification.code;
    }
    if (probe.outcome !== 'ok' || !probe.era) return report;

    const era = probe.era;
    const listOptions = era === 'modern' && probe.protocolVersion ? { protocolVersion: probe.protocolVersion } : {};
    const caps = probe.capabilities ?? {};
    const tools = await listAll(conn, builder, 'tools/list', era, listOptions);
    if (!tools.error && !tools.errorClassification) {
      report.counts.tools = tools.items.length;
      report.catalogBytes = tools.bytes;
    }
    for (const [method, key] of [
      ['resources/list', 'resources'],
      ['resources/templates/list', 'resourceTemplates'],
      ['prompts/list', 'prompts'],
    ] as const) {
      const capability = key === 'resourceTemplates' ? 'resources' : key;
      if (!caps[capability]) continue;
      const r = await listAll(conn, builder, method, era, listOptions);
      if (!r.error && !r.errorClassification) report.counts[key] = r.items.length;
    }
    if (report.counts.tools !== undefined) {
      const input: { tools: Tool[]; instructions?: string } = { tools: tools.items as unknown as Tool[] };
      if (probe.instructions !== undefined) input.instructions = probe.instructions;
      report.tokens = measureCatalog(input, tokenizer);
      if (report.tokens.instructionsBytes !== undefined) report.instructionsBytes = report.tokens.instructionsBytes;
    }
    return report;
  } finally {
    await conn.close(1000);
    report.stderr = conn.transcript
      .filter((e) => e.channel === 'stderr')
      .map((e) => e.text)
      .join('')
      .slice(0, 2000);
  }
}
