/**
 * Translated strings with elements inside them, so a translation can put a
 * `<strong>` figure or a `<code>` name where its grammar wants it. Two forms:
 * `rich(key, vars)` (every placeholder is a value: an element, text, or a
 * number formatted for the language) and `richText(key, vars, nodes)` (`t()`'s
 * text placeholders plus a few named element placeholders). Text stays text:
 * server-supplied values are rendered by Preact, never parsed as HTML.
 *
 * Example: `rich('elicitation.site', { host: <strong>{host}</strong> })`
 * renders "It leads to the site <strong>…</strong>." in English and
 * "Alamat ini menuju situs <strong>…</strong>." in Indonesian.
 */
import type { ComponentChildren, VNode } from 'preact';
import { currentLang, formatNumber, t, table, type StringKey } from '../../i18n/index.ts';

/** What a placeholder may be: an element, text, or a number (formatted for the language). */
export type RichValue = VNode | string | number;

/**
 * The string `key` in the language in force, split at its `{name}`
 * placeholders, with each replaced by `vars[name]`; an unknown placeholder is
 * left as written (as `t()` does).
 */
export function rich(key: StringKey, vars: Record<string, RichValue>): ComponentChildren[] {
  const lang = currentLang();
  const parts = table(lang)[key].split(/\{(\w+)\}/);
  return parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const v = vars[part];
    if (v === undefined) return `{${part}}`;
    return typeof v === 'number' ? formatNumber(v, lang) : v;
  });
}

/**
 * `t(key, vars)` split around the placeholders named in `nodes`, each replaced
 * by its element; a placeholder in neither stays visible as `{name}`.
 * Example: `richText('tokens.count', {}, { n: <strong>1,307</strong> })`.
 */
export function richText(key: StringKey, vars: Record<string, string | number>, nodes: Record<string, ComponentChildren>): ComponentChildren[] {
  const text = t(key, vars);
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const name = m[1]!;
    if (!Object.hasOwn(nodes, name)) continue;
    out.push(text.slice(last, m.index));
    out.push(nodes[name]);
    last = m.index! + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((part) => part !== '');
}
