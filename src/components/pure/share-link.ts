/**
 * An exchange shared as a link: which widget and server, the reader's edited
 * source if any, and the exact lines sent and received, carried in a URL's
 * fragment (never sent to any server: a fragment stays in the browser), as
 * JSON compressed with `deflate-raw` (the platform's `CompressionStream`) and
 * written in base64url. The same JSON, uncompressed, is the file offered when
 * an exchange is too large for a link.
 *
 * ```ts
 * const fragment = await encodeExchange(exchange);   // 'share=eJz...'
 * const back = await decodeFragment(fragment);        // { ok: true, exchange } | { ok: false, reason }
 * shareUrl('https://host/base/the-wire/', fragment);  // 'https://host/base/the-wire/#share=...'
 * ```
 *
 * Everything decoded is checked against the shape below before it is used:
 * a line is a string and only ever shown as text. Sizes are in bytes (UTF-8).
 * No DOM: runs in Node as it is.
 */

/** The version of the payload this code writes and reads. */
export const SHARE_VERSION = 1;

/** What starts the fragment (after `#`) of a shared link. */
export const SHARE_PREFIX = 'share=';

/** The longest link offered, whole URL included (bytes): past it, the exchange is offered as a file. */
export const SHARE_URL_LIMIT_BYTES = 32 * 1024;

/** The most JSON a link or a file may unpack to (bytes): a fragment that inflates past it is refused. */
export const SHARE_JSON_LIMIT_BYTES = 1024 * 1024;

/** The most lines an exchange may carry. */
export const SHARE_LINES_LIMIT = 5_000;

/** The widgets an exchange can come from and open in. */
export const SHARE_WIDGETS = ['console', 'probe-flow', 'replay'] as const;

/** One of {@link SHARE_WIDGETS}. */
export type ShareWidget = (typeof SHARE_WIDGETS)[number];

/**
 * One line on the wire: `out` a stdin line (or an HTTP request), `in` a
 * stdout line (or an HTTP response), `err` a stderr chunk; `proc` numbers the
 * process it went to or came from, from 0 in the order they started, so a
 * replay starts as many fresh processes, in the same order.
 */
export interface SharedLine {
  dir: 'out' | 'in' | 'err';
  text: string;
  proc: number;
}

/** A shared exchange (version {@link SHARE_VERSION}). */
export interface SharedExchange {
  v: typeof SHARE_VERSION;
  widget: ShareWidget;
  /** Which widget of that kind on the page: its `id`, else its position among them (`"0"`, `"1"`...). */
  which: string;
  /** The server's registry name, e.g. `calendar`. */
  server: string;
  /** `http` when the lines are HTTP requests and responses; `stdio` otherwise. */
  transport: 'stdio' | 'http';
  /** The reader's edited source of the server, when they ran an edit (absent: the shipped source). */
  source?: string;
  /** Command-line arguments per process (index = `proc`), when a process ran with some. */
  args?: string[][];
  lines: SharedLine[];
}

/** Why a fragment or a file was refused. */
export type ShareRefusal = 'too-large' | 'not-base64' | 'not-deflate' | 'not-json' | 'wrong-version' | 'bad-shape' | 'unknown-server';

/** What decoding gave: the exchange, or why not. */
export type ShareDecoded = { ok: true; exchange: SharedExchange } | { ok: false; reason: ShareRefusal };

const encoder = new TextEncoder();

/** The size of `text` in UTF-8 (bytes). */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** `bytes` in base64url (RFC 4648 section 5), no padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text (padding optional); undefined when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array | 'too-large'> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

/** The exchange as the JSON text of its file (and of its link, before compression). */
export function exchangeJson(exchange: SharedExchange): string {
  return JSON.stringify(exchange);
}

/** The fragment (without `#`) that carries `exchange`: {@link SHARE_PREFIX} then the compressed JSON in base64url. */
export async function encodeExchange(exchange: SharedExchange): Promise<string> {
  const packed = await pipe(encoder.encode(exchangeJson(exchange)), new CompressionStream('deflate-raw'), Number.POSITIVE_INFINITY);
  return SHARE_PREFIX + toBase64Url(packed as Uint8Array);
}

/** `pageUrl` (its own fragment dropped) with `fragment` after `#`. */
export function shareUrl(pageUrl: string, fragment: string): string {
  const at = pageUrl.indexOf('#');
  return `${at < 0 ? pageUrl : pageUrl.slice(0, at)}#${fragment}`;
}

/** True when `url` fits in a link ({@link SHARE_URL_LIMIT_BYTES}). */
export function fitsInLink(url: string): boolean {
  return utf8Bytes(url) <= SHARE_URL_LIMIT_BYTES;
}

/** True when a fragment (with or without `#`) is a shared exchange's, whatever it carries. */
export function isShareFragment(fragment: string): boolean {
  return fragment.replace(/^#/, '').startsWith(SHARE_PREFIX);
}

/**
 * Decodes a fragment (with or without `#`). Never throws: a fragment longer
 * than {@link SHARE_URL_LIMIT_BYTES}, not base64url, not deflate-raw, inflating
 * past {@link SHARE_JSON_LIMIT_BYTES}, not JSON, of another version or of
 * another shape is refused with its reason. `knownServers`, when given, are
 * the server names accepted.
 */
export async function decodeFragment(fragment: string, knownServers?: readonly string[]): Promise<ShareDecoded> {
  const body = fragment.replace(/^#/, '').slice(SHARE_PREFIX.length);
  if (utf8Bytes(body) > SHARE_URL_LIMIT_BYTES) return { ok: false, reason: 'too-large' };
  const bytes = fromBase64Url(body);
  if (!bytes || !bytes.length) return { ok: false, reason: 'not-base64' };
  let json: Uint8Array | 'too-large';
  try {
    json = await pipe(bytes, new DecompressionStream('deflate-raw'), SHARE_JSON_LIMIT_BYTES);
  } catch {
    return { ok: false, reason: 'not-deflate' };
  }
  if (json === 'too-large') return { ok: false, reason: 'too-large' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(json);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  return parseExchange(text, knownServers);
}

/**
 * Reads an exchange from its JSON text (a file's, or an inflated link's).
 * Never throws: refuses text over {@link SHARE_JSON_LIMIT_BYTES}, non-JSON,
 * another version, another shape, or a server not in `knownServers`.
 */
export function parseExchange(text: string, knownServers?: readonly string[]): ShareDecoded {
  if (utf8Bytes(text) > SHARE_JSON_LIMIT_BYTES) return { ok: false, reason: 'too-large' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  return validateExchange(value, knownServers);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/**
 * Checks that `value` is a {@link SharedExchange} and returns a fresh copy
 * holding only its known fields (nothing else a hostile payload carried
 * reaches the page). Refusals: `wrong-version`, `bad-shape`, `too-large`
 * (more than {@link SHARE_LINES_LIMIT} lines), `unknown-server`.
 */
export function validateExchange(value: unknown, knownServers?: readonly string[]): ShareDecoded {
  if (!isRecord(value)) return { ok: false, reason: 'bad-shape' };
  if (value.v !== SHARE_VERSION) return { ok: false, reason: 'wrong-version' };
  const { widget, which, server, transport, source, args, lines } = value;
  if (typeof widget !== 'string' || !(SHARE_WIDGETS as readonly string[]).includes(widget)) return { ok: false, reason: 'bad-shape' };
  if (typeof which !== 'string' || which.length > 200 || typeof server !== 'string' || !/^[a-z0-9-]{1,64}$/.test(server)) return { ok: false, reason: 'bad-shape' };
  if (transport !== 'stdio' && transport !== 'http') return { ok: false, reason: 'bad-shape' };
  if (source !== undefined && typeof source !== 'string') return { ok: false, reason: 'bad-shape' };
  if (args !== undefined && !(Array.isArray(args) && args.every(isStrings))) return { ok: false, reason: 'bad-shape' };
  if (!Array.isArray(lines)) return { ok: false, reason: 'bad-shape' };
  if (lines.length > SHARE_LINES_LIMIT) return { ok: false, reason: 'too-large' };
  const kept: SharedLine[] = [];
  for (const line of lines) {
    if (!isRecord(line) || (line.dir !== 'out' && line.dir !== 'in' && line.dir !== 'err') || typeof line.text !== 'string') return { ok: false, reason: 'bad-shape' };
    if (typeof line.proc !== 'number' || !Number.isInteger(line.proc) || line.proc < 0 || line.proc >= SHARE_LINES_LIMIT) return { ok: false, reason: 'bad-shape' };
    kept.push({ dir: line.dir, text: line.text, proc: line.proc });
  }
  if (knownServers && !knownServers.includes(server)) return { ok: false, reason: 'unknown-server' };
  const exchange: SharedExchange = { v: SHARE_VERSION, widget: widget as ShareWidget, which, server, transport, lines: kept };
  if (source !== undefined) exchange.source = source;
  if (args !== undefined) exchange.args = args.map((a) => [...a]);
  return { ok: true, exchange };
}

/**
 * Numbers processes from 0 in the order their pids first appear, so a shared
 * exchange says "the first process, the second" instead of pids that mean
 * nothing on another machine.
 */
export function processNumbers(): (pid: number) => number {
  const seen = new Map<number, number>();
  return (pid) => {
    let n = seen.get(pid);
    if (n === undefined) seen.set(pid, (n = seen.size));
    return n;
  };
}
