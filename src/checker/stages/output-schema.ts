/**
 * Stage 5, structured results: `structuredContent` conforms to the tool's
 * `outputSchema`, and comes with a copy as JSON text for clients that read
 * only `content`.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#structured-content
 * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { callEachTool, ensureTools, mayCall, noCallableTool } from '../explore.ts';
import { validateAgainstSchema } from '../json-schema.ts';
import { isObject } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';

/** True when two JSON values are equal (object keys in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as JsonObject)[k], (b as JsonObject)[k]));
}

/** True when one `{type:"text"}` block of `content` holds `value` as JSON text. */
function hasJsonCopy(content: unknown, value: unknown): boolean {
  if (!Array.isArray(content)) return false;
  return content.some((block) => {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
    try {
      return sameJson(JSON.parse(block.text), value);
    } catch {
      return false;
    }
  });
}

/** The complete, successful results of calling each tool with every argument made up. */
async function completeResults(c: CheckContext, tools: JsonObject[]): Promise<{ tool: JsonObject; result: JsonObject }[]> {
  const s = await c.open();
  const out: { tool: JsonObject; result: JsonObject }[] = [];
  for (const { tool, reply } of await callEachTool(c, s, tools, { allArguments: true })) {
    const r = resultOf(reply);
    if (r && r.resultType === 'complete' && r.isError !== true) out.push({ tool, result: r });
  }
  return out;
}

export const OUTPUT_SCHEMA_CHECKS: CheckDef[] = [
  /**
   * "If an output schema is provided: Servers **MUST** provide structured results that conform to this
   * schema." Each tool with an `outputSchema` is called with every argument made up; a complete result
   * that is not an error must carry `structuredContent` valid against the schema (JSON Schema 2020-12 by
   * ajv, formats as annotations; a schema of another dialect, or one ajv cannot compile, is not used, and
   * the check says so).
   * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema
   */
  {
    id: 'tools.output-schema',
    stage: 'tools',
    specUrl: `${SPEC_URLS.tools}#output-schema`,
    quote: 'If an output schema is provided: Servers MUST provide structured results that conform to this schema.',
    level: 'must',
    async run(c: CheckContext) {
      const tools = (await ensureTools(c)) ?? c.skip('tools/list gave no tools');
      const declaring = tools.filter((t) => isObject(t.outputSchema));
      if (declaring.length === 0) c.skip('no tool declares an outputSchema');
      if (!declaring.some((t) => mayCall(c, t))) noCallableTool(c, declaring, 'no tool declares an outputSchema');
      const results = await completeResults(c, declaring);
      const unusable: string[] = [];
      let judged = 0;
      for (const { tool, result } of results) {
        const name = String(tool.name);
        if (!('structuredContent' in result)) c.fail(`tools/call ${name} completed without structuredContent, although the tool declares an outputSchema`);
        const verdict = await validateAgainstSchema(tool.outputSchema, result.structuredContent);
        if ('unusable' in verdict) {
          unusable.push(`${name}: ${verdict.unusable}`);
          continue;
        }
        judged++;
        if (!verdict.valid) c.fail(`the structuredContent of ${name} does not conform to its outputSchema: ${verdict.problems.join('; ')}`);
      }
      if (judged > 0) return;
      if (unusable.length > 0) c.skip(`the outputSchema could not be used (${unusable.join('; ')})`);
      noCallableTool(c, declaring, `no tool with an outputSchema completed a call (tried ${declaring.filter((t) => mayCall(c, t)).map((t) => String(t.name)).join(', ')})`);
    },
  },
  /**
   * "For backwards compatibility, a tool that returns structured content SHOULD also return the serialized
   * JSON in a TextContent block." A SHOULD: a result whose content has no text block holding the same JSON
   * value (keys in any order) is a warning.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#structured-content
   */
  {
    id: 'tools.structured-text',
    stage: 'tools',
    specUrl: `${SPEC_URLS.tools}#structured-content`,
    quote: 'For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.',
    level: 'should',
    async run(c: CheckContext) {
      const tools = (await ensureTools(c)) ?? c.skip('tools/list gave no tools');
      if (!tools.some((t) => mayCall(c, t))) noCallableTool(c, tools, 'the server lists no tools');
      const structured = (await completeResults(c, tools)).filter(({ result }) => 'structuredContent' in result);
      if (structured.length === 0) noCallableTool(c, tools, 'no tool returned structuredContent');
      for (const { tool, result } of structured) {
        if (!hasJsonCopy(result.content, result.structuredContent)) c.fail(`the result of ${String(tool.name)} has structuredContent but no TextContent block with it as JSON`);
      }
    },
  },
];
