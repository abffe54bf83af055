/**
 * Stage 2, ids that are easy to mangle come back exactly: a string with
 * non-ASCII and quote characters, and an integer beyond 2^53. The integer is
 * judged on the reply's raw text (its exact decimal value), never on what
 * `JSON.parse` makes of it.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic#responses
 */
import type { JsonObject } from '../../protocol/messages.ts';
import type { CheckContext, CheckDef } from '../define.ts';
import { SPEC } from '../spec-urls.ts';

/** A string id with a non-ASCII letter and quote characters (escaped in JSON). */
export const STRING_ID = 'checker-\u00e9-"x"';

/** 2^53 + 2: an integer beyond Number.MAX_SAFE_INTEGER that a double still holds exactly, so any JSON parser reads it right. */
export const BIG_ID = 9007199254740994;

/**
 * The raw text of the top-level member `name` of the JSON object `text` (the last one, as `JSON.parse`
 * keeps it), e.g. `9007199254740994` or `"checker-\u00e9"`; `undefined` when the text is not a JSON object
 * or has no such member. Scans the text; never throws.
 */
export function rawMember(text: string, name: string): string | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  /** Skips one JSON string starting at i (on its opening quote). */
  const skipString = (): boolean => {
    if (text[i] !== '"') return false;
    for (i++; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '"') {
        i++;
        return true;
      }
    }
    return false;
  };
  /** Skips one JSON value starting at i. */
  const skipValue = (): boolean => {
    if (text[i] === '"') return skipString();
    if (text[i] === '{' || text[i] === '[') {
      let depth = 0;
      while (i < text.length) {
        const ch = text[i]!;
        if (ch === '"') {
          if (!skipString()) return false;
          continue;
        }
        if (ch === '{' || ch === '[') depth++;
        if (ch === '}' || ch === ']') depth--;
        i++;
        if (depth === 0) return true;
      }
      return false;
    }
    const m = /^[^,}\]\s]+/.exec(text.slice(i, i + 400));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  ws();
  if (text[i] !== '{') return undefined;
  i++;
  let found: string | undefined;
  for (;;) {
    ws();
    if (text[i] === '}') return found;
    const keyStart = i;
    if (!skipString()) return undefined;
    let key: unknown;
    try {
      key = JSON.parse(text.slice(keyStart, i));
    } catch {
      return undefined;
    }
    ws();
    if (text[i] !== ':') return undefined;
    i++;
    ws();
    const start = i;
    if (!skipValue()) return undefined;
    if (key === name) found = text.slice(start, i);
    ws();
    if (text[i] === ',') i++;
    else if (text[i] === '}') return found;
    else return undefined;
  }
}

/** The exact integer a JSON number token stands for (`9007199254740994`, `9.007199254740994e15`), or `undefined` for another token or a fraction. */
export function exactInteger(token: string): bigint | undefined {
  const m = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (!m) return undefined;
  const digits = `${m[2]}${m[3] ?? ''}`;
  const exp = Number(m[4] ?? 0) - (m[3] ?? '').length;
  if (Math.abs(exp) > 400) return undefined;
  let value = BigInt(digits);
  if (exp >= 0) value *= 10n ** BigInt(exp);
  else {
    const div = 10n ** BigInt(-exp);
    if (value % div !== 0n) return undefined;
    value /= div;
  }
  return m[1] === '-' ? -value : value;
}

/** Whether the raw id text of a reply stands for `sent`: the same string (however escaped), or the same integer (in any JSON notation). */
function sameId(raw: string, sent: string | number): boolean {
  if (typeof sent === 'number') return exactInteger(raw) === BigInt(sent);
  if (!raw.startsWith('"')) return false;
  try {
    return JSON.parse(raw) === sent;
  } catch {
    return false;
  }
}

export const ID_CHECKS: CheckDef[] = [
  /**
   * "Requests **MUST** include a string or integer ID." / "Result responses **MUST** include the same ID as
   * the request they correspond to." / "Error responses **MUST** include the same ID as the request they
   * correspond to [...]". The checker sends a harmless request (server/discover, or ping on a legacy server)
   * under each unusual id and reads the id of the reply from its raw text.
   * https://modelcontextprotocol.io/specification/2026-07-28/basic#responses
   */
  {
    id: 'jsonrpc.id-echo',
    stage: 'jsonrpc',
    specUrl: `${SPEC}/basic#responses`,
    quote: 'Requests MUST include a string or integer ID. / Result responses MUST include the same ID as the request they correspond to. / Error responses MUST include the same ID as the request they correspond to (except in error cases where the ID could not be read due a malformed request).',
    level: 'must',
    eras: ['modern', 'legacy'],
    async run(c: CheckContext) {
      const s = await c.open();
      for (const id of [STRING_ID, BIG_ID]) {
        const request: JsonObject = { ...c.probe(), id };
        const sent = JSON.stringify(id);
        const line = await s.sendAndWaitResponse(JSON.stringify(request));
        const raw = rawMember(line.text, 'id');
        if (raw === undefined) c.fail(`the request with id ${sent} was answered without an id: ${line.text.slice(0, 200)}`);
        if (!sameId(raw, id)) c.fail(`the request with id ${sent} was answered under id ${raw.slice(0, 80)}`);
      }
    },
  },
];
