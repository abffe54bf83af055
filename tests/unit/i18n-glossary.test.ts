/**
 * The Bahasa Indonesia edition follows one glossary (`src/i18n/id/GLOSSARY.md`): one rendering per English
 * term. This test reads the glossary's tables and flags, in every Indonesian lesson (`lessons/id/*.mdx`), every
 * Indonesian widget string (`src/i18n/id/*.ts`, Starlight's Indonesian labels in `starlight.ts` among them),
 * each phrase the glossary's **Ruled out** column names, with the file and line where it stands.
 *
 * How a ruled-out phrase matches (the glossary says the same to its readers):
 * - as a whole word: no letter, digit, `_` or `-` right before or after it;
 * - its first letter in either case (so a phrase is caught at the start of a sentence), the rest exactly;
 * - across a line break: the lessons are wrapped, so runs of white space count as one space.
 * The English patterns the Checker's Indonesian table matches the command line's words with
 * (`en: /.../` in `src/i18n/id/checks.ts`) are English text, not Indonesian, and are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const glossaryPath = join(repoRoot, 'src/i18n/id/GLOSSARY.md');

/** One ruled-out phrase and the glossary row (its English term) that rules it out. */
interface RuledOut {
  phrase: string;
  term: string;
}

/** One place a ruled-out phrase was found: file relative to the repository, 1-based line. */
interface Finding {
  file: string;
  line: number;
  phrase: string;
  term: string;
  text: string;
}

/**
 * The ruled-out phrases of every table in the glossary: the backticked phrases of the column headed
 * "Ruled out", each with the first cell of its row.
 * @param markdown the glossary's text.
 * @throws Error when a table with a "Ruled out" column has a row with fewer cells than its header.
 */
function ruledOut(markdown: string): RuledOut[] {
  const out: RuledOut[] = [];
  let column = -1;
  for (const line of markdown.split(/\r?\n/)) {
    if (!line.startsWith('|')) {
      column = -1;
      continue;
    }
    const cells = line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((c) => c.trim());
    if (column === -1) {
      column = cells.findIndex((c) => c.toLowerCase() === 'ruled out');
      if (column === -1) column = -2; // a table without the column: skip its rows
      continue;
    }
    if (column < 0 || /^-+$/.test(cells[0].replace(/:/g, ''))) continue;
    if (cells.length <= column) throw new Error(`glossary row has no "Ruled out" cell: ${line}`);
    for (const m of cells[column].matchAll(/`([^`]+)`/g)) out.push({ phrase: m[1], term: cells[0] });
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern one ruled-out phrase matches with: whole word, first letter in either case, white space
 * runs (a line break included) as one space.
 */
function phrasePattern(phrase: string): RegExp {
  const [first, rest] = [phrase[0], phrase.slice(1)];
  const head = first.toLowerCase() === first.toUpperCase() ? escape(first) : `[${first.toLowerCase()}${first.toUpperCase()}]`;
  const body = rest.split(/\s+/).map(escape).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}_-])${head}${body}(?![\\p{L}\\p{N}_-])`, 'gu');
}

/** The Indonesian text of one file, with English pieces that are not Indonesian blanked (same length, so offsets keep their lines). */
function indonesianText(file: string, text: string): string {
  if (!file.endsWith('.ts')) return text;
  return text.replace(/\ben:\s*\/(?:\\.|[^/\\\n])+\/[a-z]*/g, (m) => m.replace(/[^\n]/g, ' '));
}

/** Every place in `text` where a ruled-out phrase stands. */
function findings(file: string, text: string, rules: RuledOut[]): Finding[] {
  const found: Finding[] = [];
  const lines = text.split('\n');
  const source = indonesianText(file, text);
  for (const rule of rules) {
    for (const m of source.matchAll(phrasePattern(rule.phrase))) {
      const line = source.slice(0, m.index).split('\n').length;
      found.push({ file, line, phrase: rule.phrase, term: rule.term, text: lines[line - 1].trim() });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The files the glossary governs, relative to the repository root. */
function indonesianFiles(): string[] {
  const list = (dir: string, ext: string) =>
    readdirSync(join(repoRoot, dir))
      .filter((f) => f.endsWith(ext))
      .map((f) => join(dir, f));
  return [...list('lessons/id', '.mdx'), ...list('src/i18n/id', '.ts')];
}

describe('the Indonesian glossary', () => {
  const rules = ruledOut(readFileSync(glossaryPath, 'utf8'));

  test('the glossary rules out phrases, each once', () => {
    expect(rules.length).toBeGreaterThan(20);
    const phrases = rules.map((r) => r.phrase.toLowerCase());
    expect(phrases.filter((p, i) => phrases.indexOf(p) !== i), 'phrases ruled out twice').toEqual([]);
  });

  test('the matcher: whole words, first letter in either case, across line breaks, English patterns left out', () => {
    const rule = [{ phrase: 'dengan tangan', term: 'by hand' }];
    expect(findings('a.mdx', 'Baca pesan dengan\ntangan.', rule).map((f) => f.line)).toEqual([1]);
    expect(findings('a.mdx', 'Dengan tangan, lalu', rule)).toHaveLength(1);
    expect(findings('a.mdx', 'dengan tangannya', rule)).toEqual([]);
    expect(findings('a.mdx', 'secara manual\n\ndengan Tangan', rule)).toEqual([]);
    const word = [{ phrase: 'mendaftar', term: 'lists' }];
    expect(findings('a.mdx', 'client mendaftarkan dirinya', word)).toEqual([]);
    expect(findings('a.mdx', 'satu\ndua mendaftar tiga', word)[0].line).toBe(2);
    expect(findings('a.ts', "{ en: /^mendaftar$/, id: 'x' }", word)).toEqual([]);
    expect(findings('a.ts', "{ en: /^x$/, id: 'mendaftar' }", word)).toHaveLength(1);
  });

  test('no Indonesian lesson or string uses a rendering the glossary rules out', () => {
    const all = indonesianFiles().flatMap((file) =>
      findings(file, readFileSync(join(repoRoot, file), 'utf8'), rules),
    );
    const report = all.map((f) => `${relative('.', f.file)}:${f.line}: "${f.phrase}" (${f.term}): ${f.text}`);
    expect(report).toEqual([]);
  });
});
