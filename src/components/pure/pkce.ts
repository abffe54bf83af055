/**
 * PKCE by hand (RFC 7636, https://www.rfc-editor.org/rfc/rfc7636), as MCP
 * clients must use it with the `S256` method
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/security-considerations):
 * a `code_verifier` of 43 to 128 characters from the unreserved set, and its
 * `code_challenge` = BASE64URL(SHA-256(ASCII(code_verifier))) (RFC 7636
 * §4.1-4.2), with every intermediate value kept so a page can show the bytes.
 *
 * Pure: Web Crypto only (`crypto.getRandomValues`, `crypto.subtle`), which
 * browsers and Node both provide as a global, so it runs in either as it is.
 *
 * ```ts
 * const v = generateVerifier();               // 43 characters, e.g. 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
 * (await s256(v)).challenge;                  // 'E9Melhoa2OwvFrEXk5AiXKnp_Df_lfMlbuCzpgDocO8' for that verifier
 * ```
 */

/** The characters a `code_verifier` may use: RFC 7636 §4.1 `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`. */
export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** The shortest and longest `code_verifier` RFC 7636 §4.1 allows, in characters. */
export const VERIFIER_MIN = 43;
export const VERIFIER_MAX = 128;

/** What is wrong with a verifier: too short, too long, or the first character outside {@link UNRESERVED} (its index). */
export type VerifierProblem = { kind: 'length'; length: number } | { kind: 'char'; index: number; char: string };

/** The first problem of `verifier` as a `code_verifier` (RFC 7636 §4.1), or undefined when it is a valid one. */
export function verifierProblem(verifier: string): VerifierProblem | undefined {
  for (let i = 0; i < verifier.length; i++) {
    if (!UNRESERVED.includes(verifier[i]!)) return { kind: 'char', index: i, char: verifier[i]! };
  }
  if (verifier.length < VERIFIER_MIN || verifier.length > VERIFIER_MAX) return { kind: 'length', length: verifier.length };
  return undefined;
}

/**
 * A fresh `code_verifier` of `length` characters (43 to 128; default 43),
 * each drawn uniformly from the 66 unreserved characters with
 * `crypto.getRandomValues` (bytes of 198 or more are drawn again, so no
 * character is likelier than another). Throws a RangeError for a length
 * outside 43..128.
 */
export function generateVerifier(length = VERIFIER_MIN): string {
  if (!Number.isInteger(length) || length < VERIFIER_MIN || length > VERIFIER_MAX) {
    throw new RangeError(`a code_verifier has ${VERIFIER_MIN} to ${VERIFIER_MAX} characters, not ${length}`);
  }
  const limit = 256 - (256 % UNRESERVED.length); // 198: the largest multiple of 66 that fits in a byte
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length))) {
      if (b < limit && out.length < length) out += UNRESERVED[b % UNRESERVED.length];
    }
  }
  return out;
}

/** `bytes` as base64url without padding (RFC 4648 §5, as RFC 7636 Appendix A writes it). */
export function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `bytes` as lowercase hex pairs separated by spaces (`"74 45 ..."`). */
export function hexBytes(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** A random `state` value: `bytes` random bytes (default 16) as base64url. */
export function randomState(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Every step of the S256 transformation of one verifier. */
export interface S256Steps {
  verifier: string;
  /** ASCII(code_verifier): one byte per character. */
  ascii: Uint8Array;
  /** SHA-256 of those bytes: 32 bytes. */
  digest: Uint8Array;
  /** BASE64URL(digest): the `code_challenge`, 43 characters. */
  challenge: string;
}

/**
 * The `S256` code challenge of `verifier` and its steps (RFC 7636 §4.2:
 * `code_challenge = BASE64URL-ENCODE(SHA256(ASCII(code_verifier)))`).
 * Computes whatever it is given (a page shows the challenge of a verifier the
 * reader is still typing); {@link verifierProblem} says whether it is valid.
 * Throws a RangeError when `verifier` has a character above U+007F (ASCII()
 * is undefined for it).
 */
export async function s256(verifier: string): Promise<S256Steps> {
  const ascii = new Uint8Array(verifier.length);
  for (let i = 0; i < verifier.length; i++) {
    const c = verifier.charCodeAt(i);
    if (c > 0x7f) throw new RangeError(`character ${i + 1} of the verifier is not ASCII`);
    ascii[i] = c;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', ascii));
  return { verifier, ascii, digest, challenge: base64url(digest) };
}
