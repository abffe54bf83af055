/**
 * The e2e test API: `test` with a shared Chromium per test file and a fresh
 * page per test that FAILS the test on any console error, uncaught page
 * error, failed request or HTTP error status in the page.
 *
 * ```ts
 * import { test, expect } from './support/fixtures.ts';
 * test('landing page', async ({ open }) => {
 *   const page = await open('/');            // path is relative to the site's base
 *   await expect.poll(() => page.title()).toContain('MCP by Hand');
 * });
 * ```
 */
import { test as base, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs } from './chromium.ts';

/** Options for opening a page. */
export interface OpenOptions {
  /** Color scheme the page sees through `prefers-color-scheme`; Starlight follows it. Default `light`. */
  colorScheme?: 'light' | 'dark';
  /** Viewport; default 1280x800. Use `{ width: 390, height: 844 }` for a phone. */
  viewport?: { width: number; height: number };
  /** Block every request to a host other than the site's own, and record it in `blocked`. */
  offline?: boolean;
}

/** What the page fixture collects while a test runs. */
export interface PageWatch {
  /** Console errors, page errors, failed requests and HTTP >= 400 responses, as readable lines. */
  problems: string[];
  /** Requests to other hosts that were blocked (only with `offline: true`). */
  blocked: string[];
}

interface Fixtures {
  browser: Browser;
  /**
   * Opens `path` (relative to the base URL) in a fresh context and returns the page.
   * An absolute URL (`http://…`, e.g. `inject('subpathURL')`) is opened as it is; `offline`
   * then treats that URL's origin as the site's own.
   */
  open: (path: string, options?: OpenOptions) => Promise<Page>;
  /** Problems and blocked requests seen by pages opened in this test. */
  watch: PageWatch;
  baseURL: string;
}

export const test = base.extend<Fixtures>({
  browser: [
    async ({}, use) => {
      const browser = await chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: chromiumArgs });
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  baseURL: async ({}, use) => use(inject('baseURL')),
  watch: async ({}, use) => use({ problems: [], blocked: [] }),
  open: async ({ browser, watch, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (path, options = {}) => {
      const target = new URL(path.replace(/^\//, ''), baseURL).href; // an absolute URL stays as it is
      const origin = new URL(target).origin;
      const context = await browser.newContext({
        colorScheme: options.colorScheme ?? 'light',
        viewport: options.viewport ?? { width: 1280, height: 800 },
        serviceWorkers: 'block',
      });
      contexts.push(context);
      if (options.offline) {
        await context.route('**/*', (route) => {
          const url = route.request().url();
          if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
          watch.blocked.push(url);
          return route.abort('internetdisconnected');
        });
      }
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') watch.problems.push(`console error: ${msg.text()}`);
      });
      page.on('pageerror', (error) => watch.problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        if (options.offline && !request.url().startsWith(origin)) return; // counted in `blocked`
        // A navigation cancels the page's in-flight requests (e.g. Astro's link prefetch): not a failure.
        if (request.failure()?.errorText === 'net::ERR_ABORTED' && request.resourceType() !== 'document') return;
        watch.problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) watch.problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      await page.goto(target, { waitUntil: 'load' });
      return page;
    });
    for (const context of contexts) await context.close();
    expect(watch.problems, 'console errors or failed requests in the page').toEqual([]);
  },
});

export { expect };
