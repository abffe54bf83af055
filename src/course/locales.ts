/**
 * The course's languages, in one place: for each language code (a folder of
 * `lessons/` and `src/i18n/`, and Starlight's `lang` of its pages), its name
 * in its own language and its BCP 47 locale for `Intl` (numbers, dates,
 * lists). English comes first and is the default, served at `/`; every other
 * language is served under `/<code>/`.
 *
 * Everything per language reads this map: Starlight's `locales`
 * ({@link LOCALES}, passed on by astro.config.mjs; the language picker,
 * LanguageSelect.astro, lists them in this order), the string tables
 * (src/i18n/index.ts: a language here without a table there is a compile
 * error), and every number, date and list a widget formats ({@link intlLocale}).
 */

/** What the course knows about one language. */
export interface LanguageInfo {
  /** The language's name in itself, as the language picker shows it. */
  readonly label: string;
  /** Its BCP 47 locale for `Intl.NumberFormat`, `Intl.DateTimeFormat` and `Intl.ListFormat`, e.g. `'id-ID'`. */
  readonly locale: string;
}

/** Every language of the course, the default (English) first. */
export const LANGUAGES = {
  en: { label: 'English', locale: 'en-US' },
  id: { label: 'Bahasa Indonesia', locale: 'id-ID' },
} as const satisfies Record<string, LanguageInfo>;

/** A language the course is written in: Starlight's `lang` of a page, e.g. `'id'`. */
export type Lang = keyof typeof LANGUAGES;

/** The default language: the root of `lessons/`, served at `/`. */
export const DEFAULT_LANG: Lang = 'en';

/** Every language, the default first. */
export const LANGS = Object.keys(LANGUAGES) as readonly Lang[];

/** The BCP 47 locale `Intl` formats `lang` with (`'en'` -> `'en-US'`, `'id'` -> `'id-ID'`). */
export function intlLocale(lang: Lang): string {
  return LANGUAGES[lang].locale;
}

/**
 * The languages as Starlight's `locales` option takes them: `root` is the
 * default language at `/`, every other key is its code (a folder of
 * `lessons/` and a URL prefix), in the order of {@link LANGUAGES}.
 */
export const LOCALES: Record<string, { label: string; lang: string }> = Object.fromEntries(
  LANGS.map((lang) => [lang === DEFAULT_LANG ? 'root' : lang, { label: LANGUAGES[lang].label, lang }]),
);
