/**
 * What later checks need to know about the server, learned with real
 * requests: its DiscoverResult, its tools, and a tool that asks for input
 * (answers `input_required` when called with made-up arguments and a client
 * that declares form elicitation). Each is asked once per run and kept in the
 * {@link RunState}.
 */
import type { JsonObject, ServerCapabilities } from '../protocol/messages.ts';
import { FORM_ELICITATION, resultOf, type CheckContext, type InputTool } from './define.ts';
import { isObject } from './shapes.ts';
import { sampleObject } from './synth.ts';
import { SessionError } from './session.ts';

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
  const r = resultOf(reply);
  c.state.discover = r ?? null;
  c.state.capabilities = r && isObject(r.capabilities) ? (r.capabilities as ServerCapabilities) : null;
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

/** True when the checker may call `tool` with made-up arguments under the run's `callTools` option. */
export function mayCall(c: CheckContext, tool: JsonObject): boolean {
  if (c.state.options.callTools === 'all') return true;
  const a = isObject(tool.annotations) ? tool.annotations : {};
  return a.readOnlyHint === true || a.destructiveHint === false;
}

/** The reason no tool could be called, for a skip. */
export function noCallableToolReason(c: CheckContext): string {
  return c.state.options.callTools === 'all'
    ? 'the server lists no tools'
    : 'no tool is annotated readOnlyHint: true or destructiveHint: false, so the checker calls none (run with --call-tools all to call them anyway)';
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
  const candidates = wanted ? tools.filter((t) => t.name === wanted) : tools.filter((t) => mayCall(c, t)).slice(0, 8);
  if (candidates.length === 0) {
    c.state.inputToolReason = wanted ? `the server lists no tool named ${wanted}` : noCallableToolReason(c);
    return null;
  }
  const s = await c.open();
  // Tools with fewer required arguments first, so a handle one returns (structuredContent) can feed the next.
  const requiredCount = (t: JsonObject) => (isObject(t.inputSchema) && Array.isArray(t.inputSchema.required) ? t.inputSchema.required.length : 0);
  const known: JsonObject = {};
  for (const tool of [...candidates].sort((a, b) => requiredCount(a) - requiredCount(b))) {
    const args = sampleObject(tool.inputSchema, false, known);
    let reply: JsonObject;
    try {
      reply = await s.request(c.request('tools/call', { name: tool.name as string, arguments: args }, FORM_ELICITATION));
    } catch (e) {
      if (!(e instanceof SessionError)) throw e;
      if (s.ended) break;
      continue;
    }
    const r = resultOf(reply);
    if (r?.resultType === 'input_required') {
      c.state.inputTool = { name: tool.name as string, arguments: args, first: r };
      return c.state.inputTool;
    }
    if (r && r.isError !== true && isObject(r.structuredContent)) {
      for (const [k, v] of Object.entries(r.structuredContent)) if (typeof v === 'string' && !(k in known)) known[k] = v;
    }
  }
  c.state.inputToolReason = `no tool answered input_required (tried ${candidates.map((t) => t.name).join(', ')})`;
  return null;
}
