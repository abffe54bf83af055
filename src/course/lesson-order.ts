/**
 * The default order of the lessons: every English lesson file in `lessons/`
 * (not the landing page `index`, not files starting with `_`), sorted by its
 * front matter's `sidebar.order`, then by file name. The sidebar is built from
 * this list of slugs, so Starlight shows each locale's own translation of a
 * lesson in the same place (autogenerating from the folder would nest the
 * `id/` translations as a group of their own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `sidebar.order` from a lesson's front matter, or `Infinity` when it has none. */
export function sidebarOrder(source: string): number {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const m = /^sidebar:\s*\r?\n(?:[ \t]+.*\r?\n)*?[ \t]+order:\s*(-?\d+(?:\.\d+)?)/m.exec(front + '\n');
  return m ? Number(m[1]) : Infinity;
}

/** Slugs of the English lessons in `dir`, in sidebar order. Throws when `dir` cannot be read. */
export function lessonsInOrder(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /\.mdx?$/.test(f) && !f.startsWith('_'))
    .map((f) => ({ slug: f.replace(/\.mdx?$/, ''), order: sidebarOrder(readFileSync(join(dir, f), 'utf8')) }))
    .filter((l) => l.slug !== 'index')
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
    .map((l) => l.slug);
}
