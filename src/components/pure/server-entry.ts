/**
 * Where a server lives in an engine's file system, and what a reader calls it.
 *
 * The widgets name servers the way the MDX API does (`calendar`, `legacy`,
 * `everything`, ...); the engine runs the registry's file
 * (`toy-servers/registry.ts`). In the page, widgets spawn
 * `../page/server-sources.ts`'s `currentEntry(name)` instead (a ServerEditor's
 * edit, when the reader ran one); this default serves the Node engine in tests.
 */
import { SERVERS, isServerName } from '../../../toy-servers/registry.ts';

/** The entry path of a server, e.g. `toy-servers/legacy.mjs` (the registry's, else `toy-servers/<name>.mjs`). */
export function serverEntry(name: string): string {
  return isServerName(name) ? SERVERS[name].file : `toy-servers/${name}.mjs`;
}

/** The file name a reader sees, e.g. `legacy.mjs`. */
export function serverFile(name: string): string {
  return `${name}.mjs`;
}

/** True for a server built from a package rather than shipped as a toy server's source (it has a `fetchUrl`), e.g. `everything`. */
export function isBuiltServer(name: string): boolean {
  return isServerName(name) && 'fetchUrl' in SERVERS[name];
}

/** The server's era as the registry records it (`legacy` for legacy.mjs and the reference server), or undefined for an unknown name. */
export function registryEra(name: string): 'modern' | 'legacy' | undefined {
  return isServerName(name) ? SERVERS[name].era : undefined;
}
