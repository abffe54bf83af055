/**
 * The build-time bundle of the reference server (scripts/bundle-everything.mjs):
 * its version is package.json's pin, the registry's and the measured facts'
 * (so a new pin, `npm run measure` and the bundle change together); it
 * imports only Node built-ins the Worker engine provides; it stays under its
 * size goal; it ships a licence notice for every package inside it; and, run
 * in real Node from a folder with no docs/ beside it, it gives the very
 * figures the package gives (the chapter's 12/13 tools, 1,307 and 312 tokens).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEverything, HEADER_PATTERN, EVERYTHING_PACKAGE } from '../../scripts/bundle-everything.mjs';
import { MEASURED_ARGS, REPO_ROOT } from '../../src/cli/measured-facts.ts';
import { measureServer, type ServerReport } from '../../src/cli/server-report.ts';
import { createO200kTokenizer, type FreeableTokenizer } from '../../src/cli/tiktoken-tokenizer.ts';
import { BUILTIN_NAMES } from '../../src/engines/worker/runtime/builtins.ts';
import { SERVERS } from '../../toy-servers/registry.ts';

const GOAL_GZIP_BYTES = 400 * 1024;

let bundle: Awaited<ReturnType<typeof bundleEverything>>;
let bundlePath: string;
let tokenizer: FreeableTokenizer;
let fromPackage: ServerReport;
let fromBundle: ServerReport;

beforeAll(async () => {
  bundle = await bundleEverything();
  // A folder with the bundle alone: the docs it reads at start-up must come from inside it.
  const dir = mkdtempSync(join(tmpdir(), 'everything-bundle-'));
  bundlePath = join(dir, bundle.fileName);
  writeFileSync(bundlePath, bundle.code);
  tokenizer = createO200kTokenizer();
  fromPackage = await measureServer(process.execPath, MEASURED_ARGS, tokenizer, { cwd: REPO_ROOT });
  fromBundle = await measureServer(process.execPath, [bundlePath, 'stdio'], tokenizer, { cwd: dir });
});
afterAll(() => tokenizer?.free());

describe('the reference server bundle', () => {
  it("records the version package.json pins, which the registry's fetchUrl and src/data/measured.json name too", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    const pin = pkg.devDependencies[EVERYTHING_PACKAGE];
    const header = HEADER_PATTERN.exec(bundle.code);
    expect(header?.[1]).toBe(EVERYTHING_PACKAGE);
    expect(header?.[2]).toBe(pin);
    expect(bundle.version).toBe(pin);
    expect(SERVERS.everything.fetchUrl).toBe(`servers/${bundle.fileName}`);
    const measured = JSON.parse(readFileSync(join(REPO_ROOT, 'src/data/measured.json'), 'utf8'));
    expect(measured).toMatchObject({ package: EVERYTHING_PACKAGE, version: pin });
  });

  it('imports only Node built-ins the Worker engine provides', () => {
    expect(bundle.builtins.length).toBeGreaterThan(0);
    const missing = bundle.builtins.filter((b) => !(BUILTIN_NAMES as readonly string[]).includes(b.startsWith('node:') ? b : `node:${b}`));
    expect(missing).toEqual([]);
    expect(bundle.builtins).toContain('node:zlib');
  });

  it(`is one module under ${GOAL_GZIP_BYTES / 1024} KB gzip`, () => {
    expect(bundle.code.match(/^import|[;}\n]import[\s{*]/gm)?.length ?? 0).toBeGreaterThan(0);
    expect(bundle.gzipBytes).toBeLessThan(GOAL_GZIP_BYTES);
  });

  it('ships a licence notice with the package licence and one section per bundled package', () => {
    expect(bundle.notice).toContain('Apache License');
    for (const name of ['@modelcontextprotocol/sdk', 'zod', 'ajv']) expect(bundle.notice).toMatch(new RegExp(`^==== ${name.replace('/', '\\/')}@\\S+ \\(`, 'm'));
    expect(bundle.notice).not.toContain('the package ships no licence file');
  });

  it("run in real Node, it gives the package's own figures: -32601, 2025-11-25, 12 then 13 tools, 1,307 and 312 tokens", () => {
    expect(fromBundle.steps.map((s) => s.received)).toEqual(fromPackage.steps.map((s) => s.received));
    expect(fromBundle).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', discoverErrorCode: -32601 });
    expect(fromBundle.beforeHandshake).toMatchObject({ served: true, tools: 12 });
    expect(fromBundle.counts).toEqual(fromPackage.counts);
    expect(fromBundle.catalogBytes).toBe(fromPackage.catalogBytes);
    expect(fromBundle.tokens).toEqual(fromPackage.tokens);
    expect(fromBundle.tokens?.python.total).toBe(1307);
    expect(fromBundle.tokens?.instructions).toBe(312);
  });

  it('says which transports it leaves out when asked for one, as the package reports any failure', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [bundlePath, 'sse'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Error running script:');
    expect(r.stderr).toContain('the sse transport is not in this bundle');
  });
});
