/**
 * The shapes of the conformance checker: what a check reports, how checks are
 * grouped into stages, and the one thing the checker needs from an engine (a
 * way to start a fresh server process).
 *
 * The checker runs the same checks in the page (Worker engine) and in Node
 * (`npm run check-server`); it depends on `src/protocol` only and is handed a
 * {@link SpawnServer} function, so it never imports an engine. Checks follow
 * revision 2026-07-28 of the MCP specification:
 * https://modelcontextprotocol.io/specification/2026-07-28
 */
import type { LineProcess } from '../protocol/connection.ts';
import type { ServerCapabilities } from '../protocol/messages.ts';
import type { Failure } from '../protocol/failure.ts';

/** A running server process as the checker sees it: structurally the engine contract's `EngineProcess`. */
export type CheckerProcess = LineProcess;

/**
 * Starts a fresh server process (fresh module state) each time it is called.
 * Rejects when the server cannot be started at all. Any engine provides one:
 * `() => engine.spawn(entry)` in the page, `() => spawnCommand(cmd, args)` in Node.
 */
export type SpawnServer = () => Promise<CheckerProcess>;

/**
 * The eight stages a learner climbs, in order. Stage 1 is the transport's own framing: stdio's lines, or
 * Streamable HTTP's POSTs, statuses and headers (each check says which transport it is for).
 */
export type StageId = 'framing' | 'jsonrpc' | 'discover' | 'meta' | 'tools' | 'resources-prompts' | 'mrtr' | 'legacy';

/**
 * A check's verdict.
 * - `pass`: the server met the rule.
 * - `fail`: the server broke a MUST / MUST NOT rule (or the process failed: no reply, a crash, a flood).
 * - `warn`: the server did not do what a SHOULD rule asks; shown and counted apart, it fails the run only
 *   under `strict`.
 * - `skipped`: the rule does not apply to this server (an undeclared capability, nothing to test); `reason` says why.
 * - `not-run`: the rule may apply but was not checked; `reason` says why and `notRun` names the cause.
 */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skipped' | 'not-run';

/**
 * Why a check did not run.
 * - `policy`: running it would mean calling a tool the run's `callTools` policy does not allow; a run with
 *   such a check is `incomplete`, never `pass`.
 * - `prerequisite`: a check it builds on failed or did not run (so one bug is reported once).
 * - `stage-failed`: framing failed, so nothing later can be judged.
 * - `era`: the check is for the other era (a modern rule on a legacy server).
 * - `transport`: the check is for the other transport (stdio framing on an HTTP server, or the reverse).
 * - `not-selected`: the caller ran other stages only.
 * - `stopped`: the run was stopped.
 */
export type NotRunCause = 'policy' | 'prerequisite' | 'stage-failed' | 'era' | 'transport' | 'not-selected' | 'stopped';

/**
 * How strong a rule is, from the spec's own words: `must` for MUST / MUST NOT / REQUIRED (a broken rule is a
 * failure), `should` for SHOULD / SHOULD NOT / RECOMMENDED (a warning). A rule the spec does not state is not a check.
 */
export type RuleLevel = 'must' | 'should';

/** The overall verdict: `fail` if a check failed (or warned, under `strict`), else `incomplete` if a check did not run for policy reasons, else `pass`. */
export type Verdict = 'pass' | 'fail' | 'incomplete';

/** The two eras (https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning), or `unknown` when the server answered neither probe. */
export type ServerEra = 'modern' | 'legacy' | 'unknown';

/** How the checker reaches the server: a process's stdin/stdout, or Streamable HTTP POSTs. */
export type CheckTransport = 'stdio' | 'http';

/** One line on the wire during a check, in order. `process` numbers the check's processes from 1. */
export interface WireLine {
  /** `sent` = written to the server's stdin; `received` = read from its stdout; `stderr` = a chunk of its stderr. */
  dir: 'sent' | 'received' | 'stderr';
  /** The exact text (a line without its `"\n"`, or a stderr chunk). */
  text: string;
  /** Which of the check's processes, from 1 (a check may start several fresh ones). */
  process: number;
}

/** The report of one check. */
export interface CheckResult {
  /** Stable id, e.g. `"framing.stdout-only"`. */
  id: string;
  stage: StageId;
  /** The spec section that states the rule (absolute URL, revision 2026-07-28). */
  specUrl: string;
  /** The spec's own sentence the check enforces, quoted. */
  quote: string;
  /** `must` (a broken rule fails) or `should` (a warning). */
  level: RuleLevel;
  status: CheckStatus;
  /** What this server did, when the check failed (one or two sentences, English: the command line prints it). */
  actual?: string;
  /**
   * {@link actual} as data (a code and its values, src/protocol/failure.ts), when the check failed on the
   * process or the run rather than on a reply: no reply in time, an exit or crash, a flood, a check that ran
   * too long, a stopped run, a server that could not start. A page says it in its reader's language with
   * `failure.<code>`; absent for a reply that broke a rule (then `actual` names the rule's wire terms).
   */
  why?: Failure;
  /** Why the check was skipped or did not run. */
  reason?: string;
  /** Why the check did not run (with status `not-run`). */
  notRun?: NotRunCause;
  /** Exact lines written to stdin, in order (all processes of the check). */
  sent: string[];
  /** Exact lines read from stdout, in order (all processes of the check). */
  received: string[];
  /** Every line in order, with stderr chunks and process numbers. */
  wire: WireLine[];
  /** Wall time of the check in ms. */
  elapsedMs: number;
}

/**
 * The words of a check, which the checker does not write: the rule as a short title (e.g. "Nothing but
 * JSON-RPC messages on stdout"), what a conforming server does, and one sentence on how to fix a failure.
 * They live in the string tables (src/i18n/<lang>/checks.ts), keyed by check id; whoever shows a report
 * adds them with `withWords` (./words.ts).
 */
export interface CheckWords {
  rule: string;
  expected: string;
  hint: string;
}

/** A {@link CheckResult} with its {@link CheckWords}: what the command line prints and `--json` writes. */
export type WordedCheck = CheckResult & CheckWords;

/** One stage: its checks and an overall status (`fail` if any check failed, `not-run` if none ran, `skipped` if none applied, `warn` if one warned, else `pass`). */
export interface StageReport<C extends CheckResult = CheckResult> {
  id: StageId;
  /** Position, from 1. */
  number: number;
  title: string;
  status: CheckStatus;
  /** Why the whole stage was skipped (e.g. "the server does not declare the tools capability"). */
  reason?: string;
  checks: C[];
}

/** What the run learned about the server's era before any other request (see {@link ServerEra}). */
export interface EraFinding {
  era: ServerEra;
  /** One English sentence: what the probe got and what follows, e.g. `server/discover got error -32601 "Method not found"; initialize answered 2025-11-25: a legacy server`. */
  detail: string;
  /** The version the legacy server agreed in `initialize`, for a legacy server. */
  legacyVersion?: string;
  /** Every line of the probe, in order. */
  wire: WireLine[];
}

/**
 * The whole report. Stage counts in `passed`/`failed`/`skipped`; check counts in `checks*`. `C` is the shape
 * of a check: a {@link CheckResult} as the checker writes it, or a {@link WordedCheck} once `withWords` added
 * the words.
 */
export interface CheckReport<C extends CheckResult = CheckResult> {
  /** `pass`, `fail` or `incomplete` (see {@link Verdict}). */
  verdict: Verdict;
  /** True when the run counted warnings as failures. */
  strict: boolean;
  transport: CheckTransport;
  era: EraFinding;
  /** The checks that did not run because of the tool policy, with the reason and the option that runs them; empty when none. */
  incomplete: { id: string; reason: string }[];
  stages: StageReport<C>[];
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    checksPassed: number;
    checksFailed: number;
    checksWarned: number;
    checksSkipped: number;
    checksNotRun: number;
  };
  /** What the checker learned from `server/discover`, when it answered. */
  server?: { name?: string; version?: string; supportedVersions?: string[]; capabilities?: ServerCapabilities };
  /** The tool the multi-round-trip stage used, when one asked for input. */
  inputTool?: string;
}

/** Options of {@link runChecks}. Times in ms. */
export interface CheckOptions {
  /** How long to wait for one reply. Default 5000. */
  replyTimeoutMs?: number;
  /** Hard limit for one whole check (spawns included); past it the check fails and its processes are killed. Default 20,000. */
  checkTimeoutMs?: number;
  /** How long to wait for the process to exit after stdin closes. Default 3000. */
  exitTimeoutMs?: number;
  /** How long to listen after the last expected reply for lines that should not come (a reply to a notification). Default 300. */
  quietMs?: number;
  /** Stdout budget of one process, in UTF-8 bytes; past it the process is killed and the check fails. Default 1 MiB. */
  maxStdoutBytes?: number;
  /** Run only these stages (the others are reported skipped). Default all. */
  stages?: StageId[];
  /** Name of the tool to use for the multi-round-trip stage; default: the first tool that answers `input_required`. */
  inputTool?: string;
  /**
   * Which tools the checker may call with made-up arguments. Default `'all'`: every tool (the server under
   * test runs in a fresh process of its own for each check). `'safe'`: only tools annotated
   * `readOnlyHint: true` or `destructiveHint: false` (annotations default to destructive); a check that
   * would need another tool does not run, and the run's verdict is then `incomplete`.
   */
  callTools?: 'safe' | 'all';
  /** Count warnings (SHOULD rules) as failures. Default false. */
  strict?: boolean;
  /** How the spawned "process" reaches the server: `stdio` (default) or `http` (an adapter that turns lines into POSTs). */
  transport?: CheckTransport;
  /** How long the era probe waits for `server/discover`, then for `initialize`, in ms. Default 3000. */
  eraTimeoutMs?: number;
  /** Called as each check finishes (for live progress in a page). */
  onCheck?: (result: CheckResult) => void;
  /** Called when a stage starts. */
  onStage?: (stage: StageId) => void;
  /** Aborts the run: the current check fails with "stopped" and the rest are skipped. */
  signal?: AbortSignal;
}
