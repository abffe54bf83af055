// @ts-check
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import preact from '@astrojs/preact';
import { workerNodePolyfills } from './src/engines/worker/vite-worker-polyfills.mjs';
import { devWorkerBootstrap } from './src/engines/worker/vite-dev-bootstrap.mjs';
import { parseCourseConfig } from './src/course/config.ts';
import { lessonsInOrder } from './src/course/lesson-order.ts';
import { courseIntegration } from './src/course/integration.ts';
import { precompress } from './src/course/compress-integration.ts';
import { everythingIntegration } from './src/course/everything-integration.ts';
import { isolationHeaders } from './src/hosting/headers.ts';
import { LOCALES } from './src/course/locales.ts';
import { starlightStrings } from './src/course/starlight-strings.ts';

// The course owner's settings: course.config.ts, or the file named by COURSE_CONFIG.
const configFile = process.env.COURSE_CONFIG ? resolve(process.env.COURSE_CONFIG) : resolve('course.config.ts');
const course = parseCourseConfig((await import(/* @vite-ignore */ pathToFileURL(configFile).href)).default, configFile);

export default defineConfig({
  site: course.site,
  base: course.base,
  trailingSlash: 'always',
  // Cross-origin isolation on every page in `astro dev` and `astro preview`. Astro's
  // `server.headers` (not Vite's) also covers dev HTML. Static hosts: see README, Self-hosting.
  server: { headers: { ...isolationHeaders } },
  integrations: [
    starlight({
      title: course.title,
      description: 'Learn the Model Context Protocol (revision 2026-07-28) by typing its messages to real servers running in your browser.',
      defaultLocale: 'root',
      locales: LOCALES,
      // Starlight's own interface words, where the course says them differently: src/i18n/<lang>/starlight.ts.
      plugins: [starlightStrings()],
      customCss: ['./src/styles/course.css'],
      // The language picker keeps the reader's section: heading ids differ per language (src/course/LanguageSelect.astro).
      // The sidebar marks each lesson done or started, and each lesson ends with its tasks (src/course/Sidebar.astro, Footer.astro).
      components: { LanguageSelect: './src/course/LanguageSelect.astro', Sidebar: './src/course/Sidebar.astro', Footer: './src/course/Footer.astro' },
      // Without `lessons` in the course config: every lesson, ordered by its `sidebar.order`
      // front matter. With it: exactly those lessons, in that order. Either way a list of
      // slugs, which Starlight maps to each locale's translation.
      sidebar: course.lessons ?? lessonsInOrder(resolve('lessons')),
    }),
    preact(),
    courseIntegration(course),
    everythingIntegration(),
    // Last: .br and .gz copies of everything the others wrote (pagefind's index included).
    precompress(),
  ],
  vite: {
    build: { chunkSizeWarningLimit: 4096 },
    // The Worker engine's bootstrap (src/engines/worker/) is an ES module Worker whose polyfills import Node built-ins.
    worker: { format: 'es', plugins: () => [workerNodePolyfills()] },
    // `astro dev` only: Vite's dev server would serve that Worker module by module without those
    // plugins (and pre-bundle memfs with stubbed Node built-ins); this serves it built as above.
    plugins: [devWorkerBootstrap({ headers: isolationHeaders })],
    // `astro dev` only: Vite's dependency scanner does not read Worker modules, so it would meet the
    // tokenizer Worker's import (src/components/token-meter/tokenizer-worker.ts) on first use, bundle it
    // then and reload the reader's page; named here, it is bundled when the dev server starts.
    optimizeDeps: { include: ['tiktoken/lite/init'] },
  },
});
