/**
 * What the e2e tests of the Indonesian edition read and look for (an Indonesian
 * page must show no English UI string): the English phrases of the widget strings
 * (src/i18n) that must not show on an Indonesian page, and the text a reader reads
 * in the widgets.
 *
 * ```ts
 * import { englishPhrases, expectNoEnglish, widgetText } from './support/i18n-text.ts';
 * await expectNoEnglish(page);                               // every area of src/i18n
 * await expectNoEnglish(page, { areas: ['console.'] });      // only the console's strings
 * ```
 */
import type { Page } from 'playwright-core';
import { expect } from './fixtures.ts';
import { table, type StringKey } from '../../../src/i18n/index.ts';
import { parser as jsParser } from '@lezer/javascript';

/** Which English phrases to look for. */
export interface PhraseOptions {
  /** Key prefixes (with their dot: `'console.'`); default every key of src/i18n. */
  areas?: readonly string[];
  /**
   * Also take a fixed part that is one word, when it has at least this many
   * letters (e.g. 5: "Received", "Decline"); such a word is matched as a whole
   * word. Default: only parts of two words or more.
   */
  singleWordMin?: number;
}

/** One English phrase and the key it comes from (to name the string that leaked). */
export interface EnglishPhrase {
  phrase: string;
  key: StringKey;
  /** True for a one-word phrase (matched as a whole word, see {@link PhraseOptions.singleWordMin}). */
  word: boolean;
}

/**
 * The English phrases that must not show on an Indonesian page: each English
 * string's fixed parts (split at its `{placeholders}`, trimmed of edge
 * punctuation) of two words or more, when the Indonesian string differs and
 * does not contain that same part (a wire term kept in both is not a leak).
 */
export function englishPhrases(options: PhraseOptions = {}): EnglishPhrase[] {
  const en = table('en');
  const id = table('id');
  const out = new Map<string, EnglishPhrase>();
  for (const key of Object.keys(en) as StringKey[]) {
    if (options.areas && !options.areas.some((a) => key.startsWith(a))) continue;
    if (en[key] === id[key]) continue;
    for (const part of en[key].split(/\{\w+\}/)) {
      const phrase = part.trim().replace(/^[\s:;,.()–—-]+|[\s:;,.()–—-]+$/g, '');
      const words = phrase.split(/\s+/).filter(Boolean);
      const word = words.length === 1 && options.singleWordMin !== undefined && /^\p{L}+$/u.test(phrase) && phrase.length >= options.singleWordMin;
      if ((words.length >= 2 || word) && !id[key].includes(phrase) && !out.has(phrase)) out.set(phrase, { phrase, key, word });
    }
  }
  return [...out.values()];
}

/** What {@link widgetText} reads: by default every widget the course renders. */
export const WIDGET_SELECTOR = [
  'astro-island',
  'section.mcp-widget',
  '[data-widget]',
  '.mcp-yardstick',
  '[data-measured-provenance]',
  '.measured-fact',
  '[data-everything-credit]',
].join(', ');

/**
 * Parts of a widget a reader reads as data, not as the widget's words: code,
 * the editors' content, raw wire lines and JSON views (wire bytes are never
 * translated), a server's own message in a form, and a quotation marked as
 * English (the checker quotes the specification's own sentence, `lang="en"`).
 */
export const NOT_PROSE = 'code, pre, script, style, template, .mcp-editor, .cm-editor, .mcp-raw, .mcp-json, .mcp-elicit-message, [lang="en"]';

/**
 * What a reader reads in the widgets matched by `selector` (outermost ones
 * only): their text (hidden parts included: a closed `<details>` opens) and
 * their `aria-label`, `title` and `placeholder` attributes, without
 * {@link NOT_PROSE}. One string, parts joined by newlines.
 */
export const widgetText = (page: Page, selector: string = WIDGET_SELECTOR) =>
  page.evaluate(
    ({ selector, notProse }) => {
      const out: string[] = [];
      const all = [...document.querySelectorAll(selector)];
      for (const w of all.filter((el) => !all.some((other) => other !== el && other.contains(el)))) {
        const clone = w.cloneNode(true) as HTMLElement;
        for (const e of clone.querySelectorAll(notProse)) e.remove();
        out.push(clone.textContent ?? '');
        for (const e of [clone, ...clone.querySelectorAll('*')]) {
          for (const a of ['aria-label', 'title', 'placeholder']) {
            const v = e.getAttribute(a);
            if (v) out.push(v);
          }
        }
      }
      return out.join('\n');
    },
    { selector, notProse: NOT_PROSE },
  );

/**
 * The phrases of `phrases` that occur in `text` (whitespace runs count as one
 * space), as `"phrase" (key)`. A phrase counts only where it starts and ends at
 * a word's edge: "a file" is no leak inside the Indonesian "Buka file".
 */
export function leaks(text: string, phrases: readonly EnglishPhrase[]): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return phrases
    .filter(({ phrase, word }) => {
      const p = phrase.replace(/\s+/g, ' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const edge = word ? ['(?<![\\p{L}\\p{N}_/.-])', '(?![\\p{L}\\p{N}_/-])'] : ['(?<![\\p{L}\\p{N}])', '(?![\\p{L}\\p{N}])'];
      return new RegExp(`${edge[0]}${p}${edge[1]}`, 'u').test(flat);
    })
    .map(({ phrase, key }) => `"${phrase}" (${key})`);
}

/**
 * Asserts that the page's widgets show none of the English phrases of
 * src/i18n ({@link englishPhrases} with `options`), naming the ones that do,
 * and that there is widget text to look at (at least `minChars`, default 200).
 * `selector` picks the widgets (default {@link WIDGET_SELECTOR}).
 */
export async function expectNoEnglish(page: Page, options: PhraseOptions & { minChars?: number; selector?: string } = {}): Promise<void> {
  const text = await widgetText(page, options.selector);
  expect(text.replace(/\s+/g, ' ').length).toBeGreaterThan(options.minChars ?? 200);
  expect(leaks(text, englishPhrases(options))).toEqual([]);
}

/**
 * Words of Starlight's own components that sit inside a lesson or load after
 * the page (so neither {@link widgetText} nor a look at the header reads them).
 * Each list holds the exact strings, in page order.
 */
export interface StarlightTexts {
  /** Each code block's copy button: its `title` (tooltip and accessible name), then its "copied" feedback (`data-copied`). */
  copyButtons: string[];
  /** Each terminal frame's screen-reader title (Expressive Code's fallback title when the block names none). */
  terminalTitles: string[];
  /** Each aside's `aria-label`: the author's title, or the default title of its type ("Tip", "Note", ...). */
  asides: string[];
  /** Pagefind's search form: its `aria-label` (the hidden "Search this site" label) and its clear button's text. */
  search: string[];
}

/** Pagefind's own English words, which its search form uses where Starlight hands it no translation. */
const PAGEFIND_ENGLISH = { search_label: 'Search this site', clear_search: 'Clear' };

/**
 * Reads {@link StarlightTexts} from the page. The search form's words are the
 * ones Starlight hands Pagefind's search UI (the `data-translations` of
 * `<site-search>`, over Pagefind's English defaults): Starlight mounts that UI
 * only when the page is idle, which a page busy with its widgets may not be
 * within a test's time, and the words it mounts with are exactly these.
 */
export async function starlightTexts(page: Page): Promise<StarlightTexts> {
  return page.evaluate((english) => {
    const all = (selector: string) => [...document.querySelectorAll(selector)];
    return {
      copyButtons: all('.expressive-code .copy button').flatMap((b) => [b.getAttribute('title') ?? '', b.getAttribute('data-copied') ?? '']),
      terminalTitles: all('.expressive-code figure.is-terminal > figcaption .sr-only').map((e) => e.textContent ?? ''),
      asides: all('aside.starlight-aside').map((a) => a.getAttribute('aria-label') ?? ''),
      search: all('site-search[data-translations]').flatMap((el) => {
        const words = { ...english, ...(JSON.parse(el.getAttribute('data-translations') ?? '{}') as Record<string, string>) };
        return [words.search_label, words.clear_search];
      }),
    };
  }, PAGEFIND_ENGLISH);
}

/**
 * The sources the page shows as code: each editor's document (CodeMirror's
 * lines, or its textarea before CodeMirror loads) and each revealed stage
 * solution (`pre[data-solution]`), in page order. {@link NOT_PROSE} keeps them
 * out of {@link widgetText}; their comments are read with {@link commentsOf}.
 */
export const shownSources = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll('.mcp-editor')].map((el) => {
      const cm = el.querySelector('.cm-content') as HTMLElement | null;
      return cm ? [...cm.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n') : ((el.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? '');
    }),
    ...[...document.querySelectorAll('pre[data-solution]')].map((p) => p.textContent ?? ''),
  ]);

/** The comments of a JavaScript source, read with Lezer's parser (the one the editor highlights with), each with its whitespace runs made one space. */
export function commentsOf(source: string): string[] {
  const out: string[] = [];
  jsParser.parse(source).iterate({
    enter(node) {
      if (node.type.name === 'LineComment' || node.type.name === 'BlockComment') out.push(source.slice(node.from, node.to).replace(/\s+/g, ' '));
    },
  });
  return out;
}
