/**
 * Stage 7, a multi round-trip call: the server answers `input_required`, the
 * client retries with a new id, its answers and the exact `requestState`, in a
 * fresh process; a tampered `requestState` is refused; a missing answer is
 * asked for again.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { FORM_ELICITATION, describeReply, expectNoProblems, resultOf, type CheckContext, type CheckDef, type InputTool } from '../define.ts';
import { requireInputTool } from '../explore.ts';
import { callToolResultProblems, inputRequiredProblems, isObject } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';
import { answerInputRequest, tamperings } from '../synth.ts';
import type { Session } from '../session.ts';

async function inputTool(c: CheckContext): Promise<InputTool> {
  return requireInputTool(c, 'no tool asks for input');
}

/** Calls the tool afresh in a new process and returns its InputRequiredResult. */
async function ask(c: CheckContext, tool: InputTool): Promise<JsonObject> {
  const s = await c.open();
  const reply = await s.request(c.request('tools/call', { name: tool.name, arguments: tool.arguments }, FORM_ELICITATION));
  const r = resultOf(reply);
  if (r?.resultType !== 'input_required') c.fail(`tools/call ${tool.name} was answered with ${describeReply(reply)} this time, not input_required`);
  s.kill();
  return r;
}

/** The answers to every input request of `r`. */
function answers(r: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (isObject(r.inputRequests)) for (const [k, v] of Object.entries(r.inputRequests)) out[k] = answerInputRequest(v);
  return out;
}

/** Sends a retry with a fresh id and returns the reply; fails when the reply comes back under another id. */
async function retry(c: CheckContext, s: Session, tool: InputTool, extra: JsonObject): Promise<JsonObject> {
  const req = c.request('tools/call', { name: tool.name, arguments: tool.arguments, ...extra }, FORM_ELICITATION);
  const line = await s.sendAndWaitResponse(JSON.stringify(req));
  const reply = line.message as JsonObject;
  if (reply.id !== req.id) c.fail(`the retry (id ${req.id}) was answered under id ${JSON.stringify(reply.id)}; every request, a retry too, is answered with its own id`);
  return reply;
}

/** What a completed call gave, for comparing two completions: its content, structuredContent and isError. */
function outcome(r: JsonObject): string {
  return JSON.stringify([r.content ?? null, r.structuredContent ?? null, r.isError === true]);
}

export const MRTR_CHECKS: CheckDef[] = [
  /**
   * "Servers **MUST** include at least one of `inputRequests` or `requestState` in every
   * `InputRequiredResult` response." and "Servers **MUST NOT** send elicitation requests with modes that
   * are not supported by the client."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
   * https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation
   */
  {
    id: 'mrtr.input-required',
    stage: 'mrtr',
    specUrl: SPEC_URLS.mrtr,
    quote: 'Servers MUST include at least one of inputRequests or requestState in every InputRequiredResult response. / Servers MUST NOT send elicitation requests with modes that are not supported by the client.',
    level: 'must',
    async run(c: CheckContext) {
      const tool = await inputTool(c);
      const r = await ask(c, tool);
      const problems = inputRequiredProblems(r);
      if (isObject(r.inputRequests)) {
        for (const [k, v] of Object.entries(r.inputRequests)) {
          if (isObject(v) && v.method !== 'elicitation/create') problems.push(`inputRequests.${k} asks for ${String(v.method)}, which the request did not declare`);
          if (isObject(v) && isObject(v.params) && v.params.mode === 'url') problems.push(`inputRequests.${k} asks for URL-mode elicitation, but the request declared form mode only`);
        }
      }
      expectNoProblems(c, problems, 'the InputRequiredResult');
    },
  },
  /**
   * "Servers **MUST NOT** rely on prior requests over the same connection to establish context" and "State
   * that needs to span multiple requests [...] **MUST** be referenced by an explicit identifier the client
   * passes on each request": the retry, in a process that never saw the first round, completes.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#statelessness
   */
  {
    id: 'mrtr.retry-completes',
    stage: 'mrtr',
    specUrl: SPEC_URLS.mrtr,
    quote: 'Servers MUST NOT rely on prior requests over the same connection to establish context (e.g., capabilities, protocol version, client identity). / State that needs to span multiple requests (e.g., long-running tasks, application-level handles) MUST be referenced by an explicit identifier the client passes on each request.',
    level: 'must',
    needs: ['mrtr.input-required'],
    async run(c: CheckContext) {
      const tool = await inputTool(c);
      let r = await ask(c, tool);
      for (let round = 1; round <= 3; round++) {
        const s = await c.open();
        const extra: JsonObject = { inputResponses: answers(r) };
        if (typeof r.requestState === 'string') extra.requestState = r.requestState;
        const reply = await retry(c, s, tool, extra);
        const next = resultOf(reply);
        if (!next) c.fail(`round ${round}: the retry in a fresh process got ${describeReply(reply)}`);
        if (next.resultType === 'complete') {
          expectNoProblems(c, callToolResultProblems(next), 'the final CallToolResult');
          if (next.isError === true) c.fail('the retry completed with isError: true; the answers were not used');
          return;
        }
        if (next.resultType !== 'input_required') c.fail(`round ${round}: resultType ${JSON.stringify(next.resultType)}`);
        r = next;
      }
      c.fail('still input_required after three answered rounds');
    },
  },
  /**
   * "If `requestState` influences authorization, resource access, or business logic, servers **MUST**
   * protect its integrity (e.g. HMAC or AEAD) and **MUST** reject state that fails verification. Integrity
   * protection **MAY** be omitted only when tampering can cause nothing worse than request failure." The
   * checker changes each value it can read in the state (or one character of an opaque one) and retries:
   * a refusal, a new input_required or the very same outcome as the honest retry all pass; a completion
   * with another outcome shows the state steered what the server did without being verified.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
   */
  {
    id: 'mrtr.tampered-state',
    stage: 'mrtr',
    specUrl: `${SPEC_URLS.mrtr}#basic-workflow`,
    quote: 'If requestState influences authorization, resource access, or business logic, servers MUST protect its integrity (e.g. HMAC or AEAD) and MUST reject state that fails verification. Integrity protection MAY be omitted only when tampering can cause nothing worse than request failure.',
    level: 'must',
    needs: ['mrtr.retry-completes'],
    async run(c: CheckContext) {
      const tool = await inputTool(c);
      const r = await ask(c, tool);
      if (typeof r.requestState !== 'string') c.skip('the server sends no requestState, so there is nothing to tamper with');
      const honest = resultOf(await retry(c, await c.open(), tool, { inputResponses: answers(r), requestState: r.requestState }));
      if (honest?.resultType !== 'complete') c.skip('the honest retry did not complete this time, so there is nothing to compare with');
      for (const forged of tamperings(r.requestState).slice(0, 4)) {
        const next = resultOf(await retry(c, await c.open(), tool, { inputResponses: answers(r), requestState: forged }));
        if (next?.resultType !== 'complete' || next.isError === true) continue;
        if (outcome(next) !== outcome(honest)) {
          c.fail(`the call completed with a tampered requestState (${JSON.stringify(forged.slice(0, 120))}) and a different outcome than the honest retry: the state steers the result but is not verified`);
        }
      }
    },
  },
  /**
   * "If the client omitted needed responses, the server **SHOULD** respond with a new
   * `InputRequiredResult` requesting the missing information again, rather than returning an error."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#error-handling
   */
  {
    id: 'mrtr.missing-answer',
    stage: 'mrtr',
    specUrl: `${SPEC_URLS.mrtr}#error-handling`,
    quote: 'If the client fails to send all the information requested in a previous InputRequests, and the missing information is necessary for the server to process the request, the server SHOULD respond with a new InputRequiredResult requesting the missing information again, rather than returning an error.',
    level: 'should',
    needs: ['mrtr.retry-completes'],
    async run(c: CheckContext) {
      const tool = await inputTool(c);
      const r = await ask(c, tool);
      if (!isObject(r.inputRequests)) c.skip('the server asked for no input, only a requestState');
      const s = await c.open();
      const extra: JsonObject = { inputResponses: {} };
      if (typeof r.requestState === 'string') extra.requestState = r.requestState;
      const reply = await retry(c, s, tool, extra);
      const next = resultOf(reply);
      if (next?.resultType !== 'input_required') c.fail(`a retry without answers got ${describeReply(reply)}`);
      expectNoProblems(c, inputRequiredProblems(next), 'the new InputRequiredResult');
    },
  },
];
