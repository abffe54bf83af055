import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { lessons } from 'virtual:mcp-by-hand/course';
import { lessonPatterns } from './course/config.ts';

/**
 * Starlight's collections.
 * - `docs` loads from the top-level `lessons/` folder instead of `src/content/docs/`.
 *   English lessons sit at the root of `lessons/`; Bahasa Indonesia lessons go in
 *   `lessons/id/` with the same file names. Files starting with `_` are ignored.
 *   When the course config lists lessons, only those (and the landing page) are built.
 * - `i18n` holds the course's own UI strings (`src/content/i18n/<lang>.json`).
 */
export const collections = {
  docs: defineCollection({
    loader: glob({ base: './lessons', pattern: lessonPatterns(lessons) }),
    schema: docsSchema(),
  }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
