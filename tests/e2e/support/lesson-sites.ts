/**
 * The two builds every lesson journey runs against, so that a course hosted under
 * a sub-path and offline works as the default one does: the default build
 * (`inject('baseURL')`, served by `astro preview`) and the sub-path build
 * (`inject('subpathURL')`, base `/courses/mcp/`, Worker engine only, served by
 * `npm run serve`'s server).
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

/** Both builds, default first. */
export function lessonSites(): LessonSite[] {
  return [
    { name: 'default', url: inject('baseURL'), options: {} },
    { name: 'sub-path', url: inject('subpathURL'), options: { offline: true } },
  ];
}

/** Absolute URL of a lesson page (`slug` as in `lessons/<slug>.mdx`) on `site`, for the `open()` fixture. */
export function lessonURL(site: LessonSite, slug: string): string {
  return new URL(`${slug}/`, site.url).href;
}
