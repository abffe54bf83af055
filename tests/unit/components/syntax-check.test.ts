import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { findSyntaxError, lexerReady, lineCol } from '../../../src/components/editor/syntax-check.ts';

beforeAll(() => lexerReady());

describe('findSyntaxError', () => {
  it('accepts every shipped toy server', () => {
    for (const name of ['calendar', 'calendar-handles', 'legacy', 'noisy', 'http', 'shared']) {
      const src = readFileSync(new URL(`../../../toy-servers/${name}.mjs`, import.meta.url), 'utf8');
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
  it('accepts top-level await and export', () => {
    expect(findSyntaxError('const m = await import("./x.mjs");\nexport const a = 1;\n')).toBeUndefined();
  });
  it('lineCol is 1-based', () => {
    expect(lineCol('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
