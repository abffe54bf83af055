/**
 * The toy servers' source files, bundled into the site at build time and
 * loaded lazily (one request, on first use): `toy-servers/<name>.mjs` ->
 * its text. Every in-browser engine starts from these files.
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

/** Names of the bundled toy servers (file names without `.mjs`), sorted; `shared` is the library, not a server. */
export function toyServerNames(): string[] {
  return Object.keys(modules)
    .map((k) => k.replace(/^\/toy-servers\//, '').replace(/\.mjs$/, ''))
    .filter((n) => n !== 'shared')
    .sort();
}
