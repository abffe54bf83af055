import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { lessons } from 'virtual:mcp-by-hand/course';
import { lessonPatterns } from './course/config.ts';

/**
 * Starlight's collections.
 * - `docs` loads from the top-level `lessons/` folder instead of `src/content/docs/`.
 *   English lessons sit at the root of `lessons/`; Bahasa Indonesia lessons go in
 *   `lessons/id/` with the same file names. Files starting with `_` are ignored.
 *   When the course config lists lessons, only those (and the landing page) are built.
 *
 * There is no `i18n` collection: the course's words for Starlight's interface
 * live in `src/i18n/<lang>/starlight.ts` with every other string, and reach
 * Starlight through a plugin (src/course/starlight-strings.ts).
 */
export const collections = {
  docs: defineCollection({
    loader: glob({ base: './lessons', pattern: lessonPatterns(lessons) }),
    schema: docsSchema(),
  }),
};
