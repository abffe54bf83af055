/**
 * Precompressed copies of the built site: after `astro build`, every text
 * asset of 1 KiB or more (HTML, JavaScript, CSS, JSON, SVG, WebAssembly, ...)
 * gets a Brotli (`.br`) and a gzip (`.gz`) copy beside it, written with
 * Node's zlib. Hosts serve them as they are: `npm run serve` (sirv's
 * `brotli`/`gzip` options), nginx `gzip_static`/`brotli_static`, Caddy
 * `precompressed`, and most static hosts. A copy that would not be smaller
 * than the file is not written.
 *
 * ```js
 * // astro.config.mjs
 * integrations: [precompress()]
 * ```
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions that are compressed (lower case, with the dot). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.wasm', '.map', '.webmanifest', '.ico', '.tiktoken']);

/** Files smaller than this many bytes are left alone (the headers would cost more than they save). */
export const MIN_BYTES = 1024;

/** What {@link precompressFolder} wrote. */
export interface PrecompressResult {
  /** Files that got at least one copy. */
  files: number;
  /** Bytes of those files, and of their `.br` and `.gz` copies. */
  bytes: { original: number; br: number; gz: number };
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function extension(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot === -1 ? '' : path.slice(dot).toLowerCase();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir`
 * (recursively). Brotli at quality 11 (9 for files over 128 KiB: quality 11
 * is many times slower and saves a few percent), gzip at level 9. Throws what
 * the file system throws.
 */
export async function precompressFolder(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: { original: 0, br: 0, gz: 0 } };
  const jobs: string[] = [];
  for await (const path of walk(dir)) {
    if (COMPRESSIBLE.has(extension(path)) && (await stat(path)).size >= MIN_BYTES) jobs.push(path);
  }
  const one = async (path: string) => {
    const data = await readFile(path);
    const quality = data.length > 128 * 1024 ? 9 : 11;
    const [br, gzipped] = await Promise.all([
      brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gz(data, { level: 9 }),
    ]);
    let wrote = false;
    if (br.length < data.length) {
      await writeFile(`${path}.br`, br);
      result.bytes.br += br.length;
      wrote = true;
    }
    if (gzipped.length < data.length) {
      await writeFile(`${path}.gz`, gzipped);
      result.bytes.gz += gzipped.length;
      wrote = true;
    }
    if (wrote) {
      result.files++;
      result.bytes.original += data.length;
    }
  };
  // A few at a time: zlib runs on libuv's thread pool.
  const queue = [...jobs];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let path = queue.shift(); path; path = queue.shift()) await one(path);
  }));
  return result;
}

/** The Astro integration: precompresses the output folder in `astro:build:done`. */
export function precompress(): AstroIntegration {
  return {
    name: 'mcp-by-hand:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const r = await precompressFolder(fileURLToPath(dir));
        const kb = (n: number) => `${Math.round(n / 1024)} KiB`;
        logger.info(`${r.files} files precompressed: ${kb(r.bytes.original)} -> ${kb(r.bytes.br)} brotli, ${kb(r.bytes.gz)} gzip`);
      },
    },
  };
}
