import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * Finds a Chromium to drive: `CHROME_PATH`, else `/usr/bin/chromium`, else a
 * browser Playwright already has on disk. Never downloads one.
 * @returns the executable's path.
 * @throws Error with install advice when none is found.
 */
export function resolveChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here; that's fine.
  }
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error(
    'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or point CHROME_PATH at a Chrome/Chromium binary. The tests never download a browser.',
  );
}

/** Flags that keep headless Chromium quiet on a machine with no outside network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
];
