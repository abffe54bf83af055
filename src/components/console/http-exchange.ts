/**
 * Streamable HTTP by hand (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports): the POST a client builds for one
 * JSON-RPC message, the raw text of a request and a response, and an SSE
 * parser written out in full so the reader can follow it. Pure; no network.
 */

/** The endpoint the Console posts to (http.mjs serves `POST /mcp`). The host is never contacted: the handler runs in the page. */
export const MCP_ENDPOINT = 'http://127.0.0.1/mcp';

/** Methods whose target goes in `Mcp-Name`, and the params field it comes from. */
const NAME_FIELD: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/**
 * A value that can go in a header as it is: visible ASCII (0x21-0x7E) with
 * spaces only between visible characters (RFC 9110 field values; a leading or
 * trailing space would be stripped by every HTTP stack, and control
 * characters, tab included, are not safe).
 */
const PLAIN_SAFE = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

/** The sentinel form itself: a plain value that looks like it must be encoded too, or it would be decoded on arrival. */
const SENTINEL = /^=\?base64\?.*\?=$/s;

/**
 * Encodes a header value as the Streamable HTTP transport's Value Encoding
 * says (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#value-encoding):
 * a value that cannot be sent as plain ASCII (non-ASCII, control characters,
 * leading or trailing whitespace), or that matches the sentinel pattern, is
 * sent as `=?base64?{Base64 of its UTF-8}?=` (markers lowercase, exactly so);
 * anything else as it is. Examples: `" padded "` -> `=?base64?IHBhZGRlZCA=?=`,
 * `"us-west1"` -> `us-west1`. The encoding applies to `Mcp-Name` and
 * `Mcp-Param-{Name}` headers.
 */
export function headerValue(text: string): string {
  if (PLAIN_SAFE.test(text) && !SENTINEL.test(text)) return text;
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `=?base64?${btoa(bin)}?=`;
}

/**
 * The headers of the POST for one message (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports): `Content-Type`,
 * `Accept` (both JSON and SSE), `MCP-Protocol-Version` (= `_meta`'s version,
 * else 2026-07-28), `Mcp-Method` for requests, and `Mcp-Name` for
 * tools/call, resources/read and prompts/get. Ordered as sent. `Mcp-Name`
 * is encoded by {@link headerValue}; `MCP-Protocol-Version` and `Mcp-Method`
 * do not permit the encoding, so an unsafe value there is encoded only so the
 * POST can be sent at all, and the server answers it with `-32020`.
 * @param message the parsed message, or undefined when the body is not JSON (then only the fixed headers).
 */
export function mcpHeaders(message: Record<string, unknown> | undefined): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ['Accept', 'application/json, text/event-stream'],
  ];
  const params = (message?.params && typeof message.params === 'object' ? message.params : {}) as Record<string, unknown>;
  const meta = (params._meta && typeof params._meta === 'object' ? params._meta : {}) as Record<string, unknown>;
  const version = meta['io.modelcontextprotocol/protocolVersion'];
  headers.push(['MCP-Protocol-Version', typeof version === 'string' ? headerValue(version) : '2026-07-28']);
  if (message && typeof message.method === 'string') {
    headers.push(['Mcp-Method', headerValue(message.method)]);
    const field = NAME_FIELD[message.method];
    if (field && typeof params[field] === 'string') headers.push(['Mcp-Name', headerValue(params[field] as string)]);
  }
  return headers;
}

/** The raw text of an HTTP request as it would go on the wire (HTTP/1.1 form). */
export function rawRequest(url: string, headers: Array<[string, string]>, body: string): string {
  const u = new URL(url);
  const lines = [`POST ${u.pathname} HTTP/1.1`, `Host: ${u.host}`, ...headers.map(([k, v]) => `${k}: ${v}`)];
  lines.push(`Content-Length: ${new TextEncoder().encode(body).length}`);
  return `${lines.join('\n')}\n\n${body}`;
}

/** The raw text of a response: status line, headers (as the Response has them, lower-case), blank line, body. */
export function rawResponse(status: number, statusText: string, headers: Array<[string, string]>, body: string): string {
  const reason = statusText || STATUS_TEXT[status] || '';
  return [`HTTP/1.1 ${status} ${reason}`.trimEnd(), ...headers.map(([k, v]) => `${k}: ${v}`)].join('\n') + `\n\n${body}`;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK', 202: 'Accepted', 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 500: 'Internal Server Error',
};

/** One Server-Sent Events frame: the fields of one event, joined as the SSE spec says. */
export interface SseFrame {
  /** `event:` field; `"message"` when absent. */
  event: string;
  /** `data:` lines joined with `"\n"`. */
  data: string;
  id?: string;
  /** Comment lines (starting with `:`) seen in this frame; keep-alives, ignored by clients. */
  comments: string[];
}

/**
 * Parses an SSE body into frames (WHATWG HTML "event stream interpretation",
 * simplified to what MCP uses): lines end with CRLF, LF or CR; a blank line
 * ends a frame; `field: value` (one leading space dropped); `:` starts a
 * comment; frames with no data are dropped (comment-only frames are kept so
 * the reader sees them). One leading U+FEFF (a byte order mark) is ignored:
 * the UTF-8 decode algorithm the spec prescribes strips it from bytes
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation),
 * and a body handed over as text may still carry it.
 */
export function parseSse(body: string): SseFrame[] {
  if (body.startsWith('\uFEFF')) body = body.slice(1);
  const frames: SseFrame[] = [];
  let cur: { event?: string; data: string[]; id?: string; comments: string[] } = { data: [], comments: [] };
  const flush = () => {
    if (cur.data.length || cur.comments.length) {
      const f: SseFrame = { event: cur.event ?? 'message', data: cur.data.join('\n'), comments: cur.comments };
      if (cur.id !== undefined) f.id = cur.id;
      frames.push(f);
    }
    cur = { data: [], comments: [] };
  };
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith(':')) {
      cur.comments.push(line.slice(1).replace(/^ /, ''));
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') cur.data.push(value);
    else if (field === 'event') cur.event = value;
    else if (field === 'id') cur.id = value;
  }
  flush();
  return frames;
}
