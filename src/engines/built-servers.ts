/**
 * Servers that are built rather than shipped as source: their registry entry
 * (`toy-servers/registry.ts`) has a `fetchUrl`, and the build writes one ES
 * module there (today: the official reference server
 * `@modelcontextprotocol/server-everything`, bundled by
 * `scripts/bundle-everything.mjs`). An in-browser engine fetches that module
 * the first time a process of it is spawned, never before, and holds it at
 * the entry's `file` like any other file.
 *
 * ```ts
 * builtServerUrl('toy-servers/everything.mjs');   // '/servers/everything-2026.8.31.mjs' (with the site's base)
 * builtServerUrl('toy-servers/calendar.mjs');     // undefined: shipped as source
 * await fetchBuiltServer('toy-servers/everything.mjs'); // the module's text, fetched once per page
 * ```
 */
import { SERVERS, type ServerEntry } from '../../toy-servers/registry.ts';
import { failure, FailureError } from '../protocol/failure.ts';

/** POSIX path without `./`, `/course/` prefixes or repeated slashes, for comparing entries. */
function key(path: string, root = ''): string {
  const p = root && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
  return p.replace(/^(\.\/)+/, '').replace(/\/{2,}/g, '/');
}

/**
 * The URL the page fetches the built module of `entry` from (the registry's
 * `fetchUrl` under `base`, the site's base path), or `undefined` when `entry`
 * (relative to the engine's root, or absolute under `root`) is not a built server.
 */
export function builtServerUrl(entry: string, root = '', base: string = import.meta.env?.BASE_URL ?? '/'): string | undefined {
  const wanted = key(entry, root);
  const found = (Object.values(SERVERS) as readonly ServerEntry[]).find((s) => s.fetchUrl && s.file === wanted);
  return found?.fetchUrl ? `${base.endsWith('/') ? base : `${base}/`}${found.fetchUrl}` : undefined;
}

const fetched = new Map<string, Promise<string>>();

/**
 * The text of the built module of `entry`, fetched once per page (a failed
 * fetch is retried on the next call). `undefined` when `entry` is not a built
 * server. Rejects with a {@link FailureError} naming the URL and the HTTP
 * status when the site does not serve it (failure `http`, what `server`), or
 * the browser's words when the request failed before any status (`network`).
 */
export function fetchBuiltServer(entry: string, root = '', base?: string): Promise<string> | undefined {
  const url = builtServerUrl(entry, root, base);
  if (!url) return undefined;
  let text = fetched.get(url);
  if (!text) {
    text = fetch(url).then(
      async (response) => {
        if (!response.ok) {
          throw new FailureError(`cannot load ${entry}: ${url} answered HTTP ${response.status}; the site's build writes it (scripts/bundle-everything.mjs)`, failure('http', { what: 'server', status: response.status }));
        }
        return response.text();
      },
      (error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        throw new FailureError(`cannot load ${entry}: ${url}: ${detail}`, failure('network', { what: 'server', detail }));
      },
    );
    text.catch(() => fetched.delete(url!));
    fetched.set(url, text);
  }
  return text;
}
