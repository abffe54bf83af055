/**
 * The module loader of a Worker process: reads ES modules from the process's
 * file system, rewrites their imports with es-module-lexer, and turns each
 * into a module URL (`data:`) the Worker can `import()`.
 *
 * Rewriting (positions from the lexer; nothing else in the source changes, so
 * line numbers stay the same):
 * - `import x, { a, b as c } from 'node:fs'` (or `fs`, ...; see
 *   {@link Builtins}) -> `const` bindings read from this process's shim, on
 *   the same line; other forms (`export ... from 'node:fs'`) -> a small
 *   generated module re-exporting the shim.
 * - `./x.mjs`, `../x.mjs`, `/abs.mjs`, `file:///abs.mjs` -> that file, loaded
 *   the same way (each file once per process; import cycles are refused).
 * - anything else -> a static import fails the load with an `Error` whose
 *   code is `ERR_UNSUPPORTED_IMPORT` naming the import, its importer and the
 *   supported list.
 * - `import(...)` (literal or computed) is resolved when it runs, the same
 *   way, so `import('node:http')` only fails if it runs.
 * - `import.meta` -> an object with `url` (`file://` + path), `filename`,
 *   `dirname` and `resolve()`, as in Node.
 * Each module ends with a `//# sourceURL=file://...` comment so stack traces
 * name the file, not the blob.
 */
import { init, parse } from 'es-module-lexer';
import { normalizePath } from '../posix-path.ts';

/** Node built-in modules this engine provides: name (always `node:`-prefixed) -> module object. */
export type Builtins = Map<string, Record<string, unknown>>;

/**
 * Built-ins whose code is loaded only when a program imports them (name,
 * `node:`-prefixed -> a function that loads the module object). A module that
 * imports one statically waits for it before it runs; a process that never
 * imports it never downloads it.
 */
export type LazyBuiltins = Map<string, () => Promise<Record<string, unknown>>>;

/** Thrown inside the rewriter when a module needs a lazy built-in that is not loaded yet (the caller loads it and retries). */
class NeedsBuiltin {
  constructor(readonly name: string) {}
}

/** The bit of fs the loader needs. */
export interface LoaderFs {
  readFileSync(path: string, encoding: 'utf8'): string;
  existsSync(path: string): boolean;
  statSync(path: string): { isFile(): boolean };
}

/** An error of the kind Node throws while loading modules (`code` says which). */
export class ModuleLoadError extends Error {
  constructor(
    readonly code: 'ERR_UNSUPPORTED_IMPORT' | 'ERR_MODULE_NOT_FOUND' | 'ERR_IMPORT_CYCLE',
    message: string,
  ) {
    super(message);
    this.name = 'Error';
    this.stack = `Error [${code}]: ${message}`;
  }
}

/** Settles when the module lexer (WebAssembly) is ready. */
export const lexerReady: Promise<void> = init();

/** A module URL for `code`. `data:` URLs are decoded in the Worker itself (a `blob:` URL is fetched through the browser), so they load faster. */
function moduleUrl(code: string): string {
  // encodeURIComponent leaves ' alone; the URL is put inside the import's original quotes.
  return `data:text/javascript;charset=utf-8,${encodeURIComponent(code).replace(/'/g, '%27')}`;
}

const REGISTRY = Symbol.for('mcp-by-hand.builtins');
const META = Symbol.for('mcp-by-hand.meta');
const IMPORT = Symbol.for('mcp-by-hand.import');
const RESERVED = new Set(['default', 'class', 'function', 'delete', 'new', 'this', 'var', 'let', 'const', 'enum', 'export', 'import', 'in', 'instanceof', 'typeof', 'void', 'with', 'yield', 'await', 'return', 'switch', 'case', 'break', 'continue', 'do', 'while', 'for', 'if', 'else', 'try', 'catch', 'finally', 'throw', 'super', 'extends', 'null', 'true', 'false', 'debugger']);


function dirname(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** The loader of one process. Create it after the builtins exist. */
export class ModuleLoader {
  #fs: LoaderFs;
  #builtins: Builtins;
  #lazy: LazyBuiltins;
  #lazyLoading = new Map<string, Promise<void>>();
  #urls = new Map<string, string>();
  #facades = new Map<string, string>();
  #loading = new Set<string>();
  /** Source text of every loaded file by path (for error messages that quote a line). */
  readonly sources = new Map<string, string>();
  /** module URL -> file path, to turn stack traces back into file names. */
  readonly paths = new Map<string, string>();

  /**
   * `builtins` are ready at once; `lazy` ones are loaded the first time a
   * module imports them (and added to `builtins`, which this loader then owns).
   */
  constructor(fs: LoaderFs, builtins: Builtins, lazy: LazyBuiltins = new Map()) {
    this.#fs = fs;
    this.#builtins = builtins;
    this.#lazy = lazy;
    const g = globalThis as unknown as Record<symbol, unknown>;
    g[REGISTRY] = builtins;
    g[META] ??= Object.create(null);
    g[IMPORT] = (specifier: unknown, importer: string) => this.importAtRunTime(String(specifier), importer);
  }

  /** Builds the re-export module of every built-in now (a spare Worker does this before it is needed). */
  prepare(): void {
    for (const name of this.#builtins.keys()) this.#facade(name);
  }

  /**
   * Rewrites the modules at `paths` (and what they import) ahead of time; a
   * module that cannot load is skipped (its error shows when it is run).
   */
  async prepareModules(paths: string[]): Promise<void> {
    await lexerReady;
    for (const path of paths) {
      try {
        this.#file(normalizePath(path), undefined);
      } catch {
        // reported if the program runs it; a module needing a lazy built-in is prepared when it runs (no download ahead of need)
      }
    }
  }

  /** Forgets prepared modules when any of `paths` changed (a module's URL also depends on those of its imports). */
  invalidate(paths: string[]): void {
    if (paths.some((p) => this.#urls.has(p))) {
      this.#urls.clear();
      this.sources.clear();
      this.paths.clear();
    }
  }

  /** Names a program may import, for error messages. */
  supportedList(): string {
    return [...new Set([...this.#builtins.keys(), ...this.#lazy.keys()])].sort().join(', ');
  }

  /**
   * Loads the module at absolute `path` (and everything it imports
   * statically, lazy built-ins included); returns its URL. Throws
   * {@link ModuleLoadError}, or the error of a lazy built-in that failed to load.
   */
  async load(path: string): Promise<string> {
    await lexerReady;
    return this.#withBuiltins(() => this.#file(normalizePath(path), undefined));
  }

  /** Runs `step`; when it needs a lazy built-in, loads that and runs it again (modules already rewritten stay cached). */
  async #withBuiltins(step: () => string): Promise<string> {
    for (;;) {
      try {
        return step();
      } catch (error) {
        if (!(error instanceof NeedsBuiltin)) throw error;
        await this.#loadLazy(error.name);
      }
    }
  }

  #loadLazy(name: string): Promise<void> {
    let loading = this.#lazyLoading.get(name);
    if (!loading) {
      loading = this.#lazy.get(name)!().then((mod) => {
        this.#builtins.set(name, mod);
      });
      loading.catch(() => this.#lazyLoading.delete(name));
      this.#lazyLoading.set(name, loading);
    }
    return loading;
  }

  /** Dynamic imports still loading (they keep the process alive, as in Node). */
  pending = 0;

  /** What `import(specifier)` does at run time: resolve, load, import; rejects like Node when it cannot. */
  async importAtRunTime(specifier: string, importer: string): Promise<unknown> {
    this.pending++;
    try {
      await lexerReady;
      return await import(/* @vite-ignore */ await this.#withBuiltins(() => this.#resolve(specifier, importer, true)));
    } finally {
      this.pending--;
      this.onSettled?.();
    }
  }

  /** Called after each dynamic import settles (the bootstrap re-checks whether the process is idle). */
  onSettled?: () => void;

  /** The `node:` name of a built-in `specifier` names, or undefined. Throws {@link NeedsBuiltin} for a lazy one not loaded yet. */
  #builtinName(specifier: string): string | undefined {
    const name = specifier.startsWith('node:') ? specifier : `node:${specifier}`;
    if (this.#builtins.has(name)) return name;
    if (this.#lazy.has(name)) throw new NeedsBuiltin(name);
    return undefined;
  }

  #resolve(specifier: string, importer: string, dynamic: boolean): string {
    const builtin = this.#builtinName(specifier);
    if (builtin) return this.#facade(builtin);
    if (/^(\.{1,2}\/|\/|file:\/\/)/.test(specifier)) {
      const target = specifier.startsWith('file://')
        ? normalizePath(decodeURIComponent(specifier.slice(7)))
        : normalizePath(specifier.startsWith('/') ? specifier : `${dirname(importer)}/${specifier}`);
      try {
        return this.#file(target, importer);
      } catch (error) {
        if (error instanceof NeedsBuiltin) throw error;
        if (dynamic) return this.#thrower(error as Error);
        throw error;
      }
    }
    const error = new ModuleLoadError(
      'ERR_UNSUPPORTED_IMPORT',
      `Cannot import '${specifier}' imported from ${importer}: the Worker engine runs a subset of Node. ` +
        `It provides ${this.supportedList()} (also without the node: prefix) and the engine's own files (./file.mjs). ` +
        `Run this server in real Node to use '${specifier}'.`,
    );
    if (dynamic) return this.#thrower(error);
    throw error;
  }

  #file(path: string, importer: string | undefined): string {
    const cached = this.#urls.get(path);
    if (cached) return cached;
    if (this.#loading.has(path)) {
      throw new ModuleLoadError('ERR_IMPORT_CYCLE', `Cannot load ${path}: it imports itself through ${importer}; the Worker engine does not support import cycles.`);
    }
    let source: string;
    try {
      if (!this.#fs.statSync(path).isFile()) throw new Error('not a file');
      source = this.#fs.readFileSync(path, 'utf8');
    } catch {
      throw new ModuleLoadError('ERR_MODULE_NOT_FOUND', `Cannot find module '${path}'${importer ? ` imported from ${importer}` : ''}`);
    }
    this.#loading.add(path);
    try {
      const code = this.#rewrite(source, path);
      const url = moduleUrl(code);
      this.#urls.set(path, url);
      this.sources.set(path, source);
      this.paths.set(url, path);
      return url;
    } finally {
      this.#loading.delete(path);
    }
  }

  #rewrite(source: string, path: string): string {
    const [imports] = parse(source, path);
    let out = '';
    let at = 0;
    const metaRef = `globalThis[Symbol.for("mcp-by-hand.meta")][${JSON.stringify(path)}]`;
    let usesMeta = false;
    let inlined = 0;
    for (const imp of imports) {
      if (imp.type === 'import-meta') {
        out += source.slice(at, imp.start) + metaRef;
        at = imp.end;
        usesMeta = true;
      } else if (imp.type === 'dynamic') {
        // Resolved when it runs (as Node does), and counted as pending work that keeps the process alive.
        out += `${source.slice(at, imp.importStart)}((s) => globalThis[Symbol.for("mcp-by-hand.import")](s, ${JSON.stringify(path)}))`;
        at = imp.dynamicStart;
      } else if (imp.specifier !== undefined && imp.specifier !== null) {
        const inline = this.#inlineBuiltin(source, imp, inlined++);
        if (inline !== undefined) {
          out += source.slice(at, imp.importStart) + inline;
          at = imp.importEnd;
        } else {
          out += source.slice(at, imp.start) + this.#resolve(imp.specifier, path, false);
          at = imp.end;
        }
      }
    }
    out += source.slice(at);
    if (usesMeta) {
      const metas = (globalThis as unknown as Record<symbol, Record<string, unknown>>)[META];
      metas[path] ??= {
        url: `file://${encodeURI(path)}`,
        filename: path,
        dirname: dirname(path),
        resolve: (s: string) => (s.startsWith('.') ? `file://${encodeURI(normalizePath(`${dirname(path)}/${s}`))}` : s),
      };
    }
    return `${out}\n//# sourceURL=file://${encodeURI(path)}\n`;
  }

  /**
   * `import a, { b, c as d } from 'node:x'` of a built-in, as one line of
   * `const` bindings read from this process's module table (no module to
   * fetch: faster to start). `undefined` when the statement is of another
   * shape (`export ... from`, a namespace plus named, comments): the
   * re-export module is used then.
   */
  #inlineBuiltin(source: string, imp: { importStart: number; importEnd: number; start: number; end: number; specifier?: string | null }, n: number): string | undefined {
    const name = imp.specifier ? this.#builtinName(imp.specifier) : undefined;
    if (!name) return undefined;
    const statement = source.slice(imp.importStart, imp.importEnd);
    if (!statement.startsWith('import')) return undefined;
    const mod = `globalThis[Symbol.for("mcp-by-hand.builtins")].get(${JSON.stringify(name)})`;
    const head = source.slice(imp.importStart + 6, imp.start - 1);
    if (/^\s*$/.test(head)) return 'void 0'; // import 'node:x' (side effects only)
    const m = /^\s*(?:([A-Za-z_$][\w$]*)\s*(?:,\s*)?)?(?:\*\s*as\s+([A-Za-z_$][\w$]*)|\{([^}]*)\})?\s*from\s*$/.exec(head);
    if (!m || (!m[1] && !m[2] && m[3] === undefined)) return undefined;
    const v = `__mcpByHandBuiltin${n}`;
    const parts = [`const ${v} = ${mod}`];
    if (m[1]) parts.push(`${m[1]} = ${v}.default`);
    if (m[2]) parts.push(`${m[2]} = ${v}`);
    if (m[3] !== undefined) {
      const names: string[] = [];
      for (const entry of m[3].split(',').map((e) => e.trim()).filter(Boolean)) {
        const e = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(entry);
        if (!e) return undefined;
        names.push(e[2] ? `${e[1]}: ${e[2]}` : e[1]);
      }
      if (names.length) parts.push(`{ ${names.join(', ')} } = ${v}`);
    }
    return parts.join(', ');
  }

  #facade(name: string): string {
    const cached = this.#facades.get(name);
    if (cached) return cached;
    const mod = this.#builtins.get(name)!;
    const names = Object.keys(mod).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && !RESERVED.has(k));
    const ref = `globalThis[Symbol.for("mcp-by-hand.builtins")].get(${JSON.stringify(name)})`;
    const code =
      `const m = ${ref};\nexport default (m.default ?? m);\n` +
      (names.length ? `export const { ${names.join(', ')} } = m;\n` : '');
    const url = moduleUrl(code);
    this.#facades.set(name, url);
    return url;
  }

  #thrower(error: Error): string {
    const code = `const e = new Error(${JSON.stringify(error.message)}); e.code = ${JSON.stringify((error as { code?: string }).code ?? 'ERR_MODULE_NOT_FOUND')}; throw e;\n`;
    return moduleUrl(code);
  }
}
