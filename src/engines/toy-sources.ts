/**
 * The toy servers' source files, bundled into the site at build time and
 * loaded lazily (one request, on first use): `toy-servers/<file>.mjs` -> its
 * text. Every in-browser engine starts from these files: every `.mjs` in
 * `toy-servers/`, servers and their plumbing siblings alike, so a server's
 * relative imports resolve. Which of them are servers is the registry's
 * business (`toy-servers/registry.ts`), not this module's.
 */
const modules = import.meta.glob('/toy-servers/*.mjs', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;

let loaded: Promise<Record<string, string>> | undefined;

/** `{ 'toy-servers/calendar.mjs': '...source...' , ... }`, loaded once per page. */
export function loadToyServerSources(): Promise<Record<string, string>> {
  loaded ??= Promise.all(
    Object.entries(modules).map(async ([key, load]) => [key.replace(/^\//, ''), await load()] as const),
  ).then((entries) => Object.fromEntries(entries));
  return loaded;
}
