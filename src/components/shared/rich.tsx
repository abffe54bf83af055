/**
 * A translated string with elements inside it: `rich('elicitation.site',
 * { host: <strong>{host}</strong> })` renders "It leads to the site
 * <strong>…</strong>." in English and "Alamat ini menuju situs <strong>…</strong>."
 * in Indonesian, wherever each language puts the placeholder. Text stays
 * text (nothing is parsed as HTML).
 */
import type { ComponentChildren, VNode } from 'preact';
import { currentLang, formatNumber, table, type StringKey } from '../../i18n/index.ts';

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
