/**
 * The notes of a 401's or 403's `WWW-Authenticate` challenges (RFC 6750
 * Bearer challenges) and of a redirect's `Location` (RFC 6749's code
 * redirect, RFC 9207's `iss`), for the HttpRequest widget's explanation (see
 * ./explain.ts), with the values each hands over. Pure: notes are i18n keys
 * and values.
 */
import type { StringKey } from '../../i18n/index.ts';
import { challengeParam, locationParams, parseChallenges } from './oauth-parts.ts';
import { OAUTH_ERRORS } from './explain-json.ts';
import { header, type Note, type NoteField, type ResponseFacts } from './response-notes.ts';

/** Known Bearer error codes (RFC 6750 §3.1), each with its sentence. */
const BEARER_ERRORS = new Set(['invalid_token', 'insufficient_scope', 'invalid_request']);
/** Parameters of a Bearer challenge with a sentence of their own. */
const CHALLENGE_PARAMS = new Set(['resource_metadata', 'scope', 'error', 'error_description', 'realm']);

/** The notes of the `WWW-Authenticate` challenges of a 401 or 403. */
export function explainChallenges(facts: ResponseFacts, notes: Note[], captures: Array<[string, string]>): void {
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
export function explainRedirect(facts: ResponseFacts, values: Readonly<Record<string, string>>, notes: Note[], captures: Array<[string, string]>): void {
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
