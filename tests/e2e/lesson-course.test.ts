/**
 * The course as a whole, on both builds: the landing page leads to the first
 * page, and the sidebar lists "How this course works" and the twelve lessons
 * in their `sidebar.order` (read here from lessons/*.mdx front matter), each
 * linking to its page on that build. Each lesson's own test opens it and checks its heading.
 * Every page, widgets on screen, asks no other host for anything (the offline classroom of issue 8).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { lessonSites } from './support/lesson-sites.ts';
import { heading } from './support/lesson-widgets.ts';
import subpathConfig from '../fixtures/subpath.config.ts';

const dir = new URL('../../lessons/', import.meta.url);
const pages = readdirSync(dir)
  .filter((f) => f.endsWith('.mdx') && f !== 'index.mdx')
  .map((f) => {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(new URL(f, dir), 'utf8'))![1];
    return { slug: f.replace(/\.mdx$/, ''), title: /^title: (.*)$/m.exec(front)![1].trim(), order: Number(/^\s+order: (\d+)$/m.exec(front)![1]) };
  })
  .sort((a, b) => a.order - b.order);

for (const site of lessonSites()) {
  describe(`course (${site.name} build)`, () => {
    test('landing page -> how this course works; the sidebar lists the twelve lessons in order with links into this build', async ({ open }) => {
      expect(pages).toHaveLength(17);
      expect(pages[0].slug).toBe('how-this-course-works');
      const landing = await open(site.url, site.options);
      await expect.poll(() => landing.title()).toContain('MCP by Hand');
      // (Not clicked: the click would abort the link's prefetch, which the fixture counts as a failed request.)
      const start = await landing.getByRole('link', { name: /how the course works/i }).first().getAttribute('href');
      const first = new URL(start!, landing.url()).href;
      expect(first).toBe(new URL('how-this-course-works/', site.url).href);
      const page = await open(first, site.options);
      expect(await heading(page)).toBe('How this course works');

      // The default build orders by frontmatter; the sub-path build follows its config's `lessons` list.
      const order = site.name === 'sub-path' ? subpathConfig.lessons!.map((slug) => pages.find((p) => p.slug === slug)!) : pages;
      if (site.name === 'sub-path') expect(order.map((p) => p.slug)).not.toEqual(pages.map((p) => p.slug));
      const links = page.locator('nav[aria-label="Main"] a');
      const listed = (await links.allInnerTexts()).map((t) => t.trim());
      expect(listed.filter((t) => pages.some((p) => p.title === t))).toEqual(order.map((p) => p.title));
      for (const p of pages.slice(1)) {
        const link = page.locator('nav[aria-label="Main"]').getByRole('link', { name: p.title, exact: true });
        expect(await link.getAttribute('href')).toBe(new URL(`${p.slug}/`, site.url).pathname);
      }
    });

    test('every lesson page loads everything it needs from the course itself (no request to another host)', async ({ open, watch }) => {
      for (const p of pages) {
        const page = await open(new URL(`${p.slug}/`, site.url).href, { offline: true });
        expect(await heading(page)).toBe(p.title);
        // Bring every widget on screen so the client:visible islands hydrate and load what they need.
        for (const island of await page.locator('astro-island').all()) await island.scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
      }
      expect(watch.blocked, 'requests to other hosts').toEqual([]);
    }, 180_000);
  });
}
