/**
 * Finds the three browser engines the cross-browser suite drives, all from the
 * operating system's packages (never a browser downloaded by a test tool):
 * - Chromium: `resolveChromium()` of the e2e suite (`/usr/bin/chromium` or `CHROME_PATH`);
 * - Firefox ESR: `FIREFOX_PATH`, else `/usr/bin/firefox-esr`, else `/usr/bin/firefox`
 *   (Debian/Ubuntu: `apt-get install -y firefox-esr`), driven over WebDriver BiDi by puppeteer-core;
 * - WebKitGTK: `WebKitWebDriver` (`WEBKIT_WEBDRIVER`, else `/usr/bin/WebKitWebDriver`) driving
 *   WebKitGTK's MiniBrowser (`MINIBROWSER_PATH`, else the one libwebkit2gtk installs), over classic
 *   WebDriver (Debian/Ubuntu: `apt-get install -y webkit2gtk-driver`). MiniBrowser has no headless
 *   mode, so it gets a virtual display: `DISPLAY` when set, else an Xvfb this module starts
 *   (`apt-get install -y xvfb`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resolveChromium } from '../../e2e/support/chromium.ts';

/** The engines, in the order the suite names them. */
export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

/** Where each engine's programs are, as absolute paths. */
export interface BrowserPaths {
  chromium: string;
  firefox: string;
  /** `WebKitWebDriver`, the WebDriver server of WebKitGTK. */
  webkitDriver: string;
  /** WebKitGTK's MiniBrowser, the browser `WebKitWebDriver` starts for each session. */
  miniBrowser: string;
}

const first = (candidates: Array<string | undefined>) => candidates.find((c): c is string => !!c && existsSync(c));

/** MiniBrowser as libwebkit2gtk-4.1 (or 4.0, or the GTK 4 build, 6.0) installs it, under /usr/lib/<triplet>/ or /usr/libexec/. */
function miniBrowserCandidates(): string[] {
  const out: string[] = [];
  const builds = ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0'];
  for (const lib of ['/usr/lib', '/usr/lib64', '/usr/libexec']) {
    if (!existsSync(lib)) continue;
    const dirs = [lib, ...readdirSync(lib).filter((d) => d.endsWith('-linux-gnu')).map((d) => join(lib, d))];
    for (const dir of dirs) for (const build of builds) out.push(join(dir, build, 'MiniBrowser'));
  }
  return out;
}

/**
 * The programs of all three engines.
 * @throws Error naming every missing program and the Debian package that brings it.
 */
export function resolveBrowsers(): BrowserPaths {
  const missing: string[] = [];
  let chromium = '';
  try {
    chromium = resolveChromium();
  } catch (error) {
    missing.push((error as Error).message);
  }
  const firefox = first([process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox']);
  if (!firefox) missing.push('No Firefox found: `sudo apt-get install -y firefox-esr`, or set FIREFOX_PATH.');
  const webkitDriver = first([process.env.WEBKIT_WEBDRIVER, '/usr/bin/WebKitWebDriver']);
  const miniBrowser = first([process.env.MINIBROWSER_PATH, ...miniBrowserCandidates()]);
  if (!webkitDriver || !miniBrowser) missing.push('No WebKitWebDriver or MiniBrowser found: `sudo apt-get install -y webkit2gtk-driver`, or set WEBKIT_WEBDRIVER and MINIBROWSER_PATH.');
  if (missing.length) throw new Error(`The cross-browser suite needs all three engines. ${missing.join(' ')} The tests never download a browser.`);
  return { chromium, firefox: firefox!, webkitDriver: webkitDriver!, miniBrowser: miniBrowser! };
}

/** A display for MiniBrowser: `display` is the value for `DISPLAY`; `stop()` ends the Xvfb this module started (if any). */
export interface VirtualDisplay {
  display: string;
  stop: () => Promise<void>;
}

/**
 * `DISPLAY` when it is set; else starts `Xvfb` on a free display number (Xvfb picks it and
 * writes it to the pipe given by `-displayfd`), listening on no TCP port.
 * @throws Error when Xvfb is not installed or does not start within 10 s.
 */
export async function startDisplay(): Promise<VirtualDisplay> {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop: async () => {} };
  const xvfb = first([process.env.XVFB_PATH, '/usr/bin/Xvfb']);
  if (!xvfb) throw new Error('WebKitGTK needs a display: `sudo apt-get install -y xvfb` (or run the suite with DISPLAY set).');
  const child: ChildProcess = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start within 10 s:\n${log}`)), 10_000);
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (d) => {
      out += d;
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}) before it started:\n${log}`));
    });
  });
  return {
    display: `:${number}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
