/**
 * What the Console writes to stdin for what the reader typed. Pure.
 *
 * stdio framing (spec digest §7): one message per line, no embedded newlines.
 * Pretty JSON is compacted by removing whitespace outside strings, token for
 * token, so the line is what was typed (numbers, key order, escapes and
 * duplicate keys kept). Text that is not valid JSON is still sent, on one
 * line, with a warning: the reader then sees the server's -32700.
 *
 * With `fillMeta`, a request missing the required `_meta` keys (spec digest §2)
 * gets them from the RequestBuilder of `src/protocol/`; keys the reader wrote win.
 */
import {
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  RequestBuilder,
  type ClientCapabilities,
  type JsonObject,
} from '../../protocol/index.ts';

/** Capabilities the Console declares when it fills in `_meta`: form and URL elicitation (it can show both). */
export const CONSOLE_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} } };

/** The outcome of {@link composeLine}. */
export interface Composed {
  /** The exact line to write (without `"\n"`). */
  line: string;
  /** Set when the text is not valid JSON, or is JSON but not what a client may send; said in one sentence. */
  warning?: string;
  /** The parsed message when the text was valid JSON. */
  message?: Record<string, unknown>;
  /** True when `_meta` keys were added. */
  filledMeta: boolean;
}

/**
 * Removes whitespace outside JSON strings (works on invalid JSON too), then
 * replaces any newline left (inside an unterminated string) with a space, so
 * the result is always one line.
 */
export function compactJson(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\n' || ch === '\r') {
        inString = false; // a raw newline cannot be inside a JSON string; treat it as whitespace
        out += ' ';
        continue;
      }
      out += ch;
      if (ch === '\\' && i + 1 < text.length && text[i + 1] !== '\n') out += text[++i];
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      continue;
    } else out += ch;
  }
  return out;
}

/** Invalid JSON is sent as typed, except that line breaks become spaces (one message, one line). */
export function oneLine(text: string): string {
  return text.trim().replace(/\s*[\r\n]+\s*/g, ' ');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Builds the stdin line for the editor's text.
 * @param text what the reader typed (pretty or not, valid or not).
 * @param options.fillMeta add missing required `_meta` keys to requests (not to notifications, nor to the legacy `initialize`).
 * @param options.builder the builder whose `_meta` is used.
 */
export function composeLine(text: string, options: { fillMeta: boolean; builder: RequestBuilder }): Composed {
  const compact = compactJson(text.trim());
  let parsed: unknown;
  try {
    parsed = JSON.parse(compact);
  } catch (e) {
    const where = e instanceof SyntaxError ? ` (${e.message})` : '';
    return { line: oneLine(text), warning: `This is not valid JSON${where}. It will be sent as typed; expect -32700 Parse error.`, filledMeta: false };
  }
  if (!isObject(parsed)) {
    return { line: compact, warning: 'This is JSON but not a JSON-RPC object; expect -32600 Invalid Request.', filledMeta: false };
  }
  const message = parsed;
  const isRequest = typeof message.method === 'string' && 'id' in message;
  if (!options.fillMeta || !isRequest || message.method === 'initialize') return { line: compact, message, filledMeta: false };
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  if (META_PROTOCOL_VERSION in meta && META_CLIENT_CAPABILITIES in meta && isObject(message.params)) {
    return { line: compact, message, filledMeta: false };
  }
  // The builder's envelope, with whatever the reader wrote in _meta on top.
  const built = options.builder.request(message.method as string, { ...params, _meta: meta as JsonObject }, { id: message.id as string | number });
  const filled: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(message)) filled[k] = k === 'params' ? built.params : v;
  if (!('params' in filled)) filled.params = built.params;
  return { line: JSON.stringify(filled), message: filled, filledMeta: true };
}

/** A template in the menu: `label` for the menu, `text` pretty JSON for the editor. */
export interface Template {
  label: string;
  text: string;
}

/**
 * The menu's templates, pretty-printed, with `id` as their id.
 * With `withMeta`, requests carry the full `_meta` (for when "fill in _meta" is off).
 * @param server picks sensible arguments (legacy gets a legacy `initialize`).
 */
export function templates(id: number, withMeta: boolean, builder: RequestBuilder): Template[] {
  const req = (method: string, params: JsonObject = {}): string => {
    const p = withMeta ? builder.request(method, params, { id }).params : params;
    return JSON.stringify({ jsonrpc: '2.0', id, method, params: p }, null, 2);
  };
  return [
    { label: 'server/discover', text: req('server/discover') },
    { label: 'tools/list', text: req('tools/list') },
    { label: 'resources/list', text: req('resources/list') },
    { label: 'prompts/list', text: req('prompts/list') },
    { label: 'tools/call create_event (no start: asks you)', text: req('tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }) },
    {
      label: 'tools/call create_event (with start)',
      text: req('tools/call', { name: 'create_event', arguments: { title: 'Standup', startsAt: '2026-09-10T08:30:00Z' } }),
    },
    { label: 'resources/read calendar://week', text: req('resources/read', { uri: 'calendar://week' }) },
    { label: 'prompts/get prepare_week', text: req('prompts/get', { name: 'prepare_week', arguments: { focus: 'deep work' } }) },
    {
      label: 'initialize (legacy handshake)',
      text: JSON.stringify(
        {
          jsonrpc: '2.0',
          id,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-by-hand', version: '0.1.0' } },
        },
        null,
        2,
      ),
    },
    { label: 'notifications/initialized (legacy, no reply)', text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }, null, 2) },
    {
      label: 'notifications/cancelled (no reply)',
      text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id - 1, reason: 'changed my mind' } }, null, 2),
    },
  ];
}

/** The highest integer id in a message list plus one (at least `floor`): the next id that cannot collide. */
export function nextFreeId(usedIds: Iterable<unknown>, floor = 1): number {
  let next = floor;
  for (const id of usedIds) if (typeof id === 'number' && Number.isInteger(id) && id >= next) next = id + 1;
  return next;
}

/**
 * The retry of a multi round-trip request (spec digest §6): the original
 * method and params, a new id, `inputResponses`, and the `requestState`
 * echoed exactly (left out when the server gave none). `_meta` is filled in
 * by the builder (the retry needs the full envelope).
 */
export function retryMessage(
  original: Record<string, unknown>,
  id: number,
  inputResponses: Record<string, JsonObject> | undefined,
  requestState: string | undefined,
  builder: RequestBuilder,
): Record<string, unknown> {
  const params = isObject(original.params) ? original.params : {};
  const { inputResponses: _a, requestState: _b, ...rest } = params;
  const next: JsonObject = { ...rest };
  if (inputResponses !== undefined) next.inputResponses = inputResponses;
  if (requestState !== undefined) next.requestState = requestState;
  return builder.request(original.method as string, next, { id }) as unknown as Record<string, unknown>;
}
