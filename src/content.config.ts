import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { STARLIGHT_STRINGS } from './course/starlight-strings.ts';
import { lessons } from 'virtual:mcp-by-hand/course';
import { lessonPatterns } from './course/config.ts';

/**
 * Starlight's collections.
 * - `docs` loads from the top-level `lessons/` folder instead of `src/content/docs/`.
 *   English lessons sit at the root of `lessons/`; Bahasa Indonesia lessons go in
 *   `lessons/id/` with the same file names. Files starting with `_` are ignored.
 *   When the course config lists lessons, only those (and the landing page) are built.
 * - `i18n`: the course's words for Starlight's interface, one entry per
 *   language (id = the language code), loaded from `src/i18n/<lang>/starlight.ts`
 *   where they live with every other string; no JSON in `src/content/i18n/`.
 *   The same tables also reach Starlight's build-time texts (code blocks,
 *   heading links) through a plugin (src/course/starlight-strings.ts).
 */
export const collections = {
  docs: defineCollection({
    loader: glob({ base: './lessons', pattern: lessonPatterns(lessons) }),
    schema: docsSchema(),
  }),
  i18n: defineCollection({
    loader: {
      name: 'mcp-by-hand-starlight-strings',
      async load({ store, parseData }) {
        store.clear();
        for (const [id, words] of Object.entries(STARLIGHT_STRINGS)) store.set({ id, data: await parseData({ id, data: { ...words } }) });
      },
    },
    schema: i18nSchema(),
  }),
};
