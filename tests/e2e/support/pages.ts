import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every HTML page in a build folder, as URL paths relative to the site's base
 * (`index.html` -> ``, `a/index.html` -> `a/`, `404.html` -> `404.html`).
 * @param distDir the build output folder (e.g. `inject('distDir')`).
 */
export function builtPages(distDir: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_astro' && entry.name !== 'pagefind') walk(full);
      } else if (entry.name.endsWith('.html')) {
        const rel = relative(distDir, full).split('\\').join('/');
        pages.push(rel.endsWith('index.html') ? rel.slice(0, -'index.html'.length) : rel);
      }
    }
  };
  walk(distDir);
  return pages.sort();
}
