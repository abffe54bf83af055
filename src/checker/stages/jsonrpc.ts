/**
 * Stage 2, JSON-RPC errors: -32700 for bad JSON, -32600 for a null id, a
 * batch answered with nothing that is not a valid message, -32601 for an
 * unknown method, and no reply at all to a notification.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes
 */
import type { JsonObject } from '../../protocol/messages.ts';
import { describeReply, errorOf, type CheckContext, type CheckDef, expectErrorCode } from '../define.ts';
import { SPEC_URLS } from '../spec-urls.ts';
import { isResponseTo, SessionError, type Session } from '../session.ts';
import { failure } from '../../protocol/failure.ts';

/**
 * The first stdout line at index `from` or later that is JSON (object or array), parsed without the JSON-RPC
 * shape check (so `"id": null` can be reported). A notification or request of the server's (an object with
 * a `method`) is no answer, so it is passed over.
 */
async function nextJson(s: Session, from: number): Promise<unknown> {
  const line = await s.waitFor((l) => {
    try {
      const v: unknown = JSON.parse(l.text);
      return typeof v === 'object' && v !== null && !(!Array.isArray(v) && typeof (v as JsonObject).method === 'string');
    } catch {
      return false;
    }
  }, undefined, from);
  return JSON.parse(line.text);
}

/** Fails unless `value` is an error object with `code` and without an `id` (unreadable ids are left out; null is not an id). */
function expectIdlessError(c: CheckContext, value: unknown, code: number, what: string): void {
  if (Array.isArray(value)) c.fail(`${what} was answered with a JSON array: ${JSON.stringify(value).slice(0, 200)}`);
  const reply = value as JsonObject;
  expectErrorCode(c, reply, code, what);
  if ('id' in reply && reply.id === null) c.fail(`the error carries "id": null; MCP ids are never null, so an unreadable id is left out`);
}

/** After a bad line, the server must still answer a good request. */
async function stillAnswers(c: CheckContext, s: Session): Promise<void> {
  const ok = c.request('server/discover');
  try {
    await s.request(ok);
  } catch (e) {
    c.fail(`after the bad line the server stopped answering: ${(e as Error).message}`, failure('stopped-answering', {}, e instanceof SessionError ? e.failure : undefined));
  }
}

export const JSONRPC_CHECKS: CheckDef[] = [
  /**
   * "All messages between MCP clients and servers **MUST** follow the JSON-RPC 2.0 specification", whose
   * Parse error is -32700; the id cannot be read, so it is left out: "Error responses **MUST** include the
   * same ID as the request they correspond to (except in error cases where the ID could not be read due a
   * malformed request)."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes
   */
  {
    id: 'jsonrpc.parse-error',
    stage: 'jsonrpc',
    specUrl: SPEC_URLS.errorCodes,
    quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification. / MCP uses the standard JSON-RPC 2.0 error codes (-32700, -32600 to -32603) for general protocol failures.',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      const from = s.lines.length;
      s.send('{"jsonrpc":"2.0","id":1,"method":');
      expectIdlessError(c, await nextJson(s, from), -32700, 'the broken line');
      await stillAnswers(c, s);
    },
  },
  /**
   * "Requests **MUST** include a string or integer ID. Unlike base JSON-RPC, the ID **MUST NOT** be
   * `null`." A request with a null id is invalid; JSON-RPC 2.0's answer to an invalid request is -32600,
   * and an id that is not a valid id is left out of the error.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#requests
   */
  {
    id: 'jsonrpc.null-id',
    stage: 'jsonrpc',
    specUrl: SPEC_URLS.requests,
    quote: 'Requests MUST include a string or integer ID. Unlike base JSON-RPC, the ID MUST NOT be null.',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      const req = { ...c.request('server/discover'), id: null };
      const from = s.lines.length;
      s.send(req);
      expectIdlessError(c, await nextJson(s, from), -32600, 'the request with "id": null');
      await stillAnswers(c, s);
    },
  },
  /**
   * Batches are gone from MCP and the spec says nothing of what a server does with one, so any answer is
   * accepted that breaks no stated rule: whatever the server writes back must itself be a valid MCP message
   * ("The server **MUST NOT** write anything to its `stdout` that is not a valid MCP message": a JSON array
   * is none, nor is an error with `"id": null`), and it keeps serving.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
   */
  {
    id: 'jsonrpc.batch',
    stage: 'jsonrpc',
    specUrl: SPEC_URLS.stdio,
    quote: 'Each message is a single JSON-RPC request, notification, or response. / The server MUST NOT write anything to its stdout that is not a valid MCP message.',
    level: 'must',
    transports: ['stdio'],
    async run(c: CheckContext) {
      const s = await c.open();
      const inner = c.request('server/discover');
      const from = s.lines.length;
      s.send(`[${JSON.stringify(inner)}]`);
      await stillAnswers(c, s);
      await s.quiet(c.state.options.quietMs);
      for (const line of s.lines.slice(from)) {
        let v: unknown;
        try {
          v = JSON.parse(line.text);
        } catch {
          continue; // framing.stdout-only judges lines that are not JSON
        }
        if (Array.isArray(v)) c.fail(`the batch was answered with a JSON array, which is not an MCP message: ${line.text.slice(0, 200)}`);
        if (v && typeof v === 'object' && 'id' in v && (v as JsonObject).id === null) c.fail(`the batch was answered with "id": null; MCP ids are never null, so an unreadable id is left out`);
      }
    },
  },
  /**
   * "Notifications [...] are sent from the client to the server or vice versa, as a one-way message. The
   * receiver **MUST NOT** send a response."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#notifications
   */
  {
    id: 'jsonrpc.notification-silent',
    stage: 'jsonrpc',
    specUrl: SPEC_URLS.notifications,
    quote: 'The receiver MUST NOT send a response.',
    level: 'must',
    transports: ['stdio'],
    async run(c: CheckContext) {
      const s = await c.open();
      s.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'no-such-request', reason: 'checker' } });
      s.send({ jsonrpc: '2.0', method: 'notifications/checker-unknown' });
      const sentinel = c.request('server/discover');
      await s.request(sentinel);
      await s.quiet(c.state.options.quietMs);
      const extra = s.lines.find((l) => l.message && !isResponseTo(l.message, sentinel.id) && ('result' in l.message || 'error' in l.message));
      if (extra) c.fail(`a notification was answered: ${extra.text.slice(0, 200)}`);
    },
  },
  /**
   * JSON-RPC 2.0's -32601 Method not found, which MCP keeps: "MCP uses the standard JSON-RPC 2.0 error codes
   * (`-32700`, `-32600` to `-32603`) for general protocol failures."
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes
   */
  {
    id: 'jsonrpc.unknown-method',
    stage: 'jsonrpc',
    specUrl: SPEC_URLS.errorCodes,
    quote: 'MCP uses the standard JSON-RPC 2.0 error codes (-32700, -32600 to -32603) for general protocol failures.',
    level: 'must',
    async run(c: CheckContext) {
      const s = await c.open();
      const reply = await s.request(c.request('checker/no-such-method'));
      if (!errorOf(reply)) c.fail(`the unknown method was answered with ${describeReply(reply)}`);
      expectErrorCode(c, reply, -32601, 'the unknown method');
    },
  },
];
