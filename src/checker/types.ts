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

/** The eight stages a learner climbs, in order. */
export type StageId = 'framing' | 'jsonrpc' | 'discover' | 'meta' | 'tools' | 'resources-prompts' | 'mrtr' | 'legacy';

/** A check's verdict. `skipped` means the check did not apply (an undeclared capability, a failed prerequisite); `reason` says why. */
export type CheckStatus = 'pass' | 'fail' | 'skipped';

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
  /** The rule, as a short title, e.g. "Nothing but JSON-RPC messages on stdout". */
  rule: string;
  /** The spec section that states the rule (absolute URL, revision 2026-07-28). */
  specUrl: string;
  status: CheckStatus;
  /** What a conforming server does, in one sentence. */
  expected: string;
  /** What this server did, when the check failed (one or two sentences, English: the command line prints it). */
  actual?: string;
  /**
   * {@link actual} as data (a code and its values, src/protocol/failure.ts), when the check failed on the
   * process or the run rather than on a reply: no reply in time, an exit or crash, a flood, a check that ran
   * too long, a stopped run, a server that could not start. A page says it in its reader's language with
   * `failure.<code>`; absent for a reply that broke a rule (then `actual` names the rule's wire terms).
   */
  why?: Failure;
  /** Why the check was skipped. */
  reason?: string;
  /** One sentence on how to fix a failure. */
  hint: string;
  /** Exact lines written to stdin, in order (all processes of the check). */
  sent: string[];
  /** Exact lines read from stdout, in order (all processes of the check). */
  received: string[];
  /** Every line in order, with stderr chunks and process numbers. */
  wire: WireLine[];
  /** Wall time of the check in ms. */
  elapsedMs: number;
}

/** One stage: its checks and an overall status (`fail` if any check failed, `skipped` if all were skipped, else `pass`). */
export interface StageReport {
  id: StageId;
  /** Position, from 1. */
  number: number;
  title: string;
  status: CheckStatus;
  /** Why the whole stage was skipped (e.g. "the server does not declare the tools capability"). */
  reason?: string;
  checks: CheckResult[];
}

/** The whole report. Counts are numbers of stages. */
export interface CheckReport {
  stages: StageReport[];
  summary: { passed: number; failed: number; skipped: number; checksPassed: number; checksFailed: number; checksSkipped: number };
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
   * Which tools the checker may call with made-up arguments to find one that asks for input. Default
   * `'safe'`: only tools annotated `readOnlyHint: true` or `destructiveHint: false` (annotations default to
   * destructive); `'all'`: every tool.
   */
  callTools?: 'safe' | 'all';
  /** Called as each check finishes (for live progress in a page). */
  onCheck?: (result: CheckResult) => void;
  /** Called when a stage starts. */
  onStage?: (stage: StageId) => void;
  /** Aborts the run: the current check fails with "stopped" and the rest are skipped. */
  signal?: AbortSignal;
}
