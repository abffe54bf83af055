// The Worker engine's one path rule, used by its file system (page side) and its module loader (Worker side).
import { describe, expect, it } from 'vitest';
import { normalizePath } from '../../../src/engines/worker/posix-path.ts';
import { resolvePath } from '../../../src/engines/worker/engine-files.ts';

describe('normalizePath', () => {
  it('drops . and empty segments, resolves .., never climbs above /', () => {
    expect(normalizePath('/a//b/./c/../d')).toBe('/a/b/d');
    expect(normalizePath('/../../x')).toBe('/x');
    expect(normalizePath('/a/b/')).toBe('/a/b');
    expect(normalizePath('/')).toBe('/');
  });

  it('resolvePath puts a relative path under the root and leaves an absolute one', () => {
    expect(resolvePath('/project', 'toy-servers/../toy-servers/calendar.mjs')).toBe('/project/toy-servers/calendar.mjs');
    expect(resolvePath('/project', '/tmp/x.mjs')).toBe('/tmp/x.mjs');
  });
});
