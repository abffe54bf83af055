import AxeBuilder from '@axe-core/playwright';
import { inject } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { builtPages } from './support/pages.ts';

/** WCAG 2.2 AA, as Starlight's own a11y suite checks it. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const pages = builtPages(inject('distDir'));

test('the build has pages to check', () => {
  expect(pages).toContain('');
  expect(pages).toContain('how-this-course-works/');
});

for (const scheme of ['light', 'dark'] as const) {
  test.for(pages)(`axe finds no WCAG 2.2 AA violation on /%s (${scheme})`, async (path, { open, watch }) => {
    const page = await open(path, { colorScheme: scheme });
    if (path === '404.html') watch.problems.splice(0); // the 404 page answers 404 on purpose
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
    // Let islands in view hydrate and settle before judging the page.
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(summary).toEqual([]);
  });
}
