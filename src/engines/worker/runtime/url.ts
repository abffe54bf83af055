/**
 * `node:url` as memfs needs it inside the Worker bundle: the WHATWG URL
 * classes of the platform plus `fileURLToPath`/`pathToFileURL` for POSIX paths.
 */
export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;

/** `file:///a/b%20c` -> `/a/b c`. Throws a TypeError for other schemes, as Node does. */
export function fileURLToPath(url: string | URL): string {
  const u = typeof url === 'string' ? new globalThis.URL(url) : url;
  if (u.protocol !== 'file:') throw Object.assign(new TypeError('The URL must be of scheme file'), { code: 'ERR_INVALID_URL_SCHEME' });
  return decodeURIComponent(u.pathname);
}

/** `/a/b c` -> `file:///a/b%20c`. */
export function pathToFileURL(path: string): URL {
  return new globalThis.URL(`file://${encodeURI(path)}`);
}

export default { URL, URLSearchParams, fileURLToPath, pathToFileURL };
