/**
 * The toy servers may import only what the in-browser Worker engine shims:
 * `./shared.mjs` and a subset of Node built-ins (DESIGN.md, toy-servers/).
 * http.mjs may load node:http, but only with a dynamic import when run as a
 * program. This reads the source files and checks exactly that.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './harness.ts';

const DIR = join(ROOT, 'toy-servers');
const ALLOWED = new Set(['./shared.mjs', 'node:fs', 'node:fs/promises', 'node:events', 'node:path', 'node:crypto', 'node:buffer', 'node:process', 'node:readline']);
const CRYPTO_ALLOWED = new Set(['randomUUID', 'randomBytes', 'createHash', 'createHmac', 'timingSafeEqual']);
const files = readdirSync(DIR).filter((n) => n.endsWith('.mjs'));

describe('toy-servers imports', () => {
  it('has the five servers and the one shared module', () => {
    expect(files.sort()).toEqual(['calendar-handles.mjs', 'calendar.mjs', 'http.mjs', 'legacy.mjs', 'noisy.mjs', 'shared.mjs']);
  });

  it.each(files)('%s imports only the allowed modules', (file) => {
    const source = readFileSync(join(DIR, file), 'utf8');
    const statics = [...source.matchAll(/^import\s+(?:([\s\S]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)];
    expect(statics.length).toBeGreaterThan(0);
    for (const [, names, spec] of statics) {
      expect(ALLOWED.has(spec), `${file} imports ${spec}`).toBe(true);
      if (spec === 'node:crypto') {
        for (const name of (names ?? '').replace(/[{}]/g, '').split(',').map((s) => s.trim()).filter(Boolean)) {
          expect(CRYPTO_ALLOWED.has(name), `${file} uses crypto.${name}`).toBe(true);
        }
      }
    }
    const dynamics = [...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
    expect(dynamics, file).toEqual(file === 'http.mjs' ? ['node:http'] : []);
    if (file !== 'noisy.mjs') expect(/console\.log\(/.test(source), `${file} writes to stdout with console.log`).toBe(false);
    if (file !== 'shared.mjs') expect(source.startsWith('/**'), `${file} starts with a header comment`).toBe(true);
  });

  it('http.mjs loads node:http only inside its run-as-program branch', () => {
    const source = readFileSync(join(DIR, 'http.mjs'), 'utf8');
    const branch = source.indexOf('if (isMainModule(import.meta.url)) {');
    expect(branch).toBeGreaterThan(0);
    expect(source.indexOf("await import('node:http')")).toBeGreaterThan(branch);
  });
});
