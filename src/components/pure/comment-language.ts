/**
 * One source file, its comments in each language: what a widget shows of a
 * server's source (the capstone's starter in the ServerEditor, the stage
 * solutions in the Checker, the "Run it on your machine" download) carries
 * the comments of the reader's language, while the code, and so every byte
 * it writes on the wire, is the same in every language. Pure.
 *
 * The convention, in the source file (English first, the translation right
 * after it, marked with its language code and a colon):
 *
 * ```js
 * // Stage 1: every reply is ONE line of JSON on stdout.
 * //id: Tahap 1: setiap balasan adalah SATU baris JSON di stdout.
 * /**
 *  * starter.mjs: the first lines of your own MCP server.
 *  *\/
 * /**id:
 *  * starter.mjs: baris-baris pertama server MCP Anda sendiri.
 *  *\/
 * lines.on('close', () => process.exit(0)); // stage 1 //id: tahap 1
 * ```
 *
 * - A whole-line comment (`//` lines, or a block comment from the line it
 *   opens on to the line it closes on) is a unit; units on consecutive lines
 *   are a run. In a run with units marked for the reader's language, the
 *   unmarked (English) units give way to the marked ones, which lose their
 *   mark (`//id: x` -> `// x`, `/**id:` -> `/**`). Marked units of another
 *   language are left out; a run with no translation stays as it is.
 * - A trailing comment `code // English //id: Indonesian` keeps the code and
 *   the comment of the reader's language.
 * - English (and any language a comment was not translated into) is the
 *   source without the marked parts. A source with no mark is returned as it is.
 *
 * Comments are found line by line, without a JavaScript parser: a marked
 * line inside a multi-line string or template would be misread, so the
 * marks go only where the files above use them (tests check, with a real
 * parser, that the code without comments is the same in every language).
 *
 * ```ts
 * commentsIn(source, 'id'); // the Indonesian comments, the same code
 * commentsIn(source, 'en'); // the English comments
 * ```
 */
import { LANGS, type Lang } from '../../i18n/index.ts';

/** The languages a comment may be marked with: every language but English. */
const MARKS = LANGS.filter((l) => l !== 'en').join('|');
/** A whole-line comment marked for a language: its indentation, opener and language code. */
const MARKED = new RegExp(`^(\\s*)(//|/\\*\\*?)(${MARKS}):`);
/** Where a trailing comment's translation begins: ` //id:`. */
const TRAILING = new RegExp(`\\s//(${MARKS}): ?`);
/** Anything marked at all (the quick way out for sources without translations). */
const ANY_MARK = new RegExp(`(//|/\\*\\*?)(${MARKS}):`);

/** A whole-line comment: lines `from` to `to` (exclusive), and the language it is marked with, if any. */
interface Unit {
  from: number;
  to: number;
  lang?: string;
}

/** `source` with the comments of `lang` (see the module's comment); the code is left byte for byte as it is. */
export function commentsIn(source: string, lang: Lang): string {
  if (!ANY_MARK.test(source)) return source;
  const lines = source.split('\n');
  const units: Unit[] = [];
  for (let i = 0; i < lines.length; ) {
    const start = lines[i]!.trimStart();
    let to = i + 1;
    if (start.startsWith('/*')) {
      let j = i;
      while (j < lines.length - 1 && !lines[j]!.includes('*/')) j++;
      to = j + 1;
    } else if (!start.startsWith('//')) {
      i++;
      continue;
    }
    const lang = MARKED.exec(lines[i]!)?.[3];
    units.push({ from: i, to, ...(lang ? { lang } : {}) });
    i = to;
  }
  const drop = new Set<number>();
  const unmark = new Set<number>();
  const inUnit = new Set<number>();
  const dropUnit = (u: Unit) => {
    for (let l = u.from; l < u.to; l++) drop.add(l);
  };
  for (let r = 0; r < units.length; ) {
    let end = r + 1;
    while (end < units.length && units[end]!.from === units[end - 1]!.to) end++;
    const run = units.slice(r, end);
    const translated = run.some((u) => u.lang === lang);
    for (const u of run) {
      for (let l = u.from; l < u.to; l++) inUnit.add(l);
      if (u.lang === undefined ? translated : u.lang !== lang) dropUnit(u);
      else if (u.lang === lang) unmark.add(u.from);
    }
    r = end;
  }
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (drop.has(i)) return;
    if (unmark.has(i)) return void out.push(line.replace(MARKED, '$1$2'));
    if (inUnit.has(i)) return void out.push(line);
    out.push(trailing(line, lang));
  });
  return out.join('\n');
}

/** A code line's trailing comment in `lang`: `code // English //id: Indonesian` -> `code // English` or `code // Indonesian`. */
function trailing(line: string, lang: Lang): string {
  const parts: Array<{ lang: string; at: number; text: number }> = [];
  const re = new RegExp(TRAILING, 'g');
  for (let m = re.exec(line); m; m = re.exec(line)) parts.push({ lang: m[1]!, at: m.index, text: m.index + m[0].length });
  if (parts.length === 0) return line;
  const english = line.slice(0, parts[0]!.at);
  const mine = parts.findIndex((p) => p.lang === lang);
  if (mine < 0) return english;
  const opener = english.search(/\s\/\/\s/) + 1;
  if (opener <= 0) return english;
  const text = line.slice(parts[mine]!.text, parts[mine + 1]?.at ?? line.length);
  return `${english.slice(0, opener)}// ${text}`;
}
