// The ServerEditor's files: its tabs are the entry and every sibling the entry imports, found from the
// imports themselves (editor-files.ts); the tab keys follow the WAI-ARIA tabs pattern (tabs.ts); and an
// edit of any of them runs through edited copies that import one another (edited-copies.ts), checked
// here on real node processes against the real toy servers.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVERS, SERVER_NAMES, type ServerEntry } from '../../../toy-servers/registry.ts';
import { editorFiles, fileName } from '../../../src/components/server-editor/editor-files.ts';
import { tabAfterKey } from '../../../src/components/server-editor/tabs.ts';
import { editedCopies, editedName } from '../../../src/components/pure/edited-copies.ts';

const project = new URL('../../../', import.meta.url).pathname;
const SOURCES = Object.fromEntries(readdirSync(join(project, 'toy-servers')).filter((f) => f.endsWith('.mjs')).map((f) => [`toy-servers/${f}`, readFileSync(join(project, 'toy-servers', f), 'utf8')]));
const EDITABLE = SERVER_NAMES.filter((n) => (SERVERS[n] as ServerEntry).widgets.includes('ServerEditor') && !(SERVERS[n] as ServerEntry).fetchUrl);
const work = mkdtempSync(join(tmpdir(), 'server-editor-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The relative specifiers a file names in `from '…'` and `import('…')`, read with a plain pattern (not the lexer the code uses). */
const relativeImports = (text: string) => [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
const resolve = (from: string, spec: string) => join(dirname(from), spec);

describe('editorFiles: one tab per file the server runs', () => {
  it.each(EDITABLE)('%s: the entry first, then exactly the files its imports reach', async (server) => {
    const entry = SERVERS[server].file;
    const files = await editorFiles(entry, SOURCES);
    const paths = files.map((f) => f.path);
    expect(paths[0]).toBe(entry);
    expect(new Set(paths).size).toBe(paths.length);
    for (const f of files) {
      expect(f.original).toBe(SOURCES[f.path]);
      expect(f.readOnly).toBe(false);
      // Closed: whatever a tab imports is a tab too.
      for (const spec of relativeImports(f.original)) expect(paths, `${f.path} imports ${spec}`).toContain(resolve(f.path, spec));
    }
    // Nothing extra: every tab but the entry is imported by some tab.
    const imported = new Set(files.flatMap((f) => relativeImports(f.original).map((spec) => resolve(f.path, spec))));
    for (const p of paths.slice(1)) expect(imported.has(p), `${p} is imported by a tab`).toBe(true);
  });

  it('marks the files a lesson names read-only, and refuses a name that is none of the tabs', async () => {
    const files = await editorFiles('toy-servers/calendar.mjs', SOURCES, ['plumbing.mjs']);
    expect(files.filter((f) => f.readOnly).map((f) => fileName(f.path))).toEqual(['plumbing.mjs']);
    await expect(editorFiles('toy-servers/calendar.mjs', SOURCES, ['plumbin.mjs'])).rejects.toThrow(/plumbin\.mjs.*calendar\.mjs, plumbing\.mjs/);
    await expect(editorFiles('toy-servers/nope.mjs', SOURCES)).rejects.toThrow(/nope\.mjs is missing/);
  });
});

describe('tabAfterKey: the arrow keys, Home and End', () => {
  it('moves and wraps around; other keys are not tab keys', () => {
    expect([0, 1, 2].map((i) => tabAfterKey('ArrowRight', i, 3))).toEqual([1, 2, 0]);
    expect([0, 1, 2].map((i) => tabAfterKey('ArrowLeft', i, 3))).toEqual([2, 0, 1]);
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
    expect(tabAfterKey('Enter', 1, 3)).toBeUndefined();
    expect(tabAfterKey('ArrowRight', 0, 0)).toBeUndefined();
  });
});

describe('editedCopies: an edit of any file runs, and nothing else changes', () => {
  it('renames the copies and only the imports between them', async () => {
    expect(editedName('toy-servers/plumbing.mjs')).toBe('toy-servers/plumbing.edited.mjs');
    const files = new Map([
      ['a/main.mjs', "import { x } from './lib.mjs';\nimport fs from 'node:fs';\nimport { y } from './other.mjs';\nconst z = await import('./lib.mjs');\n"],
      ['a/lib.mjs', 'export const x = 1;\n'],
    ]);
    const copies = await editedCopies(files);
    expect([...copies.keys()]).toEqual(['a/main.edited.mjs', 'a/lib.edited.mjs']);
    expect(copies.get('a/main.edited.mjs')).toBe("import { x } from './lib.edited.mjs';\nimport fs from 'node:fs';\nimport { y } from './other.mjs';\nconst z = await import('./lib.edited.mjs');\n");
    expect(copies.get('a/lib.edited.mjs')).toBe(files.get('a/lib.mjs'));
  });

  // The stdio servers: each one exits when its stdin closes (an HTTP server listens until it is stopped).
  it.each(EDITABLE.filter((n) => SERVERS[n].transport === 'stdio'))('%s: its edited entry runs an edited sibling; the original entry does not', async (server) => {
    const entry = SERVERS[server].file;
    const files = new Map((await editorFiles(entry, SOURCES)).map((f) => [f.path, f.original]));
    const sibling = [...files.keys()].at(-1)!;
    if (sibling === entry) return; // no sibling to edit (the starter)
    files.set(sibling, `${files.get(sibling)}\nprocess.stderr.write('the reader edited ${fileName(sibling)}\\n');\n`);
    const dir = mkdtempSync(join(work, `${server}-`));
    for (const [path, text] of [...Object.entries(SOURCES), ...(await editedCopies(files))]) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const run = (file: string) => spawnSync(process.execPath, [file], { cwd: dir, input: '', encoding: 'utf8', timeout: 20_000, env: { ...process.env, TOY_STATE_DIR: join(dir, '.state') } });
    expect(run(editedName(entry)).stderr).toContain(`the reader edited ${fileName(sibling)}`);
    expect(run(entry).stderr).not.toContain('the reader edited');
  }, 60_000);
});
