import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { findSyntaxError, findUnbalanced, lexerReady, lineCol } from '../../../src/components/server-editor/syntax-check.ts';

beforeAll(() => lexerReady());

describe('findSyntaxError', () => {
  it('accepts every shipped toy server', () => {
    const dir = new URL('../../../toy-servers/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.mjs'));
    expect(files.length).toBeGreaterThan(3);
    for (const name of files) {
      const src = readFileSync(new URL(name, dir), 'utf8');
      expect(findSyntaxError(src), name).toBeUndefined();
    }
  });
  it('points at a missing operand with line and column', () => {
    const p = findSyntaxError('import x from "./a.mjs";\nconst y = ;\n');
    expect(p).toMatchObject({ line: 2 });
    expect(p!.column).toBeGreaterThanOrEqual(10);
  });
  it('finds an unbalanced brace and an unterminated string', () => {
    expect(findSyntaxError('function f() {\n  return 1;\n')).toBeDefined();
    expect(findSyntaxError('const s = "abc;\nconst t = 1;\n')).toMatchObject({ line: 1 });
  });
  it('reports an unclosed brace at its opener, with its line, not at 1:1', () => {
    const src = 'import x from "./a.mjs";\n\nfunction f() {\n  if (x) {\n    return 1;\n\n}\n';
    const p = findSyntaxError(src);
    expect(p).toMatchObject({ line: 3, column: 14 });
    expect(p!.message).toMatch(/"\{" is never closed/);
  });
  it('reports a parenthesis closed by the wrong bracket at the parenthesis', () => {
    const p = findSyntaxError('const a = 1;\nconst o = { a: (1 };\n');
    expect(p).toMatchObject({ line: 2, column: 16 });
    expect(p!.message).toMatch(/"\(" is never closed/);
  });
  it('reports an unclosed bracket at its opener and a stray closer at itself', () => {
    expect(findSyntaxError('const ok = "[";\nconst a = [1, 2;\nconst b = 3;\n')).toMatchObject({ line: 2, column: 11 });
    expect(findSyntaxError('const a = 1;\n}\n')).toMatchObject({ line: 2, column: 1, message: expect.stringMatching(/closes nothing/) });
  });
  it('ignores brackets inside strings, comments, templates and regular expressions', () => {
    expect(findUnbalanced('const s = "(" + `[${1}` + /\{/.source; // )\n/* ] */\n')).toBeUndefined();
  });
  it('accepts top-level await and export', () => {
    expect(findSyntaxError('const m = await import("./x.mjs");\nexport const a = 1;\n')).toBeUndefined();
  });
  it('lineCol is 1-based', () => {
    expect(lineCol('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('checkSyntax (sliced parse)', () => {
  it('finds the same problems as findSyntaxError, with a long file parsed in slices', async () => {
    const { checkSyntax } = await import('../../../src/components/server-editor/syntax-check.ts');
    const long = 'const a = 1;\n'.repeat(20_000);
    expect(await checkSyntax(long)).toBeUndefined();
    expect(await checkSyntax(`${long}function f() {\n`)).toMatchObject({ line: 20_001, column: 14 });
  });
});
