/**
 * `npm run hosting`: writes the header recipe for every supported host into
 * `hosting/<host>/<file>`, for the base path in the course config (or the one
 * given: `npm run hosting -- /courses/mcp/`). The files in `hosting/` are
 * committed for base "/"; regenerate them after changing the base.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hostRecipes } from '../src/hosting/headers.ts';
import { parseCourseConfig } from '../src/course/config.ts';

const configFile = resolve(process.env.COURSE_CONFIG ?? 'course.config.ts');
const base = process.argv[2] ?? parseCourseConfig((await import(pathToFileURL(configFile).href)).default, configFile).base;
for (const recipe of hostRecipes(base)) {
  const dir = resolve('hosting', recipe.host);
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, recipe.file), recipe.text);
  console.log(`hosting/${recipe.host}/${recipe.file}`);
}
