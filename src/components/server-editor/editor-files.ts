/**
 * The files a ServerEditor shows, one tab each: the server's entry, then
 * every sibling it imports, found by following its relative imports (the
 * same walk "Run it on your machine" packs, take-home.ts's
 * `collectServerFiles`), so a server that gains or loses a sibling gains or
 * loses a tab with no list to keep. Run by the widget's wrapper at build time.
 *
 * ```ts
 * await editorFiles('toy-servers/calendar.mjs', sources, ['plumbing.mjs']);
 * // [{ path: 'toy-servers/calendar.mjs', original: '…', readOnly: false },
 * //  { path: 'toy-servers/plumbing.mjs', original: '…', readOnly: true }]
 * ```
 */
import { collectServerFiles } from '../pure/take-home.ts';

/** One tab of a ServerEditor: the file's path (POSIX, from the project root), its shipped text, and whether the lesson lets the reader change it. */
export interface EditorFile {
  path: string;
  original: string;
  readOnly: boolean;
}

/** The name a tab shows and a lesson names a file by: the path's last part, e.g. `plumbing.mjs`. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The tabs of the server whose entry is `entry`: the entry first, then its
 * siblings in the order the imports reach them. `sources` holds the files
 * (path -> text, e.g. every `toy-servers/*.mjs`); `readOnly` names files by
 * {@link fileName}. Throws an Error naming what is wrong when `entry` or an
 * imported file is not in `sources`, or a name in `readOnly` is none of the tabs.
 */
export async function editorFiles(entry: string, sources: Readonly<Record<string, string>>, readOnly: readonly string[] = []): Promise<EditorFile[]> {
  const text = sources[entry];
  if (text === undefined) throw new Error(`${entry} is missing`);
  const files = await collectServerFiles(entry, text, async (path) => sources[path]);
  const names = [...files.keys()].map(fileName);
  const unknown = readOnly.filter((name) => !names.includes(name));
  if (unknown.length) throw new Error(`readOnly names ${unknown.join(', ')}, which is not one of its files (${names.join(', ')})`);
  return [...files].map(([path, original]) => ({ path, original, readOnly: readOnly.includes(fileName(path)) }));
}
