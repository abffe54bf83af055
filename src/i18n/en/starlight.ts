/**
 * Starlight's own interface words on the English pages that the course says
 * differently from Starlight: none, so far (Starlight's English is used as it
 * ships). A key here (one of Starlight's,
 * https://starlight.astro.build/guides/i18n/#translate-starlights-ui) would
 * replace Starlight's word; `src/course/starlight-strings.ts` hands this table
 * to Starlight.
 */
export const starlight: Readonly<Record<string, string>> = {};
