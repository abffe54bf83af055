#!/usr/bin/env node
// @ts-check
/**
 * Bundles the official reference server, `@modelcontextprotocol/server-everything`
 * (the version installed from package.json's exact pin), into ONE ES module the
 * Worker engine runs as it runs the toy servers, plus the licence notice that
 * ships beside it.
 *
 *   node scripts/bundle-everything.mjs <out-folder>   # writes everything-<version>.mjs and .mjs.LICENSE.txt
 *
 * What goes in, and what is changed (nothing else is):
 * - the entry is the package's own `dist/index.js`, which picks the transport
 *   from `argv[2]` (default `stdio`); with it, the official SDK (v1), zod, ajv
 *   and the rest of its dependencies, as installed;
 * - the `sse` and `streamableHttp` transports (express, node:http) are left
 *   out: importing them throws an Error saying so, which `dist/index.js`
 *   reports as it reports any failure ("Error running script: ...", exit 1);
 * - the files it reads at start-up, `dist/docs/*.md` (its static resources and
 *   its instructions), are inlined: the two modules that read them get an
 *   `fs` whose `readdirSync`/`statSync`/`readFileSync` answer for that one
 *   folder from the inlined texts (in the order Node's `readdirSync` gives)
 *   and pass every other path to the real `fs`;
 * - Node built-ins stay imports (`node:crypto`, `fs`, `path`, `url`,
 *   `node:zlib`, `node:process`), which the Worker engine's Node subset
 *   provides (src/engines/worker/runtime/builtins.ts).
 * The first line records the package and version; the Worker engine's tests
 * compare it with package.json's pin and src/data/measured.json.
 *
 * Used by the Astro integration `src/course/everything-integration.mjs`
 * (`astro build` writes the files into the site, `astro dev` serves them) and by the tests.
 */
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The package bundled. */
export const EVERYTHING_PACKAGE = '@modelcontextprotocol/server-everything';

const ROOT = new URL('..', import.meta.url).pathname;
const PACKAGE_DIR = join(ROOT, 'node_modules', EVERYTHING_PACKAGE);
/** The package's own licence text (its tarball ships none; copied from the package's repository, modelcontextprotocol/servers, LICENSE). */
const PACKAGE_LICENSE = join(ROOT, 'scripts', 'licenses', 'server-everything.LICENSE.txt');

/** The installed version of the package (its package.json). */
export function installedEverythingVersion() {
  return JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')).version;
}

/** The bundle's file name for a version: `everything-2026.8.31.mjs`. */
export function bundleFileName(version = installedEverythingVersion()) {
  return `everything-${version}.mjs`;
}

/** The first line of every bundle: `// @modelcontextprotocol/server-everything@<version> ...`. */
export const HEADER_PATTERN = /^\/\/ (@modelcontextprotocol\/server-everything)@(\S+) /m;

const EXTERNALS = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** The package's `dist/docs` folder as Node lists it: [name, text] in `readdirSync` order (files only). */
function docs() {
  const dir = join(PACKAGE_DIR, 'dist', 'docs');
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => [name, readFileSync(join(dir, name), 'utf8')]);
}

/** The `fs` the two start-up readers get: the inlined docs folder, else the real fs. */
function docsFsModule() {
  return `import * as fs from 'fs';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';
// Inlined by scripts/bundle-everything.mjs from ${EVERYTHING_PACKAGE}/dist/docs (the folder the package reads at start-up).
const DOCS = new Map(${JSON.stringify(docs())});
// dist/resources/*.js compute join(dirname(fileURLToPath(import.meta.url)), '..', 'docs'); in one bundle every module shares this URL.
const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
const doc = (p) => (typeof p === 'string' && dirname(p) === DIR ? p.slice(DIR.length + 1) : undefined);
const stat = { isFile: () => true, isDirectory: () => false };
export function readdirSync(p, ...rest) { return p === DIR ? [...DOCS.keys()] : fs.readdirSync(p, ...rest); }
export function statSync(p, ...rest) { return DOCS.has(doc(p)) ? stat : fs.statSync(p, ...rest); }
export function readFileSync(p, ...rest) { const n = doc(p); return DOCS.has(n) ? DOCS.get(n) : fs.readFileSync(p, ...rest); }
`;
}

/** esbuild plugin: the docs `fs` for dist/resources/{files,index}.js, and the HTTP transports left out. */
const everythingPlugin = {
  name: 'mcp-by-hand:everything',
  /** @param {import('esbuild').PluginBuild} b */
  setup(b) {
    b.onResolve({ filter: /^fs$/ }, (args) =>
      /server-everything\/dist\/resources\/(files|index)\.js$/.test(args.importer) ? { path: 'docs-fs', namespace: 'everything-docs' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'everything-docs' }, () => ({ contents: docsFsModule(), loader: 'js', resolveDir: ROOT }));
    b.onResolve({ filter: /\/transports\/(sse|streamableHttp)\.js$/ }, (args) =>
      args.importer.includes('server-everything/dist/') ? { path: args.path, namespace: 'everything-left-out' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'everything-left-out' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(
        `the ${args.path.replace(/^.*\/|\.js$/g, '')} transport is not in this bundle: it runs ${EVERYTHING_PACKAGE} over stdio only`,
      )});`,
      loader: 'js',
    }));
  },
};

/**
 * The nearest package.json above `file` (a path inside node_modules).
 * @param {string} file
 * @returns {{ dir: string, name: string, version: string, license?: string } | undefined}
 */
function owningPackage(file) {
  for (let dir = dirname(file); dir.includes('node_modules'); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (pkg.name && pkg.version) return { dir, name: pkg.name, version: pkg.version, license: pkg.license };
    }
  }
  return undefined;
}

/**
 * The licence notice: the package's own licence, then each bundled package's name, version, licence and LICENSE file.
 * @param {string} version
 * @param {string[]} inputs esbuild's input paths, relative to the repository root
 */
function notice(version, inputs) {
  const packages = new Map();
  for (const input of inputs) {
    const pkg = input.includes('node_modules') ? owningPackage(resolve(ROOT, input)) : undefined;
    if (pkg && !packages.has(pkg.name)) packages.set(pkg.name, pkg);
  }
  const parts = [
    `${EVERYTHING_PACKAGE}@${version}, bundled into ${bundleFileName(version)} (one ES module) for the Worker engine of MCP by Hand.`,
    `It contains the packages below, unchanged except that the HTTP transports are left out and the docs/*.md files it reads at start-up are inlined.`,
    '',
    `==== ${EVERYTHING_PACKAGE}@${version} (https://github.com/modelcontextprotocol/servers, LICENSE) ====`,
    readFileSync(PACKAGE_LICENSE, 'utf8').trimEnd(),
  ];
  for (const pkg of [...packages.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    if (pkg.name === EVERYTHING_PACKAGE) continue;
    const file = readdirSync(pkg.dir).find((f) => /^(licen[cs]e|copying)/i.test(f));
    parts.push('', `==== ${pkg.name}@${pkg.version} (${pkg.license ?? 'licence not stated'}) ====`);
    parts.push(file ? readFileSync(join(pkg.dir, file), 'utf8').trimEnd() : '(the package ships no licence file)');
  }
  return parts.join('\n') + '\n';
}

/**
 * Bundles the installed package. Resolves with the module's text, the
 * licence notice, the version, the Node built-ins it imports, and its size
 * (bytes raw and gzip level 9). Rejects when esbuild fails.
 * @returns {Promise<{ code: string, notice: string, version: string, fileName: string, builtins: string[], bytes: number, gzipBytes: number }>}
 */
export async function bundleEverything() {
  const version = installedEverythingVersion();
  const result = await build({
    entryPoints: [join(PACKAGE_DIR, 'dist', 'index.js')],
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    outfile: join(ROOT, bundleFileName(version)),
    external: EXTERNALS,
    plugins: [everythingPlugin],
    banner: { js: `// ${EVERYTHING_PACKAGE}@${version} dist/index.js (stdio), one module; licences: ./${bundleFileName(version)}.LICENSE.txt` },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const output = Object.values(result.metafile.outputs)[0];
  const builtins = [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))].sort();
  return {
    code,
    notice: notice(version, Object.keys(output.inputs)),
    version,
    fileName: bundleFileName(version),
    builtins,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
  };
}

/**
 * Writes the bundle and its notice into `folder`; resolves with {@link bundleEverything}'s result.
 * @param {string} folder
 */
export async function writeEverything(folder) {
  const bundle = await bundleEverything();
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, bundle.fileName), bundle.code);
  writeFileSync(join(folder, `${bundle.fileName}.LICENSE.txt`), bundle.notice);
  return bundle;
}

if (process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/bundle-everything.mjs <out-folder>');
    process.exit(2);
  }
  const b = await writeEverything(resolve(folder));
  console.log(`${b.fileName}: ${b.bytes} bytes, ${b.gzipBytes} bytes gzip; imports ${b.builtins.join(', ')}`);
}
