/**
 * Stage 6, pagination: a cursor the server never issued is refused with
 * -32602 by every list method the server offers (tools/list too, so that a
 * server without the tools capability still has its lists checked here).
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination
 */
import { expectErrorCode, type CheckContext, type CheckDef } from '../define.ts';
import { ensureDiscover } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC } from '../spec-urls.ts';

/** A cursor no server issued: opaque to the client, but not one of the server's own. */
export const FOREIGN_CURSOR = 'checker-cursor-never-issued-7f3a';

export const PAGINATION_CHECKS: CheckDef[] = [
  /**
   * "Invalid cursors **SHOULD** result in an error with code -32602 (Invalid params)." (and the schema's
   * InvalidParamsError: "Pagination: Invalid or expired cursor values"). A SHOULD: a page of results, or
   * another error, is a warning.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination#error-handling
   */
  {
    id: 'pagination.invalid-cursor',
    stage: 'resources-prompts',
    rule: 'A cursor the server never issued gets -32602 Invalid params',
    specUrl: `${SPEC}/server/utilities/pagination#error-handling`,
    quote: 'Invalid cursors SHOULD result in an error with code -32602 (Invalid params).',
    level: 'should',
    expected: `Each list method the server offers (tools/list, resources/list, resources/templates/list, prompts/list), sent the cursor "${FOREIGN_CURSOR}" that it never issued, answers error -32602 rather than a page.`,
    hint: 'Treat a cursor as your own token: when it is not one you issued (or it has expired), answer {"code":-32602,"message":"Invalid cursor"}.',
    async run(c: CheckContext) {
      await ensureDiscover(c);
      if (!c.state.capabilities) c.skip('server/discover gave no capabilities, so it is unknown whether the server offers lists');
      const caps = c.state.capabilities;
      const methods: string[] = [];
      if (isObject(caps.tools)) methods.push('tools/list');
      if (isObject(caps.resources)) methods.push('resources/list', 'resources/templates/list');
      if (isObject(caps.prompts)) methods.push('prompts/list');
      if (methods.length === 0) c.skip('the server declares no tools, resources or prompts, so it has no list to page');
      const s = await c.open();
      for (const method of methods) {
        expectErrorCode(c, await s.request(c.request(method, { cursor: FOREIGN_CURSOR })), -32602, `${method} with a cursor it never issued`);
      }
    },
  },
];
