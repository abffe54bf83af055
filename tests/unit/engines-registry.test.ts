/**
 * The server registry (`toy-servers/registry.ts`) against what the engines
 * can run and what the tests prove:
 * - every entry's file exists (a built entry, with `fetchUrl`, is written by
 *   the build instead, so it must not be in the folder under that name);
 * - every `.mjs` in `toy-servers/` imports only what the engines provide:
 *   its siblings and the Node built-ins the Worker engine ships (read with
 *   the same module lexer the Worker engine uses);
 * - every stdio entry shipped as source is in the same-bytes proof of every
 *   engine (the three suites read their list from `engines-servers.ts`, which
 *   reads the registry, and each has test cases);
 * - a widget's `server` prop is checked at build time: an unknown name, or a
 *   server the widget cannot run, throws an Error that says which; every
 *   wrapper that takes a server makes that check, and every widget the
 *   registry names is such a wrapper.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { describe, expect, test } from 'vitest';
import { SERVERS, SERVER_NAMES, serversFor } from '../../toy-servers/registry.ts';
import { BUILTIN_NAMES } from '../../src/engines/worker/runtime/builtins.ts';
import { checkServerProp } from '../../src/components/pure/server-prop.ts';
import { flows, transcripts } from '../servers/cases.ts';
import { SAME_BYTES_SERVERS } from './engines-servers.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIR = join(ROOT, 'toy-servers');
const MODULES = readdirSync(DIR).filter((f) => f.endsWith('.mjs') && !f.includes('.edited.'));

describe('registry entries', () => {
  test.for(SERVER_NAMES)('%s: its file is where the registry says', (name) => {
    const entry = SERVERS[name];
    expect(entry.file).toMatch(/^toy-servers\/[a-z0-9-]+\.mjs$/);
    if ('fetchUrl' in entry) {
      expect(entry.fetchUrl).toMatch(/\.mjs$/);
      expect(existsSync(join(ROOT, entry.file)), `${entry.file} is built, not shipped`).toBe(false);
    } else {
      expect(existsSync(join(ROOT, entry.file)), `${entry.file} exists`).toBe(true);
    }
    expect(entry.widgets.length).toBeGreaterThan(0);
    expect(entry.description.length).toBeGreaterThan(10);
  });

  test('HTTP servers are offered only to widgets that speak HTTP to them', () => {
    for (const name of SERVER_NAMES) {
      if (SERVERS[name].transport !== 'http') continue;
      for (const widget of ['Replay', 'ProbeFlow', 'TokenMeter'] as const) expect(serversFor(widget)).not.toContain(name);
    }
  });

  test('HttpRequest runs HTTP servers only (their module\'s handle(request)), http.mjs among them', () => {
    expect(serversFor('HttpRequest')).toContain('http');
    for (const name of serversFor('HttpRequest')) expect(SERVERS[name].transport, name).toBe('http');
  });
});

describe('imports: only what the engines provide', () => {
  const allowed = new Set<string>([...BUILTIN_NAMES, ...MODULES.map((f) => `./${f}`)]);

  test.for(MODULES)('%s imports only its siblings and the Worker engine\'s built-ins', async (file) => {
    await init;
    const source = readFileSync(join(DIR, file), 'utf8');
    const [imports] = parse(source, file);
    const statics = imports.flatMap((i) => (i.type === 'static' ? [i.specifier] : []));
    const dynamics = imports.flatMap((i) => (i.type === 'dynamic' ? [i.specifier ?? source.slice(i.start, i.end)] : []));
    expect(statics.length, `${file} has static imports`).toBeGreaterThan(0);
    for (const spec of statics) expect(allowed.has(spec), `${file} imports ${spec}`).toBe(true);
    // A dynamic import is allowed only for node:http, which a server loads when run as a program under Node.
    for (const spec of dynamics) expect(spec === 'node:http' || allowed.has(spec), `${file} imports ${spec} dynamically`).toBe(true);
  });
});

describe('the same-bytes proof covers every stdio server', () => {
  test('the list is every stdio entry shipped as source, read from the registry', () => {
    const expected = SERVER_NAMES.filter((n) => SERVERS[n].transport === 'stdio' && !('fetchUrl' in SERVERS[n]) && !('starter' in SERVERS[n]));
    expect([...SAME_BYTES_SERVERS]).toEqual(expected);
    expect(SAME_BYTES_SERVERS.length).toBeGreaterThanOrEqual(4);
  });

  test.for(SAME_BYTES_SERVERS)('%s has a conformance transcript and a multi-step flow', (name) => {
    expect(transcripts[name]?.length).toBeGreaterThan(5);
    expect(flows[name]?.length).toBeGreaterThan(1);
  });

  const suites = ['tests/e2e/engines-worker.test.ts', 'tests/unit/engines-webcontainer.test.ts', 'tests/unit/relay.test.ts'];
  test.for(suites)('%s runs its same-bytes test for every server of that list, and names none by hand', (suite) => {
    const source = readFileSync(join(ROOT, suite), 'utf8');
    expect(source).toMatch(/import \{[^}]*\bSAME_BYTES_SERVERS\b[^}]*\} from '\.\.?\/(unit\/)?engines-servers\.ts'/);
    expect(source).toMatch(/test\.for\(SAME_BYTES_SERVERS\)/);
    expect(source).not.toMatch(/\[\s*'calendar',\s*'calendar-handles'/);
  });
});

describe('build-time check of a widget\'s server prop', () => {
  test('a known server the widget may run passes', () => {
    expect(checkServerProp('Console', 'legacy')).toBe('legacy');
    expect(checkServerProp('Replay', 'calendar-handles')).toBe('calendar-handles');
  });

  test('an unknown name stops the build, naming the widget, the prop and the known servers', () => {
    expect(() => checkServerProp('Console', 'calender')).toThrow(
      `<Console server="calender">: unknown server "calender"; known: ${SERVER_NAMES.join(', ')}`,
    );
  });

  test('a server the widget cannot run stops the build, naming the servers it can run', () => {
    expect(() => checkServerProp('Replay', 'legacy', 'compare')).toThrow(
      `<Replay compare="legacy">: Replay cannot run server "legacy"; it can run: ${serversFor('Replay').join(', ')}`,
    );
    expect(() => checkServerProp('TokenMeter', 'http')).toThrow(/TokenMeter cannot run server "http"/);
    expect(() => checkServerProp('CacheView', 'legacy')).toThrow(
      `<CacheView server="legacy">: CacheView cannot run server "legacy"; it can run: ${serversFor('CacheView').join(', ')}`,
    );
  });
});

describe('every widget that takes a server checks it at build time', () => {
  const COMPONENTS = join(ROOT, 'src/components');
  const frontmatter = (widget: string) => readFileSync(join(COMPONENTS, `${widget}.astro`), 'utf8').split(/^---\s*$/m)[1] ?? '';
  const takesServer = readdirSync(COMPONENTS)
    .filter((f) => f.endsWith('.astro'))
    .map((f) => f.slice(0, -'.astro'.length))
    .filter((w) => /^\s*servers?\??:/m.test(frontmatter(w)));
  const named = [...new Set(SERVER_NAMES.flatMap((n) => SERVERS[n].widgets as readonly string[]))].sort();

  test('the wrappers with a server prop are exactly the widgets the registry names', () => {
    expect(takesServer.sort()).toEqual(named);
  });

  test.for(named)('%s.astro calls checkServerProp with its own name', (widget) => {
    expect(frontmatter(widget)).toContain(`checkServerProp('${widget}', `);
  });
});
