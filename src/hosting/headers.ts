/**
 * The HTTP headers a host must send for the course, and the recipe files that
 * make each common host send them. One source of truth: `npm run hosting`
 * writes `hosting/*` from here, the build writes `_headers` into `dist/`, and
 * `npm run serve` and `astro preview` send the same headers.
 *
 * Why: WebContainer needs SharedArrayBuffer, which a browser grants only to a
 * cross-origin isolated page (COOP same-origin + COEP require-corp). The Worker
 * engine needs neither, so a host that cannot set headers still runs the course.
 * Source: https://developer.mozilla.org/docs/Web/API/Window/crossOriginIsolated
 */

/** The two isolation headers, by their canonical names. */
export const isolationHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
});

const pairs = () => Object.entries(isolationHeaders);

/** Caddy: a site block, with the course under `handle_path` when it has a sub-path. */
function caddyfile(base: string): string {
  const inner = [
    'root * /var/www/mcp-by-hand',
    'file_server',
    'header {',
    ...pairs().map(([k, v]) => `    ${k} "${v}"`),
    '}',
  ];
  const body = base === '/' ? inner : [`handle_path ${base}* {`, ...inner.map((l) => `    ${l}`), '}'];
  return `# Serves dist/ under ${base}; replace the site address with yours\nexample.edu {\n${body.map((l) => `    ${l}`).join('\n')}\n}\n`;
}

/** A host recipe: where the file goes and what it holds. */
export interface HostRecipe {
  /** Short id, also the folder under `hosting/`. */
  host: 'netlify' | 'cloudflare-pages' | 'vercel' | 'nginx' | 'caddy' | 'apache';
  /** File name the host expects. */
  file: string;
  /** File contents for the given base path. */
  text: string;
}

/**
 * Renders every host's recipe for a course hosted under `base` ("/" or "/courses/mcp/").
 * Headers go on every path under the base: lesson pages need them, and on
 * assets they are harmless.
 */
export function hostRecipes(base = '/'): HostRecipe[] {
  const glob = `${base}*`;
  const headersFile = `${glob}\n${pairs().map(([k, v]) => `  ${k}: ${v}`).join('\n')}\n`;
  return [
    { host: 'netlify', file: '_headers', text: headersFile },
    { host: 'cloudflare-pages', file: '_headers', text: headersFile },
    {
      host: 'vercel',
      file: 'vercel.json',
      text:
        JSON.stringify(
          {
            $schema: 'https://openapi.vercel.sh/vercel.json',
            outputDirectory: 'dist',
            headers: [{ source: base === '/' ? '/(.*)' : `${base}(.*)`, headers: pairs().map(([key, value]) => ({ key, value })) }],
          },
          null,
          2,
        ) + '\n',
    },
    {
      host: 'nginx',
      file: 'mcp-by-hand.conf',
      text:
        `# Include inside your server { } block; serves dist/ under ${base}\n` +
        `location ${base} {\n` +
        `    alias /var/www/mcp-by-hand/;   # the contents of dist/\n` +
        `    try_files $uri $uri/ $uri/index.html =404;\n` +
        pairs().map(([k, v]) => `    add_header ${k} "${v}" always;`).join('\n') +
        `\n}\n`,
    },
    {
      host: 'caddy',
      file: 'Caddyfile',
      text: caddyfile(base),
    },
    {
      host: 'apache',
      file: '.htaccess',
      text:
        `# Put in the folder that serves dist/ (${base}); needs mod_headers\n` +
        `<IfModule mod_headers.c>\n` +
        pairs().map(([k, v]) => `    Header always set ${k} "${v}"`).join('\n') +
        `\n</IfModule>\n`,
    },
  ];
}
