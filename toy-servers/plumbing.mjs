/**
 * plumbing.mjs: pipes, taught nowhere: reply builders, a line's JSON and the id a reply can echo, tool calls, one-page lists and tool results, stdout writes, clock and seeded bytes, the shared secret, atomic file writes, a fetch handler on a socket, date-times, is-main-module.
 *
 * Nothing here is one of MCP's ideas: calendar.mjs reads and parses its own
 * lines, create-event.mjs asks its own question, and request-state.mjs seals
 * its own state.
 *
 * Environment (read once, at start-up):
 *   TOY_CLOCK  an ISO 8601 instant; the clock is FROZEN there, so expiry times
 *              are reproducible. Run a later process with a later TOY_CLOCK to
 *              see something expire.
 *   TOY_SEED   any string; random bytes and the requestState key are derived
 *              from it (SHA-256), so the same messages give the same bytes.
 *              Without it, bytes come from node:crypto and the key from
 *              `<state dir>/secret.key`.
 *   TOY_STATE_DIR  where state files live (default `.toy-state` in the working directory).
 *   TOY_SLOW_STORE_MS  test hook: {@link writeFileAtomicAsync} writes its temp
 *              file in 64-byte pieces, pausing this many ms between them.
 *
 * Imports: only the Node built-ins the in-browser Worker engine provides
 * (and node:http, loaded by {@link serveOnLoopback} only when it runs).
 */
import { Buffer } from 'node:buffer';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import process from 'node:process';

// ---------------------------------------------------------------------------
// JSON-RPC envelopes
// ---------------------------------------------------------------------------

/** The JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object). */
export const ERR = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
});

/** An error that becomes a JSON-RPC error response: integer `code`, one-sentence `message`, optional `data`. */
export class RpcError extends Error {
  /** @param {number} code @param {string} message @param {unknown} [data] */
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** True for a plain JSON object (not null, not an array). */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A key for a request id that tells `1` from `"1"` and keeps big integers
 * exact: the id's JSON text.
 * @param {unknown} id
 */
export const idKey = (id) => JSON.stringify(id);

/** A success response, keys in the order `jsonrpc, id, result`. */
export function resultResponse(id, result) {
  return { jsonrpc: '2.0', id, result };
}

/**
 * An error response, keys in the order `jsonrpc, id, error`; `id` is left out
 * when it could not be read. Anything thrown that is not an {@link RpcError}
 * becomes -32603 "Internal error", logged to stderr with `serverName`.
 * @param {unknown} id @param {unknown} err @param {string} [serverName]
 */
export function errorResponse(id, err, serverName = 'server') {
  if (!(err instanceof RpcError)) {
    log(`${serverName}: internal error: ${err?.stack ?? err}`);
    err = new RpcError(ERR.INTERNAL_ERROR, 'Internal error');
  }
  const error = { code: err.code, message: err.message };
  if (err.data !== undefined) error.data = err.data;
  return id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}

/** A notification, keys in the order `jsonrpc, method, params`. */
export function notification(method, params) {
  return { jsonrpc: '2.0', method, params };
}

/**
 * JSON.parse of one line, and the message's "id" as a reply can echo it:
 * `{value, id, idProblem}`, or `{malformed}` when the line is not JSON
 * (`malformed`: where the parser stopped, e.g. ` at position 12`, or '').
 * `id` is a string, a safe integer, or an integer beyond 2^53 written in plain
 * digits (a `JSON.rawJSON` value, written back byte for byte); else it is
 * undefined and `idProblem` is the sentence for a message that has an "id".
 * Never throws. https://www.jsonrpc.org/specification
 * @param {string} text
 */
export function parseJsonLine(text) {
  const bigIds = new WeakMap(); // object -> the source text of its "id", when too big for a double
  let value;
  try {
    value = JSON.parse(text, function (key, v, context) {
      if (key === 'id' && typeof v === 'number' && !Number.isSafeInteger(v)) bigIds.set(this, context?.source);
      return v;
    });
  } catch (e) {
    const where = /\bat position \d+(?: \(line \d+ column \d+\))?/.exec(e.message)?.[0]; // where V8 stopped
    return { malformed: where ? ` ${where}` : '' };
  }
  const id = isObject(value) ? value.id : undefined;
  if (typeof id === 'string' || Number.isSafeInteger(id)) return { value, id };
  const source = isObject(value) ? bigIds.get(value) : undefined;
  const plain = '"id" must be a string or an integer';
  if (typeof id !== 'number') return { value, idProblem: plain };
  if (/^-?(0|[1-9][0-9]*)$/.test(source ?? '') && typeof JSON.rawJSON === 'function') return { value, id: JSON.rawJSON(source) };
  if (!Number.isInteger(id) && Number.isFinite(id)) return { value, idProblem: plain };
  return { value, idProblem: `"id" ${source ?? id} is a number this server cannot echo exactly; send an integer in plain digits, or a string` };
}

// ---------------------------------------------------------------------------
// Tool calls, lists and tool results
// ---------------------------------------------------------------------------

/** A tools/call that breaks CallToolRequest or names an unknown tool is -32602: https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling */
export function findTool(params, tools) {
  if (typeof params.name !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "name" must be a string');
  const tool = tools.find((t) => t.name === params.name);
  if (!tool) throw new RpcError(ERR.INVALID_PARAMS, `Unknown tool: ${params.name}`);
  const args = Object.hasOwn(params, 'arguments') ? params.arguments : {};
  if (!isObject(args)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "arguments" must be an object');
  return { tool, args };
}

/**
 * What in `args` breaks a tool's `inputSchema`, as a sentence for a tool error
 * the model can fix, or undefined. Knows what the toys' schemas use:
 * `additionalProperties: false`, `required`, and string properties with
 * `minLength: 1` or `format: 'date-time'`.
 */
export function schemaProblem(args, { properties, required = [], additionalProperties }) {
  const unknown = additionalProperties === false ? Object.keys(args).find((key) => !Object.hasOwn(properties, key)) : undefined;
  if (unknown !== undefined) return `unknown argument "${unknown}"`;
  for (const [key, rule] of Object.entries(properties)) {
    const value = args[key];
    if (!Object.hasOwn(args, key)) {
      if (required.includes(key)) return `"${key}" is required`;
      continue;
    }
    if (rule.type === 'string' && typeof value !== 'string') return `"${key}" must be a string`;
    if (rule.minLength === 1 && value === '') return `"${key}" must not be empty`;
    if (rule.format === 'date-time' && normaliseDateTime(value) === undefined) return `"${key}" must be an ISO 8601 date-time such as 2026-09-10T08:30:00Z`;
  }
  return undefined;
}

/**
 * A list result on one page, `{resultType: 'complete', ...result}` (the items
 * and the cache hints). Any `cursor` is one this server never issued: -32602.
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination#error-handling
 */
export function onePage(params, result) {
  if (Object.hasOwn(params, 'cursor')) throw new RpcError(ERR.INVALID_PARAMS, `Invalid params: cursor ${JSON.stringify(params.cursor)} is not one this list issued`);
  return { resultType: 'complete', ...result };
}

/** A complete tool result; structured content also as JSON text. https://modelcontextprotocol.io/specification/2026-07-28/server/tools#structured-content */
export function toolResult(text, { structuredContent, isError = false } = {}) {
  const result = { resultType: 'complete', content: [{ type: 'text', text }] };
  if (structuredContent !== undefined) {
    result.content.push({ type: 'text', text: JSON.stringify(structuredContent) });
    result.structuredContent = structuredContent;
  }
  result.isError = isError;
  return result;
}

// ---------------------------------------------------------------------------
// stdio framing
// ---------------------------------------------------------------------------

/** Writes a line to stderr (the only place logs may go on stdio). */
export function log(text) {
  process.stderr.write(`${text}\n`);
}

/** Writes one message to stdout as one line of compact JSON. */
export function writeMessage(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/** Waits for stdout to drain, then exits with code 0. */
export function exitWhenFlushed() {
  process.stdout.write('', () => process.exit(0));
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------
// Reproducibility: clock and bytes
// ---------------------------------------------------------------------------

const FROZEN_CLOCK = parseClock(process.env.TOY_CLOCK);
const SEED = process.env.TOY_SEED;

function parseClock(text) {
  if (text === undefined || text === '') return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new Error(`TOY_CLOCK is not an ISO 8601 time: ${text}`);
  return ms;
}

/** Current time in ms since the epoch; frozen at TOY_CLOCK when that is set. */
export function now() {
  return FROZEN_CLOCK ?? Date.now();
}

/** True when TOY_SEED is set (randomness is derived, not drawn). */
export function isSeeded() {
  return SEED !== undefined;
}

/**
 * `n` bytes (a Buffer) for the purpose named by `label`: SHA-256(seed, label,
 * counter) with TOY_SEED, else from node:crypto.
 * @param {string} label @param {number} n @param {number} [counter]
 */
export function bytesFor(label, n, counter = 0) {
  if (SEED === undefined) return randomBytes(n);
  const out = [];
  for (let block = 0; out.length * 32 < n; block++) {
    out.push(createHash('sha256').update(`${SEED}\u0000${label}\u0000${counter}\u0000${block}`).digest());
  }
  return Buffer.concat(out).subarray(0, n);
}

/** base64url without padding (RFC 4648 section 5), by hand so older Buffer polyfills work too. */
export function toBase64url(bytes) {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Inverse of {@link toBase64url}; undefined for text that is not base64url. */
export function fromBase64url(text) {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

// ---------------------------------------------------------------------------
// The secret shared by the processes of one directory
// ---------------------------------------------------------------------------

let hmacKey;

/**
 * The 32-byte HMAC-SHA256 key (a Buffer) shared by every process started in
 * the same directory: derived from TOY_SEED, else read from
 * `<state dir>/secret.key`, which the first process to need it creates
 * atomically (every process then reads the file back, so all use the
 * winner's key). request-state.mjs signs requestState with it.
 */
export function secretKey() {
  if (hmacKey) return hmacKey;
  if (isSeeded()) {
    hmacKey = createHash('sha256').update(`requestState key\u0000${SEED}`).digest();
    return hmacKey;
  }
  const file = statePath('secret.key');
  let text = readTextIfExists(file);
  if (text === undefined) {
    writeFileAtomic(file, randomBytes(32).toString('hex'));
    text = readTextIfExists(file);
  }
  hmacKey = Buffer.from(text.trim(), 'hex');
  return hmacKey;
}

/**
 * A 32-byte key (a Buffer) for the purpose named by `label`, shared by every
 * process started in the same directory: HMAC-SHA256 of the label under
 * {@link secretKey}, so one secret file serves every purpose and no two
 * purposes share a key. auth-server.mjs signs access tokens with
 * `sharedKey('access-token')` and protected-calendar.mjs verifies them with
 * the same key.
 * @param {string} label
 */
export function sharedKey(label) {
  return createHmac('sha256', secretKey()).update(`toy-shared-key.v1.${label}`).digest();
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

/** Path of a file in the state directory (TOY_STATE_DIR, default `.toy-state`). */
export function statePath(...parts) {
  return path.join(process.env.TOY_STATE_DIR || '.toy-state', ...parts);
}

/** The file's text, or undefined when it does not exist. */
export function readTextIfExists(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err?.code === 'ENOENT') return undefined;
    throw err;
  }
}

let tmpCounter = 0;
const tempPathFor = (file) => `${file}.${process.pid}.${tmpCounter++}.${randomBytes(4).toString('hex')}.tmp`;

/**
 * Writes `text` to `file` atomically (temp file in the same directory, then
 * rename): a reader sees the old file or the new one, never half of one.
 * Creates the directory if needed. Synchronous.
 */
export function writeFileAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = tempPathFor(file);
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/** The async form of {@link writeFileAtomic}; slow under TOY_SLOW_STORE_MS (a test hook). */
export async function writeFileAtomicAsync(file, text) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = tempPathFor(file);
  const pause = Number(process.env.TOY_SLOW_STORE_MS || 0);
  if (pause > 0) {
    const bytes = Buffer.from(text, 'utf8');
    const handle = await fsp.open(tmp, 'w');
    try {
      for (let at = 0; at < bytes.length; at += 64) {
        await handle.write(bytes.subarray(at, at + 64));
        await sleep(pause);
      }
    } finally {
      await handle.close();
    }
  } else {
    await fsp.writeFile(tmp, text);
  }
  await fsp.rename(tmp, file);
}

// ---------------------------------------------------------------------------
// A fetch handler on a real socket
// ---------------------------------------------------------------------------

/** Request headers node:http handles itself, never handed to a fetch handler. */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * Serves a WHATWG fetch handler `(Request) => Promise<Response>` on
 * 127.0.0.1:`port` (0 picks a free one) with node:http, which is loaded here
 * and only when this runs: servers call it only when they are the program, so
 * the browser engines, which import the same files, never load node:http.
 * Each request reaches the handler as `http://127.0.0.1:<port><path>` (the
 * address it was served on, whatever Host the client sent); a client closing
 * the connection aborts the Request's signal. Resolves with that origin once
 * listening.
 * @param {(request: Request) => Promise<Response>} handler @param {number} port
 * @returns {Promise<string>} e.g. `http://127.0.0.1:8080`
 */
export async function serveOnLoopback(handler, port) {
  const { createServer } = await import('node:http');
  let origin = '';
  const httpServer = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(key) && value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const gone = new AbortController(); // the client closing the connection cancels its request
    res.on('close', () => res.writableEnded || gone.abort());
    const response = await handler(new Request(`${origin}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
      signal: gone.signal,
    }));
    // Set-Cookie and other repeated headers are not used by the toys; one value per name is enough.
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${httpServer.address().port}`;
  return origin;
}

// ---------------------------------------------------------------------------
// Dates, and "am I the program?"
// ---------------------------------------------------------------------------

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * An RFC 3339 date-time normalised to UTC, `YYYY-MM-DDTHH:MM:SSZ` (milliseconds
 * kept only when not zero); undefined for anything else, including impossible
 * dates such as February 30th.
 */
export function normaliseDateTime(text) {
  if (typeof text !== 'string') return undefined;
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d
    || probe.getUTCHours() !== h || probe.getUTCMinutes() !== mi || probe.getUTCSeconds() !== s) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/**
 * True when the module whose `import.meta.url` is given is the program node
 * was started with (`node toy-servers/calendar.mjs`), false when another
 * module imported it. Compares the path in `import.meta.url` with
 * `process.argv[1]` (resolved, and with symbolic links followed where the file
 * system can). The in-browser Worker engine sets both the same way Node does:
 * `argv[1]` is the entry's absolute path, and it is absent when a module is
 * only imported for its exports.
 * @param {string} importMetaUrl the caller's `import.meta.url`
 */
export function isMainModule(importMetaUrl) {
  const argv1 = process.argv[1];
  if (!argv1 || !importMetaUrl.startsWith('file://')) return false;
  const self = decodeURIComponent(new URL(importMetaUrl).pathname);
  const main = path.resolve(argv1).split(path.sep).join('/');
  if (self === main || self === `/${main}`) return true;
  try {
    return fs.realpathSync(argv1).split(path.sep).join('/') === self;
  } catch {
    return false;
  }
}
