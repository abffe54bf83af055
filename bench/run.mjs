// `npm run bench [-- name-filter]`: runs every bench/*.bench.mjs and bench/*.bench.ts in turn, in
// separate Node processes (TypeScript through --experimental-strip-types). Each benchmark prints its
// figures beside a baseline measured in the same run. Exit code 1 if any benchmark failed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here)
  .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
  .filter((f) => !filter || f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`bench: no bench/*.bench.{mjs,ts} file${filter ? ` matching "${filter}"` : ''}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const flags = file.endsWith('.ts') ? ['--experimental-strip-types', '--no-warnings'] : [];
  const r = spawnSync(process.execPath, [...flags, join(here, file)], { stdio: 'inherit', cwd: join(here, '..') });
  if (r.status !== 0) {
    failed++;
    console.error(`=== ${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exitCode = failed ? 1 : 0;
