/**
 * The words of a check in the page's language: its rule, expectation and
 * fix from the string tables (src/i18n/<lang>/checks.ts, keyed by check id,
 * through src/i18n/checks.ts). Skip and not-run reasons, and
 * what the era probe found (sentences the checker writes while it runs), are
 * matched against the patterns of that file and translated with what they
 * captured; anything unknown stays as written.
 * What the server did (`actual`, "Received") is translated the same way, by
 * the patterns of `checkActuals` in that file: the prose around it is
 * Indonesian, while its codes, the server's own messages, wire lines and
 * field paths are kept byte for byte.
 *
 * ```ts
 * const w = checkWords(result.id, 'id'); // { rule, expected, hint } in Indonesian
 * reasonWords('the server does not declare the prompts capability', 'id');
 * // 'server tidak mendeklarasikan capability prompts'
 * actualWords('the unknown method was answered with a result', 'id');
 * // 'method yang tidak dikenal dijawab dengan sebuah result'
 * ```
 */
import { currentLang, formatNumber, setLang, type Lang } from '../../i18n/index.ts';
import { checkActualParts, checkActuals, checkEras, checkReasons } from '../../i18n/id/checks.ts';
import { checkWords, type CheckWords } from '../../i18n/checks.ts';
import { violationText } from '../pure/meaning.ts';

export { checkWords, type CheckWords };

/** A language's patterns for the sentences the checker writes in English while it runs (see src/i18n/id/checks.ts). */
interface Sentences {
  reasons: readonly { en: RegExp; id: string }[];
  eras: readonly { en: RegExp; id: string }[];
  actuals: readonly { en: RegExp; id: string }[];
  parts: readonly { en: RegExp; id: string }[];
}

/** The patterns of each language that has them; a language without any (English, the checker's own) shows the sentences as written. */
const SENTENCES: Partial<Record<Lang, Sentences>> = {
  id: { reasons: checkReasons, eras: checkEras, actuals: checkActuals, parts: checkActualParts },
};

/** The patterns of `lang` (the caller checked it has some). */
function sentencesOf(lang: Lang): Sentences {
  return SENTENCES[lang] ?? { reasons: [], eras: [], actuals: [], parts: [] };
}

/**
 * Why a check or a stage was skipped or did not run, in `lang`. Captured parts
 * that are reasons themselves (a nested "(no tool answered input_required
 * ...)") are translated too; a `{~n}` part is what a check received (an
 * `actual`, see {@link actualWords}); other captured parts (names, ids) are
 * kept. Unknown reasons come back unchanged.
 */
export function reasonWords(reason: string, lang: Lang): string {
  if (!SENTENCES[lang]) return reason;
  for (const { en, id } of sentencesOf(lang).reasons) {
    const m = en.exec(reason);
    if (m) return id.replace(/\{(~?)(\d)\}/g, (_, kind: string, n: string) => (kind === '~' ? actualWords(m[Number(n)] ?? '', lang) : reasonWords(m[Number(n)] ?? '', lang)));
  }
  return reason;
}

/**
 * What the era probe found (`EraFinding.detail`, one English sentence of src/checker/era.ts) in `lang`, by
 * the patterns of `checkEras` in src/i18n/id/checks.ts: the prose translated, the versions, error codes and
 * the server's own messages kept byte for byte. A sentence no pattern matches comes back unchanged.
 *
 * ```ts
 * eraWords('server/discover got error -32601 "Method not found"; initialize agreed version 2025-11-25: a legacy server', 'id');
 * // 'server/discover mendapat error -32601 "Method not found"; initialize menyepakati versi 2025-11-25: server legacy'
 * ```
 */
export function eraWords(detail: string, lang: Lang): string {
  if (!SENTENCES[lang]) return detail;
  return translateActual(detail, lang, sentencesOf(lang).eras)?.text ?? detail;
}

/** True when every prose part of an era finding's `detail` has an Indonesian pattern (for tests). */
export function hasEraWords(detail: string): boolean {
  return translateActual(detail, 'id', checkEras)?.complete === true;
}

/** True when `reason` has an Indonesian translation (for tests). */
export function hasReasonWords(reason: string): boolean {
  return checkReasons.some(({ en }) => en.test(reason));
}

/** A translation of a text and whether every part of it that is prose was translated. */
interface Translated {
  text: string;
  complete: boolean;
}

/**
 * What a failed check received (`actual`) in `lang`: the checker's English
 * sentence, its prose translated by the patterns of `checkActuals` and
 * `checkActualParts` (src/i18n/id/checks.ts), its codes, quoted server messages and wire text
 * kept as they are. Parts no pattern knows stay in English; a sentence no
 * pattern matches comes back unchanged.
 */
export function actualWords(actual: string, lang: Lang): string {
  if (!SENTENCES[lang]) return actual;
  return translateActual(actual, lang, sentencesOf(lang).actuals)?.text ?? actual;
}

/** True when every prose part of `actual` (a whole sentence, or a part of one) has an Indonesian pattern (for tests). */
export function hasActualWords(actual: string): boolean {
  return translateActual(actual, 'id', checkActuals)?.complete === true || translateActual(actual, 'id', checkActualParts)?.complete === true;
}

/** By the first pattern of `patterns` whose translation is complete, else the first that matched at all; undefined when none matched. */
function translateActual(text: string, lang: Lang, patterns: readonly { en: RegExp; id: string }[]): Translated | undefined {
  let partial: Translated | undefined;
  for (const { en, id } of patterns) {
    const m = en.exec(text);
    if (!m) continue;
    let complete = true;
    const out = id.replace(/\{([~#;]?)(\d)\}/g, (_, kind: string, n: string) => {
      const part = m[Number(n)] ?? '';
      if (kind === '#') return /^\d+$/.test(part) ? formatNumber(Number(part), lang) : part;
      if (kind === '') return part;
      const t = kind === '~' ? fragment(part, lang) : problemList(part, lang);
      if (!t.complete) complete = false;
      return t.text;
    });
    if (complete) return { text: out, complete };
    partial ??= { text: out, complete };
  }
  return partial;
}

/** A part of a sentence: a framing violation (said as the Console says it), else a part, else a nested sentence; unknown parts are kept. */
function fragment(text: string, lang: Lang): Translated {
  const violation = violationIn(text, lang);
  if (violation !== undefined) return { text: violation, complete: true };
  const part = translateActual(text, lang, sentencesOf(lang).parts);
  if (part?.complete) return part;
  const sentence = translateActual(text, lang, sentencesOf(lang).actuals);
  if (sentence?.complete) return sentence;
  return part ?? sentence ?? { text, complete: false };
}

/**
 * A "; "-separated list of problems, each translated. A problem that itself
 * contains "; " (a server's value, or a sentence with a semicolon) is found
 * by joining pieces until a pattern knows the whole: the shortest run first.
 */
function problemList(text: string, lang: Lang): Translated {
  const parts = text.split('; ');
  const out: string[] = [];
  let complete = true;
  for (let i = 0; i < parts.length; ) {
    let j = i + 1;
    let found: Translated | undefined;
    for (; j <= parts.length; j++) {
      const t = fragment(parts.slice(i, j).join('; '), lang);
      if (t.complete) {
        found = t;
        break;
      }
    }
    if (found) {
      out.push(found.text);
      i = j;
    } else {
      out.push(parts[i]!);
      complete = false;
      i++;
    }
  }
  return { text: out.join('; '), complete };
}

/** A framing violation of src/protocol/parse-message.ts in `lang` (strings of the `meaning` area), or undefined when `text` is not one. */
function violationIn(text: string, lang: Lang): string | undefined {
  const before = currentLang();
  setLang(lang);
  try {
    const said = violationText(text);
    return said !== text ? said : undefined;
  } finally {
    setLang(before);
  }
}
