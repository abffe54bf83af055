// @ts-check
/**
 * Expressive Code (Starlight's code blocks) settings that cannot live in
 * astro.config.mjs because they are functions (Expressive Code reads this file
 * from the project root by itself; https://expressive-code.com/reference/configuration/).
 *
 * `getBlockLocale`: which language a code block's own words are in (the copy
 * button's "Copy to clipboard" / "Copied!" and a terminal frame's fallback
 * title "Terminal window"). Starlight answers that from the block's file path
 * under `src/content/docs/`, but our lessons live in the top-level `lessons/`
 * folder, so without this every block would speak the default language. A
 * lesson in `lessons/<locale>/` gets that locale's language; a lesson at the
 * root of `lessons/` gets the default (English). The words themselves come
 * from Starlight's `expressiveCode.*` UI strings (the course's own, where it
 * has any, in `src/i18n/<lang>/starlight.ts`).
 *
 * The folder name is returned as the language, which holds while every
 * Starlight locale's `lang` equals its folder name (`id` -> `id`); a locale
 * whose `lang` differs (`zh-cn` -> `zh-CN`) needs that mapping here.
 */
import { defineEcConfig } from '@astrojs/starlight/expressive-code';

/** `/…/lessons/<locale>/<slug>.md(x)`: the locale folder of a translated lesson. */
const TRANSLATED_LESSON = /\/lessons\/([^/]+)\/[^/]+\.mdx?$/;

export default defineEcConfig({
  getBlockLocale: ({ file }) => {
    const match = TRANSLATED_LESSON.exec((file.path ?? '').replaceAll('\\', '/'));
    return match ? match[1] : undefined;
  },
});
