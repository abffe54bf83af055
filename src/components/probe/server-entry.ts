/**
 * Where a toy server lives in an engine's file system.
 *
 * The widgets name servers the way the MDX API does (`calendar`,
 * `calendar-handles`, `legacy`, `noisy`); the engine runs
 * `toy-servers/<name>.mjs`. In the page, widgets spawn
 * `../shared/page-engine.ts`'s `currentEntry(name)` instead (a ServerEditor's
 * edit, when the reader ran one); this default serves the Node engine in tests.
 */

/** The entry path of a toy server, e.g. `toy-servers/legacy.mjs`. */
export function serverEntry(name: string): string {
  return `toy-servers/${name}.mjs`;
}

/** The file name a reader sees, e.g. `legacy.mjs`. */
export function serverFile(name: string): string {
  return `${name}.mjs`;
}
