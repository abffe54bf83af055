/**
 * The widgets' words, one folder per language: `en/` and `id/`, each with one
 * file per widget area (`console.ts`, `probe.ts`, ...) gathered by its
 * `index.ts`. Every key of `en/` exists in `id/` (the types make a missing or
 * extra key a compile error, and a unit test says which one). Wire bytes
 * (JSON-RPC lines, HTTP headers, method names, error codes) never live here.
 *
 * A string is a template: `{name}` is replaced by `vars.name`; a number in
 * `vars` is formatted for the language (1,307 in English, 1.307 in Indonesian).
 *
 * ```ts
 * import { t, setLang } from '../../i18n/index.ts';
 * setLang(props.lang);                       // once per island render (the .astro wrapper passes the page's lang)
 * t('console.send');                         // 'Send' / 'Kirim'
 * t('tokens.total', { n: 1307 });            // '1,307 tokens' / '1.307 token'
 * ```
 */
import { strings as en } from './en/index.ts';
import { strings as id } from './id/index.ts';
import { DEFAULT_LANG, LANGS, intlLocale, type Lang } from '../course/locales.ts';

export { LANGS, intlLocale, type Lang };

/** A key of the strings tables, e.g. `'console.send'`. */
export type StringKey = keyof typeof en;

/** A full strings table: every key of the English one. */
export type StringsTable = Record<StringKey, string>;

/** Every language's table: a language of src/course/locales.ts without one here does not compile. */
const TABLES: Record<Lang, StringsTable> = { en, id };

/** Narrows any language tag (`'id'`, `'id-ID'`, `'en-US'`, undefined) to a {@link Lang}; the default (English) when unknown. */
export function toLang(tag: string | undefined | null): Lang {
  const whole = (tag ?? '').toLowerCase();
  const known = (code: string): code is Lang => (LANGS as readonly string[]).includes(code);
  if (known(whole)) return whole;
  const base = whole.split('-')[0] ?? '';
  return known(base) ? base : DEFAULT_LANG;
}

let current: Lang | undefined;

/**
 * Sets the language {@link t} uses. Islands call it at the top of their render
 * with the `lang` prop their `.astro` wrapper passes, so the build's HTML and
 * the hydrated page agree. Without it, the page's `<html lang>` decides.
 */
export function setLang(lang: string | undefined): void {
  if (lang) current = toLang(lang);
}

/** The language in force: the last {@link setLang}, else `<html lang>`, else English. */
export function currentLang(): Lang {
  if (current) return current;
  return typeof document === 'undefined' ? 'en' : toLang(document.documentElement.lang);
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * `n` formatted for `lang` (grouping as its locale of src/course/locales.ts writes it: 1,307 / 1.307), with optional
 * `Intl.NumberFormat` options (e.g. one decimal). The formatter is made once per language and options
 * and reused, so formatting thousands of transcript rows stays cheap.
 */
export function formatNumber(n: number, lang: Lang = currentLang(), options?: Intl.NumberFormatOptions): string {
  const key = `${lang}|${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang), options);
    formats.set(key, format);
  }
  return format.format(n);
}

/**
 * The string `key` in the language in force, with `{name}` replaced by
 * `vars.name` (numbers formatted by {@link formatNumber}). An unknown `{name}`
 * is left as written, so a missing variable shows instead of vanishing.
 */
export function t(key: StringKey, vars: Record<string, string | number> = {}, lang: Lang = currentLang()): string {
  return TABLES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    return typeof v === 'number' ? formatNumber(v, lang) : v;
  });
}

/** The whole table of a language (tests compare them). */
export function table(lang: Lang): StringsTable {
  return TABLES[lang];
}
