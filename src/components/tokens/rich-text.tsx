/**
 * A translated string with some of its `{placeholders}` rendered as elements
 * (a `<strong>` figure, a `<code>` name) instead of text, so a translation can
 * put them where its grammar wants them. Text stays text: server-supplied
 * values are passed as strings and rendered by Preact, never as HTML.
 */
import type { ComponentChildren } from 'preact';
import { t, type StringKey } from '../../i18n/index.ts';

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
