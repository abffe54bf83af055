/**
 * Requests held back by a Playwright route, to show a page as a reader on a slow network sees it
 * (server-rendered markup, modules not there yet), then let go.
 *
 * ```ts
 * const hold = new HeldRequests(page, (url) => url.pathname.endsWith('.js'));
 * await hold.install();
 * await page.reload({ waitUntil: 'commit' });
 * // ... the reader types into the server-rendered controls ...
 * await hold.releaseAll();
 * ```
 *
 * The route stays installed for the page's life; once released it lets every request through.
 * Removing it (`page.unroute`) instead would switch the browser's request interception off while
 * the released modules' own imports are being requested, and a request caught in that switch can
 * stay pending for good: the island whose module graph it belongs to never hydrates.
 */
import type { Page, Route } from 'playwright-core';

export class HeldRequests {
  /** Requests held now, in the order they arrived. */
  readonly held: Route[] = [];
  /** URLs of the page's requests not yet finished or failed, to name in a failure. */
  readonly pending = new Set<string>();
  #holding = true;

  constructor(
    readonly page: Page,
    /** Which requests to hold. */
    readonly matches: (url: URL) => boolean,
  ) {}

  /** Starts holding every matching request from now on. */
  async install(): Promise<void> {
    this.page.on('request', (r) => void this.pending.add(r.url()));
    this.page.on('requestfinished', (r) => void this.pending.delete(r.url()));
    this.page.on('requestfailed', (r) => void this.pending.delete(r.url()));
    await this.page.route(
      (url) => this.#holding && this.matches(url),
      (route) => void this.held.push(route),
    );
  }

  /** Lets the requests held so far go; later ones are held as well, until {@link releaseAll}. Resolves once each is on its way. */
  async releaseHeld(): Promise<void> {
    await Promise.all(this.held.splice(0).map((r) => r.continue()));
  }

  /** Lets every held request go, and every later one. */
  async releaseAll(): Promise<void> {
    this.#holding = false;
    await this.releaseHeld();
  }

  /** Waits for `wait`; when it fails, its error also names the page's requests still pending. */
  async explainFailure(wait: Promise<unknown>): Promise<void> {
    try {
      await wait;
    } catch (e) {
      if (e instanceof Error) e.message += ` (requests still pending: ${JSON.stringify([...this.pending])})`;
      throw e;
    }
  }
}
