/**
 * Which heading of a page's translation matches a heading of the page, so
 * the language picker keeps the reader at the same section: each edition's
 * heading ids come from its own words (`#the-three-branches` in English,
 * `#tiga-cabang` in Indonesian), and a hash carried across unchanged would
 * name nothing on the other page. Editions keep the same headings in the
 * same order and levels (README, "Adding a language"), so headings are
 * matched by position; when the two outlines differ, nothing is mapped and
 * the picker behaves as Starlight's own.
 */

/** A heading as Astro reports it (`getHeadings()`, `render(entry).headings`): level 1-6 and its id. */
export interface HeadingRef {
  depth: number;
  slug: string;
}

/**
 * The id on the other edition for each heading id of this one, by position.
 * @returns `undefined` when the outlines differ in length or in any heading's level.
 */
export function anchorMap(here: readonly HeadingRef[], there: readonly HeadingRef[]): Record<string, string> | undefined {
  if (here.length !== there.length || here.some((h, i) => h.depth !== there[i]!.depth)) return undefined;
  const map: Record<string, string> = {};
  here.forEach((h, i) => {
    if (h.slug !== there[i]!.slug) map[h.slug] = there[i]!.slug;
  });
  return map;
}
