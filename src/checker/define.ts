/**
 * How a check is written: a {@link CheckDef} (id, spec link and sentence,
 * level, and an async `run`; its words are in the string tables, see `CheckWords`) and the {@link CheckContext} a check runs
 * with (fresh processes, request envelopes, `fail` / `skip`). Also the facts
 * the run learns as it goes ({@link RunState}: the DiscoverResult, the tools,
 * the tool that asks for input), shared by later checks.
 */
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, type ClientCapabilities, type JsonObject, type ServerCapabilities } from '../protocol/messages.ts';
import type { Failure } from '../protocol/failure.ts';
import type { Session } from './session.ts';
import type { CheckOptions, CheckResult, CheckTransport, NotRunCause, RuleLevel, ServerEra, StageId } from './types.ts';

/** The client identity the checker sends in `_meta` (display only). */
export const CHECKER_CLIENT_INFO = { name: 'mcp-by-hand-checker', version: '1.0.0' };

/** The capabilities the checker declares when it is ready to answer a form elicitation. */
export const FORM_ELICITATION: ClientCapabilities = { elicitation: { form: {} } };

/** A version no server supports, for the unknown-version checks. */
export const UNKNOWN_VERSION = '1999-01-01';

/** Thrown by {@link CheckContext.fail}. `why`: the same as data, when the failure is the process's or the run's (see `CheckResult.why`). */
export class CheckFailure extends Error {
  readonly actual: string;
  readonly why: Failure | undefined;
  constructor(actual: string, why?: Failure) {
    super(actual);
    this.actual = actual;
    this.why = why;
    this.name = 'CheckFailure';
  }
}

/** Thrown by {@link CheckContext.notRun}: the check could apply but did not run (see `NotRunCause`). */
export class CheckNotRun extends Error {
  readonly cause: NotRunCause;
  readonly reason: string;
  constructor(cause: NotRunCause, reason: string) {
    super(reason);
    this.cause = cause;
    this.reason = reason;
    this.name = 'CheckNotRun';
  }
}

/** Thrown by {@link CheckContext.skip}. */
export class CheckSkip extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
    this.name = 'CheckSkip';
  }
}

/** A tool that answered `input_required` when called with made-up arguments, and what it answered. */
export interface InputTool {
  name: string;
  arguments: JsonObject;
  /** The InputRequiredResult it returned. */
  first: JsonObject;
}

/** What the run has learned so far. `undefined` = not asked yet. */
export interface RunState {
  options: Required<Omit<CheckOptions, 'onCheck' | 'onStage' | 'signal' | 'stages' | 'inputTool'>> & Pick<CheckOptions, 'inputTool' | 'signal'>;
  /** The server's era, from the probe that runs before anything else. Tools are never called unless it is `modern`. */
  era: ServerEra;
  /** For a legacy server, the version its `initialize` agreed (each fresh process gets that handshake first). */
  legacyVersion?: string;
  /** What the era probe found, in one sentence (`EraFinding.detail`). */
  eraDetail?: string;
  transport: CheckTransport;
  /** The DiscoverResult (raw), `null` when the server did not give one. */
  discover?: JsonObject | null;
  capabilities?: ServerCapabilities | null;
  /** First page of tools/list, `null` when it failed. */
  tools?: JsonObject[] | null;
  /** The tool that asks for input, `null` when none did. */
  inputTool?: InputTool | null;
  /** Why no input tool was found. */
  inputToolReason?: string;
  /** The tools the policy kept out of the search for an input tool (one of them might have asked). */
  inputToolKeptOut?: string[];
  /** A tool that asked for input under the wrong `resultType` (inputRequests or requestState in a result not labelled `input_required`): `tools.result-type` names it, and the checks that need an input tool do not run. */
  inputToolMislabelled?: string;
  /** Results so far, by check id. */
  results: Map<string, CheckResult>;
  nextId: number;
}

/** What a check's `run` gets. */
export interface CheckContext {
  state: RunState;
  /** Starts a fresh server process for this check (killed when the check ends). */
  open(): Promise<Session>;
  /** A fresh request id (an integer, unique in the run). */
  id(): number;
  /** The `_meta` envelope: `{protocolVersion: "2026-07-28", clientCapabilities, clientInfo}`, with overrides; a key set to `undefined` is left out. */
  meta(overrides?: { protocolVersion?: string | undefined; clientCapabilities?: ClientCapabilities | undefined }): JsonObject;
  /** A whole modern request with a fresh id. */
  request(method: string, params?: JsonObject, caps?: ClientCapabilities): { jsonrpc: '2.0'; id: number; method: string; params: JsonObject };
  /** Ends the check as failed; `actual` says what the server did; `why` says it as data when it is about the process (see `CheckResult.why`). */
  fail(actual: string, why?: Failure): never;
  /** Ends the check as skipped: the rule does not apply to this server. */
  skip(reason: string): never;
  /** Ends the check as not run (`policy`: it would call a tool the run may not call; the run is then incomplete). */
  notRun(cause: NotRunCause, reason: string): never;
  /**
   * A harmless request every server of the run's era answers: `server/discover` (modern) or `ping` (legacy,
   * after the handshake {@link open} did). Used where a check needs any reply at all.
   */
  probe(): { jsonrpc: '2.0'; id: number; method: string; params?: JsonObject };
}

/**
 * One check. `quote` is the spec's sentence it enforces (verbatim, from the page at `specUrl`) and `level`
 * the strength of that sentence: a `should` check that is not met is a warning, not a failure. Its words (rule
 * title, expectation, fix) are not here: they are in the string tables, keyed by `id` (`CheckWords`).
 */
export interface CheckDef {
  id: string;
  stage: StageId;
  specUrl: string;
  quote: string;
  level: RuleLevel;
  /** The eras the rule applies to. Default `['modern']`; a legacy server gets only checks that list `legacy`. */
  eras?: ServerEra[];
  /** The transports the rule applies to. Default both. */
  transports?: CheckTransport[];
  /** Ids of checks that must have passed first; otherwise this one is skipped (so one bug is reported once). */
  needs?: string[];
  run(c: CheckContext): Promise<void>;
}

/** Builds the `_meta` envelope (see {@link CheckContext.meta}). */
export function buildMeta(overrides: { protocolVersion?: string | undefined; clientCapabilities?: ClientCapabilities | undefined } = {}): JsonObject {
  const meta: JsonObject = {};
  const version = 'protocolVersion' in overrides ? overrides.protocolVersion : MODERN_PROTOCOL_VERSION;
  const caps = 'clientCapabilities' in overrides ? overrides.clientCapabilities : {};
  if (version !== undefined) meta[META_PROTOCOL_VERSION] = version;
  if (caps !== undefined) meta[META_CLIENT_CAPABILITIES] = caps;
  meta['io.modelcontextprotocol/clientInfo'] = CHECKER_CLIENT_INFO;
  return meta;
}

/** The `error` member of a reply, or `undefined` for a result. */
export function errorOf(reply: JsonObject): { code: unknown; message: unknown; data?: unknown } | undefined {
  const e = reply.error;
  return typeof e === 'object' && e !== null ? (e as { code: unknown; message: unknown; data?: unknown }) : undefined;
}

/** The `result` member of a reply, or `undefined` for an error. */
export function resultOf(reply: JsonObject): JsonObject | undefined {
  const r = reply.result;
  return typeof r === 'object' && r !== null && !Array.isArray(r) ? (r as JsonObject) : undefined;
}

/** A short description of a reply for `actual`: `error -32601 "Method not found"`, `a result`, or (a message that is no reply) `a notifications/message notification`. */
export function describeReply(reply: JsonObject): string {
  if (typeof reply.method === 'string') return 'id' in reply ? `a ${reply.method} request (id ${JSON.stringify(reply.id)})` : `a ${reply.method} notification`;
  const e = errorOf(reply);
  if (e) return `error ${String(e.code)} ${JSON.stringify(e.message)}`;
  const r = resultOf(reply);
  if (r && typeof r.resultType === 'string') return `a result with resultType "${r.resultType}"`;
  return 'a result';
}

/** Fails unless `reply` is an error with `code`. */
export function expectErrorCode(c: CheckContext, reply: JsonObject, code: number, what: string): { code: unknown; message: unknown; data?: unknown } {
  const e = errorOf(reply);
  if (!e) c.fail(`${what} was answered with ${describeReply(reply)}, not an error`);
  if (e.code !== code) c.fail(`${what} got error ${String(e.code)} ${JSON.stringify(e.message)}, not ${code}`);
  return e;
}

/** Fails unless `reply` is a result; returns it. */
export function expectResult(c: CheckContext, reply: JsonObject, what: string): JsonObject {
  const r = resultOf(reply);
  if (!r) c.fail(`${what} was answered with ${describeReply(reply)}`);
  return r;
}

/** Fails with the problems, if any (at most four listed). */
export function expectNoProblems(c: CheckContext, problems: string[], what: string): void {
  if (problems.length === 0) return;
  const more = problems.length > 4 ? ` (and ${problems.length - 4} more)` : '';
  c.fail(`${what}: ${problems.slice(0, 4).join('; ')}${more}`);
}
