/**
 * Where the page runs a reader's edit of a server whose files import each
 * other: each file of the server (its entry and the siblings it imports, see
 * take-home.ts's `collectServerFiles`) is written beside its original under
 * an `.edited` name (`calendar.mjs` -> `calendar.edited.mjs`), and every
 * relative import between them names the edited copy. So the edited entry
 * loads the reader's siblings, and every other server on the page, which
 * imports the originals, is untouched. Pure; runs in the page and in Node.
 * The module lexer (and take-home.ts) load on the first {@link editedCopies},
 * so a page that imports {@link editedName} loads neither.
 *
 * ```ts
 * editedName('toy-servers/plumbing.mjs');  // 'toy-servers/plumbing.edited.mjs'
 * await editedCopies(new Map([
 *   ['toy-servers/calendar.mjs', "import { log } from './plumbing.mjs';"],
 *   ['toy-servers/plumbing.mjs', 'export const log = () => {};'],
 * ]));
 * // Map { 'toy-servers/calendar.edited.mjs' => "import { log } from './plumbing.edited.mjs';",
 * //       'toy-servers/plumbing.edited.mjs' => 'export const log = () => {};' }
 * ```
 */
import type { parse as Parse } from 'es-module-lexer';

/** The edited copy's path of `path` (POSIX): `.edited` before its extension, e.g. `a/b.mjs` -> `a/b.edited.mjs`. */
export function editedName(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash ? `${path.slice(0, dot)}.edited${path.slice(dot)}` : `${path}.edited`;
}

/** The specifier `specifier` becomes in an edited copy: the same relative path, to the edited copy's name. */
function editedSpecifier(specifier: string): string {
  const slash = specifier.lastIndexOf('/');
  return specifier.slice(0, slash + 1) + editedName(specifier.slice(slash + 1));
}

/**
 * The edited copies of `files` (path -> text, as `collectServerFiles` gives
 * them): each under {@link editedName}, its relative imports of a file in
 * `files` (static, and dynamic with a literal specifier) renamed to that
 * file's copy; every other import (`node:` built-ins, files outside the set)
 * and every other byte kept as it is, so a syntax error keeps its line. A
 * file the lexer cannot read is copied as it is (running it says where it
 * breaks). Never throws.
 */
export async function editedCopies(files: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const [{ init, parse }, { resolveRelative }] = await Promise.all([import('es-module-lexer'), import('./take-home.ts')]);
  await init();
  const out = new Map<string, string>();
  for (const [path, text] of files) {
    let imports: ReturnType<typeof Parse>[0];
    try {
      [imports] = parse(text, path);
    } catch {
      out.set(editedName(path), text);
      continue;
    }
    let copy = '';
    let at = 0;
    for (const imp of imports) {
      const specifier = typeof imp.specifier === 'string' && !('glob' in imp && imp.glob) ? imp.specifier : undefined;
      const target = specifier === undefined ? undefined : resolveRelative(path, specifier);
      if (!specifier || !target || !files.has(target)) continue;
      // A static import's range is the specifier's text; a dynamic one's is the whole argument, quotes included.
      const raw = text.slice(imp.start, imp.end);
      const from = imp.start + raw.indexOf(specifier);
      if (from < imp.start) continue; // written with escapes: left as it is
      copy += text.slice(at, from) + editedSpecifier(specifier);
      at = from + specifier.length;
    }
    out.set(editedName(path), copy + text.slice(at));
  }
  return out;
}
