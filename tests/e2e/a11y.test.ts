import { inject } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { builtPages } from './support/pages.ts';
import { allow, freshPkce, httpRequestAt, sendTemplate } from './support/lesson-http.ts';
import { axeViolations, setTheme, COLOUR_RULES } from './support/axe.ts';

const pages = builtPages(inject('distDir'));

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
    await setTheme(page, scheme);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toContain(scheme);
    expect(await axeViolations(page, scheme === 'light' ? {} : { rules: COLOUR_RULES }), scheme).toEqual([]);
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
    await setTheme(page, scheme);
    expect(await axeViolations(page, { include: ['section.mcp-http-request'] }), scheme).toEqual([]);
  }
});

/**
 * The judge itself: on a real page with planted faults, axe reports the WCAG one (grey text on
 * white) and not the best-practice one (a heading level skipped), so the tags are in force and a
 * violation is reported whole although axe collects violations only. A faint paragraph inside a
 * same-origin frame is found too (the frames are analysed in the page), and a frame axe cannot
 * enter (an opaque origin) is named as untested, not passed in silence.
 */
test('axe, as these checks run it, reports a WCAG violation, in a same-origin frame too, names a frame it cannot enter, and ignores a best-practice one', async ({ open }) => {
  const page = await open('404.html', { colorScheme: 'light' });
  await page.evaluate(async () => {
    const planted = document.createElement('div');
    planted.id = 'planted';
    planted.innerHTML = '<h2>Planted</h2><h5>skipped levels</h5><p style="color:#ccc;background:#fff">faint text</p>';
    document.querySelector('main')!.append(planted);
    const same = document.createElement('iframe');
    same.title = 'same-origin frame';
    same.srcdoc = '<!doctype html><html lang="en"><title>inner</title><main><p style="color:#ddd;background:#fff">fainter text</p></main></html>';
    const opaque = document.createElement('iframe');
    opaque.title = 'opaque frame';
    opaque.src = 'data:text/html,<p>elsewhere</p>';
    const loaded = (f: HTMLIFrameElement) => new Promise((r) => f.addEventListener('load', r, { once: true }));
    const done = Promise.all([loaded(same), loaded(opaque)]);
    planted.append(same, opaque);
    await done;
  });
  const found = await axeViolations(page, { include: ['#planted'] });
  expect(found).toEqual([
    'color-contrast: Elements must meet minimum color contrast ratio thresholds (p, iframe[title="same-origin frame"] p)',
    'untested-frame: data:text/html,<p>elsewhere</p>',
  ]);
});
