/**
 * Placeholders in replayed messages: `{{requestState}}` and `{{calendar}}`.
 *
 * A recorded `requestState` cannot be replayed: the server signed the one it
 * sent in this run, and https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr says the client echoes that value
 * exactly. So Replay captures values from each live reply and substitutes them
 * into later messages, and shows the reader that it did.
 */

/** Values captured so far, by placeholder name. */
export type ReplayVars = Record<string, string>;

/** One substitution made in a message. */
export interface Substitution {
  name: string;
  value: string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Replaces every `{{name}}` whose value is known. Placeholders sit inside JSON
 * strings, so the value is inserted JSON-escaped (without quotes). Unknown
 * names are left as they are (the server then sees the literal text).
 */
export function substitute(text: string, vars: ReplayVars): { text: string; used: Substitution[] } {
  const used: Substitution[] = [];
  const out = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    if (!used.some((u) => u.name === name)) used.push({ name, value });
    return JSON.stringify(value).slice(1, -1);
  });
  return { text: out, used };
}

/**
 * Captures placeholder values from a reply's `result`: `requestState` (a
 * string) and `structuredContent.calendar` (the handle from `open_calendar`).
 * Returns the names captured; `vars` is updated in place.
 */
export function capture(result: unknown, vars: ReplayVars): string[] {
  const got: string[] = [];
  if (!result || typeof result !== 'object') return got;
  const r = result as Record<string, unknown>;
  if (typeof r.requestState === 'string') {
    vars.requestState = r.requestState;
    got.push('requestState');
  }
  const sc = r.structuredContent as Record<string, unknown> | undefined;
  if (sc && typeof sc === 'object' && typeof sc.calendar === 'string' && !('id' in sc)) {
    vars.calendar = sc.calendar;
    got.push('calendar');
  }
  return got;
}

/** Pretty JSON compacted to the one line stdio needs; text that is not JSON is sent as typed (the server answers -32700). */
export function toLine(text: string): { line: string; valid: boolean } {
  try {
    return { line: JSON.stringify(JSON.parse(text)), valid: true };
  } catch {
    return { line: text.replace(/\r?\n/g, ' '), valid: false };
  }
}
