/**
 * The language of the page an `.astro` component renders in, for passing to
 * its island as the `lang` prop. Starlight pages know it (`lang` of the route:
 * `en` at the root, `id` under `/id/`); other pages (the labs) are English.
 */
import { toLang, type Lang } from './index.ts';

/** `Astro.locals` as far as this needs it. */
interface LocalsLike {
  readonly starlightRoute?: { readonly lang?: string };
}

/** The page's {@link Lang}. Never throws: Starlight's route getter throws outside its pages, which means English here. */
export function pageLang(locals: unknown): Lang {
  try {
    return toLang((locals as LocalsLike).starlightRoute?.lang);
  } catch {
    return 'en';
  }
}
