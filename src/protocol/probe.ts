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
 *
 * Two answers that ids alone would miss are taken at once rather than waited
 * out: a reply that cannot be matched to the probe by id (an error with
 * `"id": null` or no `id`, which JSON-RPC servers send when they could not
 * read the request, or a reply carrying another id) while the probe is the
 * only request in flight, is the answer to the probe; and a process that
 * exits instead of answering has given no answer (legacy; the handshake then
 * goes to a fresh process when the caller can start one, see
 * {@link ProbeOptions.respawn}).
 */
import { classifyMessage, isRecognisedModernError, type Classification } from './classify.ts';
import { ConnectionError, type Connection, type Reply } from './connection.ts';
import { failure, type Failure } from './failure.ts';
import {
  LEGACY_PROTOCOL_VERSION,
  META_SERVER_INFO,
  MODERN_PROTOCOL_VERSION,
  type DiscoverResult,
  type Era,
  type Implementation,
  type InitializeResult,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
  type ServerCapabilities,
} from './messages.ts';
import { DEFAULT_CLIENT_INFO, RequestBuilder, serializeMessage } from './request-builder.ts';

/** Which of the spec's three outcomes a `server/discover` step produced. */
export type ProbeBranch = 'discover-result' | 'recognised-modern-error' | 'legacy-fallback';

/**
 * Why the probe did what it did after a step, as data: a code and the values
 * a sentence about it needs, so a widget can say it in the reader's language
 * ({@link ProbeStep.reason} says the same in English). Codes:
 * - `discover-result`: modern; `supported` (comma-separated), `version` chosen.
 * - `discover-result-no-version`: modern, nothing shared; `supported`, `client`.
 * - `unsupported-version-retry`: `-32022`; `version` asked, `supported`, `pick` for the retry.
 * - `unsupported-version-none`: `-32022` and nothing shared; `supported`, `client`.
 * - `capability-required`: `-32021`; `version`, `required` (JSON of the capabilities).
 * - `modern-error`: another recognised modern error; `label`, `version`.
 * - `retry-unexpected`: the retry got an answer the rule has no use for; `outcome`.
 * - `legacy-error`: any other answer: legacy; `outcome`.
 * - `legacy-timeout`: no answer within `ms`: legacy.
 * - `legacy-exit`: the process ended instead of answering: legacy; the handshake goes to a fresh process.
 * - `exit-undecided`: the process ended and no fresh one can be started; `message`.
 * - `initialize-failed`, `initialize-version-unknown` (`version`), `initialize-ok` (`version`),
 *   `initialize-ok-other` (`asked`, `version`), `initialized` (`version`).
 */
export interface ProbeWhy {
  code:
    | 'discover-result'
    | 'discover-result-no-version'
    | 'unsupported-version-retry'
    | 'unsupported-version-none'
    | 'capability-required'
    | 'modern-error'
    | 'retry-unexpected'
    | 'legacy-error'
    | 'legacy-timeout'
    | 'legacy-exit'
    | 'exit-undecided'
    | 'initialize-failed'
    | 'initialize-version-unknown'
    | 'initialize-ok'
    | 'initialize-ok-other'
    | 'initialized';
  vars: Record<string, string | number>;
}

/**
 * How a reply to the probe was matched although its id did not match:
 * `null-id` (`"id": null`), `no-id` (no `id` member), `other-id` (an id the
 * client never sent). Taken as the answer only while the probe is the one
 * request in flight.
 */
export type UncorrelatedReply = 'null-id' | 'no-id' | 'other-id';

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
  /** The same as {@link reason}, as data for other languages. */
  why?: ProbeWhy;
  /** Set when the reply could not be matched by id but was taken as the answer to the probe (see {@link UncorrelatedReply}). */
  uncorrelated?: UncorrelatedReply;
  /** Set when no reply came: `timeout` (after {@link timeoutMs} ms), or how the connection ended (`exit`, `flood`, `closed`). */
  ended?: ConnectionError['kind'];
  /** The timeout that expired, in ms, when `ended` is `timeout`. */
  timeoutMs?: number;
  /** The pid of the process the step went to (a fresh one after {@link ProbeOptions.respawn}). */
  pid?: number;
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
  /** True when the process ended on the probe and the handshake went to a fresh one ({@link ProbeOptions.respawn}). */
  respawned?: boolean;
  /** For `failed` and `no-compatible-version`: what went wrong, in English. */
  error?: string;
  /** {@link error} as data (src/protocol/failure.ts), for a page to say in its reader's language. */
  failure?: Failure;
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
  /**
   * Starts a fresh process of the same server and connects to it. When given
   * and the process exits instead of answering `server/discover`, the probe
   * calls the server legacy (it gave no answer) and sends `initialize` to the
   * fresh process: the era is a property of the server, so it is not probed
   * again. Without it, such a probe ends `failed`, era undecided. The caller
   * owns (and closes) the connection it returns.
   */
  respawn?: () => Promise<Connection>;
}

const DEFAULT_LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/**
 * Runs the probe on a fresh connection (nothing sent yet).
 * Resolves with a {@link ProbeReport}; never rejects for protocol reasons (a
 * dead process gives `outcome: 'failed'`, unless {@link ProbeOptions.respawn}
 * starts another). Throws only what `builder` and `respawn` throw.
 */
export async function probeEra(connection: Connection, options: ProbeOptions = {}): Promise<ProbeReport> {
  const builder = options.builder ?? new RequestBuilder();
  const preferred = options.preferredVersion ?? MODERN_PROTOCOL_VERSION;
  const modernVersions = options.modernVersions ?? [preferred];
  const discoverTimeoutMs = options.discoverTimeoutMs ?? 3000;
  const maxRetries = options.maxRetries ?? 1;
  const steps: ProbeStep[] = [];
  const report: ProbeReport = { era: undefined, outcome: 'failed', branch: undefined, steps };
  const because = (step: ProbeStep, reason: string, code: ProbeWhy['code'], vars: ProbeWhy['vars'] = {}) => {
    step.reason = reason;
    step.why = { code, vars };
  };

  let version = preferred;
  let exited = false;
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    const request = builder.request('server/discover', {}, { protocolVersion: version });
    const got = await exchange(connection, request, discoverTimeoutMs, true);
    const step: ProbeStep = { kind: 'discover', sent: got.sent, outcome: '', reason: '', protocolVersion: version, pid: connection.pid };
    steps.push(step);
    fill(step, got, discoverTimeoutMs);

    if (got.error && got.error.kind !== 'timeout') {
      if (attempt === 0 && got.error.kind === 'exit' && options.respawn) {
        exited = true;
        step.branch = 'legacy-fallback';
        report.branch = 'legacy-fallback';
        because(
          step,
          `The server process ended instead of answering (${got.error.message}): no answer, so the server is treated as legacy; ` +
            'the client starts it again and sends initialize, without probing again (the era is a property of the server).',
          'legacy-exit',
        );
        break;
      }
      because(step, `The server process ended before answering (${got.error.message}), so there is nothing to decide.`, 'exit-undecided', {
        message: got.error.message,
      });
      report.error = got.error.message;
      report.failure = got.error.failure;
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
        because(
          step,
          `A DiscoverResult means the server is modern; it supports ${list(result.supportedVersions)}, so the client uses ${pick}.`,
          'discover-result',
          { supported: list(result.supportedVersions), version: pick },
        );
      } else {
        report.outcome = 'no-compatible-version';
        report.error = `the server supports ${list(result.supportedVersions)}; this client speaks ${list(modernVersions)}`;
        report.failure = failure('no-shared-version', { supported: list(result.supportedVersions), client: list(modernVersions) });
        because(step, `A DiscoverResult means the server is modern, but no version is shared: ${report.error}.`, 'discover-result-no-version', {
          supported: list(result.supportedVersions),
          client: list(modernVersions),
        });
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
          because(
            step,
            `-32022 is a recognised modern error: the server is modern but does not speak ${version}. ` +
              `Its data.supported lists ${list(supported)}; retrying server/discover with ${pick} (no initialize).`,
            'unsupported-version-retry',
            { version, supported: list(supported), pick },
          );
          version = pick;
          continue;
        }
        report.outcome = 'no-compatible-version';
        report.error = `no compatible version: the server supports ${list(supported)}; this client speaks ${list(modernVersions)}`;
        report.failure = failure('no-shared-version', { supported: list(supported), client: list(modernVersions) });
        because(step, `-32022 is a recognised modern error, so the client must not fall back to initialize; ${report.error}.`, 'unsupported-version-none', {
          supported: list(supported),
          client: list(modernVersions),
        });
        return report;
      }
      report.outcome = 'ok';
      report.protocolVersion = version;
      if (c.code === -32021) {
        const required = JSON.stringify(c.requiredCapabilities ?? {});
        because(
          step,
          `-32021 is a recognised modern error: the server is modern and accepts ${version}, but requires client capabilities ${required}.`,
          'capability-required',
          { version, required },
        );
      } else {
        because(step, `${c.label} is a recognised modern error: the server is modern; ${version} stands (no initialize).`, 'modern-error', {
          label: c.label,
          version,
        });
      }
      return report;
    }

    if (attempt > 0) {
      report.era = 'modern';
      because(step, 'The server answered the retry with something the rule has no use for; giving up.', 'retry-unexpected', { outcome: step.outcome });
      report.error = `unexpected answer to the retried server/discover: ${step.outcome}`;
      report.failure = failure('retry-unexpected', { outcome: step.outcome });
      return report;
    }
    step.branch = 'legacy-fallback';
    report.branch = 'legacy-fallback';
    if (got.error) {
      because(step, `No answer within ${discoverTimeoutMs} ms: the server is treated as legacy; falling back to initialize.`, 'legacy-timeout', {
        ms: discoverTimeoutMs,
      });
    } else {
      const unmatched = step.uncorrelated
        ? ` The reply could not be matched by id (${UNMATCHED[step.uncorrelated]}), but the probe was the only request in flight, so it is the answer.`
        : '';
      because(
        step,
        `${step.outcome} is not a DiscoverResult nor a recognised modern error: the server is legacy; falling back to initialize.${unmatched}`,
        'legacy-error',
        { outcome: step.outcome },
      );
    }
    break;
  }

  report.era = 'legacy';
  let target = connection;
  if (exited && options.respawn) {
    target = await options.respawn();
    report.respawned = true;
  }
  const legacyVersion = options.legacyVersion ?? LEGACY_PROTOCOL_VERSION;
  const legacyVersions = options.legacyVersions ?? DEFAULT_LEGACY_VERSIONS;
  const init = builder.legacyRequest('initialize', {
    protocolVersion: legacyVersion,
    capabilities: builder.clientCapabilities,
    clientInfo: builder.clientInfo ?? DEFAULT_CLIENT_INFO,
  });
  const timeoutMs = options.timeoutMs;
  const got = await exchange(target, init, timeoutMs, false);
  const step: ProbeStep = { kind: 'initialize', sent: got.sent, outcome: '', reason: '', protocolVersion: legacyVersion, pid: target.pid };
  steps.push(step);
  fill(step, got, timeoutMs);
  const result = got.reply?.message && 'result' in got.reply.message ? got.reply.message.result : undefined;
  if (!isInitializeResult(result)) {
    report.error = got.error ? got.error.message : `initialize failed: ${step.outcome}`;
    report.failure = got.error ? got.error.failure : failure('initialize-failed', { outcome: step.outcome });
    because(step, 'The legacy handshake did not succeed, so no version was agreed.', 'initialize-failed');
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
    report.failure = failure('initialize-version-unknown', { version: result.protocolVersion });
    because(step, `${report.error}; the handshake stops here.`, 'initialize-version-unknown', { version: result.protocolVersion });
    return report;
  }
  step.outcome = `InitializeResult, protocolVersion ${result.protocolVersion}`;
  if (result.protocolVersion === legacyVersion) {
    because(step, `The server agreed to ${legacyVersion}; the client confirms with notifications/initialized.`, 'initialize-ok', {
      version: legacyVersion,
    });
  } else {
    because(
      step,
      `The client asked for ${legacyVersion}; the server answered ${result.protocolVersion}, which the client also speaks; it confirms with notifications/initialized.`,
      'initialize-ok-other',
      { asked: legacyVersion, version: result.protocolVersion },
    );
  }
  const note = builder.notification('notifications/initialized');
  target.notify(note);
  steps.push({
    kind: 'initialized',
    sent: serializeMessage(note),
    outcome: 'sent (notifications get no reply)',
    reason: `The handshake is complete; the negotiated version is ${result.protocolVersion}.`,
    why: { code: 'initialized', vars: { version: result.protocolVersion } },
    pid: target.pid,
  });
  report.outcome = 'ok';
  report.protocolVersion = result.protocolVersion;
  return report;
}

const UNMATCHED: Record<UncorrelatedReply, string> = {
  'null-id': 'its id is null',
  'no-id': 'it has no id',
  'other-id': 'it carries an id the client never sent',
};

interface Exchange {
  sent: string;
  reply?: Reply;
  error?: ConnectionError;
  elapsedMs: number;
  uncorrelated?: UncorrelatedReply;
}

/**
 * Sends `request` and waits for its reply. With `takeUnmatched`, a reply the
 * connection cannot match by id (see {@link unmatchedReply}) that arrives
 * while `request` is the only one in flight is taken as its answer at once.
 */
async function exchange(connection: Connection, request: JsonRpcRequest, timeoutMs: number | undefined, takeUnmatched: boolean): Promise<Exchange> {
  const sent = serializeMessage(request);
  const t0 = connection.elapsed();
  let stop = () => {};
  const stray = new Promise<Exchange>((resolve) => {
    if (!takeUnmatched) return;
    stop = connection.onEntry((entry) => {
      if (entry.direction !== 'in' || entry.channel !== 'stdout') return;
      const pending = connection.pendingIds();
      if (pending.length !== 1 || pending[0] !== request.id) return;
      const found = unmatchedReply(entry.text, request.id);
      if (!found) return;
      const elapsedMs = entry.t - t0;
      resolve({
        sent,
        reply: { request, message: found.message, classification: found.classification, line: entry.text, sentLine: sent, elapsedMs },
        elapsedMs,
        uncorrelated: found.how,
      });
    });
  });
  const direct = connection.request(request, timeoutMs === undefined ? {} : { timeoutMs }).then(
    (reply): Exchange => ({ sent, reply, elapsedMs: reply.elapsedMs }),
    (e: unknown): Exchange => {
      if (e instanceof ConnectionError) return { sent, error: e, elapsedMs: connection.elapsed() - t0 };
      throw e;
    },
  );
  try {
    return await Promise.race([direct, stray]);
  } finally {
    stop();
  }
}

/**
 * A stdout line that is a JSON-RPC response (`result` or `error`, no `method`)
 * the connection could not match to `expectedId`: `"id": null` (which the
 * connection's parser refuses, as MCP's schema does), no `id`, or another id.
 * Its classification is the one the message would have with the id left out
 * (so `{"id":null,"error":{"code":-32600,…}}` is `-32600 InvalidRequest`).
 */
function unmatchedReply(line: string, expectedId: RequestId): { message: JsonRpcResponse; classification: Classification; how: UncorrelatedReply } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const m = parsed as Record<string, unknown>;
  if ('method' in m) return undefined;
  const isError = !!m.error && typeof m.error === 'object' && Number.isInteger((m.error as Record<string, unknown>).code);
  const isResult = 'result' in m && !('error' in m);
  if (!isError && !isResult) return undefined;
  let how: UncorrelatedReply;
  if (!('id' in m)) how = 'no-id';
  else if (m.id === null) how = 'null-id';
  else if (m.id !== expectedId) how = 'other-id';
  else return undefined; // matched by id: the connection resolves it
  const { id: _id, ...rest } = m;
  const message = (how === 'null-id' ? rest : m) as unknown as JsonRpcResponse;
  return { message, classification: classifyMessage(message as unknown as JsonRpcMessage), how };
}

function fill(step: ProbeStep, got: Exchange, timeoutMs: number | undefined): void {
  step.elapsedMs = Math.round(got.elapsedMs * 10) / 10;
  if (got.reply) {
    step.received = got.reply.line;
    step.classification = got.reply.classification;
    step.outcome = got.reply.classification.label;
    if (got.uncorrelated) step.uncorrelated = got.uncorrelated;
  } else if (got.error?.kind === 'timeout') {
    step.outcome = `timeout after ${timeoutMs ?? '?'} ms`;
    step.ended = 'timeout';
    if (timeoutMs !== undefined) step.timeoutMs = timeoutMs;
  } else if (got.error) {
    step.outcome = got.error.kind;
    step.ended = got.error.kind;
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
