/**
 * `npm run serve`: serves a built course (`dist/`) with the isolation headers,
 * under the base path the build was made for. For classrooms without internet
 * and for checking a build before deploying it.
 *
 *   npm run serve                         # dist/ on http://127.0.0.1:4321/<base>
 *   npm run serve -- --host 0.0.0.0       # share it on the classroom network
 *   npm run serve -- --port 8080 dist-x   # another port or build folder
 *
 * The base path comes from `<dir>/course.json`, which every build writes.
 * Text assets go out compressed (Brotli or gzip, as the browser accepts),
 * from the `.br` and `.gz` copies the build writes beside them. The files'
 * list and sizes are read once, at start (sirv's production mode): after a
 * rebuild, restart the server, or it answers with the old sizes.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { isolationHeaders } from '../src/hosting/headers.ts';

/** Options for {@link serveCourse}. */
export interface ServeOptions {
  /** Build folder; default `dist`. */
  dir?: string;
  /** TCP port; 0 picks a free one. Default 4321. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
}

/**
 * Starts the server.
 * @returns the listening server and the course's URL (origin + base path).
 * @throws Error when the build folder has no `index.html` under it (run `npm run build` first).
 */
export async function serveCourse(options: ServeOptions = {}): Promise<{ server: Server; url: string }> {
  const dir = resolve(options.dir ?? 'dist');
  if (!existsSync(resolve(dir, 'index.html'))) throw new Error(`${dir} holds no built course; run \`npm run build\` first`);
  const manifest = resolve(dir, 'course.json');
  const base: string = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).base ?? '/' : '/';
  const files = sirv(dir, {
    dev: false,
    etag: true,
    // The build writes .br and .gz beside each text asset (src/course/compress-integration.ts):
    // sent as they are, with Content-Encoding and Vary: Accept-Encoding, to browsers that accept them.
    brotli: true,
    gzip: true,
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(isolationHeaders)) res.setHeader(name, value);
    },
  });
  const notFound = existsSync(resolve(dir, '404.html')) ? readFileSync(resolve(dir, '404.html')) : Buffer.from('Not found');
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(isolationHeaders)) res.setHeader(name, value);
    const url = req.url ?? '/';
    if (!url.startsWith(base)) {
      if (url === '/' || url === base.slice(0, -1)) {
        res.writeHead(302, { Location: base }).end();
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(notFound);
      return;
    }
    req.url = '/' + url.slice(base.length);
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(notFound);
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 4321, options.host ?? '127.0.0.1', () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return { server, url: `http://${host}:${port}${base}` };
}

function parseArgs(argv: string[]): ServeOptions {
  const options: ServeOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') {
      const value = argv[++i];
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        console.error(`serve: --port needs a port number from 0 to 65535, not ${value ?? 'nothing'}`);
        process.exit(2);
      }
      options.port = port;
    }
    else if (arg === '--host') options.host = argv[++i];
    else if (arg === '--help') {
      console.log('usage: npm run serve -- [--port N] [--host ADDR] [build-folder]');
      process.exit(0);
    } else options.dir = arg;
  }
  if (options.port === undefined && process.env.PORT) options.port = Number(process.env.PORT);
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { url } = await serveCourse(parseArgs(process.argv.slice(2)));
    console.log(`MCP by Hand is being served at ${url}  (Ctrl+C to stop; after a rebuild, start it again)`);
  } catch (error) {
    console.error(`serve: ${(error as Error).message}`);
    process.exit(1);
  }
}
