/**
 * The course's languages, as Starlight's `locales` option takes them: `root`
 * is English at `/`, every other key is a folder of `lessons/` and a URL
 * prefix. astro.config.mjs passes this to Starlight; the language picker
 * (LanguageSelect.astro) reads it in the same order as its options.
 */
export const LOCALES = {
  root: { label: 'English', lang: 'en' },
  id: { label: 'Bahasa Indonesia', lang: 'id' },
} as const satisfies Record<string, { label: string; lang: string }>;
