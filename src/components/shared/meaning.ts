/**
 * The one-line meaning of a line on the wire, as the transcript shows it next
 * to the raw line, e.g. `error -32022 UnsupportedProtocolVersion: server supports 2026-07-28`.
 * Pure: built from the classification of `src/protocol/classify.ts` and the
 * parsed message; knows nothing about the DOM.
 */
import type { Classification } from '../../protocol/classify.ts';
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

function count(result: Record<string, unknown>, key: string, noun: string, field: string): string | undefined {
  const list = result[key];
  if (!Array.isArray(list)) return undefined;
  const names = list
    .slice(0, 4)
    .map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[field] : undefined))
    .filter((x): x is string => typeof x === 'string')
    .map((x) => clip(x, 40).text);
  const more = list.length > names.length ? ', …' : '';
  return `${list.length} ${noun}${list.length === 1 ? '' : 's'}${names.length ? ` (${names.join(', ')}${more})` : ''}`;
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
      return { text: `framing violation: ${c.reason} (stdout must carry only JSON-RPC messages)`, tone: 'warn', link: STDIO_FRAMING_LINK };
    case 'error': {
      let detail = str(c.message);
      if (c.supported) detail = `server supports ${c.supported.join(', ')}`;
      else if (c.requiredCapabilities) detail = `server needs client capabilities ${str(c.requiredCapabilities)}`;
      return { text: `error ${c.code} ${c.name}: ${detail}`, tone: 'error', link: specLinkForError(c.code) };
    }
    case 'input_required': {
      const result = ((message as { result?: Record<string, unknown> })?.result ?? {}) as Record<string, unknown>;
      const reqs = result.inputRequests && typeof result.inputRequests === 'object' ? Object.entries(result.inputRequests as Record<string, unknown>) : [];
      const asks = reqs.map(([k, v]) => {
        const r = (v ?? {}) as { method?: unknown; params?: { mode?: unknown } };
        const mode = r.method === 'elicitation/create' ? ` ${r.params?.mode === 'url' ? 'url' : 'form'}` : '';
        return `${clip(k, 40).text} (${str(r.method)}${mode})`;
      });
      const state = typeof result.requestState === 'string' ? ', with requestState' : '';
      return { text: `input_required: asks for ${asks.length ? asks.join(', ') : 'nothing'}${state}`, tone: 'input', link: MRTR_LINK };
    }
    case 'invalid_result':
      return { text: `invalid result: ${c.label}`, tone: 'warn' };
    case 'notification':
      return { text: `notification ${str(c.method)}`, tone: 'info' };
    case 'request':
      return { text: `server sent a request (${str(c.method)}): servers must not send requests in 2026-07-28`, tone: 'warn' };
    case 'complete': {
      const result = ((message as { result?: Record<string, unknown> })?.result ?? {}) as Record<string, unknown>;
      const legacy = c.assumed ? ' (no resultType: legacy server)' : '';
      return { text: `complete${legacy}: ${summarise(result, requestMethod)}`, tone: 'ok' };
    }
  }
}

function summarise(result: Record<string, unknown>, method?: string): string {
  if (Array.isArray(result.supportedVersions)) return `DiscoverResult, supports ${result.supportedVersions.map(str).join(', ')}`;
  if (typeof result.protocolVersion === 'string') return `InitializeResult, protocol ${str(result.protocolVersion)} (legacy handshake)`;
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
  if (Array.isArray(result.contents)) return `${result.contents.length} content item${result.contents.length === 1 ? '' : 's'}`;
  if (Array.isArray(result.messages)) return `${result.messages.length} prompt message${result.messages.length === 1 ? '' : 's'}`;
  if (Array.isArray(result.content)) {
    const first = result.content[0] as { type?: unknown; text?: unknown } | undefined;
    const text = first && first.type === 'text' ? `: ${str(first.text)}` : '';
    return `${result.isError === true ? 'tool error (isError)' : 'tool result'}${text}`;
  }
  return method ? `result of ${method}` : 'result';
}
