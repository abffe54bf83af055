/**
 * `resultType` says what a result is: a result that asks for input is an
 * InputRequiredResult labelled `input_required` (stage 5, tools), and only
 * `tools/call`, `resources/read` and `prompts/get` may answer one (checked
 * in the stage of each other method: 3, 5 and 6).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#resulttype
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#supported-requests
 */
import { FORM_ELICITATION, describeReply, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { asksForInput, callEachTool, ensureDiscover, ensureTools, mayCall, noCallableTool, toolsKeptOut } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC, SPEC_URLS } from '../spec-urls.ts';
import type { StageId } from '../types.ts';

/**
 * "The `result` **MUST** include a `resultType` field to indicate the type of the result." and "A
 * `resultType` of `"input_required"` indicates the request is incomplete and more information is needed to
 * process the request. The result contains an `InputRequiredResult` object": a result carrying
 * `inputRequests` or `requestState` (what only an InputRequiredResult carries) labelled anything else tells
 * the client it is final, and the question is never asked. Each tool is called with only its required
 * arguments (so that one that can ask, asks) and with all of them.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#resulttype
 */
export const RESULT_TYPE_CHECK: CheckDef = {
  id: 'tools.result-type',
  stage: 'tools',
  specUrl: `${SPEC}/basic#resulttype`,
  quote: 'The result MUST include a resultType field to indicate the type of the result. / A resultType of "input_required" indicates the request is incomplete and more information is needed to process the request. The result contains an InputRequiredResult object with additional information needed.',
  level: 'must',
  async run(c: CheckContext) {
    const tools = (await ensureTools(c)) ?? c.skip('tools/list gave no tools');
    if (!tools.some((t) => mayCall(c, t))) noCallableTool(c, tools, 'the server lists no tools');
    const s = await c.open();
    const calls = [...(await callEachTool(c, s, tools, { allArguments: false })), ...(await callEachTool(c, s, tools, { allArguments: true }))];
    for (const { tool, reply } of calls) {
      const r = resultOf(reply);
      if (!r || !asksForInput(r) || r.resultType === 'input_required') continue;
      const fields = ['inputRequests', 'requestState'].filter((k) => k in r).join(', ');
      if (!('resultType' in r)) c.fail(`tools/call ${String(tool.name)} carried ${fields} without a resultType; it must say "input_required"`);
      c.fail(`tools/call ${String(tool.name)} carried ${fields} under resultType ${JSON.stringify(r.resultType)}, not "input_required"`);
    }
    // The tools the policy kept out might have asked under the wrong label.
    if (toolsKeptOut(c, tools).length > 0) noCallableTool(c, tools, 'the server lists no tools');
  },
};

/**
 * "Servers **MUST NOT** send `InputRequiredResult` responses on any other client requests" than
 * `prompts/get`, `resources/read` and `tools/call`. Asked with form elicitation declared (a server tempted to
 * ask would ask then), each other method must answer without one. One check per stage that owns such
 * methods: `server/discover` (stage 3), `tools/list` (stage 5), the resource and prompt lists (stage 6), each
 * skipped when the server does not declare what it lists.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#supported-requests
 */
function noInputRequiredCheck(id: string, stage: StageId, lists: { capability?: 'tools' | 'resources' | 'prompts'; methods: string[] }[], none = ''): CheckDef {
  return {
    id,
    stage,
    specUrl: `${SPEC_URLS.mrtr}#supported-requests`,
    quote: 'Servers MUST NOT send InputRequiredResult responses on any other client requests.',
    level: 'must',
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const caps = c.state.capabilities ?? {};
      const methods = lists.filter((l) => !l.capability || isObject(caps[l.capability])).flatMap((l) => l.methods);
      if (methods.length === 0) c.skip(none);
      const s = await c.open();
      for (const method of methods) {
        const reply = await s.request(c.request(method, {}, FORM_ELICITATION));
        const r = resultOf(reply);
        if (r && (r.resultType === 'input_required' || asksForInput(r))) {
          c.fail(`${method} was answered with ${describeReply(reply)} asking for input; only tools/call, resources/read and prompts/get may answer input_required`);
        }
      }
    },
  };
}

/** server/discover never asks (stage 3). */
export const DISCOVER_NO_INPUT_CHECK = noInputRequiredCheck('discover.no-input-required', 'discover', [{ methods: ['server/discover'] }]);

/** tools/list never asks (stage 5). */
export const TOOLS_LIST_NO_INPUT_CHECK = noInputRequiredCheck('tools.list-no-input-required', 'tools', [{ capability: 'tools', methods: ['tools/list'] }], 'the server declares no tools');

/** The resource and prompt lists never ask (stage 6). */
export const INPUT_REQUIRED_METHODS_CHECK = noInputRequiredCheck('lists.no-input-required', 'resources-prompts', [
  { capability: 'resources', methods: ['resources/list', 'resources/templates/list'] },
  { capability: 'prompts', methods: ['prompts/list'] },
], 'the server declares no resources or prompts');
