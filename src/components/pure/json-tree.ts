/**
 * Turns a JSON value into display nodes for the transcript's collapsible,
 * highlighted JSON view. Pure; the result is rendered as text nodes only.
 *
 * Long strings are cut for display (`truncated` says by how much) so a
 * hostile 100 KB description does not flood the page; the raw line stays
 * available unabridged elsewhere.
 */

/** Token kinds, one CSS class each. */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'punct';

/** One node of the display tree. */
export type JsonNode =
  | { kind: 'scalar'; token: JsonTokenKind; text: string; truncated?: number }
  | { kind: 'object'; entries: Array<{ key: string; keyTruncated?: number; value: JsonNode }> }
  | { kind: 'array'; items: JsonNode[] };

/** Default longest string shown before cutting, in UTF-16 code units. */
export const DEFAULT_MAX_STRING = 2000;

/**
 * Builds the display tree of a parsed JSON value.
 * @param value any value `JSON.parse` returns.
 * @param maxString longest string (and key) shown in full, in UTF-16 code units.
 */
export function jsonTree(value: unknown, maxString = DEFAULT_MAX_STRING): JsonNode {
  if (value === null) return { kind: 'scalar', token: 'null', text: 'null' };
  if (typeof value === 'boolean') return { kind: 'scalar', token: 'boolean', text: String(value) };
  if (typeof value === 'number') return { kind: 'scalar', token: 'number', text: JSON.stringify(value) };
  if (typeof value === 'string') {
    const quoted = JSON.stringify(value);
    if (quoted.length <= maxString) return { kind: 'scalar', token: 'string', text: quoted };
    return { kind: 'scalar', token: 'string', text: quoted.slice(0, maxString) + '…"', truncated: quoted.length - maxString };
  }
  if (Array.isArray(value)) return { kind: 'array', items: value.map((v) => jsonTree(v, maxString)) };
  if (typeof value === 'object') {
    return {
      kind: 'object',
      entries: Object.entries(value as Record<string, unknown>).map(([key, v]) => {
        const quoted = JSON.stringify(key);
        if (quoted.length <= maxString) return { key: quoted, value: jsonTree(v, maxString) };
        return { key: quoted.slice(0, maxString) + '…"', keyTruncated: quoted.length - maxString, value: jsonTree(v, maxString) };
      }),
    };
  }
  return { kind: 'scalar', token: 'null', text: String(value) };
}

/** Number of scalar leaves under a node (used to decide what starts collapsed). */
export function leafCount(node: JsonNode): number {
  if (node.kind === 'scalar') return 1;
  if (node.kind === 'array') return node.items.reduce((n, c) => n + leafCount(c), 0);
  return node.entries.reduce((n, e) => n + leafCount(e.value), 0);
}

/** Cuts a string for display: at most `max` UTF-16 code units plus an ellipsis; `cut` is how many were left out. */
export function clip(text: string, max: number): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 };
  return { text: text.slice(0, max) + '…', cut: text.length - max };
}
