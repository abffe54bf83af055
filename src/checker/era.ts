/**
 * Era first: before any other request, the checker learns whether the server
 * is modern (answers `server/discover`) or legacy (speaks the `initialize`
 * handshake), in fresh processes, the way the spec tells a client to probe:
 *
 * > "The server returns a `DiscoverResult`: the server is modern. [...] The
 * > server returns a recognized modern JSON-RPC error such as
 * > `UnsupportedProtocolVersionError`: the server is modern [...]. The server
 * > returns any other error, or does not respond within a reasonable timeout:
 * > the server is legacy. Fall back to the `initialize` handshake."
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#backward-compatibility
 *
 * A server that answers neither probe is `unknown`; nothing more is sent to
 * it than the framing checks (which then say why). So is a server whose
 * answer to `server/discover` breaks the stdio framing (a line without its
 * newline, a banner glued to the reply, a pretty-printed reply, a reply under
 * an id never sent, a flood, a request of its own): its silence is then no
 * sign of a legacy server, the evidence goes into `detail`, and stage 1
 * fails with the same diagnosis. No tool is ever called
 * before the era is known, and none at all on a legacy server.
 */
import { isRecognisedModernError } from '../protocol/classify.ts';
import { isDiscoverResult, isInitializeResult } from '../protocol/probe.ts';
import { LEGACY_PROTOCOL_VERSION, type JsonObject } from '../protocol/messages.ts';
import { CHECKER_CLIENT_INFO, buildMeta, describeReply, errorOf, resultOf } from './define.ts';
import { Session, SessionError } from './session.ts';
import type { EraFinding, SpawnServer, WireLine } from './types.ts';

/** What {@link probeServerEra} needs: the spawner and the limits of the run (ms, bytes). */
export interface EraProbeOptions {
  spawn: SpawnServer;
  timeoutMs: number;
  maxStdoutBytes: number;
  /** Hands out the run's request ids. */
  nextId: () => number;
}

/** The legacy handshake's request (revision 2025-11-25): `initialize` with the checker's identity and no capabilities. */
export function initializeRequest(id: number, protocolVersion: string = LEGACY_PROTOCOL_VERSION): JsonObject {
  return { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: CHECKER_CLIENT_INFO } };
}

/**
 * Probes with `server/discover` (a fresh process), then, when that did not show a modern server, with
 * `initialize` (another fresh process). Resolves with the finding and, for a modern server, the
 * DiscoverResult's reply. Never rejects for anything the server does; rejects only if `spawn` throws
 * something that is not an Error.
 */
export async function probeServerEra(options: EraProbeOptions): Promise<{ finding: EraFinding; discoverReply?: JsonObject }> {
  const wire: WireLine[] = [];
  const discover = await ask(options, wire, 1, { jsonrpc: '2.0', id: options.nextId(), method: 'server/discover', params: { _meta: buildMeta() } });
  if (discover.reply) {
    const r = resultOf(discover.reply);
    const e = errorOf(discover.reply);
    // Any result is modern: a legacy server has no server/discover to answer. Stage 3 judges its shape.
    if (r) return { finding: { era: 'modern', detail: `server/discover returned ${isDiscoverResult(r) ? 'a DiscoverResult' : 'a result'}: a modern server`, wire }, discoverReply: discover.reply };
    if (e && typeof e.code === 'number' && isRecognisedModernError(e.code)) {
      return { finding: { era: 'modern', detail: `server/discover got the modern error ${describeReply(discover.reply).slice(6)}: a modern server`, wire }, discoverReply: discover.reply };
    }
  }
  if (discover.framing) return { finding: { era: 'unknown', detail: `server/discover got no usable reply: ${discover.problem}; the era is unknown`, wire } };
  const first = discover.reply ? `server/discover got ${describeReply(discover.reply)}` : `server/discover got no reply (${discover.problem}${strayNote(discover.stray)})`;
  const init = await ask(options, wire, 2, initializeRequest(options.nextId()) as JsonObject & { id: number; method: string });
  const ir = init.reply ? resultOf(init.reply) : undefined;
  if (ir && isInitializeResult(ir)) {
    const version = String(ir.protocolVersion);
    return { finding: { era: 'legacy', detail: `${first}; initialize agreed version ${version}: a legacy server`, legacyVersion: version, wire } };
  }
  const second = init.reply ? `initialize got ${describeReply(init.reply)}` : `initialize got no reply (${init.problem}${strayNote(init.stray)})`;
  return { finding: { era: 'unknown', detail: `${first}; ${second}: the era is unknown`, wire } };
}

/** `; stdout also carried a line that is not a JSON-RPC message: "…"` (its first 80 characters), or `''` when there was none. */
function strayNote(stray: string | undefined): string {
  return stray === undefined ? '' : `; stdout also carried a line that is not a JSON-RPC message: ${JSON.stringify(stray.slice(0, 80))}`;
}

/**
 * One probe in a fresh process. `framing`: the wait ended on evidence that the stdio framing is broken, or
 * on a flood (see `SessionError`); `stray`: the first stdout line that was no JSON-RPC message, if any.
 */
async function ask(options: EraProbeOptions, wire: WireLine[], processNumber: number, request: JsonObject & { id: number; method: string }): Promise<{ reply?: JsonObject; problem?: string; framing?: boolean; stray?: string }> {
  let session: Session | undefined;
  try {
    session = new Session(await options.spawn(), { replyTimeoutMs: options.timeoutMs, maxStdoutBytes: options.maxStdoutBytes, wire, processNumber });
    return { reply: await session.request(request) };
  } catch (e) {
    if (e instanceof SessionError) {
      const stray = session?.lines.find((l) => l.violation !== undefined)?.text;
      return { problem: e.message, ...(e.kind === 'framing' || e.kind === 'flood' ? { framing: true } : {}), ...(stray !== undefined ? { stray } : {}) };
    }
    if (e instanceof Error) return { problem: `the server could not be started: ${e.message}` };
    throw e;
  } finally {
    session?.kill();
    await session?.reaped(2000);
  }
}
