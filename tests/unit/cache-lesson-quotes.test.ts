/**
 * The caching lesson (`lessons/caching-and-change-notifications.mdx` and its Indonesian edition in `lessons/id/`)
 * tells the reader which lines CacheView prints, so that the reader can find them in the widget's log and table.
 * Each quoted line must be the widget's own words in the page's language: this test renders the widget's strings
 * from `src/i18n/<lang>/cache.ts` with the values the lesson's steps produce (a 60 s TTL, 240 s left on the tool
 * list, the calendar's `Created …` answer) and requires, for each one, a code span in the lesson that is that
 * rendered line or a piece of it holding at least one of the widget's own words (a span that is only a value,
 * such as `calendar://week`, does not count). A paraphrase in place of a quote fails.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type Lang, type StringKey, t } from '../../src/i18n/index.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The CacheView lines the lesson's steps and tip quote, with the values those steps produce. */
const QUOTED: Array<{ key: StringKey; vars: (lang: Lang) => Record<string, string | number> }> = [
  { key: 'cache.stored', vars: (lang) => ({ what: '', scope: t('cache.scopePrivate', {}, lang), s: 60, ttl: 60_000 }) },
  { key: 'cache.fresh', vars: () => ({ s: 60 }) },
  { key: 'cache.hit', vars: () => ({ what: '', s: 60 }) },
  { key: 'cache.staleTtl', vars: () => ({}) },
  { key: 'cache.fresh', vars: () => ({ s: 240 }) },
  { key: 'cache.servedStale', vars: () => ({ what: '', error: '' }) },
  { key: 'cache.created', vars: () => ({ text: 'Created …' }) },
  { key: 'cache.staleNote', vars: () => ({ method: 'notifications/resources/updated' }) },
  {
    key: 'cache.updated',
    vars: () => ({ method: 'notifications/resources/updated', uri: 'calendar://week', id: 2, n: 1 }),
  },
];

/** The words of a string (letters only, three or more), lower-cased. */
const words = (s: string) => (s.toLowerCase().match(/\p{L}{3,}/gu) ?? []);

/** Whether `span` quotes `line`: a piece of it, with at least one word of the template itself (`template` with its `{placeholders}`). */
function quotes(span: string, line: string, template: string): boolean {
  const own = new Set(words(template.replace(/\{\w+\}/g, ' ')));
  return line.includes(span) && words(span).some((w) => own.has(w));
}

/** The code spans of a lesson (text between single backticks, fenced blocks left out). */
function codeSpans(mdx: string): string[] {
  const prose = mdx.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
}

describe('the caching lesson quotes CacheView as the widget prints it', () => {
  for (const [lang, file] of [
    ['en', 'lessons/caching-and-change-notifications.mdx'],
    ['id', 'lessons/id/caching-and-change-notifications.mdx'],
  ] as const) {
    test(`${lang}: every quoted line is the widget's own words`, () => {
      const spans = codeSpans(readFileSync(join(repoRoot, file), 'utf8'));
      const missing = QUOTED.map(({ key, vars }) => ({ key, line: t(key, vars(lang), lang).replace(/^: /, '') }))
        .filter(({ key, line }) => !spans.some((span) => quotes(span, line, t(key, {}, lang))))
        .map(({ key, line }) => `${key}: ${line}`);
      expect(missing, `lines the lesson does not quote word for word (${file})`).toEqual([]);
    });
  }

  test('a paraphrase is not a quote', () => {
    const template = t('cache.servedStale', {}, 'id');
    const line = t('cache.servedStale', { what: '', error: '' }, 'id');
    expect(quotes('salinan basi dilayani sebagai gantinya', line, template)).toBe(true);
    expect(quotes('salinan basi yang disajikan sebagai gantinya', line, template)).toBe(false);
    const updated = t('cache.updated', {}, 'id');
    expect(quotes('calendar://week', t('cache.updated', { uri: 'calendar://week' }, 'id'), updated)).toBe(false);
  });
});
