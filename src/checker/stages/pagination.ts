/**
 * Pagination: a cursor the server never issued is refused with -32602, by
 * tools/list (stage 5) and by the resource and prompt lists (stage 6).
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination
 */
import { expectErrorCode, type CheckContext, type CheckDef } from '../define.ts';
import { ensureDiscover } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC } from '../spec-urls.ts';
import type { StageId } from '../types.ts';

/** A cursor no server issued: opaque to the client, but not one of the server's own. */
export const FOREIGN_CURSOR = 'checker-cursor-never-issued-7f3a';

/**
 * "Invalid cursors **SHOULD** result in an error with code -32602 (Invalid params)." (and the schema's
 * InvalidParamsError: "Pagination: Invalid or expired cursor values"). A SHOULD: a page of results, or
 * another error, is a warning. One check per stage that owns lists: `tools/list` in stage 5, the resource
 * and prompt lists in stage 6, each skipped when the server does not declare what it lists.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination#error-handling
 */
function invalidCursorCheck(id: string, stage: StageId, lists: { capability: 'tools' | 'resources' | 'prompts'; methods: string[] }[], none: string): CheckDef {
  return {
    id,
    stage,
    specUrl: `${SPEC}/server/utilities/pagination#error-handling`,
    quote: 'Invalid cursors SHOULD result in an error with code -32602 (Invalid params).',
    level: 'should',
    async run(c: CheckContext) {
      await ensureDiscover(c);
      if (!c.state.capabilities) c.skip('server/discover gave no capabilities, so it is unknown whether the server offers lists');
      const caps = c.state.capabilities;
      const methods = lists.filter((l) => isObject(caps[l.capability])).flatMap((l) => l.methods);
      if (methods.length === 0) c.skip(none);
      const s = await c.open();
      for (const method of methods) {
        expectErrorCode(c, await s.request(c.request(method, { cursor: FOREIGN_CURSOR })), -32602, `${method} with a cursor it never issued`);
      }
    },
  };
}

/** tools/list's cursors (stage 5). */
export const TOOLS_CURSOR_CHECK = invalidCursorCheck('tools.invalid-cursor', 'tools', [{ capability: 'tools', methods: ['tools/list'] }], 'the server declares no tools, so it has no such list to page');

/** The resource and prompt lists' cursors (stage 6). */
export const PAGINATION_CHECKS: CheckDef[] = [
  invalidCursorCheck('pagination.invalid-cursor', 'resources-prompts', [
    { capability: 'resources', methods: ['resources/list', 'resources/templates/list'] },
    { capability: 'prompts', methods: ['prompts/list'] },
  ], 'the server declares no resources or prompts, so it has no such list to page'),
];
