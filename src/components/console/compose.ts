/**
 * What the Console writes to stdin for what the reader typed. Pure.
 *
 * Every change made to what the reader typed is listed in `changes`, one
 * sentence each, so the transcript shows it beside the sent line.
 *
 * stdio framing (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#stdio): one message per line, no embedded newlines.
 * Pretty JSON is compacted by removing whitespace outside strings, token for
 * token, so the line is what was typed (numbers, key order, escapes and
 * duplicate keys kept). Text that is not valid JSON is still sent, on one
 * line, with a warning: the reader then sees the server's -32700.
 *
 * With `fillMeta`, a request missing the required `_meta` keys
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic)
 * gets them from the RequestBuilder of `src/protocol/`; keys the reader wrote win.
 */
import {
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  RequestBuilder,
  type ClientCapabilities,
  type JsonObject,
} from '../../protocol/index.ts';
import { t } from '../../i18n/index.ts';
import { jsonProblem, jsonProblemText } from '../pure/json-problem.ts';

/** Capabilities the Console declares when it fills in `_meta`: form and URL elicitation (it can show both). */
export const CONSOLE_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} } };

/** The outcome of {@link composeLine}. */
export interface Composed {
  /** The exact line to write (without `"\n"`). */
  line: string;
  /** Set when the text is not valid JSON, or is JSON but not what a client may send; said in one sentence, in the reader's language. */
  warning?: string;
  /** The browser's own (English) words behind {@link Composed.warning}, when it has some: `JSON.parse`'s message. */
  warningDetail?: string;
  /** The parsed message when the text was valid JSON. */
  message?: Record<string, unknown>;
  /** True when `_meta` keys were added. */
  filledMeta: boolean;
  /** What was changed in the typed text to make `line`, one sentence each; empty when `line` is exactly what was typed. */
  changes: string[];
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

/** True for a JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Builds the stdin line for the editor's text.
 * @param text what the reader typed (pretty or not, valid or not).
 * @param options.fillMeta add missing required `_meta` keys to requests (not to notifications, nor to the legacy `initialize`).
 * @param options.builder the builder whose `_meta` is used.
 */
export function composeLine(text: string, options: { fillMeta: boolean; builder: RequestBuilder }): Composed {
  const typed = text.trim();
  const lines = typed.split(/\r\n|\r|\n/).length;
  let parsed: unknown;
  try {
    // Parse what was typed (not a compacted copy), so an error quotes the reader's own text.
    parsed = JSON.parse(typed);
  } catch (e) {
    // Where it stops being JSON, in the reader's words; the browser's English message goes behind it.
    const problem = jsonProblem(typed);
    const why = problem ? jsonProblemText(problem) : t('console.notParse');
    const line = oneLine(text);
    const changes = line !== typed ? [t('console.change.newlines', { lines })] : [];
    const warning = t('console.notJson', { why, typed: JSON.stringify(typed) });
    return { line, warning, ...(e instanceof Error ? { warningDetail: e.message } : {}), filledMeta: false, changes };
  }
  const compact = compactJson(typed);
  const changes: string[] = [];
  if (compact !== typed) changes.push(lines > 1 ? t('console.change.compacted', { lines }) : t('console.change.spaces'));
  if (!isObject(parsed)) {
    return { line: compact, warning: t('console.notObject'), filledMeta: false, changes };
  }
  const message = parsed;
  const isRequest = typeof message.method === 'string' && 'id' in message;
  if (!options.fillMeta || !isRequest || message.method === 'initialize') return { line: compact, message, filledMeta: false, changes };
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  if (META_PROTOCOL_VERSION in meta && META_CLIENT_CAPABILITIES in meta && isObject(message.params)) {
    return { line: compact, message, filledMeta: false, changes };
  }
  // The builder's envelope, with whatever the reader wrote in _meta on top.
  const built = options.builder.request(message.method as string, { ...params, _meta: meta as JsonObject }, { id: message.id as string | number });
  const filled: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(message)) filled[k] = k === 'params' ? built.params : v;
  if (!('params' in message)) {
    filled.params = built.params;
    changes.push(t('console.change.paramsAdded'));
  } else if (!isObject(message.params)) {
    changes.push(t('console.change.paramsReplaced', { was: JSON.stringify(message.params) }));
  }
  changes.push(t('console.change.meta'));
  return { line: JSON.stringify(filled), message: filled, filledMeta: true, changes };
}

/** The highest integer id in a message list plus one (at least `floor`): the next id that cannot collide. */
export function nextFreeId(usedIds: Iterable<unknown>, floor = 1): number {
  let next = floor;
  for (const id of usedIds) if (typeof id === 'number' && Number.isInteger(id) && id >= next) next = id + 1;
  return next;
}
