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

/**
 * One load per page, judged in both themes: Starlight's theme is the `data-theme` attribute of
 * `<html>` (the widgets' colours follow it too, no media queries), so switching it and letting a
 * frame pass restyles the whole page as a reader's theme switch does.
 */
test.for(pages)('axe finds no WCAG 2.2 AA violation on /%s (light, then dark)', async (path, { open, watch }) => {
  const page = await open(path, { colorScheme: 'light' });
  if (path === '404.html') watch.problems.splice(0); // the 404 page answers 404 on purpose
  // Let islands in view hydrate and settle before judging the page.
  await page.waitForLoadState('networkidle');
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((s) => {
      document.documentElement.dataset.theme = s;
      return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }, scheme);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toContain(scheme);
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(summary, scheme).toEqual([]);
  }
});
