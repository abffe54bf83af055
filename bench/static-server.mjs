// bench/static-server.mjs: serves a built site (a `dist/` folder) on a loopback port for the
// browser benchmarks, as a static host would: `/_astro/*` (hashed file names) with
// `cache-control: public, max-age=31536000, immutable`, every other file with `no-cache`.
// Uncompressed (on loopback the bytes cost nothing; page weight is gzipped by the bench itself).
//
//   const site = await serveDist('/tmp/build/dist');   // { base: 'http://127.0.0.1:PORT/', hits, close() }
//   site.hits.get('/_astro/x.js');                      // how many times the browser fetched it
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.woff2': 'font/woff2',
};

/**
 * Serves `dist` (absolute folder) until `close()`; resolves with its base URL (ends with `/`) and
 * `hits`, a Map of URL path -> number of requests that reached the server (clear it between pages).
 */
export async function serveDist(dist) {
  const root = normalize(dist);
  const hits = new Map();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    hits.set(path, (hits.get(path) ?? 0) + 1);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}/`, hits, close: () => new Promise((resolve) => server.close(resolve)) };
}
