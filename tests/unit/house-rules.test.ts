/**
 * The house rule on what the code may point at (CONTRIBUTING.md, "House rules"): comments and strings are
 * self-contained. No file tracked in `src/`, `toy-servers/`, `tests/`, `scripts/` or `bench/` names a file outside
 * the repository (the folder beside it, a machine's private paths, a private design note or digest of the spec) or
 * an issue by number; the specification is cited by its public URL.
 *
 * One file may name the folder beside the repository: tests/shared-inputs.ts, the only door to it (the tests that
 * need its files go through that module and fail, naming the file, when it is missing). This file holds the
 * patterns themselves and is the only other exception.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SHARED_DIR, sharedInput } from '../shared-inputs.ts';

const ROOT = resolve(new URL('../../', import.meta.url).pathname);
const DIRS = ['src', 'toy-servers', 'tests', 'scripts', 'bench'];
/** Binary and vendored files are not read. */
const SKIP = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|wasm|tiktoken|gz|br)$|LICENSE/i;

/** Files allowed to break a rule, each with the rule it may break. Keep it tiny. */
const ALLOWED: Record<string, string[]> = {
  'tests/shared-inputs.ts': ['the folder beside the repository'],
  'tests/unit/house-rules.test.ts': ['*'],
};

/** What breaks the rule, by name. Each pattern is matched line by line. */
const RULES: [name: string, pattern: RegExp][] = [
  ['the folder beside the repository', /\.\.\/shared(?:[/'"`]|$)|['"]\.\.['"],\s*['"]shared['"]/],
  ['a private path on this machine', /\/work\/|\/tmp\/spec\b/],
  ['a private design note', /\bDESIGN\.md\b|\bdesign doc\b|\bthe brief\b|\bpeers\.md\b|\bresearch\/[\w-]+\.md\b/i],
  ['a digest of the spec', /\bspec(?:ification)?[ -]digest\b|\bthe digest of the spec/i],
  ['an issue number', /\b(?:issues?|tickets?|tasks?|PRs?|pull requests?)\s*#?\d+\b|(?:^|[\s(\[])#\d+\)|\(#\d+\b|\bsee #\d+|\(issue\s*$|\bthe issue (?:names|asks|says|lists)\b/i],
];

/** Every file git tracks (or would track) under the checked folders, repository-relative. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...DIRS], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => f !== '' && !SKIP.test(f));
}

/** The lines of `text` that break a rule not allowed for `file`, as `file:line: rule: text`. */
function breaches(file: string, text: string): string[] {
  const allowed = ALLOWED[file] ?? [];
  if (allowed.includes('*')) return [];
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [name, pattern] of RULES) {
      if (!allowed.includes(name) && pattern.test(line)) found.push(`${file}:${i + 1}: ${name}: ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

describe('the house rule: comments and strings point only inside the repository', () => {
  test('no file names a file outside the repository or an issue number', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(300);
    let missing: string[] = [];
    const found = files.flatMap((file) => {
      try {
        return breaches(file, readFileSync(join(ROOT, file), 'utf8'));
      } catch {
        missing = [...missing, file];
        return [];
      }
    });
    expect(missing, 'tracked files that could not be read').toEqual([]);
    expect(found).toEqual([]);
  });

  test('the patterns catch what they name, and leave ordinary text alone', () => {
    const caught = [
      "const p = '../shared/spec/schema.json';",
      "join(ROOT, '..', 'shared', 'spec')",
      '// read /tmp/spec/docs first',
      '// see DESIGN.md, engines',
      '// from the spec digest',
      '// (issue 17, point 2)',
      ' * reach a reader in Indonesian (issue',
      "it('offers every method the issue names')",
      '// fixed in #23)',
      '// see #12',
      "it('offers every method the task 5 names')",
    ];
    for (const line of caught) expect(breaches('src/x.ts', line), line).toHaveLength(1);
    const clean = [
      "createHash('sha256').update(v).digest('base64url')",
      '// 1. Console #2, the made-up handle',
      "import { readSharedInput } from '../shared-inputs.ts';",
      '/** The file as the process named it (e.g. `/home/me/server.js`). */',
      '// a server that issues a token',
      "color: '#333';",
      '// https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio',
      "{ en: /^no reply within (\\d+) ms$/, id: 'tidak ada balasan dalam {#1} ms' }",
    ];
    for (const line of clean) expect(breaches('src/x.ts', line), line).toEqual([]);
  });

  test('the one door to the folder beside the repository fails loudly, naming the file, when a file is missing', () => {
    expect(() => sharedInput('spec/no-such-file.json')).toThrow(join(SHARED_DIR, 'spec/no-such-file.json'));
  });
});
