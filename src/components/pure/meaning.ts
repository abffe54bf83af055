/**
 * The one-line meaning of a line on the wire, as the transcript shows it next
 * to the raw line, e.g. `error -32022 UnsupportedProtocolVersion: server supports 2026-07-28`.
 * Pure: built from the classification of `src/protocol/classify.ts` and the
 * parsed message; knows nothing about the DOM. The prose comes from
 * src/i18n (area `meaning`) in the language in force; wire terms (error
 * names, methods, field names) are inserted as they are.
 */
import type { Classification } from '../../protocol/index.ts';
import { t, type StringKey } from '../../i18n/index.ts';
import { specLinkForError, STDIO_FRAMING_LINK, MRTR_LINK, type SpecLink } from './spec-links.ts';
import { clip } from './json-tree.ts';

/** What the transcript prints beside a line. `tone` picks the colour; `link` is the spec section. */
export interface Meaning {
  text: string;
  tone: 'ok' | 'error' | 'warn' | 'info' | 'input';
  link?: SpecLink;
}

const MAX = 160;

function str(v: unknown): string {
  return clip(typeof v === 'string' ? v : JSON.stringify(v) ?? String(v), MAX).text;
}

/** The reasons `parseMessageLine` (src/protocol/parse-message.ts) gives, to their strings; an unknown reason is shown as given. */
const VIOLATIONS: Readonly<Record<string, StringKey>> = {
  'empty line': 'meaning.violation.empty',
  'not JSON': 'meaning.violation.notJson',
  'a JSON array (batches are not allowed)': 'meaning.violation.batch',
  'JSON, but not an object': 'meaning.violation.notObject',
  'missing "jsonrpc": "2.0"': 'meaning.violation.noJsonrpc',
  'id is not a string or integer': 'meaning.violation.badId',
  'has both "method" and "result"/"error"': 'meaning.violation.methodAndResult',
  '"params" is not an object': 'meaning.violation.paramsNotObject',
  'has both "result" and "error"': 'meaning.violation.resultAndError',
  'a result without an id': 'meaning.violation.resultNoId',
  '"result" is not an object': 'meaning.violation.resultNotObject',
  '"error" is not an object': 'meaning.violation.errorNotObject',
  'error code is not an integer': 'meaning.violation.codeNotInteger',
  'error message is not a string': 'meaning.violation.messageNotString',
  'neither a request, a notification nor a response': 'meaning.violation.neither',
};

/** A framing violation's reason in the language in force. */
export function violationText(reason: string): string {
  const key = VIOLATIONS[reason];
  return key ? t(key) : reason;
}

/** Singular and plural nouns of the lists a result may carry. */
const NOUNS: Readonly<Record<string, [StringKey, StringKey]>> = {
  tool: ['meaning.noun.tool', 'meaning.noun.tools'],
  resource: ['meaning.noun.resource', 'meaning.noun.resources'],
  template: ['meaning.noun.template', 'meaning.noun.templates'],
  prompt: ['meaning.noun.prompt', 'meaning.noun.prompts'],
};

function count(result: Record<string, unknown>, key: string, noun: string, field: string): string | undefined {
  const list = result[key];
  if (!Array.isArray(list)) return undefined;
  const names = list
    .slice(0, 4)
    .map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[field] : undefined))
    .filter((x): x is string => typeof x === 'string')
    .map((x) => clip(x, 40).text);
  const more = list.length > names.length ? ', …' : '';
  const [one, many] = NOUNS[noun]!;
  return t('meaning.count', { count: list.length, noun: t(list.length === 1 ? one : many), names: names.length ? ` (${names.join(', ')}${more})` : '' });
}

/** The detail of an error: what the server said, or what its `data` names; plus what the code itself means when the name alone does not say. */
function errorDetail(c: Extract<Classification, { kind: 'error' }>): string {
  let detail = str(c.message);
  if (c.supported) detail = t('meaning.error.supports', { versions: c.supported.join(', ') });
  else if (c.requiredCapabilities) detail = t('meaning.error.needs', { capabilities: str(c.requiredCapabilities) });
  if (c.code === -32002) return t('meaning.error.legacyNotFound', { detail });
  if (c.name === 'ServerError') return t('meaning.error.serverRange', { detail });
  return detail;
}

/**
 * Describes a server's reply.
 * @param classification from `classifyMessage` (or a framing violation).
 * @param message the parsed message, when the line was JSON-RPC.
 * @param requestMethod the method of the request this reply answers, when known (e.g. `"tools/list"`).
 */
export function describeReply(classification: Classification, message?: unknown, requestMethod?: string): Meaning {
  const c = classification;
  switch (c.kind) {
    case 'framing_violation':
      return { text: t('meaning.framing', { reason: violationText(c.reason) }), tone: 'warn', link: STDIO_FRAMING_LINK };
    case 'error':
      // The code is printed as sent (no digit grouping): it is a wire value.
      return { text: t('meaning.error', { code: String(c.code), name: c.name, detail: errorDetail(c) }), tone: 'error', link: specLinkForError(c.code) };
    case 'input_required': {
      const result = ((message as { result?: Record<string, unknown> })?.result ?? {}) as Record<string, unknown>;
      const reqs = result.inputRequests && typeof result.inputRequests === 'object' ? Object.entries(result.inputRequests as Record<string, unknown>) : [];
      const asks = reqs.map(([k, v]) => {
        const r = (v ?? {}) as { method?: unknown; params?: { mode?: unknown } };
        const mode = r.method === 'elicitation/create' ? ` ${r.params?.mode === 'url' ? 'url' : 'form'}` : '';
        return `${clip(k, 40).text} (${str(r.method)}${mode})`;
      });
      const key = typeof result.requestState === 'string' ? 'meaning.inputRequired.state' : 'meaning.inputRequired';
      return { text: t(key, { asks: asks.length ? asks.join(', ') : t('meaning.inputRequired.nothing') }), tone: 'input', link: MRTR_LINK };
    }
    case 'invalid_result':
      return { text: t('meaning.invalidResult', { value: str(JSON.stringify(c.resultType) ?? String(c.resultType)) }), tone: 'warn' };
    case 'notification':
      return { text: t('meaning.notification', { method: str(c.method) }), tone: 'info' };
    case 'request':
      return { text: t('meaning.serverRequest', { method: str(c.method) }), tone: 'warn' };
    case 'complete': {
      const result = ((message as { result?: Record<string, unknown> })?.result ?? {}) as Record<string, unknown>;
      const summary = summarise(result, requestMethod);
      if (c.assumed) return { text: t('meaning.completeLegacy', { summary }), tone: 'ok' };
      return { text: t('meaning.complete', { summary }), tone: 'ok' };
    }
  }
}

function summarise(result: Record<string, unknown>, method?: string): string {
  if (Array.isArray(result.supportedVersions)) return t('meaning.discover', { versions: result.supportedVersions.map(str).join(', ') });
  if (typeof result.protocolVersion === 'string') return t('meaning.initialize', { version: str(result.protocolVersion) });
  const lists: Array<[string, string, string]> = [
    ['tools', 'tool', 'name'],
    ['resources', 'resource', 'uri'],
    ['resourceTemplates', 'template', 'uriTemplate'],
    ['prompts', 'prompt', 'name'],
  ];
  for (const [key, noun, field] of lists) {
    const s = count(result, key, noun, field);
    if (s) return s;
  }
  if (Array.isArray(result.contents)) return t(result.contents.length === 1 ? 'meaning.contentItem' : 'meaning.contentItems', { count: result.contents.length });
  if (Array.isArray(result.messages)) return t(result.messages.length === 1 ? 'meaning.promptMessage' : 'meaning.promptMessages', { count: result.messages.length });
  if (Array.isArray(result.content)) {
    const first = result.content[0] as { type?: unknown; text?: unknown } | undefined;
    const text = first && first.type === 'text' ? `: ${str(first.text)}` : '';
    return t(result.isError === true ? 'meaning.toolError' : 'meaning.toolResult', { text });
  }
  return method ? t('meaning.resultOf', { method }) : t('meaning.result');
}
