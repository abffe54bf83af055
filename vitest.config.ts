import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files that take minutes each (many pages, or full Checker runs), slowest first. Vitest orders
 * files by their last duration, kept in node_modules/.vite; a fresh clone has none, so it orders them by size
 * instead, and a short file that walks every page (a11y) would start last and run alone while the other
 * worker sits idle. These start first, the rest follow in Vitest's own order.
 */
const SLOW_FIRST = ['tests/e2e/a11y.test.ts', 'tests/e2e/checker-same-verdict.test.ts', 'tests/e2e/widgets-layout-shift.test.ts'];

/** Vitest's order, with {@link SLOW_FIRST} ahead of every other file. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((path) => f.moduleId.endsWith(path));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    const base = await super.sort(files);
    return base.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

/**
 * One Vitest run, five projects. `npm test` runs them all (see scripts/test.mjs).
 * - unit:    pure modules (src/protocol, engines with fakes where the real thing cannot run here)
 * - servers: the toy servers as real `node` processes
 * - peers:   real third-party MCP implementations (server-everything, the official SDK)
 * - e2e:     the built site in a real Chromium (see tests/e2e/global-setup.ts)
 * - xbrowser: the first task of every lesson on the same built site, in Chromium, Firefox ESR and
 *            WebKitGTK (tests/xbrowser/tasks.ts; the e2e setup builds and serves, then
 *            tests/xbrowser/global-setup.ts finds the browsers and starts a virtual display)
 */
export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirst },
    projects: [
      // Vitest's default on a 2-core machine is one file at a time. The unit files that take time (the checker's)
      // mostly wait on real server processes and on the checker's own reply windows, not on the CPU: three at once.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 20_000, maxWorkers: 3 } },
      { test: { name: 'servers', include: ['tests/servers/**/*.test.ts'], testTimeout: 60_000 } },
      // Peers also wait on real processes (the reference server, the official SDK, a Python server): two at once.
      // Their hooks do a test's work (bundle the reference server with esbuild, start and measure it twice), so
      // they get a test's time, not Vitest's 10 s default for hooks.
      { test: { name: 'peers', include: ['tests/peers/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 2 } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own Chromium: a second file fills some of one file's waits (a page's
          // timers, a quiet window, a process's reply); the suite is mostly bound by the CPU, so the gain is modest.
          // It also holds the suite to passing under a competing load (scripts/test-under-load.mjs).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'xbrowser',
          include: ['tests/xbrowser/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts', 'tests/xbrowser/global-setup.ts'],
          testTimeout: 150_000,
          hookTimeout: 120_000,
          // One engine at a time: the pages' own timers (a 3 s wait for server/discover, the
          // Checker's per-check waits) must not race a second browser for the 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
