/**
 * The project's layout rules, read statically from the source (no module is
 * run): a file's import specifiers come from TypeScript's own pre-processor
 * (`ts.preProcessFile`, which skips comments and strings), its identifiers and
 * exports from TypeScript's parser.
 *
 * - Dependencies point one way: `components -> engines -> protocol` and
 *   `checker -> protocol`; engines know nothing of pages or the site;
 *   components reach the engines only through `src/engines/index.ts` and the
 *   protocol only through `src/protocol/index.ts` (the layers below, and the
 *   checker, import the protocol's modules themselves);
 *   `toy-servers/` import nothing from `src/`; a lesson imports components only.
 * - Inside `src/components/` (see its README): `pure/` computes (no Preact, no
 *   page: no `window`, `document`, storage), `page/` touches the page or holds
 *   its state, `ui/` holds the Preact pieces every widget shares; the three
 *   shared folders never import a widget's folder, and `pure/` imports neither
 *   `ui/` nor `page/`.
 * - Every widget `Foo` (an `.astro` wrapper in `src/components/`) keeps its
 *   island and parts in `src/components/<kebab-case of Foo>/`, its island is
 *   `<Foo>.tsx` exporting `Foo`; no module under `src/components/` has a
 *   default export (named exports only); no code file there is over 250 lines.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(new URL('../../', import.meta.url).pathname);
const COMPONENTS = join(ROOT, 'src/components');
const CODE = /\.(m?[jt]sx?|astro|mdx)$/;

/** Every file under `dir` (repository-relative paths), recursively. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(ROOT, p).split(sep).join('/'));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

/** The script part of a file: an `.astro` file's frontmatter, an `.mdx` file's import/export lines, else the whole text. */
function scriptOf(file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (file.endsWith('.astro')) return text.split(/^---\s*$/m)[1] ?? '';
  if (file.endsWith('.mdx')) {
    // MDX's own imports and exports: lines that start with them, outside fenced code blocks (which show code, never run it).
    let fenced = false;
    return text.split('\n').filter((l) => {
      if (/^\s*```/.test(l)) fenced = !fenced;
      return !fenced && /^(import|export)\s/.test(l);
    }).join('\n');
  }
  return text;
}

/** One import of a file: its specifier as written and, for a relative one, the repository-relative path it names. */
interface Import {
  spec: string;
  target?: string;
}

/** Static and dynamic imports and re-exports of `file` (comments and strings are not imports). */
function importsOf(file: string): Import[] {
  return ts.preProcessFile(scriptOf(file), true, true).importedFiles.map(({ fileName: spec }) => {
    if (!spec.startsWith('.')) return { spec };
    const target = relative(ROOT, resolve(ROOT, dirname(file), spec)).split(sep).join('/');
    return { spec, target };
  });
}

/** The imports of every code file under `dir` that break `allowed`, as `file -> specifier` lines. */
function breaches(dir: string, allowed: (i: Import, file: string) => boolean, only: (file: string) => boolean = () => true): string[] {
  return filesUnder(dir)
    .filter((f) => CODE.test(f) && only(f))
    .flatMap((f) => importsOf(f).filter((i) => !allowed(i, f)).map((i) => `${f} -> ${i.spec}`));
}

const under = (target: string | undefined, ...dirs: string[]): boolean => target !== undefined && dirs.some((d) => target === d || target.startsWith(`${d}/`));

describe('dependencies point one way', () => {
  test('src/protocol imports only itself (it runs anywhere)', () => {
    expect(breaches('src/protocol', (i) => (i.target ? under(i.target, 'src/protocol') : !/^(preact|@preact\/|virtual:)/.test(i.spec)))).toEqual([]);
  });

  test('src/checker imports only itself and src/protocol', () => {
    expect(breaches('src/checker', (i) => !i.target || under(i.target, 'src/checker', 'src/protocol'))).toEqual([]);
  });

  test('src/engines imports only itself, src/protocol and the server registry: nothing of pages, widgets or the site', () => {
    expect(
      breaches('src/engines', (i) => (i.target ? under(i.target, 'src/engines', 'src/protocol', 'toy-servers') : !/^(preact|@preact\/|virtual:|astro)/.test(i.spec))),
    ).toEqual([]);
  });

  test('src/components reach the engines only through src/engines/index.ts and the protocol only through src/protocol/index.ts', () => {
    // The engines, the protocol and the checker may import each other's modules (a layer's own parts); a widget sees one door to each.
    const door = (i: Import): boolean => !under(i.target, 'src/engines', 'src/protocol') || i.target === 'src/engines/index.ts' || i.target === 'src/protocol/index.ts';
    expect(breaches('src/components', door)).toEqual([]);
  });

  test('the engines\' door puts no engine in a page\'s initial JavaScript: src/engines/index.ts imports the engines\' code only dynamically', () => {
    const text = readFileSync(join(ROOT, 'src/engines/index.ts'), 'utf8');
    const source = ts.createSourceFile('index.ts', text, ts.ScriptTarget.Latest, true);
    const valueImports = source.statements.filter(
      (s) =>
        (ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly) || (ts.isExportDeclaration(s) && !s.isTypeOnly && s.moduleSpecifier !== undefined),
    );
    expect(valueImports.map((s) => s.getText())).toEqual([]);
  });

  test('toy-servers import nothing from src/', () => {
    expect(breaches('toy-servers', (i) => !i.target || under(i.target, 'toy-servers'))).toEqual([]);
  });

  test('a lesson imports components only (and Starlight\'s)', () => {
    expect(breaches('lessons', (i) => (i.target ? under(i.target, 'src/components') && i.target.endsWith('.astro') : i.spec.startsWith('@astrojs/starlight')))).toEqual([]);
  });
});

/** The widgets: the `.astro` wrappers at the top of src/components/, by name. */
const WIDGETS = readdirSync(COMPONENTS).filter((f) => f.endsWith('.astro')).map((f) => basename(f, '.astro'));
const kebab = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const SHARED = ['pure', 'ui', 'page'].map((d) => `src/components/${d}`);
const WIDGET_DIRS = WIDGETS.map((w) => `src/components/${kebab(w)}`);

describe('src/components: what computes apart from what touches the page', () => {
  /** Names that reach the page or the browser's storage when used as values. */
  const PAGE_GLOBALS = new Set(['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history', 'indexedDB', 'customElements']);

  /** Value uses of PAGE_GLOBALS in the module `text` named `file` (a property named `document`, or a type, is not a use), as `name:line`. */
  function pageGlobals(file: string, text: string): string[] {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isTypeNode(node)) return;
      if (ts.isIdentifier(node) && PAGE_GLOBALS.has(node.text)) {
        const p = node.parent;
        const isPropertyName = (ts.isPropertyAccessExpression(p) && p.name === node) || ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p)) && p.name === node);
        if (!isPropertyName) found.push(`${node.text}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  test('no code file under src/components/ is over 250 lines: a widget is a view over hooks and small views', () => {
    const long = filesUnder('src/components')
      .filter((f) => CODE.test(f))
      .map((f) => ({ f, n: readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1 }))
      .filter(({ n }) => n > 250)
      .map(({ f, n }) => `${f}: ${n} lines`);
    expect(long).toEqual([]);
  });

  test('the three shared folders exist and src/components/shared/ is gone', () => {
    for (const d of SHARED) expect(existsSync(join(ROOT, d)), d).toBe(true);
    expect(existsSync(join(COMPONENTS, 'shared'))).toBe(false);
  });

  test('pure/ imports nothing from Preact, CodeMirror, ui/, page/ or a widget\'s folder', () => {
    const allowed = (i: Import): boolean =>
      i.target ? !under(i.target, 'src/components/ui', 'src/components/page', ...WIDGET_DIRS) : !/^(preact|@preact\/|@codemirror\/|@lezer\/|virtual:)/.test(i.spec);
    expect(breaches('src/components/pure', allowed)).toEqual([]);
  });

  test('pure/ does not touch the page: no window, document, storage or navigator', () => {
    const uses = filesUnder('src/components/pure').filter((f) => CODE.test(f)).flatMap((f) => pageGlobals(f, scriptOf(f)).map((u) => `${f} ${u}`));
    expect(uses).toEqual([]);
  });

  test('pure/ and page/ hold no components (no JSX: .ts files only); ui/ holds what renders', () => {
    const jsx = [...filesUnder('src/components/pure'), ...filesUnder('src/components/page')].filter((f) => /\.(tsx|jsx|astro)$/.test(f));
    expect(jsx).toEqual([]);
  });

  test('page/ never imports ui/; the shared folders never import a widget\'s folder', () => {
    expect(breaches('src/components/page', (i) => !under(i.target, 'src/components/ui', ...WIDGET_DIRS))).toEqual([]);
    expect(breaches('src/components/ui', (i) => !under(i.target, ...WIDGET_DIRS))).toEqual([]);
  });

  test('the page-touching detector finds value uses and skips properties, types and comments', () => {
    const text = [
      "// window.open is only named in a comment",
      "const o = { document: 1, location: 'x' };",
      "type T = Window | typeof o.document;",
      "export const w = typeof window === 'undefined' ? 0 : localStorage.length;",
    ].join('\n');
    expect(pageGlobals('probe.ts', text)).toEqual(['window:4', 'localStorage:4']);
  });
});

describe('src/components: one naming rule, one export style', () => {
  /** Default exports of the module `text` named `file` (`export default …`, `export =`, `export { x as default }`), as line numbers. */
  function defaultExports(file: string, text: string): number[] {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const lines: number[] = [];
    const at = (n: ts.Node): number => source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
    for (const s of source.statements) {
      if (ts.isExportAssignment(s)) lines.push(at(s));
      else if (ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) lines.push(at(s));
      else if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause) && s.exportClause.elements.some((e) => e.name.text === 'default')) lines.push(at(s));
    }
    return lines;
  }

  test('no module under src/components has a default export', () => {
    const found = filesUnder('src/components')
      .filter((f) => /\.(m?[jt]sx?)$/.test(f))
      .flatMap((f) => defaultExports(f, readFileSync(join(ROOT, f), 'utf8')).map((line) => `${f}:${line}`));
    expect(found).toEqual([]);
  });

  test('the default-export detector finds each form', () => {
    expect(defaultExports('a.tsx', 'export default function A() { return <p />; }')).toEqual([1]);
    expect(defaultExports('b.ts', 'const b = 1;\nexport default b;')).toEqual([2]);
    expect(defaultExports('c.ts', 'const c = 1;\nexport { c as default };')).toEqual([2]);
    expect(defaultExports('d.ts', 'export function d() {}\nexport const e = 1;')).toEqual([]);
  });

  test.for(WIDGETS)('%s: its island and parts live in src/components/<kebab-case>/, the island is <Widget>.tsx exporting <Widget>', (widget) => {
    const wrapper = `src/components/${widget}.astro`;
    const own = importsOf(wrapper).filter((i) => under(i.target, 'src/components') && !under(i.target, ...SHARED) && !i.target!.endsWith('.astro'));
    // A server-rendered widget may have no island and no parts (EverythingCredit uses shared pieces only).
    for (const i of own) expect(i.target, `${wrapper} imports ${i.spec}`).toMatch(new RegExp(`^src/components/${kebab(widget)}/`));
    const island = own.find((i) => extname(i.target!) === '.tsx');
    if (!island) return;
    expect(island.target).toBe(`src/components/${kebab(widget)}/${widget}.tsx`);
    const source = readFileSync(join(ROOT, island.target!), 'utf8');
    expect(source).toMatch(new RegExp(`^export function ${widget}\\(`, 'm'));
  });

  test('file names: kebab-case modules, PascalCase components (.tsx starting with a capital)', () => {
    const bad = filesUnder('src/components')
      .filter((f) => !f.includes('/solutions/') && f.split('/').length > 3)
      .filter((f) => {
        const name = basename(f);
        if (/^[A-Z][A-Za-z0-9]*\.(tsx|astro)$/.test(name)) return false; // a component
        return !/^[a-z0-9]+(-[a-z0-9]+)*\.(ts|tsx|css|md)$/.test(name); // a module (.tsx when it builds elements without being a component)
      });
    expect(bad).toEqual([]);
    const dirs = [...new Set(filesUnder('src/components').map((f) => dirname(f)))].filter((d) => d !== 'src/components');
    expect(dirs.filter((d) => !/^src\/components(\/[a-z0-9]+(-[a-z0-9]+)*)+$/.test(d))).toEqual([]);
  });
});
