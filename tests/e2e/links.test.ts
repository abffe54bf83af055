import { inject } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { checkLinks } from './support/link-check.ts';
import { builtPages } from './support/pages.ts';

test('every internal link and anchor of the default build resolves', () => {
  expect(builtPages(inject('distDir')).length).toBeGreaterThan(2);
  expect(checkLinks(inject('distDir'), '/')).toEqual([]);
});

test('every internal link and anchor of the sub-path build resolves under /courses/mcp/', () => {
  expect(checkLinks(inject('subpathDistDir'), '/courses/mcp/')).toEqual([]);
});
