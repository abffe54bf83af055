/**
 * Opening the capstone page with a reader's edit of the starter server already saved, as if the
 * reader had typed it earlier: the edit goes into localStorage under the key the ServerEditor uses
 * for that page and file, the page reloads, and the Checker is returned once hydrated.
 */
import type { Locator, Page } from 'playwright-core';
import { untilHydrated } from './lesson-widgets.ts';

/** The localStorage key of the saved edit of the starter on the page at `pathname` (e.g. `/id/write-your-own-server/`). */
export const starterEditKey = (pathname: string) => `mcp-by-hand:edit:${pathname}:toy-servers/starter.mjs`;

/** Opens `url` with `source` saved as the reader's edit of the starter; returns the page and its hydrated Checker. */
export async function checkerWithEdit(open: (url: string) => Promise<Page>, url: string, source: string): Promise<{ page: Page; checker: Locator }> {
  const page = await open(url);
  const key = starterEditKey(new URL(url).pathname);
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [key, source]);
  await page.reload({ waitUntil: 'load' });
  const checker = page.locator('section.mcp-checker');
  await checker.scrollIntoViewIfNeeded();
  await untilHydrated(checker);
  return { page, checker };
}
