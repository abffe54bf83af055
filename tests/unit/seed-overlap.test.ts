/**
 * The lessons are written in the project's own words. The chapter the course grew from
 * (`seed/chapter-id.txt` of tests/shared-inputs.ts, in Bahasa Indonesia) is a source of
 * facts and examples, never of sentences. This test fails when a lesson shares a run of
 * {@link RUN} or more consecutive words with that chapter, outside quoted spec phrases and wire
 * JSON. It checks every Indonesian lesson (`lessons/id/*.mdx`) and, as a second check, every
 * English one (`lessons/*.mdx`). When the chapter or the spec's text is missing, the comparison
 * fails and names the missing file (it is never skipped); the detector's own tests still run.
 *
 * What counts as a lesson's prose (see {@link lessonProse}):
 * - frontmatter: only the values of `title`, `description`, `tagline` and `text`;
 * - out: `import` lines, fenced code blocks, inline code, JSX/MDX tags with their attribute
 *   values, URLs, blockquotes that cite the specification, and double-quoted phrases that are
 *   the spec's own words (a quote that links to the spec, one holding an RFC 2119 keyword such
 *   as MUST or SHOULD in capitals, or one found word for word in the text of the specification
 *   `spec/spec-2026-07-28.md` of tests/shared-inputs.ts);
 * - words are compared in lower case (Unicode NFKC), punctuation removed. A run never spans a
 *   removed piece of code or markup: each removal is a boundary.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { readSharedInput } from '../shared-inputs.ts';

/** Shortest shared run of words that fails the test. */
const RUN = 8;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The seed chapter, inside the shared folder. */
const CHAPTER = 'seed/chapter-id.txt';
/** The text of the specification (revision 2026-07-28): a quoted phrase found in it word for word is the spec's, not the chapter's. */
const SPEC_TEXT = 'spec/spec-2026-07-28.md';
const lessonsDir = join(repoRoot, 'lessons');

/** Marks where something was removed, so that no run of words is counted across it. */
const CUT = ' \u0000 ';
const SPEC_URL = /https?:\/\/modelcontextprotocol\.io\/specification/;
const RFC2119 = /\b(MUST|SHOULD|SHALL|MAY|REQUIRED|RECOMMENDED|OPTIONAL)\b/;

/**
 * The prose of one MDX lesson, as text whose words may be compared; removed pieces are
 * replaced by a boundary marker.
 * @param mdx the lesson file's full text (frontmatter included).
 * @param specWords the spec's text as normalised words joined by single spaces, with a space at
 *   each end; a quoted phrase found in it word for word is removed. Empty: only links and
 *   RFC 2119 keywords mark a spec quote.
 */
function lessonProse(mdx: string, specWords = ''): string {
  const isSpecQuote = (inner: string) =>
    SPEC_URL.test(inner) ||
    RFC2119.test(inner) ||
    (specWords !== '' && wordSegments(inner).every((words) => specWords.includes(` ${words.join(' ')} `)));
  let body = mdx;
  let front = '';
  const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(body);
  if (fm) {
    body = body.slice(fm[0].length);
    front = fm[1]
      .split(/\r?\n/)
      .map((line) => /^\s*(?:-\s*)?(?:title|description|tagline|text):\s*(.*)$/.exec(line)?.[1])
      .filter((v): v is string => v !== undefined)
      .map((v) => v.replace(/^(['"])(.*)\1$/, '$2'))
      .join(CUT);
  }
  body = body
    // fenced code blocks (``` or ~~~), wire JSON included
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, CUT)
    // import / export lines of MDX
    .replace(/^(?:import|export)\s[^\n]*$/gm, CUT)
    // blockquotes that cite the specification (a run of `>` lines mentioning its URL)
    .replace(/(?:^>[^\n]*(?:\n|$))+/gm, (block) => (SPEC_URL.test(block) ? CUT : block))
    // inline code
    .replace(/(`+)[^`]*?\1/g, CUT)
    // JSX/MDX tags, with attribute values in quotes or braces
    .replace(/<\/?[A-Za-z][\w.:-]*(?:\s+[^\s"'=<>/{}]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}))?)*\s*\/?>/g, CUT)
    // quoted phrases that are the spec's words: "...[text](spec url)...", "... MUST ...", or found in the spec
    // (a quote may wrap onto the next line, never across a blank line)
    .replace(/"((?:[^"\n]|\n(?!\s*\n))*)"|“((?:[^”\n]|\n(?!\s*\n))*)”/g, (quote, a?: string, b?: string) =>
      isSpecQuote(a ?? b ?? '') ? CUT : quote,
    )
    // markdown links keep their text, lose their target; bare URLs go
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, CUT);
  return `${front}${CUT}${body}`;
}

/**
 * Splits text into segments of normalised words (lower case, NFKC, letters and digits only);
 * segments are separated where {@link lessonProse} cut something out.
 */
function wordSegments(text: string): string[][] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split('\u0000')
    .map((segment) => segment.replace(/[^\p{L}\p{N}]+/gu, ' ').trim().split(' ').filter(Boolean))
    .filter((words) => words.length > 0);
}

/** Every run of `n` consecutive words in the segments, joined by one space. */
function grams(segments: string[][], n: number): Set<string> {
  const out = new Set<string>();
  for (const words of segments) for (let i = 0; i + n <= words.length; i++) out.add(words.slice(i, i + n).join(' '));
  return out;
}

/**
 * The maximal runs of `n` or more consecutive words that a lesson shares with the chapter.
 * @param lessonMdx the lesson's MDX; `chapterGrams` the chapter's word n-grams (see {@link chapterIndex});
 *   `specWords` as for {@link lessonProse}.
 * @returns each shared run as its words joined by spaces; empty when there is none.
 */
function sharedRuns(lessonMdx: string, chapterGrams: Set<string>, specWords = '', n = RUN): string[] {
  const runs: string[] = [];
  for (const words of wordSegments(lessonProse(lessonMdx, specWords))) {
    let start = -1;
    let end = -1; // exclusive end of the current run
    for (let i = 0; i + n <= words.length; i++) {
      if (!chapterGrams.has(words.slice(i, i + n).join(' '))) continue;
      if (start >= 0 && i <= end) end = i + n;
      else {
        if (start >= 0) runs.push(words.slice(start, end).join(' '));
        start = i;
        end = i + n;
      }
    }
    if (start >= 0) runs.push(words.slice(start, end).join(' '));
  }
  return runs;
}

/** The chapter's word n-grams. The whole chapter counts, code included: stricter for the lessons. */
function chapterIndex(chapterText: string, n = RUN): Set<string> {
  return grams(wordSegments(chapterText.replace(/\u0000/g, ' ')), n);
}

const mdxIn = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.mdx'))
        .sort()
    : [];

describe('the overlap detector', () => {
  const chapter = 'Pada suatu pagi server kalender menerima satu permintaan dari klien dan langsung menjawabnya dengan hasil lengkap.';
  const index = chapterIndex(chapter);
  const copied = 'server kalender menerima satu permintaan dari klien dan';
  const page = (body: string) => `---\ntitle: Contoh\ndescription: Halaman uji.\nsidebar:\n  order: 1\n---\n\nimport Console from '../../src/components/Console.astro';\n\n${body}\n`;

  test('flags a copied run of eight words in prose, frontmatter and link text', () => {
    expect(sharedRuns(page(`Kita lihat: ${copied}, lalu selesai.`), index)).toEqual([copied]);
    expect(sharedRuns(`---\ntitle: ${copied}\n---\n`, index)).toEqual([copied]);
    expect(sharedRuns(page(`Lihat [${copied}](../the-wire/).`), index)).toEqual([copied]);
  });

  test('ignores case and punctuation, and reports the longest run once', () => {
    const longer = 'Server, KALENDER menerima satu permintaan — dari klien dan langsung menjawabnya';
    expect(sharedRuns(page(longer), index)).toEqual(['server kalender menerima satu permintaan dari klien dan langsung menjawabnya']);
  });

  test('lets seven shared words pass', () => {
    expect(sharedRuns(page('server kalender menerima satu permintaan dari klien, bukan dua.'), index)).toEqual([]);
  });

  test('ignores code, JSX attribute values, spec quotes, and never joins words across them', () => {
    const pieces = [
      `\`\`\`json\n${copied}\n\`\`\``,
      `Kode \`${copied}\` saja.`,
      `<Console server="calendar" initial='${copied}' />`,
      `> ${copied}\n> ([spesifikasi](https://modelcontextprotocol.io/specification/2026-07-28/basic))`,
      `Spesifikasi: "[${copied}](https://modelcontextprotocol.io/specification/2026-07-28/basic)".`,
      `Spesifikasi: "${copied} MUST".`,
      `server kalender menerima satu \`x\` permintaan dari klien dan`,
    ];
    for (const piece of pieces) expect(sharedRuns(page(piece), index), piece).toEqual([]);
  });

  test('ignores a quotation found word for word in the spec, also when it wraps onto a second line', () => {
    const spec = ` a ${copied} b `;
    expect(sharedRuns(page(`Spesifikasi menulis "server kalender menerima satu\npermintaan dari klien dan".`), index, spec)).toEqual([]);
    expect(sharedRuns(page(`Spesifikasi menulis "${copied}".`), index, ' lain sama sekali ')).toEqual([copied]);
  });

  test('keeps an ordinary quotation and a blockquote that does not cite the spec', () => {
    expect(sharedRuns(page(`Orang bilang "${copied}".`), index)).toEqual([copied]);
    expect(sharedRuns(page(`> ${copied}`), index)).toEqual([copied]);
  });
});

describe(`no lesson shares ${RUN} or more words in a row with the seed chapter (${CHAPTER})`, () => {
  // Read before the tests; a missing file fails each of them with its name (never a skip).
  let index = new Set<string>();
  let spec = '';
  beforeAll(() => {
    index = chapterIndex(readSharedInput(CHAPTER));
    spec = ` ${wordSegments(readSharedInput(SPEC_TEXT)).flat().join(' ')} `;
  });

  test('the chapter is long enough to compare with', () => {
    expect(index.size).toBeGreaterThan(1000);
  });

  test.for(mdxIn(join(lessonsDir, 'id')))('lessons/id/%s', (file) => {
    expect(sharedRuns(readFileSync(join(lessonsDir, 'id', file), 'utf8'), index, spec)).toEqual([]);
  });

  test.for(mdxIn(lessonsDir))('lessons/%s (English)', (file) => {
    expect(sharedRuns(readFileSync(join(lessonsDir, file), 'utf8'), index, spec)).toEqual([]);
  });
});
