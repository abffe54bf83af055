/**
 * Stage 2, cancellation over stdio: after the client's `notifications/cancelled`
 * the server writes nothing more for that request. The request kept in flight
 * is an open `subscriptions/listen` stream (it has no reply until it ends), or,
 * when the server offers none, a tool call that is reporting progress.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#cancellation
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/cancellation
 */
import type { JsonObject, RequestId } from '../../protocol/messages.ts';
import { FORM_ELICITATION, describeReply, type CheckContext, type CheckDef } from '../define.ts';
import { callEachTool, ensureDiscover, ensureTools, mayCall, noCallableTool } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';
import { isResponseTo, SessionError, type ReceivedLine, type Session } from '../session.ts';
import { sampleObject } from '../synth.ts';
import { answeredAtOnce, declaredFilter, openStream, subscriptionIdOf } from './subscriptions.ts';

/** The client's cancellation of `requestId`. */
function cancelled(requestId: RequestId): JsonObject {
  return { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'the conformance checker cancelled it' } };
}

/** True when `m` belongs to the request `id`: its reply, a notification of its stream, a cancellation of it, or progress under `token`. */
function belongsTo(m: JsonObject | undefined, id: RequestId, token?: string): boolean {
  if (!m) return false;
  if (isResponseTo(m, id) || subscriptionIdOf(m) === id) return true;
  const p = isObject(m.params) ? m.params : {};
  if (m.method === 'notifications/cancelled' && p.requestId === id) return true;
  return token !== undefined && m.method === 'notifications/progress' && p.progressToken === token;
}

/** Sends a harmless request and waits for its reply (not a reply wait: notifications meanwhile end nothing); returns the index after it. */
async function roundTrip(c: CheckContext, s: Session): Promise<number> {
  const probe = c.probe();
  const from = s.lines.length;
  s.send(probe);
  const line = await s.waitFor((l) => isResponseTo(l.message, probe.id), undefined, from, `reply to ${probe.method} (id ${probe.id})`);
  return s.lines.indexOf(line) + 1;
}

/** Fails with the first line from index `from` on that belongs to the cancelled request. */
function expectNothingFor(c: CheckContext, s: Session, from: number, what: string, id: RequestId, token?: string): void {
  const late = s.lines.slice(from).find((l: ReceivedLine) => belongsTo(l.message, id, token));
  if (late) c.fail(`after notifications/cancelled for ${what} (id ${JSON.stringify(id)}), the server still wrote: ${late.text.slice(0, 200)}`);
}

export const CANCELLATION_CHECKS: CheckDef[] = [
  /**
   * "To cancel an in-flight request, the client **MUST** send a `notifications/cancelled` notification
   * referencing the request's ID. [...] Servers **SHOULD** stop work on a cancelled request as soon as
   * practical and **MUST NOT** send any further messages for it." A listen stream the client cancels gets
   * nothing more: no closing result (that is for a server ending a stream on its own initiative), no
   * notification under its subscriptionId (the checker calls each tool after the cancellation, to give the
   * server a reason to notify), not even when stdin closes. For a tool call reporting progress, what the
   * server wrote just as the cancellation was on its way may have crossed it ("cancellation notifications
   * may arrive after request processing has completed"), so what came within `quietMs` of it, and before
   * the server answered a request sent after it, is let pass; anything later counts.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#cancellation
   */
  {
    id: 'cancellation.after-cancel',
    stage: 'jsonrpc',
    specUrl: `${SPEC_URLS.stdio}#cancellation`,
    quote: "To cancel an in-flight request, the client MUST send a notifications/cancelled notification referencing the request's ID. Because stdio is a single shared bidirectional channel, there is no per-request stream to close. Servers SHOULD stop work on a cancelled request as soon as practical and MUST NOT send any further messages for it.",
    level: 'must',
    transports: ['stdio'],
    async run(c: CheckContext) {
      await ensureDiscover(c);
      const s = await c.open();
      const stream = await openStream(c, s, await declaredFilter(c, s));
      const tools = c.state.era === 'modern' ? ((await ensureTools(c)) ?? []) : [];
      if (!answeredAtOnce(stream)) {
        const from = s.lines.length;
        s.send(cancelled(stream.id));
        await roundTrip(c, s);
        await callEachTool(c, s, tools, { allArguments: true });
        await s.quiet(c.state.options.quietMs);
        await s.closeAndWait(c.state.options.exitTimeoutMs);
        expectNothingFor(c, s, from, 'subscriptions/listen', stream.id);
        return;
      }
      // No stream: a tool that reports progress stays in flight long enough to be cancelled.
      const listenReply = describeReply(stream.first!.message!);
      for (const tool of tools.filter((t) => mayCall(c, t)).slice(0, 5)) {
        const token = `checker-progress-${c.id()}`;
        const request = c.request('tools/call', { name: tool.name as string, arguments: sampleObject(tool.inputSchema, true) }, FORM_ELICITATION);
        (request.params._meta as JsonObject).progressToken = token;
        const from = s.lines.length;
        s.send(request);
        try {
          await s.waitFor((l) => isResponseTo(l.message, request.id) || belongsTo(l.message, request.id, token), undefined, from, `reply to tools/call (id ${request.id})`);
        } catch (e) {
          if (!(e instanceof SessionError) || s.ended) throw e;
          continue;
        }
        // Already answered (a one-step job): nothing is in flight to cancel.
        if (s.lines.slice(from).some((l) => isResponseTo(l.message, request.id))) continue;
        s.send(cancelled(request.id));
        const answered = roundTrip(c, s);
        await s.quiet(c.state.options.quietMs);
        const graceOver = s.lines.length;
        const after = Math.min(graceOver, await answered);
        await s.quiet(c.state.options.quietMs);
        await s.closeAndWait(c.state.options.exitTimeoutMs);
        expectNothingFor(c, s, after, `tools/call ${String(tool.name)}`, request.id, token);
        return;
      }
      noCallableTool(c, tools, `the server offers no subscriptions/listen stream (${listenReply}) and no tool call was still running after reporting progress, so no request was in flight to cancel`);
    },
  },
];
