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
import { parseSse } from '../console/http-exchange.ts';
import { htmlForms } from './html-forms.ts';
import { explainJson, parseJson } from './explain-json.ts';
import { explainChallenges, explainRedirect } from './explain-auth.ts';
import { header, type BodyView, type Explained, type Note, type ResponseFacts } from './response-notes.ts';

export type { BodyView, Explained, Note, NoteField, ResponseFacts, Tone, Words } from './response-notes.ts';

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
