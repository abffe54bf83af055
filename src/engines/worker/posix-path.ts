/**
 * POSIX path normalisation shared by the page side (the engine's files) and
 * the Worker side (the module loader) of the Worker engine.
 */

/**
 * Normalises an absolute POSIX path: drops `.` segments and repeated slashes,
 * resolves `..` (never above `/`). Returns a path starting with `/` and with
 * no trailing slash, e.g. `/a//b/./c/../d` -> `/a/b/d`. Never throws.
 */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}
