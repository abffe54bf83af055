/**
 * The words of the checker's checks in every language: one table per
 * language (`./en/checks.ts`, `./id/checks.ts`, ...), keyed by check id, with
 * the same keys in each (the types make a missing key a compile error, and a
 * unit test says which one). The command line and the Checker widget hand
 * these to the checker's `withWords`.
 *
 * ```ts
 * checkWords('framing.stdout-only', 'id').rule; // 'Hanya pesan JSON-RPC yang boleh ada di stdout'
 * const worded = withWords(report, checkWordsIn('en'));
 * ```
 */
import { checks as en, type CheckWords } from './en/checks.ts';
import { checks as id } from './id/checks.ts';
import type { Lang } from './index.ts';

export type { CheckWords };

/** A check id the tables know, e.g. `'framing.stdout-only'`. */
export type CheckId = keyof typeof en;

/** The words of every check in one language. */
export type CheckWordsTable = Readonly<Record<CheckId, CheckWords>>;

const TABLES: Record<Lang, CheckWordsTable> = { en, id };

/**
 * The words of check `id` in `lang`. A check id no table knows (a checker newer than the tables) gets its id
 * as the rule and empty expectation and fix, so it still shows; a unit test keeps the tables and the checker's
 * ids the same.
 */
export function checkWords(id: string, lang: Lang): CheckWords {
  return (TABLES[lang] as Readonly<Record<string, CheckWords>>)[id] ?? { rule: id, expected: '', hint: '' };
}

/** {@link checkWords} in `lang`, as the one-argument function the checker's `withWords` takes. */
export function checkWordsIn(lang: Lang): (id: string) => CheckWords {
  return (id) => checkWords(id, lang);
}

/** The whole table of a language (tests compare them). */
export function checkWordsTable(lang: Lang): CheckWordsTable {
  return TABLES[lang];
}
