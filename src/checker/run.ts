/**
 * Runs the stages against a server: first the era probe (era.ts), then each
 * check in order, each with fresh processes from the {@link SpawnServer} it
 * is handed, a hard timeout, and its processes killed when it ends. A stage
 * that tests a capability the server does not declare is skipped with the
 * reason; a check for the other era or transport does not run; when framing
 * fails, nothing after it runs ("not run: stage 1 failed"). A check at level
 * `should` that is not met is a warning.
 *
 * ```ts
 * const report = await runChecks(() => engine.spawn('toy-servers/calendar.mjs'));
 * report.stages.map((s) => `${s.number}. ${s.title}: ${s.status}`);
 * ```
 */
import { isObject } from './shapes.ts';
import { CheckFailure, CheckNotRun, CheckSkip, buildMeta, type CheckContext, type CheckDef, type RunState } from './define.ts';
import { initializeRequest, probeServerEra } from './era.ts';
import { ensureDiscover, rememberDiscoverReply } from './explore.ts';
import { Session, SessionError } from './session.ts';
import { STAGES, type StageDef } from './stages.ts';
import type { CheckOptions, CheckReport, CheckResult, CheckStatus, CheckTransport, EraFinding, NotRunCause, SpawnServer, StageId, StageReport, Verdict, WireLine } from './types.ts';
import { META_SERVER_INFO, type JsonObject } from '../protocol/messages.ts';
import { failure, isFailure, type Failure } from '../protocol/failure.ts';

/**
 * Runs every stage (or `options.stages`) and resolves with the report. Never rejects for anything the server
 * does; a server that cannot be started fails every check that needed it. Never hangs: each check ends within
 * `checkTimeoutMs`.
 */
export async function runChecks(spawn: SpawnServer, options: CheckOptions = {}): Promise<CheckReport> {
  const transport = options.transport ?? 'stdio';
  const state: RunState = {
    options: {
      replyTimeoutMs: options.replyTimeoutMs ?? 5000,
      checkTimeoutMs: options.checkTimeoutMs ?? 20_000,
      exitTimeoutMs: options.exitTimeoutMs ?? 3000,
      quietMs: options.quietMs ?? 300,
      maxStdoutBytes: options.maxStdoutBytes ?? 1024 * 1024,
      callTools: options.callTools ?? 'all',
      strict: options.strict ?? false,
      transport,
      eraTimeoutMs: options.eraTimeoutMs ?? 3000,
      ...(options.inputTool ? { inputTool: options.inputTool } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    era: 'unknown',
    transport,
    results: new Map(),
    nextId: 1,
  };
  const probed = await probeServerEra({ spawn, timeoutMs: state.options.eraTimeoutMs, maxStdoutBytes: state.options.maxStdoutBytes, nextId: () => state.nextId++ });
  state.era = probed.finding.era;
  state.eraDetail = probed.finding.detail;
  if (probed.finding.legacyVersion) state.legacyVersion = probed.finding.legacyVersion;
  if (probed.discoverReply) rememberDiscoverReply(state, probed.discoverReply);
  const stages: StageReport[] = [];
  /** Set once a stage failed in a way that makes every later check meaningless (framing). */
  let stoppedBy: number | undefined;
  for (const [i, stage] of STAGES.entries()) {
    options.onStage?.(stage.id);
    const report: StageReport = { id: stage.id, number: i + 1, title: stageTitle(stage, transport), status: 'pass', checks: [] };
    const selected = !options.stages || options.stages.includes(stage.id);
    const gate: Gate | undefined = state.options.signal?.aborted
      ? { cause: 'stopped', reason: 'the run was stopped' }
      : stoppedBy !== undefined
        ? { cause: 'stage-failed', reason: `not run: stage ${stoppedBy} failed` }
        : !selected
          ? { cause: 'not-selected', reason: 'not selected for this run' }
          : undefined;
    const applicable = stage.checks.filter((def) => appliesTo(def, state));
    const stageGateReason = gate || applicable.length === 0 ? undefined : await stageGate(stage.id, spawn, state);
    for (const def of stage.checks) {
      let result: CheckResult;
      if (gate) result = notRun(def, gate.cause, gate.reason);
      else if (!(def.transports ?? ['stdio', 'http']).includes(transport)) result = notRun(def, 'transport', `a rule of the ${transport === 'http' ? 'stdio' : 'Streamable HTTP'} transport`);
      else if (!appliesTo(def, state)) result = notRun(def, 'era', eraReason(state));
      else if (stageGateReason !== undefined) result = skipped(def, stageGateReason);
      else result = await runCheck(def, spawn, state);
      state.results.set(def.id, result);
      report.checks.push(result);
      options.onCheck?.(result);
    }
    const shown = report.checks.filter((c) => c.notRun !== 'transport');
    report.checks = shown;
    if (gate) report.reason = gate.reason;
    else if (stageGateReason !== undefined) report.reason = stageGateReason;
    else if (applicable.length === 0) report.reason = eraReason(state);
    report.status = stageStatus(report.checks);
    stages.push(report);
    if (stage.id === 'framing' && stoppedBy === undefined && report.checks.some((c) => c.status === 'fail')) stoppedBy = report.number;
  }
  return summarise(stages, state, probed.finding);
}

/** A check's `gate`: why a whole stage's checks do not run. */
interface Gate {
  cause: NotRunCause;
  reason: string;
}

/** True when the check is for the server's era (a server of unknown era gets the modern checks: framing then says why). */
function appliesTo(def: CheckDef, state: RunState): boolean {
  const eras = def.eras ?? ['modern'];
  return eras.includes(state.era === 'unknown' ? 'modern' : state.era);
}

function eraReason(state: RunState): string {
  return state.era === 'legacy' ? 'a legacy server: only the rules that hold for both eras were checked, after an initialize handshake' : 'not a rule for this server';
}

function stageTitle(stage: StageDef, transport: CheckTransport): string {
  return transport === 'http' && stage.httpTitle ? stage.httpTitle : stage.title;
}

/** The overall status of a list of checks: fail if one failed, warn if one warned, not-run if none ran, skipped if none applied, else pass. */
export function stageStatus(checks: Pick<CheckResult, 'status'>[]): CheckStatus {
  if (checks.some((c) => c.status === 'fail')) return 'fail';
  if (checks.some((c) => c.status === 'warn')) return 'warn';
  if (checks.every((c) => c.status === 'not-run')) return 'not-run';
  if (checks.every((c) => c.status === 'skipped' || c.status === 'not-run')) return checks.some((c) => c.status === 'skipped') ? 'skipped' : 'not-run';
  return 'pass';
}

/** Why a whole stage does not apply, or `undefined` when it does. Tools and MRTR need the tools capability. */
async function stageGate(stage: StageId, spawn: SpawnServer, state: RunState): Promise<string | undefined> {
  if (stage !== 'tools' && stage !== 'mrtr') return undefined;
  if (state.discover === undefined) {
    const c = makeContext(spawn, state, [], []);
    try {
      await ensureDiscover(c);
    } catch {
      state.discover = null;
    } finally {
      c.closed = true;
      for (const s of c.sessions) s.kill();
    }
  }
  if (!state.capabilities) return 'server/discover gave no capabilities, so it is unknown whether the server offers tools';
  if (!isObject(state.capabilities.tools)) return 'the server does not declare the tools capability';
  return undefined;
}

interface InternalContext extends CheckContext {
  sessions: Session[];
  /** Set when the check has ended: later `open()` calls (from a check still running after its timeout) are refused. */
  closed: boolean;
}

function makeContext(spawn: SpawnServer, state: RunState, wire: WireLine[], sessions: Session[]): InternalContext {
  const c: InternalContext = {
    state,
    sessions,
    closed: false,
    async open() {
      if (state.options.signal?.aborted) throw new SessionError('stopped', 'the run was stopped', failure('run-stopped'));
      if (c.closed) throw new SessionError('stopped', 'the check has ended', failure('check-ended'));
      let proc;
      try {
        proc = await spawn();
      } catch (e) {
        throw new SessionError('exit', `the server could not be started: ${(e as Error).message}`, spawnFailure(e));
      }
      if (c.closed) {
        proc.kill();
        throw new SessionError('stopped', 'the check has ended', failure('check-ended'));
      }
      const s = new Session(proc, { replyTimeoutMs: state.options.replyTimeoutMs, maxStdoutBytes: state.options.maxStdoutBytes, wire, processNumber: sessions.length + 1 });
      sessions.push(s);
      if (state.era === 'legacy') {
        // A legacy server gets its handshake first, in every fresh process; nothing else is sent before it.
        await s.request(initializeRequest(state.nextId++, state.legacyVersion) as { id: number; method: string });
        s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      }
      return s;
    },
    id: () => state.nextId++,
    probe() {
      return state.era === 'legacy' ? { jsonrpc: '2.0', id: state.nextId++, method: 'ping' } : c.request('server/discover');
    },
    meta: (overrides) => buildMeta(overrides),
    request(method, params = {}, caps = {}) {
      return { jsonrpc: '2.0', id: state.nextId++, method, params: { _meta: buildMeta({ clientCapabilities: caps }), ...params } };
    },
    fail(actual, why) {
      throw new CheckFailure(actual, why);
    },
    skip(reason) {
      throw new CheckSkip(reason);
    },
    notRun(cause, reason) {
      throw new CheckNotRun(cause, reason);
    },
  };
  return c;
}

function skipped(def: CheckDef, reason: string): CheckResult {
  return { ...base(def), status: 'skipped', reason, sent: [], received: [], wire: [], elapsedMs: 0 };
}

function notRun(def: CheckDef, cause: NotRunCause, reason: string): CheckResult {
  return { ...base(def), status: 'not-run', notRun: cause, reason, sent: [], received: [], wire: [], elapsedMs: 0 };
}

function base(def: CheckDef): Pick<CheckResult, 'id' | 'stage' | 'specUrl' | 'quote' | 'level'> {
  return { id: def.id, stage: def.stage, specUrl: def.specUrl, quote: def.quote, level: def.level };
}

async function runCheck(def: CheckDef, spawn: SpawnServer, state: RunState): Promise<CheckResult> {
  const unmet = (def.needs ?? []).find((id) => state.results.get(id)?.status !== 'pass');
  if (unmet) {
    const status = state.results.get(unmet)?.status ?? 'not-run';
    const said = { fail: 'failed', warn: 'warned', skipped: 'was skipped', 'not-run': 'did not run', pass: 'passed' }[status];
    const why = `it builds on "${unmet}", which ${said}`;
    // A check that could not apply passes that on; one whose prerequisite broke or did not run did not run either.
    if (status === 'skipped') return skipped(def, why);
    if (state.results.get(unmet)?.notRun === 'policy') return notRun(def, 'policy', `${why} (the tool policy kept it out; run with --call-tools all)`);
    return notRun(def, 'prerequisite', why);
  }
  const wire: WireLine[] = [];
  const sessions: Session[] = [];
  const c = makeContext(spawn, state, wire, sessions);
  const started = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = state.options.checkTimeoutMs;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SessionError('timeout', `the check did not finish within ${limit} ms`, failure('check-timeout', { ms: limit }))), limit);
  });
  let status: CheckStatus = 'pass';
  let actual: string | undefined;
  let why: Failure | undefined;
  let reason: string | undefined;
  let cause: NotRunCause | undefined;
  try {
    await Promise.race([def.run(c), timeout]);
  } catch (e) {
    if (e instanceof CheckSkip) {
      status = 'skipped';
      reason = e.reason;
    } else if (e instanceof CheckNotRun) {
      status = 'not-run';
      reason = e.reason;
      cause = e.cause;
    } else {
      status = def.level === 'should' ? 'warn' : 'fail';
      const detail = String((e as Error)?.message ?? e);
      actual = e instanceof CheckFailure || e instanceof SessionError ? e.message : `the checker itself failed: ${detail}`;
      why = e instanceof SessionError ? e.failure : e instanceof CheckFailure ? e.why : failure('checker-failed', { detail });
      if (e instanceof SessionError && e.kind === 'stopped' && state.options.signal?.aborted) {
        actual = 'the run was stopped';
        why = failure('run-stopped');
      }
    }
  } finally {
    clearTimeout(timer);
    c.closed = true;
    for (const s of sessions) s.kill();
    // The next check starts only once this one's processes are gone (bounded: a kill is not waited on forever).
    await Promise.all(sessions.map((s) => s.reaped(2000)));
  }
  const result: CheckResult = {
    ...base(def),
    status,
    sent: wire.filter((w) => w.dir === 'sent').map((w) => w.text),
    received: wire.filter((w) => w.dir === 'received').map((w) => w.text),
    wire,
    elapsedMs: Math.round(now() - started),
  };
  if (actual !== undefined) result.actual = actual;
  if (why !== undefined) result.why = why;
  if (reason !== undefined) result.reason = reason;
  if (cause !== undefined) result.notRun = cause;
  return result;
}

/** Why a spawn failed, as data: the spawner's own failure when it carries one (an engine's), else its message as it is. */
function spawnFailure(e: unknown): Failure {
  const carried = e && typeof e === 'object' ? (e as { failure?: unknown }).failure : undefined;
  if (isFailure(carried)) return failure('spawn-failed', {}, carried);
  return failure('spawn-error', { detail: String((e as Error)?.message ?? e) });
}

function now(): number {
  return globalThis.performance.now();
}

function summarise(stages: StageReport[], state: RunState, era: EraFinding): CheckReport {
  const checks = stages.flatMap((s) => s.checks);
  // What the server wrote stays in the report only as a head: a tool's output (an environment dump, a file) never in full.
  for (const c of checks) cutWire(c);
  era.wire = era.wire.map((w) => ({ ...w, text: cutWireText(w.text) }));
  const count = (status: CheckStatus) => checks.filter((c) => c.status === status).length;
  const incomplete = checks.filter((c) => c.notRun === 'policy').map((c) => ({ id: c.id, reason: c.reason ?? '' }));
  const failed = count('fail') > 0 || (state.options.strict && count('warn') > 0);
  const verdict: Verdict = failed ? 'fail' : incomplete.length > 0 ? 'incomplete' : 'pass';
  const report: CheckReport = {
    verdict,
    strict: state.options.strict,
    transport: state.transport,
    era,
    incomplete,
    stages,
    summary: {
      passed: stages.filter((s) => s.status === 'pass' || s.status === 'warn').length,
      failed: stages.filter((s) => s.status === 'fail').length,
      skipped: stages.filter((s) => s.status === 'skipped' || s.status === 'not-run').length,
      checksPassed: count('pass'),
      checksFailed: count('fail'),
      checksWarned: count('warn'),
      checksSkipped: count('skipped'),
      checksNotRun: count('not-run'),
    },
  };
  const d = state.discover;
  if (d) {
    const info = isObject(d._meta) && isObject(d._meta[META_SERVER_INFO]) ? (d._meta[META_SERVER_INFO] as JsonObject) : {};
    report.server = {};
    if (typeof info.name === 'string') report.server.name = info.name;
    if (typeof info.version === 'string') report.server.version = info.version;
    if (Array.isArray(d.supportedVersions)) report.server.supportedVersions = d.supportedVersions.filter((v): v is string => typeof v === 'string');
    if (state.capabilities) report.server.capabilities = state.capabilities;
  }
  if (state.inputTool) report.inputTool = state.inputTool.name;
  return report;
}

/** The longest a wire line (`sent`, `received`, `wire[].text`, the era probe's `wire`) is kept in a report, in characters (UTF-16 code units). */
export const MAX_WIRE_CHARS = 400;

/** `text` when it is at most {@link MAX_WIRE_CHARS} long, else its head and `… [N chars]`, {@link MAX_WIRE_CHARS} in all. */
export function cutWireText(text: string): string {
  if (text.length <= MAX_WIRE_CHARS) return text;
  const tail = `… [${text.length} chars]`;
  let end = MAX_WIRE_CHARS - tail.length;
  if (/[\uDC00-\uDFFF]/.test(text[end] ?? '')) end--; // never split a surrogate pair
  return text.slice(0, end) + tail;
}

/** Cuts the wire lines of a result in place (the object `onCheck` was handed is the one in the report). */
function cutWire(c: CheckResult): void {
  c.sent = c.sent.map(cutWireText);
  c.received = c.received.map(cutWireText);
  c.wire = c.wire.map((w) => (w.text.length > MAX_WIRE_CHARS ? { ...w, text: cutWireText(w.text) } : w));
}
