/**
 * The Worker engine's import rewriter (src/engines/worker/runtime/loader.ts),
 * run in Node (which imports the `data:` modules it makes, as a Worker does):
 * built-ins come from the process's own table, siblings from the engine's
 * files, line numbers are kept, `import.meta` is Node's, an unsupported
 * import fails like Node with the list of what is supported, and a dynamic
 * import is resolved only when it runs.
 */
import { describe, expect, test } from 'vitest';
import { ModuleLoader, ModuleLoadError, type Builtins, type LazyBuiltins, type LoaderFs } from '../../../src/engines/worker/runtime/loader.ts';

function memoryFs(files: Record<string, string>): LoaderFs {
  return {
    readFileSync: (path) => {
      if (!(path in files)) throw new Error(`ENOENT: ${path}`);
      return files[path];
    },
    existsSync: (path) => path in files,
    statSync: (path) => {
      if (!(path in files)) throw new Error(`ENOENT: ${path}`);
      return { isFile: () => true };
    },
  };
}

const join = (...parts: string[]) => parts.join('/');
const builtins: Builtins = new Map([
  ['node:path', { default: { join }, join }],
  ['node:events', { default: class EventEmitter {}, once: () => 'once' }],
]);

describe('ModuleLoader', () => {
  test('built-ins (with or without node:) come from the table; siblings load from the files', async () => {
    const loader = new ModuleLoader(
      memoryFs({
        '/course/toy-servers/plumbing.mjs': "export const frame = (s) => s + '\\n';\n",
        '/course/toy-servers/main.mjs':
          "import path, { join as j } from 'node:path';\nimport { once } from 'events';\nimport { frame } from './plumbing.mjs';\n" +
          "export const out = [path.join('a', 'b'), j('c', 'd'), once(), frame('x')];\n",
      }),
      builtins,
    );
    const mod = await import(/* @vite-ignore */ await loader.load('/course/toy-servers/main.mjs'));
    expect(mod.out).toEqual(['a/b', 'c/d', 'once', 'x\n']);
  });

  test('line numbers are kept: an error thrown on line 3 is reported on line 3 of the module, which maps back to the file', async () => {
    const source = "import { join } from 'node:path';\nimport { once } from 'node:events';\nexport function fail() { throw new Error('line three'); }\n";
    const loader = new ModuleLoader(memoryFs({ '/course/a.mjs': source }), builtins);
    const url = await loader.load('/course/a.mjs');
    const mod = await import(/* @vite-ignore */ url);
    const stack = (() => {
      try {
        mod.fail();
      } catch (error) {
        return (error as Error).stack ?? '';
      }
      return '';
    })();
    // The stack names the module URL (a Worker's stack printer turns it back into the file with loader.paths).
    const at = stack.split('\n').find((line) => line.includes('data:text/javascript'));
    expect(at).toMatch(/:3:\d+\)?$/);
    expect(loader.paths.get(url)).toBe('/course/a.mjs');
  });

  test('import.meta has url, filename and dirname, as in Node', async () => {
    const loader = new ModuleLoader(memoryFs({ '/course/dir/m.mjs': 'export const meta = { url: import.meta.url, filename: import.meta.filename, dirname: import.meta.dirname };\n' }), builtins);
    const mod = await import(/* @vite-ignore */ await loader.load('/course/dir/m.mjs'));
    expect(mod.meta).toEqual({ url: 'file:///course/dir/m.mjs', filename: '/course/dir/m.mjs', dirname: '/course/dir' });
  });

  test('a static import the engine does not provide fails the load with ERR_UNSUPPORTED_IMPORT and the supported list', async () => {
    const loader = new ModuleLoader(memoryFs({ '/course/s.mjs': "import { createServer } from 'node:http';\n" }), builtins);
    const error = await loader.load('/course/s.mjs').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ModuleLoadError);
    expect((error as ModuleLoadError).code).toBe('ERR_UNSUPPORTED_IMPORT');
    expect((error as Error).message).toContain("Cannot import 'node:http' imported from /course/s.mjs");
    expect((error as Error).message).toContain('node:events, node:path');
  });

  test('a missing sibling is ERR_MODULE_NOT_FOUND; an import cycle is refused', async () => {
    const missing = new ModuleLoader(memoryFs({ '/course/m.mjs': "import './gone.mjs';\n" }), builtins);
    expect(await missing.load('/course/m.mjs').then(() => '', (e: ModuleLoadError) => e.code)).toBe('ERR_MODULE_NOT_FOUND');
    const cycle = new ModuleLoader(memoryFs({ '/course/a.mjs': "import './b.mjs';\n", '/course/b.mjs': "import './a.mjs';\n" }), builtins);
    expect(await cycle.load('/course/a.mjs').then(() => '', (e: ModuleLoadError) => e.code)).toBe('ERR_IMPORT_CYCLE');
  });

  test('a dynamic import is resolved only when it runs: loading succeeds, running rejects like Node', async () => {
    const loader = new ModuleLoader(
      memoryFs({ '/course/d.mjs': "export const later = () => import('node:http');\nexport const ok = () => import('node:path');\n" }),
      builtins,
    );
    const mod = await import(/* @vite-ignore */ await loader.load('/course/d.mjs'));
    expect((await mod.ok()).join('x', 'y')).toBe('x/y');
    const error = await mod.later().then(() => undefined, (e: unknown) => e);
    expect((error as { code?: string }).code).toBe('ERR_UNSUPPORTED_IMPORT');
    expect(loader.pending).toBe(0);
  });

  test('a lazy built-in is loaded only when a module imports it (statically, re-exported or dynamically), once', async () => {
    const loads: string[] = [];
    const lazy: LazyBuiltins = new Map([
      ['node:zlib', async () => (loads.push('node:zlib'), { default: { gzipSync: () => 'gz' }, gzipSync: () => 'gz' })],
    ]);
    const loader = new ModuleLoader(
      memoryFs({
        '/course/plain.mjs': "import { join } from 'node:path';\nexport const p = join('a', 'b');\n",
        '/course/uses.mjs': "import zlib, { gzipSync } from 'zlib';\nexport const out = [zlib.gzipSync(), gzipSync()];\n",
        '/course/again.mjs': "export { gzipSync } from 'node:zlib';\nexport const later = () => import('node:zlib');\n",
      }),
      new Map(builtins),
      lazy,
    );
    await loader.prepareModules(['/course/plain.mjs', '/course/uses.mjs']);
    expect(loads).toEqual([]); // preparing ahead of need downloads nothing
    expect((await import(/* @vite-ignore */ await loader.load('/course/plain.mjs'))).p).toBe('a/b');
    expect(loads).toEqual([]);
    expect((await import(/* @vite-ignore */ await loader.load('/course/uses.mjs'))).out).toEqual(['gz', 'gz']);
    const again = await import(/* @vite-ignore */ await loader.load('/course/again.mjs'));
    expect(again.gzipSync()).toBe('gz');
    expect((await again.later()).gzipSync()).toBe('gz');
    expect(loads).toEqual(['node:zlib']);
    expect(loader.supportedList()).toContain('node:zlib');
  });
});
