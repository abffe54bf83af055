/**
 * Reads one stdout line as a JSON-RPC message, or says why it is not one.
 *
 * stdio rule (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio): "The server MUST NOT write anything to
 * its stdout that is not a valid MCP message", one message per line, no
 * batches (https://modelcontextprotocol.io/specification/2026-07-28/basic). A line that breaks this is a framing violation:
 * it is reported with its raw text, never thrown.
 */
import type { JsonRpcMessage } from './messages.ts';

/** What a line turned out to be. `raw` is the line exactly as received (without its `"\n"`). */
export type ParsedLine =
  | { ok: true; raw: string; message: JsonRpcMessage }
  | { ok: false; raw: string; violation: string };

/**
 * Parses one line. A trailing `"\r"` (CRLF framing) is tolerated, since it is
 * JSON whitespace. Never throws.
 *
 * Violations, each a short English reason: empty line, not JSON, a JSON array
 * (batch), not an object, wrong or missing `"jsonrpc": "2.0"`, a `null` or
 * fractional id, an object that is neither request, notification nor response.
 */
export function parseMessageLine(raw: string): ParsedLine {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (text.trim() === '') return { ok: false, raw, violation: 'empty line' };
  // Same verdict without an exception when no JSON value can start here (a flood of log lines stays cheap).
  if (!/^\s*(?:[{["\-0-9]|true|false|null)/.test(text)) return { ok: false, raw, violation: 'not JSON' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, raw, violation: 'not JSON' };
  }
  if (Array.isArray(value)) return { ok: false, raw, violation: 'a JSON array (batches are not allowed)' };
  if (value === null || typeof value !== 'object') return { ok: false, raw, violation: 'JSON, but not an object' };
  const why = jsonRpcShapeProblem(value as Record<string, unknown>);
  if (why) return { ok: false, raw, violation: why };
  return { ok: true, raw, message: value as JsonRpcMessage };
}

/** Returns why an object is not a JSON-RPC 2.0 message as MCP uses it, or `undefined` when it is one. */
export function jsonRpcShapeProblem(o: Record<string, unknown>): string | undefined {
  if (o.jsonrpc !== '2.0') return 'missing "jsonrpc": "2.0"';
  const hasId = 'id' in o;
  if (hasId && !isRequestId(o.id)) return 'id is not a string or integer';
  const hasMethod = typeof o.method === 'string';
  const hasResult = 'result' in o;
  const hasError = 'error' in o;
  if (hasMethod) {
    if (hasResult || hasError) return 'has both "method" and "result"/"error"';
    if ('params' in o && (o.params === null || typeof o.params !== 'object' || Array.isArray(o.params))) {
      return '"params" is not an object';
    }
    return undefined;
  }
  if (hasResult && hasError) return 'has both "result" and "error"';
  if (hasResult) {
    if (!hasId) return 'a result without an id';
    if (o.result === null || typeof o.result !== 'object' || Array.isArray(o.result)) return '"result" is not an object';
    return undefined;
  }
  if (hasError) {
    const e = o.error as Record<string, unknown> | null;
    if (e === null || typeof e !== 'object') return '"error" is not an object';
    if (typeof e.code !== 'number' || !Number.isInteger(e.code)) return 'error code is not an integer';
    if (typeof e.message !== 'string') return 'error message is not a string';
    return undefined;
  }
  return 'neither a request, a notification nor a response';
}

/** True for a valid MCP request id: a string or an integer (https://modelcontextprotocol.io/specification/2026-07-28/basic). */
export function isRequestId(v: unknown): v is string | number {
  return typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));
}
