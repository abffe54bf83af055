// One source, comments per language (src/components/pure/comment-language.ts): the capstone's starter and
// stage solutions show their comments in the page's language, while the code, and what it writes on the
// wire, stays byte for byte the same. Comments are read with a real JavaScript parser (Lezer's, the one
// the editor highlights with), not with the module's line rule; the wire is compared on real node processes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parser } from '@lezer/javascript';
import { describe, expect, it } from 'vitest';
import { commentsIn } from '../../../src/components/pure/comment-language.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { capstoneStage } from '../../capstone-stages.ts';

const ROOT = new URL('../../../', import.meta.url);
/** The starter, and the eight stages as the build makes them from the one annotated file (named `capstone-stage-N.mjs`). */
const FILES = ['toy-servers/starter.mjs', ...Array.from({ length: 8 }, (_, i) => `capstone-stage-${i + 1}.mjs`)];
const read = (name: string) => (name.startsWith('capstone-stage-') ? capstoneStage(Number(/\d+/.exec(name)![0])) : readFileSync(new URL(name, ROOT), 'utf8'));

/** The comments of `source` (their text, opener included) and the source without them, as Lezer reads it. */
function split(source: string): { comments: string[]; code: string } {
  const comments: Array<{ from: number; to: number }> = [];
  parser.parse(source).iterate({
    enter(node) {
      if (node.type.name === 'LineComment' || node.type.name === 'BlockComment') comments.push({ from: node.from, to: node.to });
    },
  });
  let code = '';
  let at = 0;
  for (const c of comments) {
    code += source.slice(at, c.from);
    at = c.to;
  }
  code += source.slice(at);
  // A comment alone on its line leaves an empty line, a trailing one the spaces before it.
  code = code
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
    .join('\n');
  return { comments: comments.map((c) => source.slice(c.from, c.to)), code };
}

describe.each(FILES)('%s', (file) => {
  const raw = read(file);
  const en = split(commentsIn(raw, 'en'));
  const id = split(commentsIn(raw, 'id'));

  it('has the same code in English, in Indonesian and in the file as it runs', () => {
    expect(en.code).toBe(split(raw).code);
    expect(id.code).toBe(en.code);
  });

  it('shows each language its own comments: no English comment in Indonesian, no Indonesian in English, no mark left', () => {
    expect(en.comments.length).toBeGreaterThan(0);
    expect(id.comments).toHaveLength(en.comments.length);
    expect(id.comments.filter((c) => en.comments.includes(c))).toEqual([]);
    for (const c of [...en.comments, ...id.comments]) expect(c).not.toMatch(/^(\/\/|\/\*\*?)id:|\s\/\/id:/);
    expect(id.comments.join('\n')).toMatch(/tahap|Tahap|Mulai di sini/);
  });
});

describe('the wire', () => {
  const dir = mkdtempSync(join(tmpdir(), 'comment-language-'));
  const meta = new RequestBuilder({ clientCapabilities: { elicitation: { form: {} } } });
  const lines = [
    meta.request('server/discover', {}, { id: 1 }),
    meta.request('tools/list', {}, { id: 2 }),
    meta.request('tools/call', { name: 'add_event', arguments: { title: 'Dentist' } }, { id: 3 }),
    meta.request('resources/read', { uri: 'notes://readme' }, { id: 4 }),
    { jsonrpc: '2.0', id: 5, method: 'initialize', params: { protocolVersion: '2025-11-25' } },
  ]
    .map((m) => JSON.stringify(m))
    .concat(['{"jsonrpc":', ''])
    .join('\n');

  // stderr is compared without line:column positions: a crash's stack trace names lines, and a comment
  // may take more lines in one language than in the other.
  it.each(FILES)('%s writes the same bytes on stdout, the same stderr and the same exit status in every language', (file) => {
    const run = (lang: 'en' | 'id') => {
      const path = join(dir, `${lang}-${file.split('/').pop()}`);
      writeFileSync(path, commentsIn(read(file), lang));
      const r = spawnSync(process.execPath, [path], { input: lines, encoding: 'utf8', timeout: 20_000, env: { ...process.env, MY_SERVER_SECRET: 'same' } });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr.replaceAll(path, '<file>').replace(/:\d+(:\d+)?\b/g, ':<line>') };
    };
    const en = run('en');
    expect(en.stdout.length + en.stderr.length).toBeGreaterThan(0);
    expect(run('id')).toEqual(en);
  });
});

describe('the convention', () => {
  const source = [
    '/**',
    ' * A block.',
    ' */',
    '/**id:',
    ' * Sebuah blok.',
    ' */',
    'const a = 1; // one //id: satu',
    'const url = "x://y"; // see https://example.com/a //id: lihat https://example.com/a',
    '  // two lines',
    '  // of English',
    '  //id: dua baris',
    'const c = 3;',
    '// left as it is',
    '',
    'const b = 2; // only English',
  ].join('\n');

  it('gives Indonesian its comments, unmarked, and leaves the rest', () => {
    expect(commentsIn(source, 'id')).toBe(
      ['/**', ' * Sebuah blok.', ' */', 'const a = 1; // satu', 'const url = "x://y"; // lihat https://example.com/a', '  // dua baris', 'const c = 3;', '// left as it is', '', 'const b = 2; // only English'].join('\n'),
    );
  });

  it('gives English the source without the marked parts', () => {
    expect(commentsIn(source, 'en')).toBe(
      ['/**', ' * A block.', ' */', 'const a = 1; // one', 'const url = "x://y"; // see https://example.com/a', '  // two lines', '  // of English', 'const c = 3;', '// left as it is', '', 'const b = 2; // only English'].join('\n'),
    );
  });

  it('returns a source with no mark as it is', () => {
    const plain = 'const id = { id: 1 }; // id: of the event\n';
    expect(commentsIn(plain, 'id')).toBe(plain);
    expect(commentsIn(plain, 'en')).toBe(plain);
  });
});
