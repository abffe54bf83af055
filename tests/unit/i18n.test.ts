import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { LANGS, formatNumber, intlLocale, t, table, toLang } from '../../src/i18n/index.ts';
import { LOCALES } from '../../src/course/locales.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('widget strings, one table per language', () => {
  test('every key exists in every language, and no language has a key the others lack', () => {
    const en = Object.keys(table('en')).sort();
    for (const lang of LANGS) {
      const keys = Object.keys(table(lang)).sort();
      expect(keys.filter((k) => !en.includes(k)), `keys only in ${lang}`).toEqual([]);
      expect(en.filter((k) => !keys.includes(k)), `keys missing from ${lang}`).toEqual([]);
    }
  });

  test('every translation is filled in and uses the same {placeholders} as the English', () => {
    const en = table('en');
    for (const lang of LANGS) {
      const tab = table(lang);
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(tab[key].trim(), `${lang} ${key} is empty`).not.toBe('');
        expect(placeholders(tab[key]), `${lang} ${key} placeholders`).toEqual(placeholders(en[key]));
      }
    }
  });

  test('numbers are formatted for the language; unknown variables stay visible', () => {
    expect(formatNumber(1307, 'en')).toBe('1,307');
    expect(formatNumber(1307, 'id')).toBe('1.307');
    expect(toLang('id-ID')).toBe('id');
    expect(toLang('fr')).toBe('en');
    expect(toLang(undefined)).toBe('en');
    expect(t('common.copy', {}, 'id')).toBe('Salin');
  });
});

describe('one map of languages (src/course/locales.ts)', () => {
  const folder = (lang: string) => new URL(`../../src/i18n/${lang}/`, import.meta.url);
  const files = (lang: string) => readdirSync(folder(lang)).filter((f) => f.endsWith('.ts')).sort();

  test("every language has a folder src/i18n/<lang>/ with every file of the English one, and Starlight's locales list the same languages in order", () => {
    expect(LANGS[0]).toBe('en');
    for (const lang of LANGS) expect(files(lang), `src/i18n/${lang}/`).toEqual(files('en'));
    expect(Object.values(LOCALES).map((l) => l.lang)).toEqual([...LANGS]);
    expect(Object.keys(LOCALES)[0]).toBe('root');
  });

  test('every language has a BCP 47 locale Intl knows, which formats its numbers', () => {
    for (const lang of LANGS) {
      const locale = intlLocale(lang);
      expect(Intl.NumberFormat.supportedLocalesOf([locale]), lang).toEqual([locale]);
      expect(formatNumber(1307.5, lang, { maximumFractionDigits: 1 })).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1307.5));
    }
  });
});
