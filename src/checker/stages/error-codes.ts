/**
 * Stage 2, error codes: none that MCP reserves for itself but does not
 * define, and none of the codes earlier revisions retired.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes
 */
import { META_CLIENT_CAPABILITIES, type JsonObject } from '../../protocol/messages.ts';
import { errorOf, type CheckContext, type CheckDef } from '../define.ts';
import { ensureDiscover } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';

/** The codes revision 2026-07-28 defines in its reserved range -32020..-32099 (HeaderMismatch, MissingRequiredClientCapability, UnsupportedProtocolVersion). */
export const DEFINED_MCP_CODES: readonly number[] = [-32020, -32021, -32022];

/** Codes of earlier revisions that this one must not emit: resource not found (2025-11-25 and earlier) and URL elicitation required (2025-11-25). */
export const RETIRED_CODES: readonly number[] = [-32002, -32042];

/** Why `code` is one a server of this revision must not emit, or `undefined` when it may. */
export function forbiddenCode(code: unknown): string | undefined {
  if (typeof code !== 'number') return undefined;
  if (RETIRED_CODES.includes(code)) return 'a code of an earlier revision that this one retired';
  if (code <= -32020 && code >= -32099 && !DEFINED_MCP_CODES.includes(code)) return 'in the range -32020 to -32099 that MCP reserves, and not one it defines (-32020, -32021, -32022)';
  return undefined;
}

export const ERROR_CODE_CHECKS: CheckDef[] = [
  /**
   * "Error codes in this sub-range are defined exclusively by the MCP specification [...]. Implementations
   * **MUST NOT** emit any code from this sub-range that is not defined by this specification" (-32020 to
   * -32099) and "Implementations of this protocol version **MUST NOT** emit these codes: `-32002` [...]
   * `-32042`". Judged on the errors of malformed requests no other check judges the code of (a request
   * without its required parameter, clientCapabilities that is not an object): an unknown method, tool,
   * resource or prompt, and a missing `_meta` field, are the checks of their own code (resources.not-found
   * names a -32002 for an unknown resource, for instance), so one bug fails one check.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes
   */
  {
    id: 'jsonrpc.error-codes',
    stage: 'jsonrpc',
    specUrl: SPEC_URLS.errorCodes,
    quote: 'Error codes in this sub-range are defined exclusively by the MCP specification and recorded in the schema. Implementations MUST NOT emit any code from this sub-range that is not defined by this specification and MUST use defined codes only with their specified meanings. / Implementations of this protocol version MUST NOT emit these codes: -32002 [...] -32042',
    level: 'must',
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const caps = c.state.capabilities ?? {};
      const malformed: { what: string; request: { jsonrpc: '2.0'; id: number; method: string } & JsonObject }[] = [
        { what: 'server/discover with clientCapabilities "none"', request: { jsonrpc: '2.0', id: c.id(), method: 'server/discover', params: { _meta: { ...c.meta(), [META_CLIENT_CAPABILITIES]: 'none' } } } },
      ];
      if (isObject(caps.tools)) malformed.push({ what: 'tools/call without name', request: c.request('tools/call', { arguments: {} }) });
      if (isObject(caps.resources)) malformed.push({ what: 'resources/read without uri', request: c.request('resources/read') });
      if (isObject(caps.prompts)) malformed.push({ what: 'prompts/get without name', request: c.request('prompts/get', { arguments: {} }) });
      const s = await c.open();
      for (const { what, request } of malformed) {
        const e = errorOf(await s.request(request));
        const forbidden = e ? forbiddenCode(e.code) : undefined;
        if (e && forbidden) c.fail(`${what} got error ${String(e.code)} ${JSON.stringify(e.message)}: ${forbidden}`);
      }
    },
  },
];
