/**
 * What the reader typed in the HttpRequest widget (method, path, headers as
 * `Name: value` lines, body), checked and turned into one request for one
 * server of the page, with `{{name}}` variables filled in from the widget's
 * values (percent-encoded in a query or a form body). Pure: no page, no network; every problem comes back as data (a code
 * and its values) that the widget says in the reader's language, so nothing
 * typed is lost.
 *
 * The syntax checked is HTTP's (RFC 9110, https://www.rfc-editor.org/rfc/rfc9110):
 * a method is a token (§9.1), a field line is `name ":" OWS value OWS` with a
 * token name (§5.1, §5.5); fetch refuses a body on GET and HEAD.
 *
 * ```ts
 * const r = buildRequest({ method: 'GET', path: '/authorize?state={{state}}', headers: '', body: '', target: 'auth-server' },
 *   [{ server: 'auth-server', origin: 'http://127.0.0.1:9000' }], { state: 'xyz' });
 * r.ok && r.request.url;   // 'http://127.0.0.1:9000/authorize?state=xyz'
 * ```
 */

/** What the reader typed, as the widget keeps it (and as a draft survives a reload). */
export interface RequestDraft {
  method: string;
  /** `/path?query`, or an absolute `http(s)://` URL whose origin names the server. */
  path: string;
  /** Field lines, one `Name: value` per line; blank lines are ignored. */
  headers: string;
  body: string;
  /** The server a `/path` goes to: a name of the widget's targets. */
  target: string;
}

/** One server of the page and the origin the widget addresses it by (what `Host` says; the server is never reached over a network). */
export interface Target {
  server: string;
  /** `http(s)://host[:port]`, no path. */
  origin: string;
}

/** A problem with the typed request: a code (the i18n key `httpRequest.problem.<code>`) and the values it names. */
export interface RequestProblem {
  code: 'method' | 'methodForbidden' | 'path' | 'pathSpace' | 'fragment' | 'noServerAt' | 'header' | 'headerName' | 'headerValue' | 'bodyOnGet' | 'variable';
  vars: Record<string, string | number>;
}

/** A request ready to hand to a fetch handler. */
export interface BuiltRequest {
  target: Target;
  method: string;
  url: string;
  /** The field lines as typed (after substitution), in order, names as typed. */
  headers: Array<[string, string]>;
  /** Undefined when the body field is empty. */
  body: string | undefined;
  /** Names of the variables filled in, in order of first use. */
  substituted: string[];
}

/** A token (RFC 9110 §5.6.2): method names and field names. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Methods fetch refuses to send at all (https://fetch.spec.whatwg.org/#forbidden-method). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A `{{name}}` variable: letters, digits, `_`, `-`, `.`. */
const VARIABLE = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** The names of the `{{variables}}` in `text`, each once, in order. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/**
 * `text` with every `{{name}}` replaced by `values[name]`: as it is, or
 * percent-encoded (`encodeURIComponent`) when `encode` is true, for a value
 * that lands in a query or a form-urlencoded body (a scope list has spaces, a
 * redirect URI has `:` and `/`). Names without a non-empty value are
 * collected in `missing` and left as typed.
 */
export function substitute(text: string, values: Readonly<Record<string, string>>, encode = false): { text: string; used: string[]; missing: string[] } {
  const used: string[] = [];
  const missing: string[] = [];
  const out = text.replace(VARIABLE, (whole, name: string) => {
    const v = Object.hasOwn(values, name) ? values[name] : undefined;
    if (v === undefined || v === '') {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    if (!used.includes(name)) used.push(name);
    return encode ? encodeURIComponent(v) : v;
  });
  return { text: out, used, missing };
}

/** The path with its variables filled: as they are before the `?` (a whole URL may come from a value), percent-encoded after it. */
function substitutePath(path: string, values: Readonly<Record<string, string>>): { text: string; used: string[]; missing: string[] } {
  const q = path.indexOf('?');
  if (q === -1) return substitute(path, values);
  const head = substitute(path.slice(0, q), values);
  const query = substitute(path.slice(q), values, true);
  return { text: head.text + query.text, used: [...new Set([...head.used, ...query.used])], missing: [...new Set([...head.missing, ...query.missing])] };
}

/**
 * Field lines as typed: one `Name: value` per line (blank lines skipped).
 * Returns the pairs and a problem per bad line (its 1-based line number and
 * text): no colon, a name that is not a token (a line starting with a space
 * is an obsolete continuation line, refused too), or a value with a control
 * character or a character above U+00FF (fetch cannot carry either).
 */
export function parseHeaderLines(text: string): { headers: Array<[string, string]>; problems: RequestProblem[] } {
  const headers: Array<[string, string]> = [];
  const problems: RequestProblem[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const line = i + 1;
    const colon = raw.indexOf(':');
    if (colon === -1) {
      problems.push({ code: 'header', vars: { line, text: raw } });
      return;
    }
    const name = raw.slice(0, colon);
    const value = raw.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (!TOKEN.test(name)) {
      problems.push({ code: 'headerName', vars: { line, text: raw, name } });
      return;
    }
    const bad = [...value].find((c) => {
      const code = c.codePointAt(0)!;
      return (code < 0x20 && c !== '\t') || code === 0x7f || code > 0xff;
    });
    if (bad !== undefined) {
      problems.push({ code: 'headerValue', vars: { line, name, char: `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` } });
      return;
    }
    headers.push([name, value]);
  });
  return { headers, problems };
}

/** `origin` in the form `URL.origin` gives (`http://127.0.0.1:9000`), or undefined when it is not an http(s) origin. */
export function normalOrigin(origin: string): string | undefined {
  try {
    const u = new URL(origin);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) return undefined;
    return u.origin;
  } catch {
    return undefined;
  }
}

/**
 * Checks `draft` and builds the request it describes, with `values` filling
 * its `{{variables}}` (in the path, the headers and the body; percent-encoded
 * after the path's `?` and in a body sent as
 * `application/x-www-form-urlencoded`). Returns every
 * problem found at once (so the reader fixes them in one go), or the request.
 * Never throws.
 */
export function buildRequest(
  draft: RequestDraft,
  targets: readonly Target[],
  values: Readonly<Record<string, string>>,
): { ok: true; request: BuiltRequest } | { ok: false; problems: RequestProblem[] } {
  const problems: RequestProblem[] = [];
  const method = draft.method.trim();
  if (!TOKEN.test(method)) problems.push({ code: 'method', vars: { method } });
  else if (FORBIDDEN_METHODS.has(method.toUpperCase())) problems.push({ code: 'methodForbidden', vars: { method } });

  const path = substitutePath(draft.path.trim(), values);
  const headers = substitute(draft.headers, values);
  const form = parseHeaderLines(headers.text).headers.some(([k, v]) => k.toLowerCase() === 'content-type' && /^application\/x-www-form-urlencoded\b/i.test(v));
  const body = substitute(draft.body, values, form);
  const missing = [...new Set([...path.missing, ...headers.missing, ...body.missing])];
  if (missing.length) problems.push({ code: 'variable', vars: { names: missing.map((n) => `{{${n}}}`).join(', ') } });

  let target = targets.find((t) => t.server === draft.target) ?? targets[0];
  let url: string | undefined;
  const p = path.text;
  if (/\s/.test(p)) problems.push({ code: 'pathSpace', vars: { path: p } });
  else if (p.includes('#')) problems.push({ code: 'fragment', vars: { path: p } });
  else if (p.startsWith('/')) {
    if (target) url = `${target.origin}${p}`;
  } else if (/^https?:\/\//i.test(p) && !missing.length) {
    let origin: string | undefined;
    try {
      origin = new URL(p).origin;
    } catch {
      origin = undefined;
    }
    const at = origin === undefined ? undefined : targets.find((t) => t.origin === origin);
    if (origin === undefined) problems.push({ code: 'path', vars: { path: p } });
    else if (!at) problems.push({ code: 'noServerAt', vars: { origin, known: targets.map((t) => `${t.origin} (${t.server})`).join(', ') } });
    else {
      target = at;
      url = new URL(p).href;
    }
  } else if (!missing.length || !/^\{\{/.test(p)) problems.push({ code: 'path', vars: { path: p } });

  const lines = parseHeaderLines(headers.text);
  problems.push(...lines.problems);

  const upper = method.toUpperCase();
  if ((upper === 'GET' || upper === 'HEAD') && body.text !== '') problems.push({ code: 'bodyOnGet', vars: { method: upper } });

  if (problems.length || !target || url === undefined) return { ok: false, problems };
  const substituted = [...new Set([...path.used, ...headers.used, ...body.used])];
  return { ok: true, request: { target, method, url, headers: lines.headers, body: body.text === '' ? undefined : body.text, substituted } };
}
