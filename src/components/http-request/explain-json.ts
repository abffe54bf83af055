/**
 * The notes of a JSON body, for the HttpRequest widget's explanation (see
 * ./explain.ts): a JSON-RPC result or error, an OAuth error (RFC 6749
 * §4.1.2.1 and §5.2), a token response (RFC 6749 §5.1) with its JWT (RFC 7519,
 * decoded, never verified), authorization server metadata (RFC 8414) and
 * protected resource metadata (RFC 9728), with the values each hands over.
 * Pure: notes are i18n keys and values.
 */
import { t, type StringKey } from '../../i18n/index.ts';
import { jsonProblem, jsonProblemText } from '../pure/json-problem.ts';
import { decodeJwt } from './oauth-parts.ts';
import type { Note, NoteField } from './response-notes.ts';

/** Known OAuth error codes (RFC 6749 §4.1.2.1 and §5.2, RFC 8707 §2), each with its sentence. */
export const OAUTH_ERRORS = new Set(['invalid_grant', 'invalid_request', 'invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'invalid_target', 'access_denied']);
/** Fields of a token response (RFC 6749 §5.1) with a sentence of their own. */
const TOKEN_FIELDS = ['access_token', 'token_type', 'expires_in', 'scope', 'refresh_token', 'id_token'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `text` parsed as JSON; when it is not JSON, where it stops being JSON in the reader's words (`why`) and the browser's own English message (`detail`). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; why: string; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const problem = jsonProblem(text);
    return { ok: false, why: problem ? jsonProblemText(problem) : t('console.notParse'), detail: e instanceof Error ? e.message : String(e) };
  }
}

/** The body view and the notes of a JSON object body (OAuth error, token, metadata, JSON-RPC). */
export function explainJson(value: unknown, notes: Note[], captures: Array<[string, string]>): void {
  if (!isObject(value)) return;
  if (value.jsonrpc === '2.0') {
    const id = JSON.stringify(value.id ?? null);
    if (isObject(value.error)) {
      notes.push({ words: { key: 'httpRequest.note.jsonRpcError', vars: { id, code: String(value.error.code), message: String(value.error.message ?? '') } }, tone: 'error' });
    } else if ('result' in value) notes.push({ words: { key: 'httpRequest.note.jsonRpcResult', vars: { id } }, tone: 'ok' });
    return;
  }
  if (typeof value.error === 'string') {
    const fields: NoteField[] = [{ name: 'error', value: value.error, meaning: { key: OAUTH_ERRORS.has(value.error) ? (`httpRequest.oauthError.${value.error}` as StringKey) : 'httpRequest.oauthError.other' } }];
    if (typeof value.error_description === 'string') fields.push({ name: 'error_description', value: value.error_description, meaning: { key: 'httpRequest.param.error_description' } });
    notes.push({ words: { key: 'httpRequest.note.oauthError', vars: { error: value.error } }, tone: 'error', fields });
    return;
  }
  if (typeof value.access_token === 'string') {
    const fields: NoteField[] = [];
    for (const name of TOKEN_FIELDS) {
      if (value[name] === undefined) continue;
      fields.push({ name, value: typeof value[name] === 'string' ? (value[name] as string) : JSON.stringify(value[name]), meaning: { key: `httpRequest.field.${name}` as StringKey } });
    }
    notes.push({ words: { key: 'httpRequest.note.token' }, tone: 'ok', fields });
    captures.push(['access_token', value.access_token]);
    if (typeof value.refresh_token === 'string') captures.push(['refresh_token', value.refresh_token]);
    const jwt = decodeJwt(value.access_token);
    if (jwt) {
      const times = (['iat', 'nbf', 'exp'] as const)
        .filter((k) => typeof jwt.payload[k] === 'number' && Number.isFinite(jwt.payload[k]))
        .map((k) => `${k} = ${new Date((jwt.payload[k] as number) * 1000).toISOString()}`);
      notes.push({ words: { key: 'httpRequest.note.jwt' }, tone: 'warn', jwt, ...(times.length ? { jwtTimes: times.join(', ') } : {}) });
    } else notes.push({ words: { key: 'httpRequest.note.opaque' }, tone: 'info' });
    return;
  }
  if (typeof value.issuer === 'string' && (typeof value.authorization_endpoint === 'string' || typeof value.token_endpoint === 'string')) {
    notes.push({ words: { key: 'httpRequest.note.asMetadata', vars: { issuer: value.issuer } }, tone: 'info' });
    captures.push(['issuer', value.issuer]);
    for (const name of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const) {
      if (typeof value[name] === 'string') captures.push([name, value[name] as string]);
    }
    return;
  }
  if (typeof value.resource === 'string' && Array.isArray(value.authorization_servers)) {
    const servers = value.authorization_servers.filter((s): s is string => typeof s === 'string');
    notes.push({ words: { key: 'httpRequest.note.prMetadata', vars: { resource: value.resource, servers: servers.join(', ') } }, tone: 'info' });
    captures.push(['resource', value.resource]);
    if (servers[0]) captures.push(['authorization_server', servers[0]]);
  }
}
