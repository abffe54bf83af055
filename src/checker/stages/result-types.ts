/**
 * `resultType` says what a result is: a result that asks for input is an
 * InputRequiredResult labelled `input_required` (stage 5, tools), and only
 * `tools/call`, `resources/read` and `prompts/get` may answer one (stage 6,
 * beside the other rules of the list methods, so that it holds for a server
 * whatever it offers).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#resulttype
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#supported-requests
 */
import { FORM_ELICITATION, describeReply, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { asksForInput, callEachTool, ensureDiscover, ensureTools, mayCall, noCallableTool, toolsKeptOut } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC, SPEC_URLS } from '../spec-urls.ts';

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
  rule: 'A result that asks for input says resultType "input_required"',
  specUrl: `${SPEC}/basic#resulttype`,
  quote: 'The result MUST include a resultType field to indicate the type of the result. / A resultType of "input_required" indicates the request is incomplete and more information is needed to process the request. The result contains an InputRequiredResult object with additional information needed.',
  level: 'must',
  expected: 'Each tool, called with only its required arguments and with all of them, answers either a final result (resultType "complete", no inputRequests, no requestState) or resultType "input_required" with its inputRequests and/or requestState.',
  hint: 'When a tool needs more input, return {resultType:"input_required", inputRequests:{...}, requestState}; "complete" is for the final result only.',
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
 * ask would ask then), `server/discover` and every list method the server offers must answer without one.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#supported-requests
 */
export const INPUT_REQUIRED_METHODS_CHECK: CheckDef = {
  id: 'lists.no-input-required',
  stage: 'resources-prompts',
  rule: 'input_required only on tools/call, resources/read and prompts/get',
  specUrl: `${SPEC_URLS.mrtr}#supported-requests`,
  quote: 'Servers MUST NOT send InputRequiredResult responses on any other client requests.',
  level: 'must',
  expected: 'server/discover and each list method the server offers (tools/list, resources/list, resources/templates/list, prompts/list), asked by a client that declares form elicitation, answer without resultType "input_required", inputRequests or requestState.',
  hint: 'Ask for input only from tools/call, resources/read or prompts/get; lists and server/discover always give their complete result.',
  async run(c: CheckContext) {
    await ensureDiscover(c);
    const caps = c.state.capabilities ?? {};
    const methods = ['server/discover'];
    if (isObject(caps.tools)) methods.push('tools/list');
    if (isObject(caps.resources)) methods.push('resources/list', 'resources/templates/list');
    if (isObject(caps.prompts)) methods.push('prompts/list');
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
