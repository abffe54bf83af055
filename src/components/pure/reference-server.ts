/**
 * How the page names a server built rather than shipped as source (the
 * registry entry `everything`: the official reference server,
 * `@modelcontextprotocol/server-everything`, bundled by
 * `scripts/bundle-everything.mjs`). Its version is the one in the bundle's
 * file name (`servers/everything-2026.8.31.mjs`), which a test keeps equal to
 * package.json's pin. Pure data; no DOM, no Node.
 */
import { SERVERS, isServerName } from '../../../toy-servers/registry.ts';

/** The npm package of each built server, by registry name. */
const PACKAGES: Readonly<Record<string, string>> = { everything: '@modelcontextprotocol/server-everything' };

/** A built server's package and version, e.g. `{ package: '@modelcontextprotocol/server-everything', version: '2026.8.31' }`; undefined for a toy server. */
export function builtServer(name: string): { package: string; version: string } | undefined {
  if (!isServerName(name)) return undefined;
  const entry = SERVERS[name] as { fetchUrl?: string };
  const pkg = PACKAGES[name];
  const version = entry.fetchUrl ? /-(\d[^/]*)\.mjs$/.exec(entry.fetchUrl)?.[1] : undefined;
  return pkg && version ? { package: pkg, version } : undefined;
}

/**
 * The name a reader sees for a server: the file for a toy server
 * (`calendar.mjs`), the package and version for a built one
 * (`@modelcontextprotocol/server-everything 2026.8.31`).
 */
export function serverLabel(name: string): string {
  const built = builtServer(name);
  return built ? `${built.package} ${built.version}` : `${name}.mjs`;
}
