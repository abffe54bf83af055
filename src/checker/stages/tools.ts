/**
 * Stage 5, tools: `tools/list` and `tools/call` results of the right types
 * (`resultType`, caching hints on the list), -32602 for an unknown tool, and a
 * tool's own failure reported as an `isError` result.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/tools
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { FORM_ELICITATION, describeReply, errorOf, expectErrorCode, expectNoProblems, expectResult, type CheckContext, type CheckDef } from '../define.ts';
import { asksForInput, ensureTools, mayCall, noCallableTool, rememberTools } from '../explore.ts';
import { callToolResultProblems, inputRequiredProblems, isObject, listToolsProblems } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';
import { brokenArguments, sampleObject } from '../synth.ts';

export const TOOLS_CHECKS: CheckDef[] = [
  /**
   * "Servers that declare the `tools` capability **MUST** respond to `tools/list` requests with the set of
   * tools currently available to the requesting client", and "Servers MUST include caching hints on results
   * with `resultType: "complete"`" of `tools/list`.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/tools
   * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
   */
  {
    id: 'tools.list',
    stage: 'tools',
    specUrl: SPEC_URLS.tools,
    quote: 'Servers that declare the tools capability MUST respond to tools/list requests with the set of tools currently available to the requesting client. / Servers MUST include caching hints on results with resultType: "complete" returned by [tools/list].',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      const reply = await s.request(c.request('tools/list'));
      rememberTools(c, reply);
      expectNoProblems(c, listToolsProblems(expectResult(c, reply, 'tools/list')), 'the ListToolsResult');
    },
  },
  /**
   * "The `result` **MUST** include a `resultType` field to indicate the type of the result." and the
   * schema's CallToolResult (`content` required).
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#result-responses
   */
  {
    id: 'tools.call',
    stage: 'tools',
    specUrl: SPEC_URLS.tools,
    quote: 'The result MUST include a resultType field to indicate the type of the result.',
    level: 'must',
    async run(c: CheckContext) {
      const tools = (await ensureTools(c)) ?? c.skip('tools/list gave no tools');
      const callable = tools.filter((t) => mayCall(c, t)).slice(0, 5);
      if (callable.length === 0) noCallableTool(c, tools, 'the server lists no tools');
      const s = await c.open();
      let fallback: JsonObject | undefined;
      for (const tool of callable) {
        const reply = await s.request(c.request('tools/call', { name: tool.name as string, arguments: sampleObject(tool.inputSchema, true) }, FORM_ELICITATION));
        const r = expectResult(c, reply, `tools/call ${String(tool.name)}`);
        // A result that asks for input under another resultType is tools.result-type's to name, not this check's.
        if (r.resultType === 'input_required' || asksForInput(r)) {
          fallback ??= r;
          continue;
        }
        expectNoProblems(c, callToolResultProblems(r), `the CallToolResult of ${String(tool.name)}`);
        return;
      }
      if (fallback?.resultType === 'input_required') expectNoProblems(c, inputRequiredProblems(fallback), 'the InputRequiredResult');
    },
  },
  /**
   * Protocol errors, among them an "Unknown tool", "are returned as standard JSON-RPC errors", and the
   * schema's InvalidParamsError: "In MCP, this error is returned [...] Tools: Unknown tool name or invalid
   * tool arguments".
   * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling
   */
  {
    id: 'tools.unknown-tool',
    stage: 'tools',
    specUrl: SPEC_URLS.toolsErrors,
    quote: 'Protocol Errors indicate issues with the request structure itself [...] Unknown tool [...] They are returned as standard JSON-RPC errors. / (schema, InvalidParamsError) In MCP, this error is returned in various contexts when request parameters fail validation: Tools: Unknown tool name or invalid tool arguments',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      const reply = await s.request(c.request('tools/call', { name: 'checker_no_such_tool', arguments: {} }));
      if (!errorOf(reply)) c.fail(`the unknown tool was answered with ${describeReply(reply)}`);
      expectErrorCode(c, reply, -32602, 'tools/call for an unknown tool');
    },
  },
  /**
   * (schema, CallToolResult.isError) "Any errors that originate from the tool **SHOULD** be reported inside
   * the result object, with `isError` set to true, _not_ as an MCP protocol-level error response." Invalid
   * arguments may also be -32602 (InvalidParamsError), so both are accepted; a success or an internal error
   * is a warning.
   * https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling
   */
  {
    id: 'tools.execution-error',
    stage: 'tools',
    specUrl: SPEC_URLS.toolsErrors,
    quote: 'Any errors that originate from the tool SHOULD be reported inside the result object, with isError set to true, not as an MCP protocol-level error response.',
    level: 'should',
    async run(c: CheckContext) {
      const tools = (await ensureTools(c)) ?? c.skip('tools/list gave no tools');
      const breakable = tools.filter((t) => brokenArguments(t.inputSchema) !== undefined);
      const tool = breakable.find((t) => mayCall(c, t));
      if (!tool) noCallableTool(c, breakable, 'no tool has a required argument to get wrong');
      const s = await c.open();
      const reply = await s.request(c.request('tools/call', { name: tool.name as string, arguments: brokenArguments(tool.inputSchema) as JsonObject }, FORM_ELICITATION));
      const e = errorOf(reply);
      if (e) {
        if (e.code === -32602) return;
        c.fail(`wrong arguments got error ${String(e.code)} ${JSON.stringify(e.message)}; a tool's input errors are results with isError: true`);
      }
      const r = expectResult(c, reply, `tools/call ${String(tool.name)}`);
      if (r.resultType === 'complete' && r.isError !== true) c.fail(`arguments of the wrong type were accepted: the result has no isError: true`);
      if (r.resultType !== 'complete') c.fail(`wrong arguments got resultType ${JSON.stringify(r.resultType)}`);
      expectNoProblems(c, callToolResultProblems(r), 'the error result');
      if (!isObject(r)) c.fail('no result');
    },
  },
];
