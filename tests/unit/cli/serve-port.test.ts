// `npm run serve -- --port <n>` (README, Self-hosting): a port that is not one is refused before anything is
// served, with a message naming the option; a real port is exercised by tests/e2e/self-hosting.test.ts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const serve = (args: string[]) => spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', 'scripts/serve.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });

describe('npm run serve --port', () => {
  it('refuses a port that is not a number from 0 to 65535, exit 2', () => {
    for (const bad of ['eighty', '70000', '-1']) {
      const r = serve(['--port', bad]);
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toContain(`serve: --port needs a port number from 0 to 65535, not ${bad}`);
    }
    expect(serve(['--port']).stderr).toContain('not nothing');
  });
  it('lists --port in its usage', () => {
    expect(serve(['--help']).stdout).toContain('--port N');
  });
});
