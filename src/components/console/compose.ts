/**
 * What the Console writes to stdin for what the reader typed. Pure.
 *
 * Every change made to what the reader typed is listed in `changes`, one
 * sentence each, so the transcript shows it beside the sent line.
 *
 * stdio framing (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#stdio): one message per line, no embedded newlines.
 * Pretty JSON is compacted by removing whitespace outside strings, token for
 * token, so the line is what was typed (numbers, key order, escapes and
 * duplicate keys kept). Text that is not valid JSON is still sent, on one
 * line, with a warning: the reader then sees the server's -32700.
 *
 * With `fillMeta`, a request missing the required `_meta` keys
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic)
 * gets them from the RequestBuilder of `src/protocol/`; keys the reader wrote win.
 */
import {
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  RequestBuilder,
  type ClientCapabilities,
  type JsonObject,
} from '../../protocol/index.ts';
import type { Era, ServerName } from '../../../toy-servers/registry.ts';
import { t, type StringKey } from '../../i18n/index.ts';
import { jsonProblem, jsonProblemText } from '../pure/json-problem.ts';

/** Capabilities the Console declares when it fills in `_meta`: form and URL elicitation (it can show both). */
export const CONSOLE_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} } };

/** The outcome of {@link composeLine}. */
export interface Composed {
  /** The exact line to write (without `"\n"`). */
  line: string;
  /** Set when the text is not valid JSON, or is JSON but not what a client may send; said in one sentence, in the reader's language. */
  warning?: string;
  /** The browser's own (English) words behind {@link Composed.warning}, when it has some: `JSON.parse`'s message. */
  warningDetail?: string;
  /** The parsed message when the text was valid JSON. */
  message?: Record<string, unknown>;
  /** True when `_meta` keys were added. */
  filledMeta: boolean;
  /** What was changed in the typed text to make `line`, one sentence each; empty when `line` is exactly what was typed. */
  changes: string[];
}

/**
 * Removes whitespace outside JSON strings (works on invalid JSON too), then
 * replaces any newline left (inside an unterminated string) with a space, so
 * the result is always one line.
 */
export function compactJson(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\n' || ch === '\r') {
        inString = false; // a raw newline cannot be inside a JSON string; treat it as whitespace
        out += ' ';
        continue;
      }
      out += ch;
      if (ch === '\\' && i + 1 < text.length && text[i + 1] !== '\n') out += text[++i];
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      continue;
    } else out += ch;
  }
  return out;
}

/** Invalid JSON is sent as typed, except that line breaks become spaces (one message, one line). */
export function oneLine(text: string): string {
  return text.trim().replace(/\s*[\r\n]+\s*/g, ' ');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Builds the stdin line for the editor's text.
 * @param text what the reader typed (pretty or not, valid or not).
 * @param options.fillMeta add missing required `_meta` keys to requests (not to notifications, nor to the legacy `initialize`).
 * @param options.builder the builder whose `_meta` is used.
 */
export function composeLine(text: string, options: { fillMeta: boolean; builder: RequestBuilder }): Composed {
  const typed = text.trim();
  const lines = typed.split(/\r\n|\r|\n/).length;
  let parsed: unknown;
  try {
    // Parse what was typed (not a compacted copy), so an error quotes the reader's own text.
    parsed = JSON.parse(typed);
  } catch (e) {
    // Where it stops being JSON, in the reader's words; the browser's English message goes behind it.
    const problem = jsonProblem(typed);
    const why = problem ? jsonProblemText(problem) : t('console.notParse');
    const line = oneLine(text);
    const changes = line !== typed ? [t('console.change.newlines', { lines })] : [];
    const warning = t('console.notJson', { why, typed: JSON.stringify(typed) });
    return { line, warning, ...(e instanceof Error ? { warningDetail: e.message } : {}), filledMeta: false, changes };
  }
  const compact = compactJson(typed);
  const changes: string[] = [];
  if (compact !== typed) changes.push(lines > 1 ? t('console.change.compacted', { lines }) : t('console.change.spaces'));
  if (!isObject(parsed)) {
    return { line: compact, warning: t('console.notObject'), filledMeta: false, changes };
  }
  const message = parsed;
  const isRequest = typeof message.method === 'string' && 'id' in message;
  if (!options.fillMeta || !isRequest || message.method === 'initialize') return { line: compact, message, filledMeta: false, changes };
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  if (META_PROTOCOL_VERSION in meta && META_CLIENT_CAPABILITIES in meta && isObject(message.params)) {
    return { line: compact, message, filledMeta: false, changes };
  }
  // The builder's envelope, with whatever the reader wrote in _meta on top.
  const built = options.builder.request(message.method as string, { ...params, _meta: meta as JsonObject }, { id: message.id as string | number });
  const filled: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(message)) filled[k] = k === 'params' ? built.params : v;
  if (!('params' in message)) {
    filled.params = built.params;
    changes.push(t('console.change.paramsAdded'));
  } else if (!isObject(message.params)) {
    changes.push(t('console.change.paramsReplaced', { was: JSON.stringify(message.params) }));
  }
  changes.push(t('console.change.meta'));
  return { line: JSON.stringify(filled), message: filled, filledMeta: true, changes };
}

/** A template in the menu: `label` for the menu, `text` pretty JSON for the editor. */
export interface Template {
  label: string;
  text: string;
}

/** What a server's catalog says, as far as the Console has seen it in replies (`tools/list`, `resources/list`, `prompts/list`). */
export interface SeenCatalog {
  tools?: Array<{ name: string; inputSchema?: unknown }>;
  resources?: Array<{ uri: string }>;
  prompts?: Array<{ name: string; arguments?: Array<{ name: string; required?: boolean }> }>;
}

/**
 * Records what a reply to `method` says about the catalog into `seen`
 * (a new object when anything was learned, else `seen` itself).
 */
export function learnCatalog(seen: SeenCatalog, method: string | undefined, message: Record<string, unknown>): SeenCatalog {
  const result = isObject(message.result) ? message.result : undefined;
  if (!result) return seen;
  const list = (key: string) => (Array.isArray(result[key]) ? (result[key] as unknown[]).filter(isObject) : undefined);
  if (method === 'tools/list' && list('tools')) return { ...seen, tools: list('tools')!.filter((x) => typeof x.name === 'string') as SeenCatalog['tools'] };
  if (method === 'resources/list' && list('resources'))
    return { ...seen, resources: list('resources')!.filter((x) => typeof x.uri === 'string') as SeenCatalog['resources'] };
  if (method === 'prompts/list' && list('prompts')) return { ...seen, prompts: list('prompts')!.filter((x) => typeof x.name === 'string') as SeenCatalog['prompts'] };
  return seen;
}

/** An example value for a JSON Schema property (its default or first example, else one of its type). */
function exampleFor(schema: unknown): unknown {
  if (!isObject(schema)) return 'example';
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  switch (schema.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return schema.format === 'date-time' ? '2026-09-10T08:30:00Z' : schema.format === 'date' ? '2026-09-10' : 'example';
  }
}

/** Arguments for a tool from its `inputSchema`: the required properties only, or all of them. */
function argumentsFor(inputSchema: unknown, all: boolean): JsonObject {
  const out: JsonObject = {};
  if (!isObject(inputSchema) || !isObject(inputSchema.properties)) return out;
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  for (const [name, prop] of Object.entries(inputSchema.properties)) if (all || required.includes(name)) out[name] = exampleFor(prop) as JsonObject[string];
  return out;
}

/**
 * Worked examples a lesson leans on, for the servers that serve the
 * calendar's catalog (and only those: a server missing here gets the
 * templates its own catalog gives once the reader lists it). A label is a
 * strings key when it has prose, `{ wire }` when it is only wire text;
 * `asks` marks the example that relies on the server asking for input.
 */
const CALENDAR_EXAMPLES: Array<{ label: StringKey | { wire: string }; method: string; params: JsonObject; asks?: true }> = [
  { label: 'console.tpl.createAsks', method: 'tools/call', params: { name: 'create_event', arguments: { title: 'Dentist' } }, asks: true },
  { label: 'console.tpl.createWithStart', method: 'tools/call', params: { name: 'create_event', arguments: { title: 'Standup', startsAt: '2026-09-10T08:30:00Z' } } },
  { label: { wire: 'resources/read calendar://week' }, method: 'resources/read', params: { uri: 'calendar://week' } },
  { label: { wire: 'prompts/get prepare_week' }, method: 'prompts/get', params: { name: 'prepare_week', arguments: { focus: 'deep work' } } },
];

/** Which example set a server's catalog makes sensible: `calendar` for the calendar's own catalog, `none` otherwise. */
export type ExampleSet = 'calendar' | 'none';

/** What {@link templates} needs to know about the server. */
export interface TemplateContext {
  /** The server's era (registry): legacy servers get the `initialize` handshake, modern ones `server/discover`. */
  era: Era;
  /** Which worked examples apply (see {@link ExampleSet}). */
  examples: ExampleSet;
  /** What the Console has seen of the catalog in replies. */
  seen?: SeenCatalog;
}

/**
 * The menu's templates, pretty-printed, with `id` as their id.
 * With `withMeta`, requests carry the full `_meta` (for when "fill in _meta" is off).
 * Every server gets `server/discover` first (the probe a client starts
 * with); legacy ones then the `initialize` handshake. Calls come
 * from the catalog: the worked examples of a calendar server, then one
 * template per tool, resource and prompt the server listed in this Console.
 */
export function templates(id: number, withMeta: boolean, builder: RequestBuilder, context: TemplateContext = { era: 'modern', examples: 'calendar' }): Template[] {
  const req = (method: string, params: JsonObject = {}): string => {
    const p = withMeta ? builder.request(method, params, { id }).params : params;
    return JSON.stringify({ jsonrpc: '2.0', id, method, params: p }, null, 2);
  };
  const initialize: Template = {
    label: t('console.tpl.initialize'),
    text: JSON.stringify(
      { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-by-hand', version: '0.1.0' } } },
      null,
      2,
    ),
  };
  const initialized: Template = { label: t('console.tpl.initialized'), text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }, null, 2) };
  const legacyReq = (method: string, params?: JsonObject): string => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }, null, 2);
  const call = context.era === 'legacy' ? (m: string, p?: JsonObject) => legacyReq(m, p) : (m: string, p?: JsonObject) => req(m, p);
  const out: Template[] = [];
  // A client probes with server/discover first (a legacy server refuses it), then falls back to the handshake.
  if (context.era === 'legacy') out.push({ label: t('console.tpl.discoverLegacy'), text: req('server/discover') }, initialize, initialized);
  else out.push({ label: 'server/discover', text: req('server/discover') });
  out.push({ label: 'tools/list', text: call('tools/list') }, { label: 'resources/list', text: call('resources/list') }, { label: 'prompts/list', text: call('prompts/list') });
  const labels = new Set(out.map((x) => x.label));
  const add = (tpl: Template) => {
    if (!labels.has(tpl.label)) {
      labels.add(tpl.label);
      out.push(tpl);
    }
  };
  if (context.examples === 'calendar') {
    for (const ex of CALENDAR_EXAMPLES) {
      // A legacy server cannot ask for input: the example that relies on asking is left out.
      if (context.era === 'legacy' && ex.asks) continue;
      add({ label: typeof ex.label === 'string' ? t(ex.label) : ex.label.wire, text: call(ex.method, ex.params) });
    }
  }
  const seen = context.seen ?? {};
  for (const tool of seen.tools ?? []) {
    const required = argumentsFor(tool.inputSchema, false);
    const all = argumentsFor(tool.inputSchema, true);
    add({ label: `tools/call ${tool.name}`, text: call('tools/call', { name: tool.name, arguments: required }) });
    if (Object.keys(all).length > Object.keys(required).length) add({ label: t('console.tpl.allArguments', { tool: tool.name }), text: call('tools/call', { name: tool.name, arguments: all }) });
  }
  for (const r of seen.resources ?? []) add({ label: `resources/read ${r.uri}`, text: call('resources/read', { uri: r.uri }) });
  for (const p of seen.prompts ?? []) {
    const args: JsonObject = {};
    for (const a of p.arguments ?? []) if (a.required) args[a.name] = 'example';
    add({ label: `prompts/get ${p.name}`, text: call('prompts/get', { name: p.name, arguments: args }) });
  }
  if (context.era === 'modern') {
    add({
      label: t('console.tpl.cancelled'),
      text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id - 1, reason: 'changed my mind' } }, null, 2),
    });
  }
  return out;
}

/** The highest integer id in a message list plus one (at least `floor`): the next id that cannot collide. */
export function nextFreeId(usedIds: Iterable<unknown>, floor = 1): number {
  let next = floor;
  for (const id of usedIds) if (typeof id === 'number' && Number.isInteger(id) && id >= next) next = id + 1;
  return next;
}

/**
 * The retry of a multi round-trip request
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr): the original
 * method and params, a new id, `inputResponses`, and the `requestState`
 * echoed exactly (left out when the server gave none). `_meta` is filled in
 * by the builder (the retry needs the full envelope).
 */
export function retryMessage(
  original: Record<string, unknown>,
  id: number,
  inputResponses: Record<string, JsonObject> | undefined,
  requestState: string | undefined,
  builder: RequestBuilder,
): Record<string, unknown> {
  const params = isObject(original.params) ? original.params : {};
  const { inputResponses: _a, requestState: _b, ...rest } = params;
  const next: JsonObject = { ...rest };
  if (inputResponses !== undefined) next.inputResponses = inputResponses;
  if (requestState !== undefined) next.requestState = requestState;
  return builder.request(original.method as string, next, { id }) as unknown as Record<string, unknown>;
}

/**
 * Servers that serve the calendar's catalog (create_event, calendar://week,
 * prepare_week), so the calendar's worked examples apply. Any other server
 * (for example the reference server) gets the templates its own catalog gives
 * once the reader lists it.
 */
const CALENDAR_CATALOG: Partial<Record<ServerName, true>> = { calendar: true, 'calendar-handles': true, legacy: true, noisy: true, http: true };

/** The worked examples that apply to `server`. */
export function examplesFor(server: ServerName): ExampleSet {
  return CALENDAR_CATALOG[server] ? 'calendar' : 'none';
}
