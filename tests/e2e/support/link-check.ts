import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { builtPages } from './pages.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node as Element;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
  if ('content' in node && node.content) yield* elements(node.content as unknown as Node);
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The file a URL path maps to in a static build, or undefined when there is none. */
function fileFor(distDir: string, pathname: string): string | undefined {
  const decoded = decodeURIComponent(pathname);
  const candidates = decoded.endsWith('/') ? [join(distDir, decoded, 'index.html')] : [join(distDir, decoded), join(distDir, decoded, 'index.html')];
  return candidates.find((f) => existsSync(f) && statSync(f).isFile());
}

/**
 * Checks every internal link and anchor in a static build.
 * @param distDir build folder; `base` the base path it was built for (e.g. `/courses/mcp/`).
 * @returns a list of problems, `page -> href: why`; empty when every link resolves.
 */
export function checkLinks(distDir: string, base: string): string[] {
  const problems: string[] = [];
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let set = ids.get(file);
    if (!set) {
      set = new Set();
      for (const el of elements(parse(readFileSync(file, 'utf8')) as unknown as Node)) {
        const id = attr(el, 'id');
        if (id) set.add(id);
        const name = el.tagName === 'a' ? attr(el, 'name') : undefined;
        if (name) set.add(name);
      }
      ids.set(file, set);
    }
    return set;
  };
  const origin = 'http://course.invalid';
  for (const page of builtPages(distDir)) {
    const file = join(distDir, page.endsWith('/') || page === '' ? `${page}index.html` : page);
    const pageUrl = new URL(base + page, origin);
    for (const el of elements(parse(readFileSync(file, 'utf8')) as unknown as Node)) {
      const href = el.tagName === 'a' ? attr(el, 'href') : el.tagName === 'link' && /stylesheet|icon|manifest/.test(attr(el, 'rel') ?? '') ? attr(el, 'href') : el.tagName === 'script' || el.tagName === 'img' ? attr(el, 'src') : undefined;
      if (!href || /^(mailto:|javascript:|data:|tel:)/.test(href)) continue;
      const url = new URL(href, pageUrl);
      if (url.origin !== origin) continue; // external links are not checked here
      if (!url.pathname.startsWith(base)) {
        problems.push(`/${page} -> ${href}: outside the base path ${base}`);
        continue;
      }
      const target = fileFor(distDir, url.pathname.slice(base.length));
      if (!target) {
        problems.push(`/${page} -> ${href}: no such page or file`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && anchor !== '_top' && target.endsWith('.html') && !idsOf(target).has(anchor)) problems.push(`/${page} -> ${href}: no element with id "${anchor}"`);
    }
  }
  return problems;
}
