/**
 * Validation of toy-server output against the two independent descriptions of
 * the protocol we have:
 * 1. the official TypeScript SDK 2.4.0: the public zod schemas of
 *    `@modelcontextprotocol/core` (era-neutral) and the 2026-07-28 / 2025-11-25
 *    wire codecs that `@modelcontextprotocol/client` uses to decode results
 *    (those carry the era rules core's public schemas lack: `resultType`,
 *    required `ttlMs`/`cacheScope`, InputRequiredResult). The codecs are not
 *    exported by name, so they are found in the client's dist by their
 *    export alias (pinned version; the lookup throws loudly if the build changes);
 * 2. the spec's generated JSON Schema (`spec/schema-<rev>.json`, read through
 *    tests/shared-inputs.ts: no published package ships it), draft 2020-12,
 *    ajv, each result checked against its specific `$defs`
 *    type: the schema's response envelopes (`*ResultResponse`) are `anyOf` InputRequiredResult or
 *    the specific result, and InputRequiredResult allows extra properties, so an envelope would
 *    accept a "complete" result that lacks required fields such as ttlMs/cacheScope.
 *    When a schema file is missing, every check that needs it throws and names the file: never skipped.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as core from '@modelcontextprotocol/core';
import { readSharedInput } from '../shared-inputs.ts';
import { ROOT } from './harness.ts';

type Json = Record<string, unknown>;

const ajvs = new Map<string, { ajv: InstanceType<typeof Ajv2020>; id: string }>();
function ajvFor(rev: string) {
  let entry = ajvs.get(rev);
  if (!entry) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: unknown) => void)(ajv);
    const schema = JSON.parse(readSharedInput(`spec/schema-${rev}.json`));
    const id = `https://mcp-by-hand.invalid/schema-${rev}.json`;
    ajv.addSchema({ ...schema, $id: id });
    entry = { ajv, id };
    ajvs.set(rev, entry);
  }
  return entry;
}

/** Throws unless `value` is valid against `#/$defs/<def>` of the spec schema `rev`; also throws, naming the file, when the schema is missing. */
export function assertSpecDef(rev: '2026-07-28' | '2025-11-25', def: string, value: unknown): void {
  const { ajv, id } = ajvFor(rev);
  const validate = ajv.getSchema(`${id}#/$defs/${def}`);
  if (!validate) throw new Error(`no $defs/${def} in schema ${rev}`);
  if (!validate(value)) {
    throw new Error(`not a valid ${def} (${rev}): ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 2000)}`);
  }
}

// --- the SDK's era codecs ------------------------------------------------------

interface Codec {
  era: string;
  validateResult(method: string, raw: unknown): { ok: boolean; message?: string };
  decodeResult(method: string, raw: unknown): { kind: string; error?: { message: string } };
  validateInputRequest(method: string, raw: unknown): { ok: boolean; message?: string };
}

async function loadCodecs(): Promise<{ modern: Codec; legacy: Codec }> {
  const dir = join(ROOT, 'node_modules', '@modelcontextprotocol', 'client', 'dist');
  for (const file of readdirSync(dir).filter((n) => /^src-.*\.mjs$/.test(n))) {
    const alias = /codecForVersion as (\w+)/.exec(readFileSync(join(dir, file), 'utf8'))?.[1];
    if (!alias) continue;
    const mod = await import(pathToFileURL(join(dir, file)).href);
    const modern = mod[alias]('2026-07-28') as Codec;
    const legacy = mod[alias]('2025-11-25') as Codec;
    if (modern.era !== '2026-07-28' || legacy.era !== '2025-11-25') throw new Error('SDK codec lookup returned the wrong era');
    return { modern, legacy };
  }
  throw new Error('codecForVersion not found in @modelcontextprotocol/client/dist (SDK build changed?)');
}
const codecs = await loadCodecs();

/** The spec's result type for each method of 2026-07-28 (complete results). */
const MODERN_RESULT_DEF: Record<string, string> = {
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
};

/** core's public (era-neutral) zod schema for each method's result. */
const CORE_RESULT: Record<string, { safeParse(v: unknown): { success: boolean; error?: unknown } }> = {
  'server/discover': core.DiscoverResultSchema,
  'tools/list': core.ListToolsResultSchema,
  'tools/call': core.CallToolResultSchema,
  'resources/list': core.ListResourcesResultSchema,
  'resources/templates/list': core.ListResourceTemplatesResultSchema,
  'resources/read': core.ReadResourceResultSchema,
  'prompts/list': core.ListPromptsResultSchema,
  'prompts/get': core.GetPromptResultSchema,
  initialize: core.InitializeResultSchema,
  ping: core.EmptyResultSchema,
};

const CACHEABLE = new Set(['server/discover', 'tools/list', 'resources/list', 'resources/templates/list', 'resources/read', 'prompts/list']);
const MAY_ASK = new Set(['tools/call', 'resources/read', 'prompts/get']);

function coreParse(method: string, result: unknown) {
  const schema = CORE_RESULT[method];
  if (!schema) throw new Error(`no core schema for ${method}`);
  const parsed = schema.safeParse(result);
  if (!parsed.success) throw new Error(`core ${method} result schema rejects: ${String(parsed.error)}`);
}

/**
 * Checks a 2026-07-28 `result` for a request of `method`: the spec rules the
 * schemas cannot express (resultType first and known; input_required only on
 * the three methods and with inputRequests or requestState; ttlMs/cacheScope
 * exactly on the cacheable results; serverInfo in `_meta`, never top level),
 * then the SDK (core schema + 2026 wire codec) and the spec JSON Schema.
 */
export function assertModernResult(method: string, result: Json): void {
  if (Object.keys(result)[0] !== 'resultType') throw new Error(`resultType is not the first key of ${method} result`);
  const meta = result._meta as Json | undefined;
  const info = meta?.['io.modelcontextprotocol/serverInfo'];
  if (!core.ImplementationSchema.safeParse(info).success) throw new Error(`${method} result lacks _meta serverInfo`);
  if ('serverInfo' in result) throw new Error('serverInfo must not be top level');
  if (result.resultType === 'input_required') {
    if (!MAY_ASK.has(method)) throw new Error(`input_required is not allowed on ${method}`);
    if (result.inputRequests === undefined && result.requestState === undefined) throw new Error('input_required without inputRequests or requestState');
    if ('ttlMs' in result || 'cacheScope' in result) throw new Error('input_required carries no cache hints');
    const decoded = codecs.modern.decodeResult(method, result);
    if (decoded.kind !== 'input_required') throw new Error(`SDK decodes ${decoded.kind}: ${decoded.error?.message}`);
    for (const req of Object.values((result.inputRequests ?? {}) as Record<string, Json>)) {
      const v = codecs.modern.validateInputRequest(String(req.method), req);
      if (!v.ok) throw new Error(`SDK rejects input request: ${v.message}`);
      if (req.method === 'elicitation/create') {
        const schema = (req.params as Json).requestedSchema as Json;
        for (const prop of Object.values(schema.properties as Record<string, Json>)) {
          if (!['string', 'number', 'integer', 'boolean', 'array'].includes(String(prop.type))) throw new Error('form elicitation must be flat');
        }
      }
    }
    assertSpecDef('2026-07-28', 'InputRequiredResult', result);
    return;
  }
  if (result.resultType !== 'complete') throw new Error(`unknown resultType ${String(result.resultType)}`);
  const cacheable = CACHEABLE.has(method);
  if (cacheable !== ('ttlMs' in result) || cacheable !== ('cacheScope' in result)) {
    throw new Error(`${method}: ttlMs/cacheScope must be present exactly on cacheable results`);
  }
  const def = MODERN_RESULT_DEF[method];
  if (!def) throw new Error(`no result type known for ${method}`);
  coreParse(method, result);
  const decoded = codecs.modern.decodeResult(method, result);
  if (decoded.kind !== 'complete') throw new Error(`SDK 2026 codec: ${decoded.error?.message}`);
  const valid = codecs.modern.validateResult(method, result);
  if (!valid.ok) throw new Error(`SDK 2026 schema: ${valid.message}`);
  assertSpecDef('2026-07-28', def, result);
}

/** Checks a 2025-11-25 result (legacy.mjs): no 2026 fields; SDK core + 2025 codec; spec 2025 JSON Schema. */
export function assertLegacyResult(method: string, result: Json): void {
  for (const key of ['resultType', 'ttlMs', 'cacheScope']) if (key in result) throw new Error(`legacy result has ${key}`);
  coreParse(method, result);
  if (method !== 'ping') {
    const valid = codecs.legacy.validateResult(method, result);
    if (!valid.ok) throw new Error(`SDK 2025 schema: ${valid.message}`);
  }
  const def = method === 'initialize' ? 'InitializeResult' : method === 'ping' ? 'EmptyResult' : MODERN_RESULT_DEF[method];
  if (!def) throw new Error(`no legacy result type for ${method}`);
  assertSpecDef('2025-11-25', def, result);
}

/** JSON-RPC errors: the spec types describe the `error` object. */
const ERROR_OBJECT_DEF: Record<number, string> = {
  [-32700]: 'ParseError',
  [-32600]: 'InvalidRequestError',
  [-32601]: 'MethodNotFoundError',
  [-32602]: 'InvalidParamsError',
  [-32603]: 'InternalError',
};
/** MCP errors: the spec types describe the whole response. */
const ERROR_DEF: Record<number, string> = {
  [-32020]: 'HeaderMismatchError',
  [-32021]: 'MissingRequiredClientCapabilityError',
  [-32022]: 'UnsupportedProtocolVersionError',
};

/** Checks a whole error response: the envelope, and the specific error type of its code (2026-07-28). */
export function assertErrorResponse(message: Json, rev: '2026-07-28' | '2025-11-25' = '2026-07-28'): void {
  // The SDK's schema takes only ids that are safe integers (zod's int()); JSON-RPC and the spec's JSON Schema take any
  // integer, and a server must echo 9007199254740993 as it came. The SDK judges the rest of the envelope; the spec's
  // schema below judges the real message, id included.
  const sdkView = typeof message.id === 'number' && !Number.isSafeInteger(message.id) ? { ...message, id: 0 } : message;
  if (!core.JSONRPCErrorResponseSchema.safeParse(sdkView).success) throw new Error(`SDK rejects error response ${JSON.stringify(message)}`);
  assertSpecDef(rev, 'JSONRPCErrorResponse', message);
  const code = (message.error as Json).code as number;
  if (rev === '2026-07-28') {
    if (code === -32002) throw new Error('-32002 is retired in 2026-07-28');
    if (ERROR_DEF[code]) assertSpecDef(rev, ERROR_DEF[code], message);
    else if (ERROR_OBJECT_DEF[code]) assertSpecDef(rev, ERROR_OBJECT_DEF[code], message.error);
    else throw new Error(`unexpected error code ${code}`);
  }
}
