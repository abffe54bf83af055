import AxeBuilder from '@axe-core/playwright';
import { inject } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { builtPages } from './support/pages.ts';
import { allow, freshPkce, httpRequestAt, sendTemplate } from './support/lesson-http.ts';

/** WCAG 2.2 AA, as Starlight's own a11y suite checks it. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const pages = builtPages(inject('distDir'));
/** The axe rules whose outcome depends on the theme's colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

test('the build has pages to check', () => {
  expect(pages).toContain('');
  expect(pages).toContain('how-this-course-works/');
});

/**
 * One load per page, judged in both themes: Starlight's theme is the `data-theme` attribute of
 * `<html>` (the widgets' colours follow it too, no media queries), so switching it and letting a
 * frame pass restyles the whole page as a reader's theme switch does. Light is judged by every
 * rule; dark by the rules a theme can change (colours: text contrast, links told apart from the
 * text around them), since the markup, the names and the roles are the same in both.
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
    const axe = new AxeBuilder({ page }).withTags(tags);
    const results = await (scheme === 'light' ? axe : axe.withRules(COLOUR_RULES)).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(summary, scheme).toEqual([]);
  }
});

test('the authorization lessons are among the pages checked, in both editions', () => {
  for (const slug of ['who-may-call', 'get-a-token', 'not-for-you']) {
    expect(pages).toContain(`${slug}/`);
    expect(pages).toContain(`id/${slug}/`);
  }
});

/**
 * The HttpRequest widget in the states the authorization lessons bring it to,
 * judged in both themes: a 401 with its challenge explained, a consent page's
 * source with its form and the answer written into the fields, a redirect with
 * its checks, a token response with the JWT decoded, and the values table filled.
 */
test.for(['get-a-token/', 'id/get-a-token/'])('axe finds no WCAG 2.2 AA violation in the HttpRequest widget mid-flow on /%s (light, then dark)', async (path, { open }) => {
  const page = await open(path, { colorScheme: 'light', offline: true });
  const w = await httpRequestAt(page, 0);
  const labels = await w.locator('button[data-action="use-template"]').allInnerTexts();
  const pick = async (n: number) => sendTemplate(w, labels[n]!);
  await pick(0); // the metadata
  await freshPkce(w);
  await allow(w, await pick(1)); // the authorization request, answered
  await pick(2); // the token request
  await pick(6); // create_event: 403 insufficient_scope (after the two mix-up templates)
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((s) => {
      document.documentElement.dataset.theme = s;
      return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }, scheme);
    const results = await new AxeBuilder({ page }).include('section.mcp-http-request').withTags(tags).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), scheme).toEqual([]);
  }
});
