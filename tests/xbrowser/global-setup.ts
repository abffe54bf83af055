/**
 * Cross-browser global setup, run after the e2e suite's (tests/e2e/global-setup.ts,
 * which builds the course twice and provides `subpathDistDir`; see vitest.config.ts):
 * finds the three engines' programs (support/browsers.ts; fails early, with the
 * packages to install, when one is missing), gives WebKitGTK a display (an Xvfb
 * started here unless `DISPLAY` is set), and serves the sub-path build with the
 * course's own server (`npm run serve`, scripts/serve.ts) as `xbrowserURL`.
 *
 * Why not `astro preview` (the e2e suite's `baseURL`): it sends `Cache-Control: no-cache`, so
 * a browser revalidates each script it loads again, and WebKitGTK 2.50 then fails every second
 * module Worker started from the same URL (an `error` event with no message: 30 of 60 starts of
 * the engine's bootstrap, strictly alternating; 0 of 60 with a unique query per start, and 0
 * of 60 from `npm run serve`, which sends no Cache-Control). The Checker, which starts a
 * process per check, then fails at random in WebKitGTK. The course's own server is how an
 * owner serves a classroom, and the same files.
 */
import type { TestProject } from 'vitest/node';
import { serveCourse } from '../../scripts/serve.ts';
import { resolveBrowsers, startDisplay, type BrowserPaths } from './support/browsers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The programs of the three engines. */
    browsers: BrowserPaths;
    /** The X display MiniBrowser opens its windows on (`DISPLAY`), e.g. `:99`. */
    display: string;
    /**
     * The sub-path build (base `/courses/mcp/`, Worker engine only), served by `npm run serve`'s
     * server, ending in `/`, e.g. `http://127.0.0.1:4411/courses/mcp/`: the table checks a course
     * hosted under a sub-path in every engine (the e2e journeys walk the default build).
     */
    xbrowserURL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browsers = resolveBrowsers();
  const { server, url } = await serveCourse({ dir: project.getProvidedContext().subpathDistDir, port: 0 });
  const display = await startDisplay();
  project.provide('browsers', browsers);
  project.provide('display', display.display);
  project.provide('xbrowserURL', url);
  return async () => {
    await display.stop();
    await new Promise((r) => server.close(r));
  };
}
