/**
 * Astro integration that carries the course config into the site:
 * - `virtual:mcp-by-hand/course` exports the {@link PublicCourseConfig} and the lesson list,
 *   for the content loader and the page's engine selection;
 * - after `astro build`, writes `course.json` (what `npm run doctor` reads) and a
 *   `_headers` file (Netlify, Cloudflare Pages) into the output folder.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { publicCourseConfig, type CourseConfig } from './config.ts';
import { hostRecipes } from '../hosting/headers.ts';

const VIRTUAL_ID = 'virtual:mcp-by-hand/course';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** The integration; pass the validated config from `astro.config.mjs`. */
export function courseIntegration(config: CourseConfig): AstroIntegration {
  const publicConfig = publicCourseConfig(config);
  return {
    name: 'mcp-by-hand:course',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'mcp-by-hand:course-virtual-module',
                resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
                load: (id: string) =>
                  id === RESOLVED_ID
                    ? `export const course = ${JSON.stringify(publicConfig)};\nexport const lessons = ${JSON.stringify(config.lessons ?? null)};\n`
                    : undefined,
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL('course.json', dir), JSON.stringify({ ...publicConfig, generator: 'mcp-by-hand' }, null, 2) + '\n');
        const headers = hostRecipes(config.base).find((r) => r.host === 'netlify');
        if (headers) await writeFile(new URL('_headers', dir), headers.text);
      },
    },
  };
}
