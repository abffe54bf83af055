/**
 * Cross-browser global setup, run after the e2e suite's (tests/e2e/global-setup.ts,
 * which builds the course, serves it and provides `baseURL`; see vitest.config.ts):
 * finds the three engines' programs (support/browsers.ts; fails early, with the
 * packages to install, when one is missing) and gives WebKitGTK a display (an
 * Xvfb started here unless `DISPLAY` is set), stopped afterwards.
 */
import type { TestProject } from 'vitest/node';
import { resolveBrowsers, startDisplay, type BrowserPaths } from './support/browsers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The programs of the three engines. */
    browsers: BrowserPaths;
    /** The X display MiniBrowser opens its windows on (`DISPLAY`), e.g. `:99`. */
    display: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browsers = resolveBrowsers();
  const display = await startDisplay();
  project.provide('browsers', browsers);
  project.provide('display', display.display);
  return display.stop;
}
