import { describe, expect, test } from 'vitest';
import { LANGS, formatNumber, t, table, toLang } from '../../src/i18n/index.ts';

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
