/**
 * What one HTTP response says, for the HttpRequest widget: how its body is
 * shown (JSON, an event stream, HTML source, text), one note per notable
 * thing (a proxy's Via, a Bearer challenge, a redirect with an authorization code, an OAuth
 * error, a token response and its JWT, discovery metadata, JSON-RPC), and
 * the values it hands the reader for the next request (`access_token`,
 * `code`, `issuer`, ...). Pure: notes are i18n keys and values, said by the
 * widget in the reader's language.
 *
 * The rules named follow MCP's authorization
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization)
 * and the RFCs it builds on: 6749 (OAuth errors, the code redirect), 6750
 * (Bearer challenges), 7519 (JWT), 8414 (authorization server metadata),
 * 9207 (`iss`), 9728 (protected resource metadata).
 */
import { t, type StringKey } from '../../i18n/index.ts';
import { jsonProblem, jsonProblemText } from '../pure/json-problem.ts';
import { parseSse, type SseFrame } from '../console/http-exchange.ts';
import { challengeParam, decodeJwt, locationParams, parseChallenges, type DecodedJwt } from './oauth-parts.ts';
import { htmlForms, type HtmlForm } from './html-forms.ts';

/** A sentence of the widget: an i18n key and its values. */
export interface Words {
  key: StringKey;
  vars?: Record<string, string | number>;
}

/** One listed item of a note: a name, its value as received, and what it means. */
export interface NoteField {
  name: string;
  value: string;
  meaning?: Words;
  /** Extra lines about this field (a state or iss comparison). */
  checks?: Array<Words & { tone: Tone }>;
}

export type Tone = 'ok' | 'warn' | 'error' | 'info';

/** One explained thing of a response. */
export interface Note {
  words: Words;
  tone: Tone;
  fields?: NoteField[];
  /** Decoded JWT parts to show (never verified). */
  jwt?: DecodedJwt;
  /** Times of the JWT payload (`exp`, `iat`, `nbf`), as ISO 8601 text. */
  jwtTimes?: string;
  /** The browser's own (English) words behind the note, shown behind a disclosure (a `JSON.parse` message). */
  detail?: string;
}

/** How the body is shown. */
export type BodyView =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'sse'; frames: Array<SseFrame & { json?: unknown }> }
  | { kind: 'html'; forms: HtmlForm[] }
  | { kind: 'text' };

/** A response as the widget read it. */
export interface ResponseFacts {
  status: number;
  /** As the Response has them: lower-case names, in its order. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The body decoded as UTF-8 (as far as it was read). */
  body: string;
  /** The request's URL (a relative Location resolves against it). */
  url: string;
}

/** What a response explains and hands over. */
export interface Explained {
  view: BodyView;
  notes: Note[];
  /** Values for the values table, by name. */
  captures: Array<[string, string]>;
}

const header = (facts: ResponseFacts, name: string): string | undefined => facts.headers.find(([k]) => k === name)?.[1];

/** Known Bearer error codes (RFC 6750 §3.1), each with its sentence. */
const BEARER_ERRORS = new Set(['invalid_token', 'insufficient_scope', 'invalid_request']);
/** Known OAuth error codes (RFC 6749 §4.1.2.1 and §5.2, RFC 8707 §2), each with its sentence. */
const OAUTH_ERRORS = new Set(['invalid_grant', 'invalid_request', 'invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'invalid_target', 'access_denied']);
/** Parameters of a Bearer challenge with a sentence of their own. */
const CHALLENGE_PARAMS = new Set(['resource_metadata', 'scope', 'error', 'error_description', 'realm']);
/** Fields of a token response (RFC 6749 §5.1) with a sentence of their own. */
const TOKEN_FIELDS = ['access_token', 'token_type', 'expires_in', 'scope', 'refresh_token', 'id_token'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `text` parsed as JSON; when it is not JSON, where it stops being JSON in the reader's words (`why`) and the browser's own English message (`detail`). */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; why: string; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const problem = jsonProblem(text);
    return { ok: false, why: problem ? jsonProblemText(problem) : t('console.notParse'), detail: e instanceof Error ? e.message : String(e) };
  }
}

/** The body view and the notes of a JSON object body (OAuth error, token, metadata, JSON-RPC). */
function explainJson(value: unknown, notes: Note[], captures: Array<[string, string]>): void {
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

/** The notes of the `WWW-Authenticate` challenges of a 401 or 403. */
function explainChallenges(facts: ResponseFacts, notes: Note[], captures: Array<[string, string]>): void {
  const value = header(facts, 'www-authenticate');
  if (value === undefined) {
    if (facts.status === 401) notes.push({ words: { key: 'httpRequest.note.noChallenge' }, tone: 'warn' });
    return;
  }
  for (const c of parseChallenges(value)) {
    const status = String(facts.status);
    if (c.token68 !== undefined) {
      notes.push({ words: { key: 'httpRequest.note.challenge68', vars: { status, scheme: c.scheme, value: c.token68 } }, tone: 'warn' });
      continue;
    }
    const fields: NoteField[] = c.params.map(([name, v]) => {
      const lower = name.toLowerCase();
      const field: NoteField = { name, value: v, meaning: { key: CHALLENGE_PARAMS.has(lower) ? (`httpRequest.param.${lower}` as StringKey) : 'httpRequest.param.other' } };
      if (lower === 'error' && BEARER_ERRORS.has(v)) field.checks = [{ key: `httpRequest.bearerError.${v}` as StringKey, tone: 'error' }];
      return field;
    });
    notes.push({ words: { key: 'httpRequest.note.challenge', vars: { status, scheme: c.scheme } }, tone: facts.status === 403 ? 'error' : 'warn', fields });
    if (c.scheme.toLowerCase() === 'bearer') {
      const rm = challengeParam(c, 'resource_metadata');
      const scope = challengeParam(c, 'scope');
      if (rm) captures.push(['resource_metadata', rm]);
      if (scope) captures.push(['scope', scope]);
      if (facts.status === 403 && challengeParam(c, 'error') === 'insufficient_scope') notes.push({ words: { key: 'httpRequest.note.insufficientScope' }, tone: 'warn' });
    }
  }
}

/** The notes of a redirect: where to, and its `code`, `state`, `iss` (or error) compared with the values kept. */
function explainRedirect(facts: ResponseFacts, values: Readonly<Record<string, string>>, notes: Note[], captures: Array<[string, string]>): void {
  const status = String(facts.status);
  const location = header(facts, 'location');
  if (location === undefined) {
    notes.push({ words: { key: 'httpRequest.note.redirectNoLocation', vars: { status } }, tone: 'warn' });
    return;
  }
  const parsed = locationParams(location, facts.url);
  if (!parsed) return;
  const fields: NoteField[] = [];
  const got = new Map(parsed.params);
  for (const [name, v] of parsed.params) {
    const field: NoteField = { name, value: v };
    if (name === 'code' || name === 'state' || name === 'iss') field.meaning = { key: `httpRequest.param.${name}` as StringKey };
    else if (name === 'error') field.meaning = { key: OAUTH_ERRORS.has(v) ? (`httpRequest.oauthError.${v}` as StringKey) : 'httpRequest.param.redirect_error' };
    else if (name === 'error_description') field.meaning = { key: 'httpRequest.param.redirect_error_description' };
    if (name === 'state' && values.state) {
      field.checks = [
        v === values.state ? { key: 'httpRequest.stateMatches', tone: 'ok' } : { key: 'httpRequest.stateDiffers', vars: { got: v, kept: values.state }, tone: 'error' },
      ];
    }
    if (name === 'iss') {
      field.checks = [
        !values.issuer
          ? { key: 'httpRequest.issNoRecord', tone: 'warn' }
          : v === values.issuer
            ? { key: 'httpRequest.issMatches', vars: { issuer: values.issuer }, tone: 'ok' }
            : { key: 'httpRequest.issDiffers', vars: { got: v, issuer: values.issuer }, tone: 'error' },
      ];
    }
    fields.push(field);
  }
  notes.push({ words: { key: 'httpRequest.note.redirect', vars: { status, url: parsed.url } }, tone: got.has('error') ? 'error' : 'info', fields });
  const code = got.get('code');
  if (code) captures.push(['code', code]);
  const state = got.get('state');
  // A state that differs from the one kept is reported, never written over it.
  if (state && (!values.state || values.state === state)) captures.push(['state', state]);
  const iss = got.get('iss');
  if (iss) captures.push(['iss', iss]);
}

/**
 * Explains `facts`, given the values the widget keeps now (`state` and
 * `issuer` are compared with a redirect's). Never throws.
 */
export function explainResponse(facts: ResponseFacts, values: Readonly<Record<string, string>>): Explained {
  const notes: Note[] = [];
  const captures: Array<[string, string]> = [];
  const type = (header(facts, 'content-type') ?? '').toLowerCase();
  let view: BodyView = { kind: facts.body === '' ? 'empty' : 'text' };

  // A proxy names itself in Via (RFC 9110 §7.6.3): what follows is another server's answer, passed on.
  const via = header(facts, 'via');
  if (via !== undefined) notes.push({ words: { key: 'httpRequest.note.via', vars: { via } }, tone: 'warn' });
  if (facts.status === 401 || facts.status === 403) explainChallenges(facts, notes, captures);
  if (facts.status >= 300 && facts.status < 400 && facts.status !== 304) explainRedirect(facts, values, notes, captures);

  if (facts.body !== '') {
    if (type.startsWith('text/event-stream')) {
      const frames = parseSse(facts.body).map((f) => {
        const parsed = f.data ? parseJson(f.data) : undefined;
        return parsed?.ok ? { ...f, json: parsed.value } : f;
      });
      view = { kind: 'sse', frames };
      notes.push({ words: { key: 'httpRequest.note.sse', vars: { n: frames.filter((f) => f.data !== '').length } }, tone: 'info' });
      for (const f of frames) if ('json' in f) explainJson(f.json, notes, captures);
    } else if (type.startsWith('text/html') || (type === '' && /^\s*<(!doctype html|html)\b/i.test(facts.body))) {
      view = { kind: 'html', forms: htmlForms(facts.body) };
      notes.push({ words: { key: 'httpRequest.note.html' }, tone: 'info' });
    } else if (/^application\/([\w.+-]+\+)?json\b/.test(type) || (type === '' && /^\s*[[{]/.test(facts.body))) {
      const parsed = parseJson(facts.body);
      if (parsed.ok) {
        view = { kind: 'json', value: parsed.value };
        explainJson(parsed.value, notes, captures);
      } else if (type) notes.push({ words: { key: 'httpRequest.note.notJson', vars: { why: parsed.why } }, tone: 'warn', detail: parsed.detail });
    }
  } else if (facts.status >= 200 && !(facts.status >= 300 && facts.status < 400)) {
    notes.push({ words: { key: 'httpRequest.note.noBody', vars: { status: String(facts.status) } }, tone: 'info' });
  }

  if (captures.length) notes.push({ words: { key: 'httpRequest.note.captured', vars: { names: [...new Set(captures.map(([n]) => n))].join(', ') } }, tone: 'ok' });
  return { view, notes, captures };
}

/**
 * How the headers the handler received differ from the lines typed: names
 * the browser dropped (forbidden request headers such as `Origin` or
 * `Host`, https://fetch.spec.whatwg.org/#forbidden-request-header) and
 * headers it added (`content-type` for a body sent without one).
 * `typed` as the reader wrote them; `sent` as `Request.headers` has them (lower-case).
 */
export function headerChanges(typed: ReadonlyArray<readonly [string, string]>, sent: ReadonlyArray<readonly [string, string]>): { dropped: string[]; added: Array<[string, string]> } {
  const sentNames = new Set(sent.map(([k]) => k.toLowerCase()));
  const typedNames = new Set(typed.map(([k]) => k.toLowerCase()));
  const dropped = [...new Set(typed.map(([k]) => k).filter((k) => !sentNames.has(k.toLowerCase())))];
  const added = sent.filter(([k]) => !typedNames.has(k.toLowerCase())).map(([k, v]): [string, string] => [k, v]);
  return { dropped, added };
}
