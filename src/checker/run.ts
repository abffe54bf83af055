/**
 * Runs the stages against a server: each check in order, each with fresh
 * processes from the {@link SpawnServer} it is handed, a hard timeout, and
 * its processes killed when it ends. A stage that tests a capability the
 * server does not declare is skipped with the reason.
 *
 * ```ts
 * const report = await runChecks(() => engine.spawn('toy-servers/calendar.mjs'));
 * report.stages.map((s) => `${s.number}. ${s.title}: ${s.status}`);
 * ```
 */
import { isObject } from './shapes.ts';
import { CheckFailure, CheckSkip, buildMeta, type CheckContext, type CheckDef, type RunState } from './define.ts';
import { ensureDiscover } from './explore.ts';
import { Session, SessionError } from './session.ts';
import { STAGES } from './stages.ts';
import type { CheckOptions, CheckReport, CheckResult, CheckStatus, SpawnServer, StageId, StageReport, WireLine } from './types.ts';
import { META_SERVER_INFO, type JsonObject } from '../protocol/messages.ts';
import { failure, isFailure, type Failure } from '../protocol/failure.ts';

/**
 * Runs every stage (or `options.stages`) and resolves with the report. Never rejects for anything the server
 * does; a server that cannot be started fails every check that needed it. Never hangs: each check ends within
 * `checkTimeoutMs`.
 */
export async function runChecks(spawn: SpawnServer, options: CheckOptions = {}): Promise<CheckReport> {
  const state: RunState = {
    options: {
      replyTimeoutMs: options.replyTimeoutMs ?? 5000,
      checkTimeoutMs: options.checkTimeoutMs ?? 20_000,
      exitTimeoutMs: options.exitTimeoutMs ?? 3000,
      quietMs: options.quietMs ?? 300,
      maxStdoutBytes: options.maxStdoutBytes ?? 1024 * 1024,
      callTools: options.callTools ?? 'safe',
      ...(options.inputTool ? { inputTool: options.inputTool } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    results: new Map(),
    nextId: 1,
  };
  const stages: StageReport[] = [];
  for (const [i, stage] of STAGES.entries()) {
    options.onStage?.(stage.id);
    const report: StageReport = { id: stage.id, number: i + 1, title: stage.title, status: 'pass', checks: [] };
    const selected = !options.stages || options.stages.includes(stage.id);
    const gate = selected ? await stageGate(stage.id, spawn, state) : 'not selected for this run';
    for (const def of stage.checks) {
      const result = gate !== undefined ? skipped(def, gate) : await runCheck(def, spawn, state);
      state.results.set(def.id, result);
      report.checks.push(result);
      options.onCheck?.(result);
    }
    if (gate !== undefined) report.reason = gate;
    report.status = stageStatus(report.checks);
    stages.push(report);
  }
  return summarise(stages, state);
}

/** The overall status of a list of checks: fail if one failed, skipped if all were skipped, else pass. */
export function stageStatus(checks: Pick<CheckResult, 'status'>[]): CheckStatus {
  if (checks.some((c) => c.status === 'fail')) return 'fail';
  if (checks.every((c) => c.status === 'skipped')) return 'skipped';
  return 'pass';
}

/** Why a whole stage does not apply, or `undefined` when it does. Tools and MRTR need the tools capability. */
async function stageGate(stage: StageId, spawn: SpawnServer, state: RunState): Promise<string | undefined> {
  if (state.options.signal?.aborted) return 'the run was stopped';
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
      return s;
    },
    id: () => state.nextId++,
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
  };
  return c;
}

function skipped(def: CheckDef, reason: string): CheckResult {
  return { ...base(def), status: 'skipped', reason, sent: [], received: [], wire: [], elapsedMs: 0 };
}

function base(def: CheckDef): Pick<CheckResult, 'id' | 'stage' | 'rule' | 'specUrl' | 'expected' | 'hint'> {
  return { id: def.id, stage: def.stage, rule: def.rule, specUrl: def.specUrl, expected: def.expected, hint: def.hint };
}

async function runCheck(def: CheckDef, spawn: SpawnServer, state: RunState): Promise<CheckResult> {
  const unmet = (def.needs ?? []).find((id) => state.results.get(id)?.status !== 'pass');
  if (unmet) {
    const status = state.results.get(unmet)?.status ?? 'skipped';
    return skipped(def, `it builds on "${unmet}", which ${status === 'fail' ? 'failed' : 'was skipped'}`);
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
  try {
    await Promise.race([def.run(c), timeout]);
  } catch (e) {
    if (e instanceof CheckSkip) {
      status = 'skipped';
      reason = e.reason;
    } else {
      status = 'fail';
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

function summarise(stages: StageReport[], state: RunState): CheckReport {
  const checks = stages.flatMap((s) => s.checks);
  const report: CheckReport = {
    stages,
    summary: {
      passed: stages.filter((s) => s.status === 'pass').length,
      failed: stages.filter((s) => s.status === 'fail').length,
      skipped: stages.filter((s) => s.status === 'skipped').length,
      checksPassed: checks.filter((c) => c.status === 'pass').length,
      checksFailed: checks.filter((c) => c.status === 'fail').length,
      checksSkipped: checks.filter((c) => c.status === 'skipped').length,
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
