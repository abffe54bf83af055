/**
 * Starlight's own interface words on the Indonesian pages, where the words
 * Starlight ships for `id` read unnaturally or are missing: the search form
 * (`pagefind.*`, which does not follow the page's language by itself), the
 * code blocks' copy button and terminal title (`expressiveCode.*`), asides,
 * the file tree, heading links. Keys are Starlight's
 * (https://starlight.astro.build/guides/i18n/#translate-starlights-ui);
 * every other key keeps Starlight's Indonesian. `src/course/starlight-strings.ts`
 * hands this table to Starlight.
 */
export const starlight: Readonly<Record<string, string>> = {
  'aside.tip': "Kiat",
  'fileTree.directory': "Folder",
  'builtWithStarlight.label': "Dibuat dengan Starlight",
  'heading.anchorLabel': "Bagian berjudul “{{title}}”",
  'page.draft': "Konten ini masih draf dan tidak disertakan dalam build produksi.",
  'expressiveCode.copyButtonTooltip': "Salin ke papan klip",
  'expressiveCode.copyButtonCopied': "Tersalin!",
  'expressiveCode.terminalWindowFallbackTitle': "Jendela terminal",
  'pagefind.search_label': "Telusuri situs ini",
  'pagefind.clear_search': "Bersihkan",
  'pagefind.load_more': "Muat lebih banyak hasil",
  'pagefind.filters_label': "Filter",
  'pagefind.zero_results': "Tidak ada hasil untuk [SEARCH_TERM]",
  'pagefind.many_results': "[COUNT] hasil untuk [SEARCH_TERM]",
  'pagefind.one_result': "[COUNT] hasil untuk [SEARCH_TERM]",
  'pagefind.alt_search': "Tidak ada hasil untuk [SEARCH_TERM]. Menampilkan hasil untuk [DIFFERENT_TERM]",
  'pagefind.search_suggestion': "Tidak ada hasil untuk [SEARCH_TERM]. Coba salah satu pencarian ini:",
  'pagefind.searching': "Mencari [SEARCH_TERM]…",
};
