/**
 * The era probe on stdio: find out whether a server speaks the modern
 * (2026-07-28) or the legacy (handshake) era, and which version to use.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio, probing rule (`basic/transports/stdio.mdx`
 * §Backward Compatibility): send `server/discover` with the preferred modern
 * version in `_meta`, then
 * 1. a DiscoverResult: modern; select a mutually supported version;
 * 2. a recognised modern error (`-32022`, `-32021`, `-32020`): modern; on
 *    `-32022` retry with a version from `data.supported`; never `initialize`;
 * 3. any other error, or no reply within the timeout: legacy; `initialize`
 *    then `notifications/initialized`.
 * "The fallback MUST NOT be keyed to one specific error code": branch 3 is
 * everything that is not branch 1 or 2.
 */
import { isRecognisedModernError, type Classification } from './classify.ts';
import { ConnectionError, type Connection, type Reply } from './connection.ts';
import {
  LEGACY_PROTOCOL_VERSION,
  META_SERVER_INFO,
  MODERN_PROTOCOL_VERSION,
  type DiscoverResult,
  type Era,
  type Implementation,
  type InitializeResult,
  type JsonRpcRequest,
  type ServerCapabilities,
} from './messages.ts';
import { DEFAULT_CLIENT_INFO, RequestBuilder, serializeMessage } from './request-builder.ts';

/** Which of the spec's three outcomes a `server/discover` step produced. */
export type ProbeBranch = 'discover-result' | 'recognised-modern-error' | 'legacy-fallback';

/** One message exchange of the probe, ready to draw. */
export interface ProbeStep {
  /** What was sent. */
  kind: 'discover' | 'initialize' | 'initialized';
  /** The exact stdin line. */
  sent: string;
  /** The exact stdout line of the reply; absent for a notification, a timeout or an exit. */
  received?: string;
  /** The reply's classification, when there was a reply. */
  classification?: Classification;
  /** For `discover` steps: which of the spec's three outcomes this was. */
  branch?: ProbeBranch;
  /** What happened, in a few words: e.g. `"-32601 MethodNotFound"`, `"DiscoverResult"`, `"timeout after 3000 ms"`. */
  outcome: string;
  /** Why the probe did what it did next, in one English sentence. */
  reason: string;
  /** The protocol version this step asked for. */
  protocolVersion?: string;
  /** Time from write to reply (or to giving up), in ms; absent for notifications. */
  elapsedMs?: number;
}

/** Everything the probe learnt. */
export interface ProbeReport {
  /** The server's era; `undefined` only when the process died before anything could be decided. */
  era: Era | undefined;
  /**
   * `ok`: a version was agreed. `no-compatible-version`: the server named
   * versions, none of which this client speaks. `failed`: the process died, or
   * a step got an answer the rule has no use for (see `error`).
   */
  outcome: 'ok' | 'no-compatible-version' | 'failed';
  /** The branch the first `server/discover` took. */
  branch: ProbeBranch | undefined;
  /** The version to use from now on (modern: for `_meta`; legacy: the negotiated one). */
  protocolVersion?: string;
  /** Versions the server named: `DiscoverResult.supportedVersions` or `-32022` `data.supported`. */
  serverVersions?: string[];
  capabilities?: ServerCapabilities;
  /** Self-reported server identity: `_meta["io.modelcontextprotocol/serverInfo"]` (modern) or `serverInfo` (legacy). Display only. */
  serverInfo?: Implementation;
  instructions?: string;
  discover?: DiscoverResult;
  initialize?: InitializeResult;
  /** Every exchange, in order. */
  steps: ProbeStep[];
  /** For `failed` and `no-compatible-version`: what went wrong, in English. */
  error?: string;
}

/** Options for {@link probeEra}. */
export interface ProbeOptions {
  /** Supplies ids, client capabilities and client info. Default: a new {@link RequestBuilder}. */
  builder?: RequestBuilder;
  /** Version asked for first. Default `"2026-07-28"`. */
  preferredVersion?: string;
  /** Modern versions this client speaks, most preferred first. Default `[preferredVersion]`. */
  modernVersions?: string[];
  /** Version asked for in `initialize`. Default `"2025-11-25"`. */
  legacyVersion?: string;
  /** Legacy versions this client accepts in the `initialize` result. Default 2025-11-25 back to 2024-11-05. */
  legacyVersions?: string[];
  /** How long to wait for an answer to `server/discover`, in ms, before calling the server legacy. Default 3000. */
  discoverTimeoutMs?: number;
  /** Timeout for `initialize`, in ms. Default: the connection's. */
  timeoutMs?: number;
  /** How many times to retry `server/discover` after `-32022`. Default 1. */
  maxRetries?: number;
}

const DEFAULT_LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/**
 * Runs the probe on a fresh connection (nothing sent yet).
 * Resolves with a {@link ProbeReport}; never rejects for protocol reasons (a
 * dead process gives `outcome: 'failed'`). Throws only what `builder` throws.
 */
export async function probeEra(connection: Connection, options: ProbeOptions = {}): Promise<ProbeReport> {
  const builder = options.builder ?? new RequestBuilder();
  const preferred = options.preferredVersion ?? MODERN_PROTOCOL_VERSION;
  const modernVersions = options.modernVersions ?? [preferred];
  const discoverTimeoutMs = options.discoverTimeoutMs ?? 3000;
  const maxRetries = options.maxRetries ?? 1;
  const steps: ProbeStep[] = [];
  const report: ProbeReport = { era: undefined, outcome: 'failed', branch: undefined, steps };

  let version = preferred;
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    const request = builder.request('server/discover', {}, { protocolVersion: version });
    const got = await exchange(connection, request, discoverTimeoutMs);
    const step: ProbeStep = { kind: 'discover', sent: got.sent, outcome: '', reason: '', protocolVersion: version };
    steps.push(step);
    fill(step, got, discoverTimeoutMs);

    if (got.error && got.error.kind !== 'timeout') {
      step.reason = `The server process ended before answering (${got.error.message}), so there is nothing to decide.`;
      report.error = got.error.message;
      if (attempt > 0) report.era = 'modern';
      return report;
    }
    const c = got.reply?.classification;
    const result = got.reply?.message && 'result' in got.reply.message ? got.reply.message.result : undefined;

    if (c && c.kind === 'complete' && isDiscoverResult(result)) {
      step.branch = 'discover-result';
      step.outcome = 'DiscoverResult';
      report.branch ??= 'discover-result';
      report.era = 'modern';
      report.discover = result;
      report.serverVersions = result.supportedVersions;
      report.capabilities = result.capabilities;
      const info = result._meta?.[META_SERVER_INFO];
      if (info && typeof info === 'object') report.serverInfo = info as Implementation;
      if (typeof result.instructions === 'string') report.instructions = result.instructions;
      const pick = result.supportedVersions.includes(version)
        ? version
        : modernVersions.find((v) => result.supportedVersions.includes(v));
      if (pick) {
        report.outcome = 'ok';
        report.protocolVersion = pick;
        step.reason =
          `A DiscoverResult means the server is modern; it supports ${list(result.supportedVersions)}, ` +
          `so the client uses ${pick}.`;
      } else {
        report.outcome = 'no-compatible-version';
        report.error = `the server supports ${list(result.supportedVersions)}; this client speaks ${list(modernVersions)}`;
        step.reason = `A DiscoverResult means the server is modern, but no version is shared: ${report.error}.`;
      }
      return report;
    }

    if (c && c.kind === 'error' && isRecognisedModernError(c.code)) {
      step.branch = 'recognised-modern-error';
      report.branch ??= 'recognised-modern-error';
      report.era = 'modern';
      if (c.code === -32022) {
        const supported = c.supported ?? [];
        report.serverVersions = supported;
        const pick = modernVersions.find((v) => supported.includes(v) && v !== version);
        if (pick && attempt < maxRetries) {
          step.reason =
            `-32022 is a recognised modern error: the server is modern but does not speak ${version}. ` +
            `Its data.supported lists ${list(supported)}; retrying server/discover with ${pick} (no initialize).`;
          version = pick;
          continue;
        }
        report.outcome = 'no-compatible-version';
        report.error = `no compatible version: the server supports ${list(supported)}; this client speaks ${list(modernVersions)}`;
        step.reason = `-32022 is a recognised modern error, so the client must not fall back to initialize; ${report.error}.`;
        return report;
      }
      report.outcome = 'ok';
      report.protocolVersion = version;
      step.reason =
        c.code === -32021
          ? `-32021 is a recognised modern error: the server is modern and accepts ${version}, but requires client capabilities ${JSON.stringify(c.requiredCapabilities ?? {})}.`
          : `${c.label} is a recognised modern error: the server is modern; ${version} stands (no initialize).`;
      return report;
    }

    if (attempt > 0) {
      report.era = 'modern';
      step.reason = 'The server answered the retry with something the rule has no use for; giving up.';
      report.error = `unexpected answer to the retried server/discover: ${step.outcome}`;
      return report;
    }
    step.branch = 'legacy-fallback';
    report.branch = 'legacy-fallback';
    step.reason = got.error
      ? `No answer within ${discoverTimeoutMs} ms: the server is treated as legacy; falling back to initialize.`
      : `${step.outcome} is not a DiscoverResult nor a recognised modern error: the server is legacy; falling back to initialize.`;
    break;
  }

  report.era = 'legacy';
  const legacyVersion = options.legacyVersion ?? LEGACY_PROTOCOL_VERSION;
  const legacyVersions = options.legacyVersions ?? DEFAULT_LEGACY_VERSIONS;
  const init = builder.legacyRequest('initialize', {
    protocolVersion: legacyVersion,
    capabilities: builder.clientCapabilities,
    clientInfo: builder.clientInfo ?? DEFAULT_CLIENT_INFO,
  });
  const timeoutMs = options.timeoutMs;
  const got = await exchange(connection, init, timeoutMs);
  const step: ProbeStep = { kind: 'initialize', sent: got.sent, outcome: '', reason: '', protocolVersion: legacyVersion };
  steps.push(step);
  fill(step, got, timeoutMs);
  const result = got.reply?.message && 'result' in got.reply.message ? got.reply.message.result : undefined;
  if (!isInitializeResult(result)) {
    report.error = got.error ? got.error.message : `initialize failed: ${step.outcome}`;
    step.reason = 'The legacy handshake did not succeed, so no version was agreed.';
    return report;
  }
  report.initialize = result;
  report.capabilities = result.capabilities;
  report.serverInfo = result.serverInfo;
  report.serverVersions = [result.protocolVersion];
  if (typeof result.instructions === 'string') report.instructions = result.instructions;
  if (!legacyVersions.includes(result.protocolVersion)) {
    report.outcome = 'no-compatible-version';
    report.error = `the server answered initialize with ${result.protocolVersion}, which this client does not speak`;
    step.reason = `${report.error}; the handshake stops here.`;
    return report;
  }
  step.outcome = `InitializeResult, protocolVersion ${result.protocolVersion}`;
  step.reason =
    result.protocolVersion === legacyVersion
      ? `The server agreed to ${legacyVersion}; the client confirms with notifications/initialized.`
      : `The client asked for ${legacyVersion}; the server answered ${result.protocolVersion}, which the client also speaks; it confirms with notifications/initialized.`;
  const note = builder.notification('notifications/initialized');
  connection.notify(note);
  steps.push({
    kind: 'initialized',
    sent: serializeMessage(note),
    outcome: 'sent (notifications get no reply)',
    reason: `The handshake is complete; the negotiated version is ${result.protocolVersion}.`,
  });
  report.outcome = 'ok';
  report.protocolVersion = result.protocolVersion;
  return report;
}

interface Exchange {
  sent: string;
  reply?: Reply;
  error?: ConnectionError;
  elapsedMs: number;
}

async function exchange(connection: Connection, request: JsonRpcRequest, timeoutMs: number | undefined): Promise<Exchange> {
  const sent = serializeMessage(request);
  const t0 = connection.elapsed();
  try {
    const reply = await connection.request(request, timeoutMs === undefined ? {} : { timeoutMs });
    return { sent, reply, elapsedMs: reply.elapsedMs };
  } catch (e) {
    if (e instanceof ConnectionError) return { sent, error: e, elapsedMs: connection.elapsed() - t0 };
    throw e;
  }
}

function fill(step: ProbeStep, got: Exchange, timeoutMs: number | undefined): void {
  step.elapsedMs = Math.round(got.elapsedMs * 10) / 10;
  if (got.reply) {
    step.received = got.reply.line;
    step.classification = got.reply.classification;
    step.outcome = got.reply.classification.label;
  } else if (got.error?.kind === 'timeout') {
    step.outcome = `timeout after ${timeoutMs ?? '?'} ms`;
  } else if (got.error) {
    step.outcome = got.error.kind;
  }
}

function list(versions: readonly string[]): string {
  return versions.length ? versions.join(', ') : '(none)';
}

/** True when a result has the required DiscoverResult fields `supportedVersions` (strings) and `capabilities` (https://modelcontextprotocol.io/specification/2026-07-28/server/discover). */
export function isDiscoverResult(result: unknown): result is DiscoverResult {
  if (!result || typeof result !== 'object') return false;
  const r = result as Record<string, unknown>;
  return (
    Array.isArray(r.supportedVersions) &&
    r.supportedVersions.every((v) => typeof v === 'string') &&
    !!r.capabilities &&
    typeof r.capabilities === 'object'
  );
}

/** True when a result looks like a legacy InitializeResult (`protocolVersion` string, `capabilities` object). */
export function isInitializeResult(result: unknown): result is InitializeResult {
  if (!result || typeof result !== 'object') return false;
  const r = result as Record<string, unknown>;
  return typeof r.protocolVersion === 'string' && !!r.capabilities && typeof r.capabilities === 'object';
}
