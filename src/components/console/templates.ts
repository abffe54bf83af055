/**
 * The Console's template menu, pure: `server/discover` first (then the
 * `initialize` handshake on a legacy server), the calendar's worked examples
 * on a server whose registry entry says it serves the calendar's catalog
 * (`catalog`), and one template per tool, resource and prompt the server
 * listed in this Console (learned from its replies with {@link learnCatalog}).
 */
import type { JsonObject, RequestBuilder } from '../../protocol/index.ts';
import { serverEntry, type Era, type ServerName } from '../../../toy-servers/registry.ts';
import { t, type StringKey } from '../../i18n/index.ts';
import { isObject } from './compose.ts';

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
 * calendar's catalog (and only those: a server whose registry entry has no `catalog` gets the
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

/** The worked examples that apply to `server`: `calendar` when its registry entry has a `catalog`. */
export function examplesFor(server: ServerName): ExampleSet {
  return serverEntry(server).catalog ? 'calendar' : 'none';
}
