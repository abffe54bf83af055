import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';

/**
 * Starlight's collections.
 * - `docs` loads from the top-level `lessons/` folder instead of `src/content/docs/`.
 *   English lessons sit at the root of `lessons/`; Bahasa Indonesia lessons go in
 *   `lessons/id/` with the same file names. Files starting with `_` are ignored.
 * - `i18n` holds the course's own UI strings (`src/content/i18n/<lang>.json`)
 *   next to Starlight's built-in translations.
 */
export const collections = {
  docs: defineCollection({
    loader: glob({ base: './lessons', pattern: '**/[^_]*.{md,mdx}' }),
    schema: docsSchema(),
  }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
