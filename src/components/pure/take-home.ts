/**
 * "Run it on your machine": the server as the reader has it (edited or not),
 * packed so that plain `node` runs it. Pure apart from the `read` function it
 * is handed; runs in the page and in Node.
 *
 * - {@link collectServerFiles} follows the entry's relative imports (static and
 *   literal dynamic ones, read with `es-module-lexer`, a real module lexer)
 *   to every sibling it needs; `node:` built-ins need nothing.
 * - {@link takeHomePackage} makes one `.mjs` when the entry imports nothing
 *   relative, else a zip (fflate) of one folder holding the files under their
 *   own names, and the exact command to run.
 */
import { init, parse } from 'es-module-lexer';
import { zipSync, strToU8 } from 'fflate';
import { t } from '../../i18n/index.ts';

/** Reads a file of the engine or of the project, by POSIX path; undefined when there is none. */
export type ReadFile = (path: string) => Promise<string | undefined>;

/** Resolves `specifier` against the folder of `from` (both POSIX); undefined when it is not relative. */
export function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const p of specifier.split('/')) {
    if (p === '.' || p === '') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return parts.join('/');
}

/**
 * Every file the entry needs, entry first: `entry` (a path such as
 * `toy-servers/calendar.mjs`) with the text `entryText` (the reader's edit, or
 * the original), then each relative import, read with `read`, recursively.
 * Throws an Error naming the file when an import cannot be read.
 */
export async function collectServerFiles(entry: string, entryText: string, read: ReadFile): Promise<Map<string, string>> {
  await init();
  const files = new Map<string, string>([[entry, entryText]]);
  const queue = [entry];
  while (queue.length) {
    const path = queue.shift()!;
    let imports;
    try {
      [imports] = parse(files.get(path)!, path);
    } catch {
      continue; // a file that does not parse is still packed; node will say where it breaks
    }
    for (const imp of imports) {
      const specifier = imp.specifier;
      const target = typeof specifier === 'string' ? resolveRelative(path, specifier) : undefined;
      if (!target || files.has(target)) continue;
      const text = await read(target);
      if (text === undefined) throw new Error(t('common.home.unreadable', { path, specifier: String(specifier) }));
      files.set(target, text);
      queue.push(target);
    }
  }
  return files;
}

/** What the reader downloads, and how to run it. */
export interface TakeHomePackage {
  /** The download's file name: `calendar.mjs`, or `mcp-by-hand-calendar.zip`. */
  fileName: string;
  /** The bytes to download. */
  bytes: Uint8Array;
  /** MIME type of the download. */
  type: string;
  /** The exact command, run from the download folder (POSIX shell and PowerShell alike). */
  command: string;
  /** The files inside, as paths relative to where the command runs. */
  files: string[];
}

/** The base name of a POSIX path. */
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The package for `files` (from {@link collectServerFiles}, entry first).
 * One file: the entry as it is, run with `node <name>`. Several: a zip of the
 * folder `mcp-by-hand-<server>/` keeping the layout relative to the entry's
 * folder, so relative imports still resolve; run with `node <folder>/<name>`.
 * `homeName` (e.g. `my-server.mjs`) renames the entry in the download and the
 * command; the other files keep their names.
 * Throws an Error when an import reaches above the entry's folder.
 */
export function takeHomePackage(server: string, files: Map<string, string>, homeName?: string): TakeHomePackage {
  const [entry] = files.keys();
  if (entry === undefined) throw new Error(t('common.home.noFiles'));
  const name = homeName ?? baseName(entry);
  if (files.size === 1) {
    return { fileName: name, bytes: strToU8(files.get(entry)!), type: 'text/javascript', command: `node ${name}`, files: [name] };
  }
  const root = entry.slice(0, entry.length - baseName(entry).length);
  const folder = `mcp-by-hand-${server}`;
  const tree: Record<string, Uint8Array> = {};
  const inside: string[] = [];
  for (const [path, text] of files) {
    if (!path.startsWith(root)) throw new Error(root ? t('common.home.outside', { path, root }) : t('common.home.outsideEntry', { path }));
    const rel = path === entry ? name : path.slice(root.length);
    tree[`${folder}/${rel}`] = strToU8(text);
    inside.push(`${folder}/${rel}`);
  }
  // A fixed date, so the same files always make the same bytes.
  const bytes = zipSync(tree, { level: 6, mtime: new Date('2026-07-28T00:00:00Z') });
  return { fileName: `${folder}.zip`, bytes, type: 'application/zip', command: `node ${folder}/${name}`, files: inside };
}
