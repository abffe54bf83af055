/**
 * Hands Starlight the course's words for Starlight's own interface (search,
 * code blocks' copy button, asides, ...), kept with every other string in
 * `src/i18n/<lang>/starlight.ts`, so no words live in `src/content/i18n/`.
 *
 * Two ways in, from the same tables: Starlight's `i18n` collection
 * (src/content.config.ts loads these tables into it) for the pages, and a
 * Starlight plugin's `i18n:setup` hook (`injectTranslations`) for the
 * build-time code-block and heading-link texts, which Starlight 0.42 reads
 * from files in `src/content/i18n/` directly rather than through the
 * collection. Either way, these words override Starlight's own for the same key.
 * https://starlight.astro.build/reference/plugins/#i18nsetup
 */
import type { StarlightPlugin } from '@astrojs/starlight/types';
import { starlight as en } from '../i18n/en/starlight.ts';
import { starlight as id } from '../i18n/id/starlight.ts';
import type { Lang } from './locales.ts';

/** Every language's words for Starlight's interface (a language of src/course/locales.ts without a table does not compile). */
export const STARLIGHT_STRINGS: Record<Lang, Readonly<Record<string, string>>> = { en, id };

/** The plugin for `starlight({ plugins: [...] })` in astro.config.mjs. */
export function starlightStrings(): StarlightPlugin {
  return {
    name: 'mcp-by-hand-starlight-strings',
    hooks: {
      'i18n:setup'({ injectTranslations }) {
        injectTranslations(Object.fromEntries(Object.entries(STARLIGHT_STRINGS).filter(([, words]) => Object.keys(words).length > 0)));
      },
      // Starlight requires this hook of every plugin; the words need nothing else.
      'config:setup'() {},
    },
  };
}
