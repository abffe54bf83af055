/**
 * The client's side of MCP authorization, as pure functions: read a
 * `WWW-Authenticate: Bearer` challenge, list the discovery URLs in the order a
 * client must try them, check an authorization response (`state` and RFC 9207
 * `iss`) before the code goes anywhere, and compute the scopes of a step-up.
 * No network and no storage: the caller fetches and remembers.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization
 *
 * ```ts
 * const challenge = parseBearerChallenge(response.headers.get('www-authenticate'));
 * challenge?.resourceMetadata;            // 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp'
 * authorizationServerMetadataUrls('https://auth.example.com/tenant1');
 * // ['https://auth.example.com/.well-known/oauth-authorization-server/tenant1', ...openid-configuration forms]
 * checkAuthorizationResponse(new URL(callback).searchParams, { expectedIssuer, issParameterSupported: true, expectedState });
 * // { ok: true, code } or { ok: false, reason: 'iss-mismatch', ... }
 * ```
 */

/** A parsed Bearer challenge (RFC 6750 section 3, RFC 9728 section 5.1). Absent parameters are undefined. */
export interface BearerChallenge {
  /** The Protected Resource Metadata URL (`resource_metadata`). */
  resourceMetadata?: string;
  /** The scopes the current operation needs, space-separated (`scope`). */
  scope?: string;
  /** `invalid_request`, `invalid_token`, `insufficient_scope`, or another code; absent when no token was sent. */
  error?: string;
  errorDescription?: string;
  /** Every parameter as sent (names lower-case, quoted values unescaped). */
  params: Record<string, string>;
}

/**
 * Reads the first `Bearer` challenge of a `WWW-Authenticate` value: auth
 * params `name=token` or `name="quoted \"string\""`, separated by commas.
 * Returns undefined when there is no Bearer challenge (no header, another
 * scheme). Never throws.
 * https://datatracker.ietf.org/doc/html/rfc6750#section-3
 */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  const start = /(?:^|,)\s*bearer(?=\s|,|$)/i.exec(header);
  if (!start) return undefined;
  const params: Record<string, string> = {};
  const param = /\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*))\s*(,|$)/y;
  param.lastIndex = start.index + start[0].length;
  for (;;) {
    const at = param.lastIndex;
    const m = param.exec(header);
    if (!m || m.index !== at) break;
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
    if (m[4] === '') break;
  }
  return {
    ...(params.resource_metadata !== undefined ? { resourceMetadata: params.resource_metadata } : {}),
    ...(params.scope !== undefined ? { scope: params.scope } : {}),
    ...(params.error !== undefined ? { error: params.error } : {}),
    ...(params.error_description !== undefined ? { errorDescription: params.error_description } : {}),
    params,
  };
}

/**
 * Where a client looks for a server's Protected Resource Metadata when the
 * 401 named none, in order: the well-known URI with the MCP endpoint's path
 * appended, then the root (the first is left out for an endpoint at `/`).
 * Throws a TypeError when `mcpUrl` is not a URL.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/authorization-server-discovery#protected-resource-metadata-discovery-requirements
 */
export function protectedResourceMetadataUrls(mcpUrl: string): string[] {
  const url = new URL(mcpUrl);
  const path = url.pathname.replace(/\/$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path === '' ? [root] : [`${root}${path}`, root];
}

/**
 * The authorization server metadata URLs for an issuer, in the order a
 * client must try them: with a path, OAuth (path inserted), OpenID Connect
 * (path inserted), OpenID Connect (path appended); without, OAuth then
 * OpenID Connect. Throws a TypeError when `issuer` is not a URL.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/authorization-server-discovery#authorization-server-metadata-discovery
 */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  if (path === '') return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** What the client recorded before sending the reader to the authorization endpoint. */
export interface AuthorizationExpectation {
  /** The `issuer` of the authorization server's validated metadata. */
  expectedIssuer: string;
  /** Its `authorization_response_iss_parameter_supported` (absent counts as false). */
  issParameterSupported: boolean;
  /** The `state` sent with the request, if one was. */
  expectedState?: string;
}

/** The verdict on an authorization response. */
export type AuthorizationResponseCheck =
  | { ok: true; code: string }
  /** The server answered with an error, and it can be trusted: same issuer and state. */
  | { ok: false; reason: 'error'; error: string; errorDescription?: string }
  /**
   * The response must not be acted on at all; with `iss-mismatch` or `iss-missing` not even its
   * `error` may be shown (it may come from another server: a mix-up attack).
   */
  | { ok: false; reason: 'iss-mismatch' | 'iss-missing' | 'state-mismatch' | 'no-code'; detail: string };

/**
 * Checks the query of the redirect back from the authorization endpoint
 * before its code goes to any token endpoint. `iss` first, as MCP's table
 * says: when present it must equal the recorded issuer exactly (simple string
 * comparison, no normalisation); when absent it is a failure only if the
 * metadata promised it. Then `state`, then `error` or `code`. Never throws.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#authorization-response-validation
 */
export function checkAuthorizationResponse(query: URLSearchParams, expect: AuthorizationExpectation): AuthorizationResponseCheck {
  const iss = query.get('iss');
  if (iss !== null && iss !== expect.expectedIssuer) {
    return { ok: false, reason: 'iss-mismatch', detail: `iss is ${iss}, but the request went to ${expect.expectedIssuer}` };
  }
  if (iss === null && expect.issParameterSupported) {
    return { ok: false, reason: 'iss-missing', detail: `${expect.expectedIssuer} says it sends iss (authorization_response_iss_parameter_supported), and this response has none` };
  }
  if (expect.expectedState !== undefined && query.get('state') !== expect.expectedState) {
    return { ok: false, reason: 'state-mismatch', detail: `state is ${query.get('state') ?? '(none)'}, not the ${expect.expectedState} that was sent` };
  }
  const error = query.get('error');
  if (error !== null) {
    const description = query.get('error_description');
    return { ok: false, reason: 'error', error, ...(description !== null ? { errorDescription: description } : {}) };
  }
  const code = query.get('code');
  if (code === null || code === '') return { ok: false, reason: 'no-code', detail: 'the response has neither code nor error' };
  return { ok: true, code };
}

/**
 * The scopes to ask for in a step-up: those asked for before, plus those the
 * challenge names, each once, in that order (space-separated).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#step-up-authorization-flow
 */
export function stepUpScope(previous: string | undefined, challenged: string | undefined): string {
  const words = `${previous ?? ''} ${challenged ?? ''}`.split(/\s+/).filter(Boolean);
  return [...new Set(words)].join(' ');
}
