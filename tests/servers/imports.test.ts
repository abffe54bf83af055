/**
 * The toy servers may import only what the in-browser Worker engine shims:
 * their siblings (`./<name>.mjs`) and a subset of Node built-ins (the list
 * below, within what src/engines/worker/README.md lists). http.mjs may load node:http, but only with a dynamic import
 * when run as a program. This reads every server file of the registry, and
 * the three files servers import that are no server (plumbing.mjs,
 * create-event.mjs and request-state.mjs), and checks exactly that.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVERS } from '../../toy-servers/registry.ts';
import { ROOT, TOY_SERVERS } from './harness.ts';

const DIR = join(ROOT, 'toy-servers');
const PLUMBING = 'plumbing.mjs';
const LIBRARIES = [PLUMBING, 'create-event.mjs', 'request-state.mjs'];
const NODE_ALLOWED = new Set(['node:fs', 'node:fs/promises', 'node:events', 'node:path', 'node:crypto', 'node:buffer', 'node:process', 'node:readline']);
const CRYPTO_ALLOWED = new Set(['randomUUID', 'randomBytes', 'createHash', 'createHmac', 'timingSafeEqual']);
const serverFiles = TOY_SERVERS.map((n) => basename(SERVERS[n].file));
const files = [...serverFiles, ...LIBRARIES];
const siblings = new Set(files.map((f) => `./${f}`));

describe('toy-servers imports', () => {
  it('every .mjs in toy-servers/ is a server of the registry, plumbing.mjs, create-event.mjs or request-state.mjs, and every registry file exists', () => {
    expect(readdirSync(DIR).filter((n) => n.endsWith('.mjs')).sort()).toEqual([...files].sort());
    for (const file of files) expect(existsSync(join(DIR, file)), file).toBe(true);
  });

  it.each(files)('%s imports only siblings and the allowed Node modules', (file) => {
    const source = readFileSync(join(DIR, file), 'utf8');
    const statics = [...source.matchAll(/^import\s+(?:([\s\S]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)];
    expect(statics.length).toBeGreaterThan(0);
    for (const [, names, spec] of statics) {
      expect(NODE_ALLOWED.has(spec) || siblings.has(spec), `${file} imports ${spec}`).toBe(true);
      if (spec === 'node:crypto') {
        for (const name of (names ?? '').replace(/[{}]/g, '').split(',').map((s) => s.trim()).filter(Boolean)) {
          expect(CRYPTO_ALLOWED.has(name), `${file} uses crypto.${name}`).toBe(true);
        }
      }
    }
    if (file === PLUMBING) expect(statics.every(([, , spec]) => spec.startsWith('node:')), 'plumbing imports no server').toBe(true);
    const dynamics = [...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
    expect(dynamics, file).toEqual(file === PLUMBING ? ['node:http'] : []);
    if (file !== 'noisy.mjs') expect(/console\.log\(/.test(source), `${file} writes to stdout with console.log`).toBe(false);
    expect(source.startsWith('/**'), `${file} starts with a header comment`).toBe(true);
  });

  it('node:http is loaded only by plumbing.mjs\'s serveOnLoopback, which HTTP servers call only in their run-as-program branch', () => {
    const plumbing = readFileSync(join(DIR, PLUMBING), 'utf8');
    const binding = plumbing.indexOf('export async function serveOnLoopback(');
    expect(binding).toBeGreaterThan(0);
    expect(plumbing.indexOf("await import('node:http')")).toBeGreaterThan(binding);
    const httpServers = TOY_SERVERS.filter((n) => SERVERS[n].transport === 'http');
    expect(httpServers.length).toBeGreaterThanOrEqual(3);
    for (const name of httpServers) {
      const source = readFileSync(join(DIR, basename(SERVERS[name].file)), 'utf8');
      const branch = source.indexOf('if (isMainModule(import.meta.url)) {');
      expect(branch, name).toBeGreaterThan(0);
      const calls = [...source.matchAll(/serveOnLoopback\(/g)].map((m) => m.index!);
      expect(calls.length, name).toBe(1);
      expect(calls[0], `${name} calls serveOnLoopback only when it is the program`).toBeGreaterThan(branch);
    }
  });

  it('calendar.mjs starts itself only when it is the program (guarded for the servers that import it)', () => {
    const source = readFileSync(join(DIR, 'calendar.mjs'), 'utf8');
    expect(source).toMatch(/^if \(isMainModule\(import\.meta\.url\)\) serveStdio\(\);$/m);
    for (const file of ['noisy.mjs', 'http.mjs', 'countdown.mjs', 'listening-calendar.mjs', 'paged-calendar.mjs', 'calendar-handles.mjs']) {
      expect(readFileSync(join(DIR, file), 'utf8')).toContain("from './calendar.mjs'");
    }
  });
});
