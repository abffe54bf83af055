/**
 * plumbing.mjs: the pipes under the toy servers. Nothing here is about the
 * calendar or teaches MCP; read calendar.mjs first and come here only when you
 * want to see how a helper works.
 *
 * In order: JSON-RPC envelopes (parse one line, build replies), stdio line
 * framing, reproducible clocks and bytes, requestState sealing (and keys
 * shared by the processes of one directory), files written atomically, a
 * fetch handler served on a real socket, a date-time check, and the
 * is-main-module test.
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
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

const PLAIN_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * Sorts one line into what it is:
 *   {kind:'request', id, method, params}   a request to answer
 *   {kind:'notification', method, params}  never answered
 *   {kind:'error', error: RpcError, id?}   answer with this error (-32700 or -32600)
 * `text` is the line without its newline; `null` means its bytes were not UTF-8.
 * An integer id too big for a double (beyond 2^53) keeps its exact digits: it
 * comes back as a `JSON.rawJSON` value, which `JSON.stringify` writes byte for
 * byte. Where the JavaScript engine cannot do that, the id is refused with a
 * message saying why. Never throws.
 * @param {string | null} text
 */
export function parseMessage(text) {
  const bigIds = new WeakMap();
  let value;
  try {
    if (text === null) throw new Error('not UTF-8');
    value = JSON.parse(text, function keepBigId(key, v, context) {
      if (key === 'id' && typeof v === 'number' && !Number.isSafeInteger(v)) bigIds.set(this, context?.source);
      return v;
    });
  } catch {
    return { kind: 'error', error: new RpcError(ERR.PARSE_ERROR, 'Parse error: the line is not valid UTF-8 JSON') };
  }
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'an array (batches are not allowed)' : `a JSON ${value === null ? 'null' : typeof value}`;
    return { kind: 'error', error: new RpcError(ERR.INVALID_REQUEST, `Invalid Request: expected one JSON-RPC object, got ${what}`) };
  }
  const hasId = Object.hasOwn(value, 'id');
  let id = typeof value.id === 'string' || Number.isSafeInteger(value.id) ? value.id : undefined;
  let idProblem = '"id" must be a string or an integer';
  const source = bigIds.get(value);
  if (hasId && id === undefined && typeof value.id === 'number') {
    if (source !== undefined && PLAIN_INTEGER.test(source) && typeof JSON.rawJSON === 'function') id = JSON.rawJSON(source);
    else if (Number.isInteger(value.id) || !Number.isFinite(value.id)) {
      idProblem = `"id" ${source ?? value.id} is a number this server cannot echo exactly; send an integer in plain digits, or a string`;
    }
  }
  const invalid = (why) => ({ kind: 'error', id, error: new RpcError(ERR.INVALID_REQUEST, `Invalid Request: ${why}`) });
  if (value.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  if (hasId && id === undefined) return invalid(idProblem);
  if (typeof value.method !== 'string') {
    return invalid(hasId && (Object.hasOwn(value, 'result') || Object.hasOwn(value, 'error'))
      ? 'clients do not send responses to a server'
      : '"method" must be a string');
  }
  if (Object.hasOwn(value, 'params') && !isObject(value.params) && !Array.isArray(value.params)) {
    return invalid('"params" must be an object');
  }
  if (!hasId) return { kind: 'notification', method: value.method, params: value.params };
  return { kind: 'request', id, method: value.method, params: value.params };
}

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

/**
 * Cuts `process.stdin` into lines, whatever the size of its chunks: calls
 * `onLine(text)` for each line (a trailing `\r` dropped; blank lines skipped;
 * `null` for a line that is not UTF-8), then `onEnd()` when stdin ends (a last
 * line without `\n` still counts).
 * @param {(text: string | null) => void} onLine @param {() => void} onEnd
 */
export function readLines(onLine, onEnd) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = [];
  const emit = (bytes) => {
    let text;
    try {
      text = decoder.decode(bytes);
    } catch {
      text = null;
    }
    if (text !== null) {
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.trim() === '') return;
    }
    onLine(text);
  };
  process.stdin.on('data', (chunk) => {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    let nl = bytes.indexOf(10);
    while (nl !== -1) {
      pending.push(bytes.subarray(0, nl));
      emit(Buffer.concat(pending));
      pending = [];
      bytes = bytes.subarray(nl + 1);
      nl = bytes.indexOf(10);
    }
    if (bytes.length > 0) pending.push(bytes);
  });
  process.stdin.on('end', () => {
    if (pending.length > 0) emit(Buffer.concat(pending));
    pending = [];
    onEnd();
  });
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
// requestState: signed, expiring, bound to one request
// ---------------------------------------------------------------------------

/** How long a requestState stays valid: 10 minutes, in ms. */
export const REQUEST_STATE_TTL_MS = 600_000;

let hmacKey;

/**
 * The HMAC-SHA256 key (a Buffer) shared by every process started in the same
 * directory: derived from TOY_SEED, else read from `<state dir>/secret.key`,
 * which the first process to need it creates atomically (every process then
 * reads the file back, so all use the winner's key).
 */
function requestStateKey() {
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
 * process started in the same directory: HMAC-SHA256 of the label under the
 * requestState key (derived from TOY_SEED, else `<state dir>/secret.key`), so
 * one secret file serves every purpose and no two purposes share a key.
 * auth-server.mjs signs access tokens with `sharedKey('access-token')` and
 * protected-calendar.mjs verifies them with the same key.
 * @param {string} label
 */
export function sharedKey(label) {
  return createHmac('sha256', requestStateKey()).update(`toy-shared-key.v1.${label}`).digest();
}

/** JSON with object keys sorted at every level, so equal values give equal text. */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const digestOf = (value) => toBase64url(createHash('sha256').update(canonicalJson(value)).digest());
const mac = (payloadText) => createHmac('sha256', requestStateKey()).update(`toy-request-state.v1.${payloadText}`).digest();

/**
 * Seals a requestState: `base64url(JSON payload) "." base64url(HMAC-SHA256)`,
 * payload `{m: method, n: target, d: digest of arguments, exp: ms}`. Signed,
 * not encrypted: nothing secret goes in.
 * @param {{method: string, target: string, args: unknown}} binding
 */
export function sealRequestState({ method, target, args }) {
  const payload = toBase64url(Buffer.from(JSON.stringify({
    m: method, n: target, d: digestOf(args ?? {}), exp: now() + REQUEST_STATE_TTL_MS,
  }), 'utf8'));
  return `${payload}.${toBase64url(mac(payload))}`;
}

/**
 * Opens a requestState sealed by {@link sealRequestState} and checks it
 * belongs to this request; returns its payload. Throws RpcError -32602 with
 * `data.reason` one of `malformed`, `bad_signature`, `method_mismatch`,
 * `target_mismatch`, `arguments_mismatch`, `expired`.
 * @param {unknown} state @param {{method: string, target: string, args: unknown}} binding
 */
export function openRequestState(state, { method, target, args }) {
  const fail = (reason, why) =>
    new RpcError(ERR.INVALID_PARAMS, `Invalid requestState: ${why}; nothing was done`, { reason });
  if (typeof state !== 'string') throw fail('malformed', 'it must be a string');
  const parts = state.split('.');
  const given = parts.length === 2 ? fromBase64url(parts[1]) : undefined;
  if (given === undefined || fromBase64url(parts[0]) === undefined) throw fail('malformed', 'it is not one this server issued');
  const expected = mac(parts[0]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw fail('bad_signature', 'its signature does not match (was it changed?)');
  }
  let payload;
  try {
    payload = JSON.parse(fromBase64url(parts[0]).toString('utf8'));
  } catch {
    throw fail('malformed', 'its payload is not JSON');
  }
  if (!isObject(payload)) throw fail('malformed', 'its payload is not an object');
  if (payload.m !== method) throw fail('method_mismatch', `it was issued for ${payload.m}, not ${method}`);
  if (payload.n !== target) throw fail('target_mismatch', `it was issued for ${payload.n}, not ${target}`);
  if (payload.d !== digestOf(args ?? {})) throw fail('arguments_mismatch', 'the arguments differ from the ones it was issued for');
  if (typeof payload.exp !== 'number' || now() >= payload.exp) {
    throw fail('expired', `it expired at ${new Date(payload.exp).toISOString()}`);
  }
  return payload;
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
