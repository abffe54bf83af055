/**
 * The course as a whole, in English on both builds and in Indonesian (`/id/`):
 * the landing page (its tagline and its "start here" button, read from each
 * edition's lessons/<edition>/index.mdx) leads to the first page, and the
 * sidebar lists "How this course works" and the lessons in their
 * `sidebar.order` (read here from the edition's front matter), each linking
 * to its page on that build and in that edition. Each lesson's own test opens
 * it and checks its heading. Every page of the sub-path build, widgets on
 * screen, asks no other host for anything (the offline classroom; the default
 * build's pages, in both editions, are checked so by widgets-layout-shift.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { bothSites } from './support/lesson-sites.ts';
import { heading } from './support/lesson-widgets.ts';
import subpathConfig from '../fixtures/subpath.config.ts';

/** The front matter of an .mdx file, as text. */
const frontMatter = (file: URL) => /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'))![1];

/** One edition of the course: its URL prefix, `<html lang>`, and its pages and landing page as its .mdx files say. */
function edition(prefix: '' | 'id/', lang: 'en' | 'id') {
  const dir = new URL(`../../lessons/${prefix}`, import.meta.url);
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith('.mdx') && f !== 'index.mdx')
    .map((f) => {
      const front = frontMatter(new URL(f, dir));
      return { slug: f.replace(/\.mdx$/, ''), title: /^title: (.*)$/m.exec(front)![1].trim(), order: Number(/^\s+order: (\d+)$/m.exec(front)![1]) };
    })
    .sort((a, b) => a.order - b.order);
  const landing = frontMatter(new URL('index.mdx', dir));
  return {
    prefix,
    lang,
    pages,
    tagline: /^\s+tagline: (.*)$/m.exec(landing)![1].trim(),
    /** The hero's first action: the "start here" button. */
    start: /^\s+- text: (.*)$/m.exec(landing)![1].trim(),
  };
}

const EDITIONS = [edition('', 'en'), edition('id/', 'id')];
const [english] = EDITIONS;

for (const site of bothSites()) {
  for (const { prefix, lang, pages, tagline, start } of EDITIONS) {
    describe(`${prefix}course (${site.name} build)`, () => {
      test('landing page -> how this course works; the sidebar lists the lessons in order with links into this build', async ({ open }) => {
        expect(pages).toHaveLength(20);
        // The same lessons in both editions, in the same order.
        expect(pages.map((p) => [p.slug, p.order])).toEqual(english.pages.map((p) => [p.slug, p.order]));
        expect(pages[0].slug).toBe('how-this-course-works');
        const home = new URL(prefix, site.url).href;
        const landing = await open(home, site.options);
        await expect.poll(() => landing.title()).toContain('MCP by Hand');
        expect(await landing.locator('html').getAttribute('lang')).toBe(lang);
        expect(await landing.locator('.hero .tagline').innerText()).toBe(tagline);
        // (Not clicked: the click would abort the link's prefetch, which the fixture counts as a failed request.)
        const button = landing.locator('.hero').getByRole('link', { name: start, exact: true });
        expect(await button.count()).toBe(1);
        const first = new URL((await button.getAttribute('href'))!, landing.url()).href;
        expect(first).toBe(new URL(`${prefix}how-this-course-works/`, site.url).href);
        const page = await open(first, site.options);
        expect(await heading(page)).toBe(pages[0].title);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);

        // The default build orders by frontmatter; the sub-path build follows its config's `lessons` list.
        const order = site.name === 'sub-path' ? subpathConfig.lessons!.map((slug) => pages.find((p) => p.slug === slug)!) : pages;
        if (site.name === 'sub-path') expect(order.map((p) => p.slug)).not.toEqual(pages.map((p) => p.slug));
        // Starlight's sidebar (its aria-label is in the page's language: "Main", "Utama").
        const nav = page.locator('nav.sidebar');
        expect(await nav.count()).toBe(1);
        const listed = (await nav.locator('a').allInnerTexts()).map((t) => t.trim());
        expect(listed.filter((t) => pages.some((p) => p.title === t))).toEqual(order.map((p) => p.title));
        for (const p of pages.slice(1)) {
          const link = nav.getByRole('link', { name: p.title, exact: true });
          expect(await link.getAttribute('href')).toBe(new URL(`${prefix}${p.slug}/`, site.url).pathname);
        }
      });

      if (lang === 'en' && site.name === 'sub-path') {
        test('every lesson page loads everything it needs from the course itself (no request to another host)', async ({ open, watch }) => {
          for (const p of pages) {
            const page = await open(new URL(`${prefix}${p.slug}/`, site.url).href, { offline: true });
            expect(await heading(page)).toBe(p.title);
            // Bring every widget on screen so the client:visible islands hydrate and load what they need.
            for (const island of await page.locator('astro-island').all()) await island.scrollIntoViewIfNeeded();
            await page.waitForLoadState('networkidle');
          }
          expect(watch.blocked, 'requests to other hosts').toEqual([]);
        }, 180_000);
      }
    });
  }
}
