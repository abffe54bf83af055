/**
 * Looks up and words a figure of `src/data/measured.json` for MeasuredFacts:
 * the value, where it comes from (package, version, date; tokenizer for
 * token counts), and the one provenance note a page with figures carries,
 * in the page's language (src/i18n, area `facts`).
 */
import { formatNumber, intlLocale, t, type Lang } from '../../i18n/index.ts';

/** The shape of measured.json that this module reads. */
export interface MeasuredFile {
  package: string;
  version: string;
  measuredOn: string;
  tokenizer?: string;
  /** Node.js version the measurement ran on, e.g. `v24.21.0`. */
  node?: string;
  facts: Record<string, unknown>;
}

/** The value at dotted `path` under `facts`. Throws an Error naming the path when there is none (fails the build). */
export function lookupFact(file: MeasuredFile, path: string): unknown {
  let v: unknown = file.facts;
  for (const key of path.split('.')) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, key)) {
      throw new Error(`MeasuredFacts: no fact "${path}" in src/data/measured.json (known: ${Object.keys(file.facts).join(', ')})`);
    }
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * A `YYYY-MM-DD` date (UTC) as the language writes it: `November 30, 2026` in
 * English, `30 November 2026` in Indonesian. A string that is not such a date
 * comes back as it is. Never throws.
 */
export function formatDate(iso: string, lang: Lang): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : undefined;
  if (!d || Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/**
 * Words a value in `lang` (default English): numbers with the language's
 * thousands separators (`1,307` / `1.307`), a `{name, tokens}` pair as
 * `get-tiny-image (52 tokens)`, strings as they are, anything else as JSON;
 * and the source, e.g. `@modelcontextprotocol/server-everything 2026.8.31, measured November 30, 2026`.
 */
export function describeFact(file: MeasuredFile, path: string, value: unknown, lang: Lang = 'en'): { text: string; source: string } {
  let text: string;
  if (typeof value === 'number') text = formatNumber(value, lang);
  else if (typeof value === 'string') text = value;
  else if (value && typeof value === 'object' && 'name' in value && 'tokens' in value) {
    const v = value as { name: string; tokens: number };
    text = t('facts.pair', { name: v.name, n: v.tokens }, lang);
  } else text = JSON.stringify(value);
  const vars = { package: file.package, version: file.version, date: formatDate(file.measuredOn, lang) };
  const source =
    path.startsWith('tokens.') && file.tokenizer
      ? t('facts.sourceTokenizer', { ...vars, tokenizer: file.tokenizer }, lang)
      : t('facts.source', vars, lang);
  return { text, source };
}

/**
 * The provenance note of a page that shows measured figures, in `lang`
 * (default English), in two parts: a short title and a few sentences naming
 * the package, its version, the date (formatted for the language), the Node
 * version and the tokenizer (when known), and the command that repeats it.
 * Pure; never throws. Example text: `@modelcontextprotocol/server-everything
 * 2026.8.31, run on Node v24.21.0 and measured on November 30, 2026. Token
 * counts use tiktoken 1.0.22, o200k_base. ...`
 */
export function describeProvenance(file: MeasuredFile, lang: Lang = 'en'): { title: string; text: string } {
  const vars = { package: file.package, version: file.version, date: formatDate(file.measuredOn, lang) };
  const parts = [file.node ? t('facts.provenanceNode', { ...vars, node: file.node }, lang) : t('facts.provenance', vars, lang)];
  if (file.tokenizer) parts.push(t('facts.provenanceTokenizer', { tokenizer: file.tokenizer }, lang));
  parts.push(t('facts.provenanceRepeat', { command: 'npm run measure' }, lang));
  return { title: t('facts.provenanceTitle', {}, lang), text: parts.join(' ') };
}
