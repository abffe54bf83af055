/**
 * The raw HTTP/1.1 text of a request and the status line of a response, as
 * the HttpRequest widget shows them (RFC 9112 message format,
 * https://www.rfc-editor.org/rfc/rfc9112). The page never opens a socket:
 * this is what the same exchange looks like on the wire. Pure.
 */

/** Reason phrases of the statuses the course's servers use (RFC 9110 §15). */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content',
  301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable',
  409: 'Conflict', 413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 429: 'Too Many Requests',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

/** `HTTP/1.1 401 Unauthorized`: the response's own reason phrase when it has one, else the standard one. */
export function statusLine(status: number, statusText: string): string {
  return `HTTP/1.1 ${status} ${statusText || REASONS[status] || ''}`.trimEnd();
}

/**
 * A request as text: request line (path and query of `url`), `Host`, the
 * headers as given, `Content-Length` when there is a body (its UTF-8 byte
 * count), a blank line, the body.
 */
export function requestText(method: string, url: string, headers: ReadonlyArray<readonly [string, string]>, body: string | undefined): string {
  const u = new URL(url);
  const lines = [`${method} ${u.pathname}${u.search} HTTP/1.1`, `host: ${u.host}`, ...headers.map(([k, v]) => `${k}: ${v}`)];
  if (body !== undefined) lines.push(`content-length: ${new TextEncoder().encode(body).length}`);
  return `${lines.join('\n')}\n\n${body ?? ''}`;
}
