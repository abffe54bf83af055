/**
 * Stage 1 over stdio, framing: one JSON-RPC message per line, nothing else on
 * stdout (logs go to stderr), a reply per request under its id, no requests
 * from the server, exit when stdin closes. These rules hold in both eras, so
 * a legacy server gets them too (after its handshake).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { FORM_ELICITATION, resultOf, type CheckContext, type CheckDef } from '../define.ts';
import { mayCall, toolsKeptOut } from '../explore.ts';
import { isObject } from '../shapes.ts';
import { SPEC_URLS } from '../spec-urls.ts';
import { isResponseTo, SessionError, type Session } from '../session.ts';
import { sampleObject } from '../synth.ts';
import { failure } from '../../protocol/failure.ts';

/**
 * Sends two harmless requests of the run's era (as two writes, or `together` in one write of two lines),
 * waits for both replies, then listens `quietMs` for more. Returns the two requests.
 */
async function probeTwice(c: CheckContext, s: Session, together: boolean): Promise<[{ id: number; method: string }, { id: number; method: string }]> {
  const a = c.probe();
  const b = c.probe();
  if (together) s.send(`${JSON.stringify(a)}\n${JSON.stringify(b)}`);
  else {
    s.send(a);
    s.send(b);
  }
  for (const r of [a, b]) await s.waitFor((l) => isResponseTo(l.message, r.id), undefined, 0, `reply to ${r.method} (id ${r.id})`, r);
  await s.quiet(c.state.options.quietMs);
  return [a, b];
}

/** The tools of a `tools/list` reply (an empty list when it is no result). */
function toolsOf(reply: JsonObject): JsonObject[] {
  const r = resultOf(reply);
  return r && Array.isArray(r.tools) ? (r.tools.filter((t) => isObject(t) && typeof t.name === 'string') as JsonObject[]) : [];
}

/**
 * Ends a framing check at once (not run, for its prerequisite) when an earlier framing check got no reply at
 * all in time: every framing check needs a reply to judge, and waiting out the same timeout again in each
 * would only make a silent server take longer to diagnose.
 */
function unlessSilent(c: CheckContext): void {
  for (const [id, r] of c.state.results) {
    if (r.stage === 'framing' && r.status === 'fail' && r.why?.code === 'timeout') c.notRun('prerequisite', `it needs a reply, and "${id}" got none (${r.actual})`);
  }
}

export const FRAMING_CHECKS: CheckDef[] = [
  /**
   * "The server **MUST NOT** write anything to its `stdout` that is not a valid MCP message."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
   */
  {
    id: 'framing.stdout-only',
    stage: 'framing',
    specUrl: SPEC_URLS.stdio,
    quote: 'The server MUST NOT write anything to its stdout that is not a valid MCP message.',
    level: 'must',
    eras: ['modern', 'legacy'],
    transports: ['stdio'],
    async run(c: CheckContext) {
      const s = await c.open();
      await probeTwice(c, s, false);
      const stray = s.lines.find((l) => l.violation !== undefined);
      if (stray) c.fail(`stdout carried a line that is not a JSON-RPC message (${stray.violation}): ${JSON.stringify(stray.text.slice(0, 200))}`);
    },
  },
  /**
   * "Messages are delimited by newlines, and **MUST NOT** contain embedded newlines." and "Result responses
   * **MUST** include the same ID as the request they correspond to."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#responses
   */
  {
    id: 'framing.one-reply',
    stage: 'framing',
    specUrl: SPEC_URLS.stdio,
    quote: 'Messages are delimited by newlines, and MUST NOT contain embedded newlines. / Result responses MUST include the same ID as the request they correspond to.',
    level: 'must',
    eras: ['modern', 'legacy'],
    transports: ['stdio'],
    async run(c: CheckContext) {
      unlessSilent(c);
      const s = await c.open();
      const [a, b] = await probeTwice(c, s, true);
      for (const id of [a.id, b.id]) {
        const n = s.lines.filter((l) => isResponseTo(l.message, id)).length;
        if (n !== 1) c.fail(`request id ${id} got ${n} responses`);
      }
    },
  },
  /**
   * "The server **MUST NOT** write JSON-RPC _requests_ to `stdout`." Server-to-client interactions travel
   * inside InputRequiredResult replies instead.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#receiving-messages
   */
  {
    id: 'framing.no-server-requests',
    stage: 'framing',
    specUrl: `${SPEC_URLS.stdio}#receiving-messages`,
    quote: 'The server MUST NOT write JSON-RPC requests to stdout.',
    level: 'must',
    eras: ['modern', 'legacy'],
    transports: ['stdio'],
    async run(c: CheckContext) {
      unlessSilent(c);
      const s = await c.open();
      const asked = () => s.lines.find((l) => l.message && typeof l.message.method === 'string' && 'id' in l.message);
      let keptOut: string[] = [];
      try {
        await s.request(c.probe());
        if (c.state.era === 'modern') {
          // The requests after which a server is most tempted to ask the client something: its tool calls.
          const tools = toolsOf(await s.request(c.request('tools/list')));
          keptOut = toolsKeptOut(c, tools);
          for (const tool of tools.filter((t) => mayCall(c, t)).slice(0, 8)) {
            try {
              await s.request(c.request('tools/call', { name: tool.name as string, arguments: sampleObject(tool.inputSchema, false) }, FORM_ELICITATION));
            } catch (e) {
              // A slow or crashing tool is judged by later stages; here only a request on stdout counts.
              if (!(e instanceof SessionError) || s.ended || asked()) throw e;
            }
          }
        }
        await s.quiet(c.state.options.quietMs);
      } catch (e) {
        if (!asked()) throw e;
      }
      const line = asked();
      if (line) {
        const method = String(line.message!.method);
        const id = JSON.stringify(line.message!.id);
        c.fail(`the server wrote a JSON-RPC request to stdout (${method}, id ${id}); servers must not send requests: ask with input_required instead. The line: ${JSON.stringify(line.text.slice(0, 200))}`, failure('server-request', { method, id }));
      }
      if (keptOut.length > 0) c.notRun('policy', `no request was seen, but ${keptOut.slice(0, 3).join(', ')}${keptOut.length > 3 ? ` and ${keptOut.length - 3} more` : ''} were not called (not annotated readOnlyHint: true or destructiveHint: false; run with --call-tools all)`);
    },
  },
  /**
   * "Servers **SHOULD** exit promptly when their standard input is closed or reads return end-of-file." The
   * spec names no exit code, so any code is accepted.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#shutdown
   */
  {
    id: 'framing.exit-on-eof',
    stage: 'framing',
    specUrl: `${SPEC_URLS.stdio}#shutdown`,
    quote: 'Servers SHOULD exit promptly when their standard input is closed or reads return end-of-file.',
    level: 'should',
    eras: ['modern', 'legacy'],
    transports: ['stdio'],
    async run(c: CheckContext) {
      unlessSilent(c);
      const s = await c.open();
      await s.request(c.probe());
      const timeout = c.state.options.exitTimeoutMs;
      const r = await s.closeAndWait(timeout);
      if (r.outcome === 'still-running') c.fail(`the server was still running ${timeout} ms after stdin closed`);
    },
  },
];
