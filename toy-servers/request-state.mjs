/**
 * request-state.mjs: how the calendar seals the `requestState` of a multi
 * round-trip request, and how it checks the one a retry brings back.
 *
 * What it teaches: `requestState` comes back from the client, so it is
 * attacker-controlled input. The spec asks a server to protect it: here it is
 * signed (HMAC-SHA256), bound to one method, one target and one set of
 * arguments, and it expires after 10 minutes. It is signed, not encrypted, so
 * nothing secret goes in; and it is not single use (a replayed retry is
 * accepted again until it expires).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 *
 * A retry whose state fails a check gets -32602 with `data.reason`:
 *   malformed           not two base64url parts, or a payload that is not a JSON object
 *   bad_signature       the payload or the signature was changed
 *   method_mismatch     sealed for another method
 *   target_mismatch     sealed for another tool (or resource, or prompt)
 *   arguments_mismatch  the retry's arguments differ from the first call's
 *   expired             older than 10 minutes (by the clock; TOY_CLOCK freezes it)
 *
 * The key is shared by every process started in the same directory
 * (`.toy-state/secret.key`, or derived from TOY_SEED), so a fresh process can
 * check a state another one sealed.
 */
import { Buffer } from 'node:buffer';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ERR, RpcError, fromBase64url, isObject, now, secretKey, toBase64url } from './plumbing.mjs';

/** How long a requestState stays valid: 10 minutes, in ms. */
export const REQUEST_STATE_TTL_MS = 600_000;

/** JSON with object keys sorted at every level, so equal arguments give equal text. */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const digestOf = (args) => toBase64url(createHash('sha256').update(canonicalJson(args ?? {})).digest());
const mac = (payloadText) => createHmac('sha256', secretKey()).update(`toy-request-state.v1.${payloadText}`).digest();

/**
 * Seals a requestState: `base64url(JSON payload) "." base64url(HMAC-SHA256)`,
 * payload `{m: method, n: target, d: SHA-256 of the arguments, exp: ms since the epoch}`.
 * @param {{method: string, target: string, args: unknown}} binding
 * @returns {string}
 */
export function sealRequestState({ method, target, args }) {
  const payload = toBase64url(Buffer.from(JSON.stringify({ m: method, n: target, d: digestOf(args), exp: now() + REQUEST_STATE_TTL_MS }), 'utf8'));
  return `${payload}.${toBase64url(mac(payload))}`;
}

/**
 * Opens a requestState sealed by {@link sealRequestState} and checks that it
 * belongs to this request; returns its payload. Throws RpcError -32602 with
 * `data.reason` (see the list at the top of this file).
 * @param {unknown} state @param {{method: string, target: string, args: unknown}} binding
 */
export function openRequestState(state, { method, target, args }) {
  const fail = (reason, why) => new RpcError(ERR.INVALID_PARAMS, `Invalid requestState: ${why}; nothing was done`, { reason });
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
  if (payload.d !== digestOf(args)) throw fail('arguments_mismatch', 'the arguments differ from the ones it was issued for');
  if (typeof payload.exp !== 'number' || now() >= payload.exp) throw fail('expired', `it expired at ${new Date(payload.exp).toISOString()}`);
  return payload;
}
