// @ts-check
/**
 * A Vite plugin for the Worker engine's bootstrap bundle only (register it in
 * `vite.worker.plugins`): the Node built-ins that memfs and readable-stream
 * import are resolved to their browser polyfills, and `process` to the one
 * process object of the Worker (so every polyfill shares it). The page's own
 * bundles and the server build are untouched.
 *
 *   node:buffer, buffer  -> buffer (npm)          node:events   -> events (npm)
 *   node:path, path      -> path-browserify       node:stream   -> readable-stream
 *   node:url, url        -> runtime/url.ts        process, process/, node:process -> runtime/process-core.ts
 *
 * @returns {import('vite').Plugin}
 */
export function workerNodePolyfills() {
  const here = new URL('.', import.meta.url).pathname;
  /** @type {Record<string, string>} */
  const map = {
    'node:buffer': 'buffer/',
    'node:events': 'events/',
    'node:path': 'path-browserify',
    path: 'path-browserify',
    'node:stream': 'readable-stream',
    stream: 'readable-stream',
    'node:url': `${here}runtime/url.ts`,
    url: `${here}runtime/url.ts`,
    'node:process': `${here}runtime/process-core.ts`,
    process: `${here}runtime/process-core.ts`,
    'process/': `${here}runtime/process-core.ts`,
  };
  return {
    name: 'mcp-by-hand:worker-node-polyfills',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      const target = map[id];
      if (!target) return null;
      if (target.startsWith('/')) return target;
      return this.resolve(target, importer ?? here, { ...options, skipSelf: true });
    },
  };
}
