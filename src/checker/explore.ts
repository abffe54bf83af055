/**
 * What later checks need to know about the server, learned with real
 * requests: its DiscoverResult, its tools, and a tool that asks for input
 * (answers `input_required` when called with made-up arguments and a client
 * that declares form elicitation). Each is asked once per run and kept in the
 * {@link RunState}.
 */
import type { JsonObject, ServerCapabilities } from '../protocol/messages.ts';
import { FORM_ELICITATION, resultOf, type CheckContext, type InputTool, type RunState } from './define.ts';
import { isObject } from './shapes.ts';
import { sampleObject } from './synth.ts';
import { SessionError, type Session } from './session.ts';

/** Asks `server/discover` once; sets `state.discover` and `state.capabilities` (`null` when there is no usable answer). */
export async function ensureDiscover(c: CheckContext): Promise<void> {
  if (c.state.discover !== undefined) return;
  try {
    const s = await c.open();
    rememberDiscover(c, await s.request(c.request('server/discover')));
  } catch (e) {
    if (!(e instanceof SessionError)) throw e;
    c.state.discover = null;
    c.state.capabilities = null;
  }
}

/** Stores a `server/discover` reply in the run state. */
export function rememberDiscover(c: CheckContext, reply: JsonObject): void {
  rememberDiscoverReply(c.state, reply);
}

/** Stores a `server/discover` reply in `state` (`discover` and `capabilities`, `null` when it was no result). */
export function rememberDiscoverReply(state: RunState, reply: JsonObject): void {
  const r = resultOf(reply);
  state.discover = r ?? null;
  state.capabilities = r && isObject(r.capabilities) ? (r.capabilities as ServerCapabilities) : null;
}

/** Lists tools once (first page); sets `state.tools` (`null` when the list failed). */
export async function ensureTools(c: CheckContext): Promise<JsonObject[] | null> {
  if (c.state.tools !== undefined) return c.state.tools;
  try {
    const s = await c.open();
    rememberTools(c, await s.request(c.request('tools/list')));
  } catch (e) {
    if (!(e instanceof SessionError)) throw e;
    c.state.tools = null;
  }
  return c.state.tools ?? null;
}

/** Stores a `tools/list` reply in the run state. */
export function rememberTools(c: CheckContext, reply: JsonObject): void {
  const r = resultOf(reply);
  c.state.tools = r && Array.isArray(r.tools) ? (r.tools.filter((t) => isObject(t) && typeof t.name === 'string') as JsonObject[]) : null;
}

/**
 * True when the checker may call `tool` with made-up arguments: never before the era is known to be modern
 * (a legacy server would run an era-ambiguous `tools/call` without any handshake), and under
 * `callTools: 'safe'` only a tool annotated `readOnlyHint: true` or `destructiveHint: false`.
 */
export function mayCall(c: CheckContext, tool: JsonObject): boolean {
  if (c.state.era !== 'modern') return false;
  if (c.state.options.callTools === 'all') return true;
  const a = isObject(tool.annotations) ? tool.annotations : {};
  return a.readOnlyHint === true || a.destructiveHint === false;
}

/** The tools of `tools` the policy keeps out, by name (empty under `callTools: 'all'`). */
export function toolsKeptOut(c: CheckContext, tools: JsonObject[]): string[] {
  return tools.filter((t) => !mayCall(c, t)).map((t) => String(t.name));
}

/**
 * Ends a check that needs to call a tool the policy keeps out: `not-run` with cause `policy` (so the run is
 * `incomplete`) and the option that runs it. When no tool is kept out, the check is skipped with `why`.
 */
export function noCallableTool(c: CheckContext, tools: JsonObject[], why: string): never {
  const out = toolsKeptOut(c, tools);
  if (out.length > 0) {
    c.notRun('policy', `it would call ${out.slice(0, 3).join(', ')}${out.length > 3 ? ` and ${out.length - 3} more` : ''}, not annotated readOnlyHint: true or destructiveHint: false, which --call-tools safe keeps out (run with --call-tools all)`);
  }
  c.skip(why);
}

/**
 * Finds a tool that asks for input: the run's `inputTool` option, or each callable tool in turn (at most
 * eight, fewest required arguments first) called with only its required arguments made up (a server asks for what is missing), in one fresh process. Sets `state.inputTool`
 * (`null` with `state.inputToolReason` when none asked).
 */
export async function ensureInputTool(c: CheckContext): Promise<InputTool | null> {
  if (c.state.inputTool !== undefined) return c.state.inputTool;
  c.state.inputTool = null;
  const tools = await ensureTools(c);
  if (!tools) {
    c.state.inputToolReason = 'tools/list gave no tools';
    return null;
  }
  const wanted = c.state.options.inputTool;
  const candidates = (wanted ? tools.filter((t) => t.name === wanted) : tools).filter((t) => mayCall(c, t)).slice(0, 8);
  if (candidates.length === 0) {
    c.state.inputToolReason = wanted && !tools.some((t) => t.name === wanted) ? `the server lists no tool named ${wanted}` : tools.length === 0 ? 'the server lists no tools' : 'no tool may be called';
    c.state.inputToolKeptOut = toolsKeptOut(c, wanted ? tools.filter((t) => t.name === wanted) : tools);
    return null;
  }
  const s = await c.open();
  // Each in turn, fewer required arguments first (a handle one returns can feed the next), until one asks.
  const calls = await callEachTool(c, s, candidates, { allArguments: false, until: (r) => r.resultType === 'input_required' || asksForInput(r) });
  const last = calls.at(-1);
  const r = last ? resultOf(last.reply) : undefined;
  if (last && r?.resultType === 'input_required') {
    c.state.inputTool = { name: last.tool.name as string, arguments: last.arguments, first: r };
    return c.state.inputTool;
  }
  if (last && r && asksForInput(r)) {
    // It asks, but under another resultType: tools.result-type names that, and nothing built on it runs.
    c.state.inputToolMislabelled = last.tool.name as string;
    c.state.inputToolReason = `${String(last.tool.name)} asked for input under resultType ${JSON.stringify(r.resultType)}, not "input_required"`;
    c.state.inputToolKeptOut = [];
    return null;
  }
  c.state.inputToolReason = `no tool answered input_required (tried ${candidates.map((t) => t.name).join(', ')})`;
  c.state.inputToolKeptOut = toolsKeptOut(c, tools);
  return null;
}

/**
 * The tool that asks for input, or the end of the check: `not-run` for policy when the policy kept tools
 * out (one of them might have asked), `not-run` for a prerequisite when a tool asked under the wrong
 * `resultType` (tools.result-type reports that), else skipped with `what` and the reason none asked.
 */
export async function requireInputTool(c: CheckContext, what: string): Promise<InputTool> {
  const tool = await ensureInputTool(c);
  if (tool) return tool;
  if (c.state.inputToolMislabelled !== undefined) c.notRun('prerequisite', `${c.state.inputToolReason} (see tools.result-type)`);
  const out = c.state.inputToolKeptOut ?? [];
  if (out.length > 0) {
    c.notRun('policy', `${what}: no callable tool asked for input, and ${out.slice(0, 3).join(', ')}${out.length > 3 ? ` and ${out.length - 3} more` : ''} were not called (not annotated readOnlyHint: true or destructiveHint: false; run with --call-tools all)`);
  }
  c.skip(`${what} (${c.state.inputToolReason})`);
}

/**
 * True when a result carries what only an InputRequiredResult carries: `inputRequests` or `requestState`
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#inputrequiredresult).
 */
export function asksForInput(r: JsonObject): boolean {
  return 'inputRequests' in r || 'requestState' in r;
}

/** One tool call of {@link callEachTool}: the tool, the arguments sent, and the reply (a result or an error). */
export interface ToolCall {
  tool: JsonObject;
  arguments: JsonObject;
  reply: JsonObject;
}

/**
 * Calls each tool of `tools` the policy allows (at most `max`, fewest required arguments first) on `s`, one
 * after the other, declaring form elicitation. Arguments are made up from each `inputSchema`: every property
 * when `allArguments` (so a tool has what it needs and completes), else the required ones only (so a tool
 * that can ask for what is missing asks); a string an earlier call returned in its `structuredContent`
 * fills a property of the same name (a handle). A call that gets no reply is left out, and the loop ends
 * when the process has ended, or right after a call whose result `until` accepts (that call is the last
 * one returned). Resolves with every call that got a reply.
 */
export async function callEachTool(
  c: CheckContext,
  s: Session,
  tools: JsonObject[],
  { allArguments, max = 8, until }: { allArguments: boolean; max?: number; until?: (result: JsonObject) => boolean },
): Promise<ToolCall[]> {
  const requiredCount = (t: JsonObject) => (isObject(t.inputSchema) && Array.isArray(t.inputSchema.required) ? t.inputSchema.required.length : 0);
  const callable = tools.filter((t) => mayCall(c, t)).slice(0, max).sort((a, b) => requiredCount(a) - requiredCount(b));
  const known: JsonObject = {};
  const calls: ToolCall[] = [];
  for (const tool of callable) {
    const args = sampleObject(tool.inputSchema, allArguments, known);
    let reply: JsonObject;
    try {
      reply = await s.request(c.request('tools/call', { name: tool.name as string, arguments: args }, FORM_ELICITATION));
    } catch (e) {
      if (!(e instanceof SessionError)) throw e;
      if (s.ended) break;
      continue;
    }
    calls.push({ tool, arguments: args, reply });
    const r = resultOf(reply);
    if (r && until?.(r)) break;
    if (r && r.isError !== true && isObject(r.structuredContent)) {
      for (const [k, v] of Object.entries(r.structuredContent)) if (typeof v === 'string' && !(k in known)) known[k] = v;
    }
  }
  return calls;
}
