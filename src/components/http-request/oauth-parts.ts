/**
 * The OAuth pieces of an HTTP response, taken apart for the reader: the
 * challenges of a `WWW-Authenticate` header (RFC 9110 §11.6.1,
 * https://www.rfc-editor.org/rfc/rfc9110#section-11.6.1, with the Bearer
 * parameters of RFC 6750 §3 and RFC 9728 §5.1), the query of a redirect's
 * `Location`, and a JWT's header and payload (RFC 7519), decoded and never
 * verified. Pure; never throws.
 *
 * ```ts
 * parseChallenges('Bearer resource_metadata="http://x/.well-known/oauth-protected-resource", scope="calendar.read"');
 * // [{ scheme: 'Bearer', params: [['resource_metadata', 'http://x/...'], ['scope', 'calendar.read']] }]
 * decodeJwt('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZWFkZXIifQ.sig');   // { header: { alg: 'HS256' }, payload: { sub: 'reader' } }
 * ```
 */

/** One challenge of a `WWW-Authenticate` header. */
export interface Challenge {
  /** The auth-scheme as sent (`Bearer`); compare case-insensitively. */
  scheme: string;
  /** `name=value` parameters in order, names as sent, quoted values unquoted. */
  params: Array<[string, string]>;
  /** A token68 instead of parameters (e.g. `Basic` credentials style), when present. */
  token68?: string;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/**
 * The challenges of a `WWW-Authenticate` value (several may share one
 * header, separated by commas). Parses `scheme [token68 | param *("," param)]`
 * where a param is `token BWS "=" BWS (token | quoted-string)`; a comma
 * followed by a token and a space (not `=`) starts the next challenge.
 * Stops quietly at the first thing it cannot read, keeping what it read.
 */
export function parseChallenges(value: string): Challenge[] {
  const out: Challenge[] = [];
  let i = 0;
  const n = value.length;
  const ws = () => {
    while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
  };
  const token = (): string => {
    const start = i;
    while (i < n && TCHAR.test(value[i]!)) i++;
    return value.slice(start, i);
  };
  const commas = () => {
    ws();
    while (i < n && value[i] === ',') {
      i++;
      ws();
    }
  };
  commas();
  while (i < n) {
    const scheme = token();
    if (!scheme) break;
    const challenge: Challenge = { scheme, params: [] };
    out.push(challenge);
    ws();
    // A token68 (e.g. `Basic dXNlcjpwYXNz`) is the whole rest of the challenge: nothing but a comma or the end follows it.
    const t68 = /^[A-Za-z0-9\-._~+/]+=*/.exec(value.slice(i));
    if (t68 && /^[ \t]*(,|$)/.test(value.slice(i + t68[0].length))) {
      challenge.token68 = t68[0];
      i += t68[0].length;
      commas();
      continue;
    }
    for (;;) {
      ws();
      const save = i;
      const name = token();
      ws();
      if (!name || value[i] !== '=') {
        i = save; // the next challenge's scheme (or the end)
        break;
      }
      i++;
      ws();
      let v = '';
      if (value[i] === '"') {
        i++;
        while (i < n && value[i] !== '"') {
          if (value[i] === '\\' && i + 1 < n) i++;
          v += value[i];
          i++;
        }
        i++; // the closing quote
      } else v = token();
      challenge.params.push([name, v]);
      ws();
      if (value[i] !== ',') break;
      commas();
    }
    commas();
  }
  return out;
}

/** The value of parameter `name` (case-insensitive) in `challenge`, or undefined. */
export function challengeParam(challenge: Challenge, name: string): string | undefined {
  return challenge.params.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}

/** A JWT's two readable parts. */
export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** The signature part as sent (base64url), never checked here. */
  signature: string;
}

/** Bytes of a base64url text (padding optional), or undefined when it is not base64url. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return undefined;
  try {
    const bin = atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.replace(/=+$/, '').length / 4) * 4, '='));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function jsonObjectOf(part: string): Record<string, unknown> | undefined {
  const bytes = fromBase64url(part);
  if (!bytes) return undefined;
  try {
    const v: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A JWS compact JWT's header and payload (RFC 7519 §3: three base64url parts
 * joined by dots, the first two JSON objects), or undefined when `token` is
 * not one (an opaque token). The signature is NOT verified: only the server
 * that holds the key can say whether the token is genuine.
 */
export function decodeJwt(token: string): DecodedJwt | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const header = jsonObjectOf(parts[0]!);
  const payload = jsonObjectOf(parts[1]!);
  if (!header || !payload) return undefined;
  return { header, payload, signature: parts[2]! };
}

/**
 * The query parameters of a redirect's `Location` (resolved against
 * `base`, the request's URL), in order; undefined when it is not a URL.
 * RFC 6749 §4.1.2 puts `code` and `state` there, RFC 9207 `iss`, and
 * §4.1.2.1 `error`, `error_description`, `error_uri`.
 */
export function locationParams(location: string, base: string): { url: string; params: Array<[string, string]> } | undefined {
  try {
    const u = new URL(location, base);
    return { url: u.href, params: [...u.searchParams] };
  } catch {
    return undefined;
  }
}
