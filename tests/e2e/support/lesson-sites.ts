/**
 * The builds a lesson journey runs against: the default build (`inject('baseURL')`,
 * served by `astro preview`), and with `E2E_SUBPATH=1` the sub-path build too
 * (`inject('subpathURL')`, base `/courses/mcp/`, Worker engine only, served by
 * `npm run serve`'s server, opened as an offline classroom).
 *
 * ```ts
 * for (const site of lessonSites()) {
 *   describe(site.name, () => {
 *     test('…', async ({ open }) => { const page = await open(lessonURL(site, 'the-wire'), site.options); });
 *   });
 * }
 * ```
 */
import { inject } from 'vitest';
import type { OpenOptions } from './fixtures.ts';

/** One build of the course, as a base URL ending in `/`, and how to open its pages. */
export interface LessonSite {
  name: 'default' | 'sub-path';
  url: string;
  /**
   * Options for `open()`. The sub-path build is opened as an offline classroom: every request
   * to a host other than the course's own is blocked, and the journeys must still work.
   */
  options: OpenOptions;
}

/**
 * The builds a journey runs on. Every journey walks the default build. The sub-path build is
 * walked by `E2E_SUBPATH=1` runs only: in `npm test` it is covered by the cross-browser table
 * instead (tests/xbrowser/tasks.ts: every lesson's first task in both editions, in three engines,
 * on the sub-path build served by `npm run serve`'s server) and by tests/e2e/self-hosting.test.ts
 * (offline, every page and asset under the base). Walking every journey twice cost a third of the
 * e2e suite's time, and the whole `.ci/run` has to stay under 30 minutes on 2 cores.
 */
export function lessonSites(): LessonSite[] {
  return process.env.E2E_SUBPATH === '1' ? bothSites() : bothSites().slice(0, 1);
}

/** Both builds, default first, whatever `E2E_SUBPATH` says: for what differs between them (the sidebar a course config orders). */
export function bothSites(): LessonSite[] {
  return [
    { name: 'default', url: inject('baseURL'), options: {} },
    { name: 'sub-path', url: inject('subpathURL'), options: { offline: true } },
  ];
}

/** Absolute URL of a lesson page (`slug` as in `lessons/<slug>.mdx`) on `site`, for the `open()` fixture. */
export function lessonURL(site: LessonSite, slug: string): string {
  return new URL(`${slug}/`, site.url).href;
}
