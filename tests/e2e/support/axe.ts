import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA, as Starlight's own a11y suite checks it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The axe rules whose outcome depends on the theme's colours: text contrast, links told apart from the text around them. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Where axe looks and which of its WCAG rules it runs. */
export interface AxeScope {
  /** CSS selectors of the parts judged (every one of them); the whole page when absent. */
  include?: string[];
  /** Only these rule ids (e.g. COLOUR_RULES); every WCAG 2.2 AA rule when absent. */
  rules?: string[];
}

/**
 * Runs axe-core on `page` as it is now and lists its WCAG 2.2 AA violations, one line each:
 * `rule-id: help (target, target)`; an empty list is a clean page. axe is asked for violations only
 * (`resultTypes`), so it does not collect every passing node, which is most of its work on a long page.
 * It runs in @axe-core/playwright's legacy mode: one `axe.run` in the page, same-origin frames
 * included, instead of opening a blank page per analysis to merge the frames' results (which costs
 * more than the analysis on a course page). Only cross-origin frames would go untested that way, so
 * each one in scope is listed as a violation of its own (`untested-frame: <src>`).
 * @throws whatever axe-core throws when the page cannot be analysed (e.g. it navigated away).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  // options() replaces every option, so it comes before the tags and rules it would otherwise drop.
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS);
  for (const selector of scope.include ?? []) axe = axe.include(selector);
  if (scope.rules) axe = axe.withRules(scope.rules);
  const results = await axe.analyze();
  const untested = await page.evaluate((include) => {
    const frames = [...document.querySelectorAll<HTMLIFrameElement>('iframe, frame')];
    const inScope = (f: Element) => include.length === 0 || include.some((selector) => f.closest(selector));
    return frames.filter((f) => inScope(f) && f.contentDocument === null).map((f) => `untested-frame: ${f.src || '(no src)'}`);
  }, scope.include ?? []);
  return [...results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), ...untested];
}

/**
 * Sets Starlight's theme (the `data-theme` attribute of `<html>`, which the widgets' colours follow
 * too) as a reader's theme switch does, and waits two frames so the page is restyled.
 */
export async function setTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((s) => {
    document.documentElement.dataset.theme = s;
    return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, scheme);
}
