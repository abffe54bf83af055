/**
 * `npm run doctor -- <url>`: checks a deployed course from the outside and says,
 * per check, whether it will work for readers. Exit code 0 when every check
 * passes, 1 when any fails, 2 on bad usage.
 *
 * Checks (each prints `PASS`, `WARN` or `FAIL` with a reason):
 * 1. course   the URL serves a course built by this project (`course.json` beside it)
 * 2. base     the build's base path equals the URL's path, and the page's links and assets live under it
 * 3. assets   every script, stylesheet, image, font and worker the pages reference is on the course's own origin, and loads
 * 4. headers  every lesson page sends COOP `same-origin` and COEP `require-corp` (needed only when WebContainer is allowed)
 * 5. engines  which engines readers will get: the Worker engine always; WebContainer only where the config allows
 *             it, the pages are cross-origin isolated, and the origin is secure (HTTPS or localhost)
 * 6. compress whether the host sends pages, scripts and stylesheets of 1 KiB or more compressed (Brotli or
 *             gzip) to a browser that accepts it; a warning, not a failure, when it does not (the build writes .br and .gz copies
 *             beside every text asset, which most hosts can serve as they are)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { isolationHeaders } from '../src/hosting/headers.ts';
import type { PublicCourseConfig } from '../src/course/config.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** One line of the report. */
export interface DoctorCheck {
  name: 'course' | 'base' | 'assets' | 'headers' | 'engines' | 'compress';
  status: 'pass' | 'warn' | 'fail';
  detail: string;
}

/** The whole report; `ok` is false when any check failed. */
export interface DoctorReport {
  url: string;
  checks: DoctorCheck[];
  ok: boolean;
}

/** Attributes that point at something the page loads or links to. */
const refAttributes: Record<string, string[]> = {
  script: ['src'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  a: ['href'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
};

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node as Element;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
  if ('content' in node && node.content) yield* elements(node.content as unknown as Node);
}

/** Every URL an HTML page references, split into links to pages (`<a>`) and things it loads. */
function references(html: string, pageUrl: string): { pages: URL[]; loads: URL[] } {
  const pages: URL[] = [];
  const loads: URL[] = [];
  for (const el of elements(parse(html) as unknown as Node)) {
    const attrs = refAttributes[el.tagName];
    if (!attrs) continue;
    for (const attr of el.attrs) {
      if (!attrs.includes(attr.name) || !attr.value) continue;
      const values = attr.name === 'srcset' ? attr.value.split(',').map((part) => part.trim().split(/\s+/)[0]) : [attr.value];
      for (const value of values) {
        if (/^(#|mailto:|javascript:|data:)/.test(value)) continue;
        const url = new URL(value, pageUrl);
        url.hash = '';
        const rel = el.attrs.find((a) => a.name === 'rel')?.value ?? '';
        if (el.tagName === 'a' || (el.tagName === 'link' && /\b(alternate|canonical|sitemap)\b/.test(rel))) pages.push(url);
        else loads.push(url);
      }
    }
  }
  return { pages, loads };
}

/** URLs referenced from CSS (`url(...)`, `@import`). */
function cssReferences(css: string, cssUrl: string): URL[] {
  const out: URL[] = [];
  for (const match of css.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]/g)) {
    const value = match[1] ?? match[2];
    if (value && !value.startsWith('data:') && !value.startsWith('#')) out.push(new URL(value, cssUrl));
  }
  return out;
}

/**
 * Runs every check against a deployed course.
 * @param courseUrl the course's address, e.g. `https://example.edu/courses/mcp/`.
 * @param fetchImpl injectable for tests of error paths only; defaults to the global fetch.
 * @returns the report; never throws for an unreachable or broken site (that is a failed check).
 */
export async function runDoctor(courseUrl: string, fetchImpl: typeof fetch = fetch): Promise<DoctorReport> {
  const root = new URL(courseUrl);
  if (!root.pathname.endsWith('/')) root.pathname += '/';
  const checks: DoctorCheck[] = [];
  const report = (): DoctorReport => ({ url: root.href, checks, ok: checks.every((c) => c.status !== 'fail') });

  // 1. course
  let config: PublicCourseConfig;
  let landingHtml: string;
  try {
    const landing = await fetchImpl(root);
    if (!landing.ok) throw new Error(`${root.href} answered HTTP ${landing.status}`);
    landingHtml = await landing.text();
    const manifest = await fetchImpl(new URL('course.json', root));
    if (!manifest.ok) {
      const moved = landing.redirected && new URL(landing.url).href !== root.href ? ` The page redirected to ${landing.url}: try that URL.` : '';
      throw new Error(`${new URL('course.json', root).href} answered HTTP ${manifest.status}; is this the course's base URL, built by \`npm run build\`?${moved}`);
    }
    config = (await manifest.json()) as PublicCourseConfig;
    checks.push({ name: 'course', status: 'pass', detail: `"${config.title}" found at ${root.href}` });
  } catch (error) {
    checks.push({ name: 'course', status: 'fail', detail: `no course here: ${(error as Error).message}` });
    return report();
  }

  // Crawl the pages the landing page and its lessons link to, on this origin, under the base.
  const underBase = (url: URL) => url.origin === root.origin && url.pathname.startsWith(root.pathname);
  const pages = new Map<string, { headers: Headers; html: string; status: number }>();
  const queue: URL[] = [root];
  const loads = new Map<string, URL>();
  while (queue.length && pages.size < 200) {
    const url = queue.shift()!;
    if (pages.has(url.href)) continue;
    const res = await fetchImpl(url);
    const type = res.headers.get('content-type') ?? '';
    const html = type.includes('text/html') ? await res.text() : '';
    pages.set(url.href, { headers: res.headers, html, status: res.status });
    if (!html) continue;
    const refs = references(url.href === root.href ? landingHtml : html, url.href);
    for (const page of refs.pages) if (underBase(page) && !pages.has(page.href) && !/\.\w+$/.test(page.pathname)) queue.push(page);
    for (const load of refs.loads) loads.set(load.href, load);
  }

  // 2. base
  const baseProblems: string[] = [];
  if (config.base !== root.pathname) baseProblems.push(`the build was made for base "${config.base}" but is served at "${root.pathname}"; set \`base\` in course.config.ts and rebuild`);
  const outside = [...loads.values()].filter((u) => u.origin === root.origin && !u.pathname.startsWith(root.pathname));
  if (outside.length) baseProblems.push(`${outside.length} asset(s) outside the base path, e.g. ${outside[0].pathname}`);
  checks.push(
    baseProblems.length
      ? { name: 'base', status: 'fail', detail: baseProblems.join('; ') }
      : { name: 'base', status: 'pass', detail: `base path ${root.pathname} matches the build; ${pages.size} page(s) found under it` },
  );

  // 3. assets: same origin, and they load; follow CSS references one level.
  const foreign = new Set<string>();
  const broken: string[] = [];
  const seen = new Set<string>();
  const pending = [...loads.values()];
  while (pending.length) {
    const url = pending.shift()!;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (url.origin !== root.origin) {
      foreign.add(url.href);
      continue;
    }
    const res = await fetchImpl(url);
    if (!res.ok) broken.push(`${url.pathname} (HTTP ${res.status})`);
    else if ((res.headers.get('content-type') ?? '').includes('text/css')) pending.push(...cssReferences(await res.text(), url.href));
    else await res.arrayBuffer();
  }
  const brokenPages = [...pages].filter(([, p]) => p.status >= 400).map(([href, p]) => `${new URL(href).pathname} (HTTP ${p.status})`);
  broken.push(...brokenPages);
  if (foreign.size || broken.length) {
    const parts = [];
    if (foreign.size) parts.push(`${foreign.size} reference(s) to other hosts, which an offline classroom cannot reach: ${[...foreign].slice(0, 3).join(', ')}`);
    if (broken.length) parts.push(`${broken.length} failed to load: ${broken.slice(0, 3).join(', ')}`);
    checks.push({ name: 'assets', status: 'fail', detail: parts.join('; ') });
  } else {
    checks.push({ name: 'assets', status: 'pass', detail: `${seen.size} asset(s), all from ${root.origin}, all load` });
  }

  // 4. headers on every lesson page
  const htmlPages = [...pages].filter(([, p]) => p.html);
  const missing: string[] = [];
  for (const [href, page] of htmlPages) {
    for (const [name, value] of Object.entries(isolationHeaders)) {
      const got = page.headers.get(name);
      if (got?.toLowerCase() !== value) missing.push(`${new URL(href).pathname}: ${name} is ${got ? `"${got}"` : 'missing'} (want "${value}")`);
    }
  }
  const needsHeaders = config.webcontainer !== 'off';
  if (!missing.length) checks.push({ name: 'headers', status: 'pass', detail: `all ${htmlPages.length} page(s) are cross-origin isolated` });
  else
    checks.push({
      name: 'headers',
      status: needsHeaders ? 'fail' : 'warn',
      detail:
        `${missing.length} missing or wrong header(s), e.g. ${missing.slice(0, 2).join('; ')}. ` +
        (needsHeaders
          ? 'Set them with a recipe from hosting/ (README, Self-hosting), or set `engine: "worker"` in course.config.ts if this host cannot send headers.'
          : 'The config uses the Worker engine only, so the course works without them.'),
    });

  // 5. engines
  const secure = root.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(root.hostname);
  let webcontainer: string;
  if (config.webcontainer === 'off') webcontainer = 'WebContainer off (course config)';
  else if (missing.length) webcontainer = 'WebContainer unavailable: pages are not cross-origin isolated';
  else if (!secure) webcontainer = 'WebContainer unavailable: the origin is not HTTPS';
  else webcontainer = `WebContainer available (${config.webcontainer === 'preferred' ? 'tried at page load' : 'on demand'}; needs a network path to StackBlitz${config.webcontainerApiKey ? '' : ', and an API key on a commercial host'})`;
  checks.push({ name: 'engines', status: 'pass', detail: `Worker engine available everywhere, offline included; ${webcontainer}` });

  // 6. compression of the text a reader downloads: the landing page and every script and stylesheet.
  const texts = [root, ...[...seen].map((href) => new URL(href)).filter((u) => u.origin === root.origin && /\.(m?js|css)$/.test(u.pathname))];
  const plain: string[] = [];
  const encodings = new Set<string>();
  for (const url of texts) {
    const res = await fetchImpl(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const size = (await res.arrayBuffer()).byteLength;
    const encoding = res.headers.get('content-encoding');
    if (encoding === 'br' || encoding === 'gzip') encodings.add(encoding);
    // Under 1 KiB compression saves nothing worth a header; the build does not compress those either.
    else if (res.ok && size >= 1024) plain.push(url.pathname);
  }
  checks.push(
    plain.length
      ? {
          name: 'compress',
          status: 'warn',
          detail:
            `${plain.length} of ${texts.length} page(s), script(s) and stylesheet(s) are sent uncompressed, e.g. ${plain.slice(0, 2).join(', ')}. ` +
            'The build writes .br and .gz copies beside each of them: serve those (nginx gzip_static/brotli_static, Caddy precompressed, or `npm run serve`).',
        }
      : { name: 'compress', status: 'pass', detail: `all ${texts.length} page(s), script(s) and stylesheet(s) are sent compressed (${[...encodings].join(', ')})` },
  );
  return report();
}

/** Formats a report for the terminal. */
export function formatReport(report: DoctorReport): string {
  const label = { pass: 'PASS', warn: 'WARN', fail: 'FAIL' } as const;
  const lines = report.checks.map((c) => `${label[c.status]}  ${c.name.padEnd(8)} ${c.detail}`);
  lines.push(report.ok ? `\nThe course at ${report.url} is ready.` : `\nThe course at ${report.url} has problems (see FAIL lines).`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const url = args.find((a) => !a.startsWith('--'));
  if (!url) {
    console.error('usage: npm run doctor -- <course URL> [--json]   e.g. npm run doctor -- https://example.edu/courses/mcp/');
    process.exit(2);
  }
  const result = await runDoctor(url);
  console.log(args.includes('--json') ? JSON.stringify(result, null, 2) : formatReport(result));
  process.exit(result.ok ? 0 : 1);
}
