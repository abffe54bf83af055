#!/usr/bin/env node
/**
 * Builds the two sites the e2e suite serves into one folder, for fast iteration:
 *   node scripts/build-e2e.mjs /tmp/my-builds
 * then: E2E_BUILD_DIR=/tmp/my-builds E2E_SKIP_BUILD=1 npx vitest run --project e2e tests/e2e/<file>.test.ts
 * Writes `<folder>/dist` (course.config.ts) and `<folder>/dist-subpath` (tests/fixtures/subpath.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node scripts/build-e2e.mjs <folder>');
  process.exit(2);
}
const astro = new URL('../node_modules/astro/bin/astro.mjs', import.meta.url).pathname;
const builds = [
  ['dist', {}],
  ['dist-subpath', { COURSE_CONFIG: new URL('../tests/fixtures/subpath.config.ts', import.meta.url).pathname }],
];
for (const [name, env] of builds) {
  const r = spawnSync(process.execPath, [astro, 'build', '--outDir', resolve(folder, name)], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
