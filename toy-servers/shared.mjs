/**
 * shared.mjs: the plumbing every toy server in this folder uses, so that no
 * server repeats it. Read a server first (calendar.mjs is the place to start);
 * come here when it calls something it does not define.
 *
 * What lives here, in reading order:
 *   1. Constants of MCP revision 2026-07-28 (`_meta` keys, error codes).
 *   2. Reproducibility: a clock and a source of random bytes that can be
 *      pinned with environment variables.
 *   3. JSON-RPC: parsing one line into a request, a notification or an error,
 *      and building replies with a fixed key order.
 *   4. The per-request `_meta` checks of a modern (2026-07-28) server and the
 *      dispatcher that applies them to every request on its own.
 *   5. stdio framing: bytes in, lines out, one JSON message per line.
 *   6. requestState: an HMAC-protected, expiring continuation token.
 *   7. Files: atomic writes (temp file + rename) under `.toy-state/`.
 *   8. The calendar: the tool, resource and prompt that calendar.mjs,
 *      noisy.mjs, http.mjs and legacy.mjs all serve, plus the elicitation flow
 *      that calendar-handles.mjs reuses.
 *
 * Environment (read once, at start-up; without them the servers behave normally):
 *   TOY_CLOCK  an ISO 8601 instant, e.g. `2026-09-07T08:00:00Z`. The clock is
 *              FROZEN there: every reading of "now" returns that instant, so
 *              expiry times in requestState and handles are reproducible. To see
 *              something expire, run the next process with a later TOY_CLOCK.
 *   TOY_SEED   any string. Every random byte (calendar handles) and the
 *              requestState HMAC key are derived from it (SHA-256), so two runs
 *              of the same messages write the same bytes. Without it, bytes come
 *              from node:crypto and the key from `.toy-state/secret.key`.
 *   TOY_STATE_DIR  where state files live (default `.toy-state`, relative to the
 *              working directory).
 *   TOY_SLOW_STORE_MS  test hook: when set, {@link writeFileAtomicAsync} writes
 *              its temp file in 64-byte pieces with this many ms between them,
 *              so a test can kill the process in the middle of a write.
 *
 * Imports: only Node built-ins from the subset the in-browser engine provides.
 */
import { Buffer } from 'node:buffer';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import process from 'node:process';

// ---------------------------------------------------------------------------
// 1. Constants
// ---------------------------------------------------------------------------

/** The one protocol revision the modern servers speak. */
export const PROTOCOL_VERSION = '2026-07-28';

/** Reserved `_meta` keys (spec digest section 2). */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
});

/** JSON-RPC and MCP error codes (spec digest section 3). */
export const ERR = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  HEADER_MISMATCH: -32020,
  MISSING_CAPABILITY: -32021,
  UNSUPPORTED_VERSION: -32022,
  /** Resource not found in 2025-11-25 and earlier; only legacy.mjs sends it. */
  LEGACY_RESOURCE_NOT_FOUND: -32002,
});

/**
 * An error that becomes a JSON-RPC error response.
 * `code` is an integer from {@link ERR}; `data` is optional and sent as is.
 */
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

// ---------------------------------------------------------------------------
// 2. Reproducibility: clock and randomness
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
 * `n` bytes for the purpose named by `label`. With TOY_SEED they are
 * SHA-256(seed, label, counter) and therefore the same in every run; without
 * it they come from node:crypto. Returns a Buffer.
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

/** base64url without padding (RFC 4648 section 5), written out by hand so it also works with older Buffer polyfills. */
export function toBase64url(bytes) {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Inverse of {@link toBase64url}; returns undefined for text that is not base64url. */
export function fromBase64url(text) {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

// ---------------------------------------------------------------------------
// 3. JSON-RPC messages
// ---------------------------------------------------------------------------

/**
 * A request id we can echo: a string or an integer (spec: never null, never
 * fractional). Integers must be safe (|n| < 2^53): larger ones do not survive
 * a round trip through every JSON implementation, and the SDK rejects them.
 */
export function readableId(id) {
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : undefined;
}

/**
 * Sorts one line of input into what it is (spec digest section 1):
 *   {kind:'request', id, method, params}   a request to answer
 *   {kind:'notification', method, params}  no reply, ever
 *   {kind:'error', error: RpcError, id?}   reply with this error (-32700 or -32600)
 * `text` is the line without its newline; `null` means its bytes were not UTF-8.
 * Never throws.
 * @param {string | null} text
 */
export function parseMessage(text) {
  let value;
  try {
    if (text === null) throw new Error('not UTF-8');
    value = JSON.parse(text);
  } catch {
    return { kind: 'error', error: new RpcError(ERR.PARSE_ERROR, 'Parse error: the line is not valid UTF-8 JSON') };
  }
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'an array (batches are not allowed)' : `a JSON ${value === null ? 'null' : typeof value}`;
    return { kind: 'error', error: new RpcError(ERR.INVALID_REQUEST, `Invalid Request: expected one JSON-RPC object, got ${what}`) };
  }
  const hasId = Object.hasOwn(value, 'id');
  const id = hasId ? readableId(value.id) : undefined;
  const invalid = (why) => ({ kind: 'error', id, error: new RpcError(ERR.INVALID_REQUEST, `Invalid Request: ${why}`) });
  if (value.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  if (hasId && id === undefined) return invalid('"id" must be a string or an integer');
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

/**
 * A success response, keys in the order `jsonrpc, id, result`.
 * @param {string|number} id @param {object} result
 */
export function resultResponse(id, result) {
  return { jsonrpc: '2.0', id, result };
}

/**
 * An error response, keys in the order `jsonrpc, id, error`; `id` is left out
 * when it could not be read (the schema rejects `"id": null`).
 * @param {string|number|undefined} id @param {RpcError} err
 */
export function errorResponse(id, err) {
  const error = { code: err.code, message: err.message };
  if (err.data !== undefined) error.data = err.data;
  return id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}

/**
 * Runs one request's handler and turns the outcome into a response: the
 * handler's return value becomes the result; an {@link RpcError} becomes that
 * error; anything else becomes -32603 "Internal error" and is logged to stderr
 * (the details stay out of the reply).
 * @param {string} serverName for the log line
 * @param {string|number} id @param {string} method
 * @param {() => object | Promise<object>} run
 */
export async function answerRequest(serverName, id, method, run) {
  try {
    return resultResponse(id, await run());
  } catch (err) {
    if (err instanceof RpcError) return errorResponse(id, err);
    log(`${serverName}: internal error in ${method}: ${err?.stack ?? err}`);
    return errorResponse(id, new RpcError(ERR.INTERNAL_ERROR, 'Internal error'));
  }
}

/** Writes a line to stderr (the only place logs may go on stdio). */
export function log(text) {
  process.stderr.write(`${text}\n`);
}

// ---------------------------------------------------------------------------
// 4. Modern servers: per-request _meta and the dispatcher
// ---------------------------------------------------------------------------

/**
 * Checks `params._meta` of one request on its own (spec digest section 2).
 * Order: protocolVersion present and a string (-32602), protocolVersion is
 * 2026-07-28 (-32022), clientCapabilities present and an object (-32602).
 * Returns `{ version, capabilities }`; throws RpcError.
 * @param {unknown} params
 */
export function checkRequestMeta(params) {
  const meta = isObject(params) ? params._meta : undefined;
  const bad = (key, problem) =>
    new RpcError(ERR.INVALID_PARAMS, `Invalid params: _meta key ${key} is ${problem}`, { key, problem });
  if (!isObject(meta) || !Object.hasOwn(meta, META.protocolVersion)) throw bad(META.protocolVersion, 'missing');
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string') throw bad(META.protocolVersion, 'not a string');
  if (version !== PROTOCOL_VERSION) {
    throw new RpcError(ERR.UNSUPPORTED_VERSION, `Unsupported protocol version: ${version}`, {
      supported: [PROTOCOL_VERSION],
      requested: version,
    });
  }
  if (!Object.hasOwn(meta, META.clientCapabilities)) throw bad(META.clientCapabilities, 'missing');
  const capabilities = meta[META.clientCapabilities];
  if (!isObject(capabilities)) throw bad(META.clientCapabilities, 'not an object');
  return { version, capabilities };
}

/**
 * True when the request's client capabilities allow a form-mode elicitation:
 * `elicitation: {}` (form only) or `elicitation: { form: {...} }` (spec digest section 6).
 * @param {Record<string, unknown>} capabilities
 */
export function supportsFormElicitation(capabilities) {
  const e = capabilities.elicitation;
  if (!isObject(e)) return false;
  if (!Object.hasOwn(e, 'form') && !Object.hasOwn(e, 'url')) return true;
  return isObject(e.form);
}

/** What a request needs when it must ask for form elicitation (sent in `-32021`'s data). */
export const FORM_ELICITATION_REQUIRED = Object.freeze({ elicitation: { form: {} } });

/**
 * @typedef {object} ModernServer
 * @property {(text: string | null) => Promise<object | null>} handleText
 *   one line in, one response object out (null for notifications)
 * @property {(message: ReturnType<typeof parseMessage>) => Promise<object | null>} handleParsed
 */

/**
 * Builds a 2026-07-28 server from its method table.
 *
 * Every request is judged on its own (spec section "Statelessness"): unknown
 * method -> -32601 (that includes `ping`); `initialize` -> -32022 naming the
 * supported versions; then `_meta` is checked ({@link checkRequestMeta}); then
 * the handler runs. A handler returns a result object whose first key is
 * `resultType`; the dispatcher adds `_meta["io.modelcontextprotocol/serverInfo"]`.
 * Handlers may be async and may throw {@link RpcError}; anything else thrown
 * becomes -32603 and is logged to stderr.
 *
 * @param {{ info: {name: string, version: string, title?: string},
 *           handlers: Record<string, (params: Record<string, any>, ctx: {capabilities: Record<string, any>, method: string}) => object | Promise<object>> }} spec
 * @returns {ModernServer}
 */
export function createModernServer({ info, handlers }) {
  async function handleParsed(message) {
    if (message.kind === 'notification') return null;
    if (message.kind === 'error') return errorResponse(message.id, message.error);
    const { id, method } = message;
    return answerRequest(info.name, id, method, async () => {
      if (method === 'initialize') {
        const asked = isObject(message.params) && typeof message.params.protocolVersion === 'string'
          ? message.params.protocolVersion
          : '(none)';
        throw new RpcError(
          ERR.UNSUPPORTED_VERSION,
          `Unsupported protocol version: this server speaks only ${PROTOCOL_VERSION}, with no initialize handshake; send server/discover`,
          { supported: [PROTOCOL_VERSION], requested: asked },
        );
      }
      if (!Object.hasOwn(handlers, method)) throw new RpcError(ERR.METHOD_NOT_FOUND, `Method not found: ${method}`);
      if (Array.isArray(message.params)) throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "params" must be an object');
      const params = message.params ?? {};
      const { capabilities } = checkRequestMeta(params);
      const body = await handlers[method](params, { capabilities, method });
      return { ...body, _meta: { ...body._meta, [META.serverInfo]: info } };
    });
  }
  return { handleParsed, handleText: (text) => handleParsed(parseMessage(text)) };
}

/**
 * The DiscoverResult of a server (spec digest section 4): identity goes in
 * `_meta`, which the dispatcher adds.
 * @param {{capabilities: object, instructions: string, ttlMs?: number}} opts
 */
export function discoverResult({ capabilities, instructions, ttlMs = 3_600_000 }) {
  return {
    resultType: 'complete',
    supportedVersions: [PROTOCOL_VERSION],
    capabilities,
    instructions,
    ttlMs,
    cacheScope: 'public',
  };
}

// ---------------------------------------------------------------------------
// 5. stdio framing
// ---------------------------------------------------------------------------

/**
 * Serves a server on stdin/stdout (spec digest section 7, stdio):
 * - reads `process.stdin` 'data' events, whatever their size, and cuts the
 *   bytes at `\n`; a trailing `\r` is dropped, so `\r\n` works; a line that is
 *   empty or only whitespace is skipped; a line that is not UTF-8 is passed on
 *   as `null` (it becomes -32700);
 * - answers one line at a time, in order, each reply one compact JSON line;
 * - writes `startupLine` to stderr once;
 * - when stdin ends, answers what is left (a last line without `\n` counts)
 *   and exits with code 0.
 * @param {{ handleText: (text: string | null) => Promise<object | null> }} server
 * @param {string} startupLine
 */
export function serveStdio(server, startupLine) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = [];
  let queue = Promise.resolve();

  const answer = (bytes) => {
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
    queue = queue.then(async () => {
      const reply = await server.handleText(text);
      if (reply !== null) process.stdout.write(`${JSON.stringify(reply)}\n`);
    });
  };

  process.stdin.on('data', (chunk) => {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    let nl = bytes.indexOf(10);
    while (nl !== -1) {
      pending.push(bytes.subarray(0, nl));
      answer(Buffer.concat(pending));
      pending = [];
      bytes = bytes.subarray(nl + 1);
      nl = bytes.indexOf(10);
    }
    if (bytes.length > 0) pending.push(bytes);
  });
  process.stdin.on('end', () => {
    if (pending.length > 0) answer(Buffer.concat(pending));
    pending = [];
    queue.then(() => process.stdout.write('', () => process.exit(0)));
  });
  log(startupLine);
}

// ---------------------------------------------------------------------------
// 6. requestState: an opaque, integrity-protected continuation
// ---------------------------------------------------------------------------

/** How long a requestState stays valid: 10 minutes, in ms. */
export const REQUEST_STATE_TTL_MS = 600_000;

let hmacKey;

/**
 * The HMAC-SHA256 key for requestState, shared by every process of a server:
 * derived from TOY_SEED when set, else read from `<state dir>/secret.key`,
 * which the first process to need it creates (32 random bytes, hex, written to
 * a temp file and renamed into place; every process then reads the file back,
 * so all use the winner's key). Returns a Buffer.
 */
export function requestStateKey() {
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

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** base64url SHA-256 of the canonical JSON of `value`. */
export function digestOf(value) {
  return toBase64url(createHash('sha256').update(canonicalJson(value)).digest());
}

function mac(payloadText) {
  return createHmac('sha256', requestStateKey()).update(`toy-request-state.v1.${payloadText}`).digest();
}

/**
 * Seals a requestState (spec digest section 6: attacker-controlled, so
 * integrity-protected and bound to method, target and arguments, with an
 * expiry). Format: `base64url(JSON payload) "." base64url(HMAC-SHA256)`;
 * the payload is `{m: method, n: target name or uri, d: digest of arguments, exp: ms, ...extra}`.
 * It is signed, not encrypted: nothing secret goes in.
 * @param {{method: string, target: string, args: unknown, extra?: object}} binding
 */
export function sealRequestState({ method, target, args, extra = {} }) {
  const payload = toBase64url(Buffer.from(JSON.stringify({
    m: method, n: target, d: digestOf(args ?? {}), exp: now() + REQUEST_STATE_TTL_MS, ...extra,
  }), 'utf8'));
  return `${payload}.${toBase64url(mac(payload))}`;
}

/**
 * Opens a requestState sealed by {@link sealRequestState} and checks that it
 * belongs to this request. Returns the payload object.
 * Throws RpcError -32602 with `data.reason` one of: `malformed`,
 * `bad_signature`, `expired`, `method_mismatch`, `target_mismatch`, `arguments_mismatch`.
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
// 7. Files
// ---------------------------------------------------------------------------

/** Path of a file in the state directory (TOY_STATE_DIR, default `.toy-state` in the working directory). */
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

/** A temp-file name next to `file`, unique within this process and across processes. */
export function tempPathFor(file) {
  return `${file}.${process.pid}.${tmpCounter++}.${randomBytes(4).toString('hex')}.tmp`;
}

/**
 * Writes `text` to `file` atomically: the text goes to a temp file in the same
 * directory, which is then renamed over `file`. A reader sees the old file or
 * the new one, never half of one, even if the process dies mid-write.
 * Creates the directory if needed. Synchronous.
 * @param {string} file @param {string} text
 */
export function writeFileAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = tempPathFor(file);
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/**
 * The async form of {@link writeFileAtomic}, used by the handle store. With
 * TOY_SLOW_STORE_MS set it writes slowly (a test hook, see the top of this file),
 * which makes the window in which a crash leaves only a torn temp file wide.
 * @param {string} file @param {string} text
 */
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
        await new Promise((resolve) => setTimeout(resolve, pause));
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
// 8. The calendar
// ---------------------------------------------------------------------------

/** Two events every calendar starts with (all times UTC). */
export function seedEvents() {
  return [
    { id: 'e1', title: 'Standup', startsAt: '2026-09-07T09:00:00Z' },
    { id: 'e2', title: 'Design review', startsAt: '2026-09-09T15:00:00Z' },
  ];
}

/** Cache hints of the catalog (list) results: the same for everyone for 5 minutes. */
export const CATALOG_CACHE = Object.freeze({ ttlMs: 300_000, cacheScope: 'public' });
/** Cache hints of the week's events: per user, for 1 minute. */
export const WEEK_CACHE = Object.freeze({ ttlMs: 60_000, cacheScope: 'private' });

/** The input schema properties shared by every create_event in this folder. */
export const EVENT_PROPERTIES = Object.freeze({
  title: { type: 'string', minLength: 1, description: 'What the event is called, e.g. "Dentist".' },
  startsAt: {
    type: 'string',
    format: 'date-time',
    description: 'When it starts, ISO 8601 in UTC, e.g. "2026-09-10T08:30:00Z". Leave it out and the server asks the user.',
  },
});

/** Hints for clients: create_event writes, is not idempotent, touches nothing outside the calendar. */
export const CREATE_EVENT_ANNOTATIONS = Object.freeze({
  readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false,
});

/** The calendar's one tool. */
export const CREATE_EVENT_TOOL = Object.freeze({
  name: 'create_event',
  title: 'Create event',
  description: 'Create a calendar event. Writes to the calendar. If startsAt is missing, the server asks the user for it.',
  inputSchema: { type: 'object', properties: EVENT_PROPERTIES, required: ['title'], additionalProperties: false },
  annotations: CREATE_EVENT_ANNOTATIONS,
});

/** The calendar's one resource. */
export const WEEK_RESOURCE = Object.freeze({
  uri: 'calendar://week',
  name: 'week',
  title: 'This week',
  description: 'The events of the calendar, as a JSON array of {id, title, startsAt}.',
  mimeType: 'application/json',
});

/** The calendar's one prompt. */
export const PREPARE_WEEK_PROMPT = Object.freeze({
  name: 'prepare_week',
  title: 'Prepare my week',
  description: 'Plan the week from the calendar.',
  arguments: [{ name: 'focus', description: 'What the plan should favour (default "balance").', required: false }],
});

/** The key under which create_event asks for a start time in `inputRequests`. */
export const WHEN_KEY = 'when';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Normalises an RFC 3339 date-time to UTC, `YYYY-MM-DDTHH:MM:SSZ` (milliseconds
 * kept only when not zero). Returns undefined for anything else, including
 * impossible dates such as February 30th.
 * @param {unknown} text
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

/** A complete tool result (spec digest section 5); `isError` is always present so readers see it. */
export function toolResult(text, { structuredContent, isError = false } = {}) {
  const result = { resultType: 'complete', content: [{ type: 'text', text }] };
  if (structuredContent !== undefined) result.structuredContent = structuredContent;
  result.isError = isError;
  return result;
}

/**
 * Checks a tools/call's `name` and `arguments` against a tool's input schema
 * (the small subset used here: object, string properties, required,
 * additionalProperties:false). Unknown tool -> throws RpcError -32602.
 * Returns `{ tool, args, problem }`, where `problem` is a sentence when the
 * arguments are wrong (the caller turns it into an isError result).
 * @param {Record<string, any>} params @param {ReadonlyArray<any>} tools
 */
export function readToolCall(params, tools) {
  if (typeof params.name !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "name" must be a string');
  const tool = tools.find((t) => t.name === params.name);
  if (!tool) throw new RpcError(ERR.INVALID_PARAMS, `Unknown tool: ${params.name}`);
  const args = params.arguments ?? {};
  if (!isObject(args)) return { tool, args: {}, problem: 'arguments must be an object' };
  const { properties, required = [] } = tool.inputSchema;
  for (const key of Object.keys(args)) {
    if (!Object.hasOwn(properties, key)) return { tool, args, problem: `unknown argument "${key}"` };
    if (typeof args[key] !== 'string') return { tool, args, problem: `"${key}" must be a string` };
    if (properties[key].minLength && args[key].length < properties[key].minLength) return { tool, args, problem: `"${key}" must not be empty` };
    if (properties[key].format === 'date-time' && normaliseDateTime(args[key]) === undefined) {
      return { tool, args, problem: `"${key}" must be an ISO 8601 date-time such as 2026-09-10T08:30:00Z` };
    }
  }
  for (const key of required) if (!Object.hasOwn(args, key)) return { tool, args, problem: `"${key}" is required` };
  return { tool, args, problem: undefined };
}

/** The form elicitation create_event sends for a missing start time: a flat object with one string property, nothing secret. */
export function askForStart(title, retryNote = '') {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: `${retryNote}When should "${title}" start?`,
      requestedSchema: {
        type: 'object',
        properties: {
          startsAt: {
            type: 'string',
            format: 'date-time',
            title: 'Start time',
            description: 'ISO 8601 date and time, e.g. 2026-09-10T08:30:00Z',
          },
        },
        required: ['startsAt'],
      },
    },
  };
}

/**
 * The create_event flow of spec digest section 6 (multi round-trip), shared
 * by calendar.mjs and calendar-handles.mjs. Given a tools/call whose
 * arguments are already valid:
 * - `startsAt` given: create at once;
 * - a `requestState`: verify it (HMAC, tool, arguments, expiry; -32602 if not)
 *   and read `inputResponses.when`: `accept` with a valid date -> create;
 *   `decline`/`cancel` -> a complete result saying nothing was created;
 *   missing or unusable answer -> ask again (new input_required);
 * - otherwise ask: `input_required` with one form elicitation under the key
 *   `when`, if the request declares form elicitation, else -32021 with
 *   `data.requiredCapabilities = {"elicitation":{"form":{}}}`.
 * `create(startsAt)` makes the event (may be async) and returns the tool result.
 * @param {{params: Record<string, any>, capabilities: Record<string, any>, args: Record<string, any>,
 *          create: (startsAt: string) => object | Promise<object>}} call
 */
export async function createEventFlow({ params, capabilities, args, create }) {
  if (args.startsAt !== undefined && !Object.hasOwn(params, 'requestState')) {
    return create(normaliseDateTime(args.startsAt));
  }
  const binding = { method: 'tools/call', target: params.name, args };
  let retryNote = '';
  if (Object.hasOwn(params, 'requestState')) {
    openRequestState(params.requestState, binding);
    if (args.startsAt !== undefined) return create(normaliseDateTime(args.startsAt));
    const answer = isObject(params.inputResponses) ? params.inputResponses[WHEN_KEY] : undefined;
    if (isObject(answer) && (answer.action === 'decline' || answer.action === 'cancel')) {
      return toolResult(`Nothing was created: the request for a start time was ${answer.action === 'decline' ? 'declined' : 'cancelled'}.`);
    }
    if (isObject(answer) && answer.action === 'accept' && isObject(answer.content)) {
      const startsAt = normaliseDateTime(answer.content.startsAt);
      if (startsAt !== undefined) return create(startsAt);
      retryNote = 'That was not a date and time I can use. ';
    }
  }
  if (!supportsFormElicitation(capabilities)) {
    throw new RpcError(
      ERR.MISSING_CAPABILITY,
      'create_event without startsAt needs to ask the user, and this request does not declare form elicitation',
      { requiredCapabilities: FORM_ELICITATION_REQUIRED },
    );
  }
  return {
    resultType: 'input_required',
    inputRequests: { [WHEN_KEY]: askForStart(args.title, retryNote) },
    requestState: sealRequestState(binding),
  };
}

/** The text of prepare_week's one user message. */
export function prepareWeekText(focus, uri = WEEK_RESOURCE.uri) {
  return `Read ${uri} and draft a plan for my week. Focus: ${focus}.`;
}

/**
 * Reads prompts/get arguments: an object of strings (spec digest section 5).
 * Throws RpcError -32602 otherwise.
 */
export function readPromptArgs(params) {
  const args = params.arguments ?? {};
  if (!isObject(args) || Object.values(args).some((v) => typeof v !== 'string')) {
    throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: prompt arguments must be an object of strings');
  }
  return args;
}

/**
 * The method table of the in-memory calendar (2026-07-28), used by
 * calendar.mjs, noisy.mjs and http.mjs. `events` is the array the server
 * keeps; create_event pushes onto it. `onToolCall` (optional) runs just before
 * a tools/call result is returned (noisy.mjs uses it to misbehave).
 * @param {{events: Array<{id: string, title: string, startsAt: string}>, instructions: string, onToolCall?: () => void}} opts
 */
export function calendarHandlers({ events, instructions, onToolCall }) {
  const capabilities = { tools: {}, resources: {}, prompts: {} };
  return {
    'server/discover': () => discoverResult({ capabilities, instructions }),
    'tools/list': () => ({ resultType: 'complete', tools: [CREATE_EVENT_TOOL], ...CATALOG_CACHE }),
    'tools/call': async (params, { capabilities: caps }) => {
      const { args, problem } = readToolCall(params, [CREATE_EVENT_TOOL]);
      const result = problem
        ? toolResult(`create_event failed: ${problem}.`, { isError: true })
        : await createEventFlow({
          params,
          capabilities: caps,
          args,
          create: (startsAt) => {
            const event = { id: `e${events.length + 1}`, title: args.title, startsAt };
            events.push(event);
            return toolResult(`Created ${event.id}: ${event.title} at ${event.startsAt}`, { structuredContent: event });
          },
        });
      onToolCall?.();
      return result;
    },
    'resources/list': () => ({ resultType: 'complete', resources: [WEEK_RESOURCE], ...CATALOG_CACHE }),
    'resources/templates/list': () => ({ resultType: 'complete', resourceTemplates: [], ...CATALOG_CACHE }),
    'resources/read': (params) => {
      if (typeof params.uri !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'Invalid params: "uri" must be a string');
      if (params.uri !== WEEK_RESOURCE.uri) throw new RpcError(ERR.INVALID_PARAMS, 'Resource not found', { uri: params.uri });
      return {
        resultType: 'complete',
        contents: [{ uri: WEEK_RESOURCE.uri, mimeType: 'application/json', text: JSON.stringify(events) }],
        ...WEEK_CACHE,
      };
    },
    'prompts/list': () => ({ resultType: 'complete', prompts: [PREPARE_WEEK_PROMPT], ...CATALOG_CACHE }),
    'prompts/get': (params) => {
      if (params.name !== PREPARE_WEEK_PROMPT.name) {
        throw new RpcError(ERR.INVALID_PARAMS, `Unknown prompt: ${String(params.name)}`);
      }
      const args = readPromptArgs(params);
      return {
        resultType: 'complete',
        description: PREPARE_WEEK_PROMPT.description,
        messages: [{ role: 'user', content: { type: 'text', text: prepareWeekText(args.focus ?? 'balance') } }],
      };
    },
  };
}

/** Instructions the calendar servers return from server/discover. */
export const CALENDAR_INSTRUCTIONS =
  'A toy calendar. Read calendar://week for the events, call create_event to add one, use the prepare_week prompt to plan.';

/**
 * True when this module's importer is the program node was started with
 * (`node toy-servers/http.mjs`), decided without node:url: the file name of
 * `process.argv[1]` is compared with the end of `importMetaUrl`.
 * @param {string} importMetaUrl the caller's `import.meta.url`
 */
export function isMainModule(importMetaUrl) {
  const argv1 = process.argv[1];
  if (!argv1) return false;
  const mainPath = path.resolve(argv1).split(path.sep).join('/');
  const selfPath = decodeURIComponent(importMetaUrl.replace(/^file:\/\//, ''));
  return selfPath === mainPath || selfPath.endsWith(`/${mainPath.replace(/^\//, '')}`);
}
