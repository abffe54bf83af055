/**
 * One thin driver per engine, so that the cross-browser suite's steps
 * (./steps.ts) are the same text in all three. A driver does only what every
 * engine's automation protocol can do the same way: navigate, run a function in
 * the page, click at a point with the real pointer, press keys, and report the
 * page's errors. Everything else (finding a widget, waiting for it, reading what
 * it shows) is a function run in the page, written once.
 *
 * - chromium: Playwright over CDP (the e2e suite's client and flags);
 * - firefox: puppeteer-core over WebDriver BiDi (Firefox ESR);
 * - webkit: selenium-webdriver over classic WebDriver, against `WebKitWebDriver` on a free
 *   loopback port (one session, one MiniBrowser, one tab at a time).
 *
 * Every tab starts with empty storage (Playwright and puppeteer: a fresh browser context;
 * WebKitGTK: the previous tab emptied localStorage and sessionStorage, all the course stores),
 * so a lesson's saved edits, drafts and Checker progress never leak from one task into the next.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium as playwright } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder, Capabilities, Key, Origin, type WebDriver } from 'selenium-webdriver';
import { chromiumArgs } from '../../e2e/support/chromium.ts';
import { freePort, waitForHttp } from '../../e2e/support/net.ts';
import type { BrowserPaths, Engine } from './browsers.ts';

/** The window every tab gets, in CSS pixels (the e2e suite's default viewport). */
export const VIEWPORT = { width: 1280, height: 800 } as const;

/** One page in one engine, with storage of its own. */
export interface Tab {
  /** Navigates to `url` and waits for its `load` event. */
  goto(url: string): Promise<void>;
  /** Reloads the page and waits for its `load` event. */
  reload(): Promise<void>;
  /**
   * Runs `fn(arg)` in the page and returns its (awaited) result. `fn` is sent as its source
   * text, so it may use only its argument and the page's globals; `arg` and the result must be
   * JSON values.
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Moves the real pointer to (`x`, `y`) (CSS pixels from the viewport's top left) and clicks. */
  clickAt(x: number, y: number): Promise<void>;
  /** Presses the keys of `text`, one by one, into the focused element. */
  type(text: string): Promise<void>;
  /** Presses Control+A (select all) in the focused element. */
  selectAll(): Promise<void>;
  /**
   * What went wrong in the page so far: console errors, uncaught errors and rejections, failed
   * requests and HTTP statuses >= 400, as readable lines (what each protocol can report; see
   * the engine's driver).
   */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

/** One running engine. */
export interface Browser {
  engine: Engine;
  /** The engine's own name and version, e.g. `firefox/153.8.0`. */
  version: string;
  /** A new tab with empty storage, `VIEWPORT` sized. */
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}

/** Starts `engine` from `paths`; MiniBrowser opens its windows on X display `display`. */
export function launch(engine: Engine, paths: BrowserPaths, display: string): Promise<Browser> {
  if (engine === 'chromium') return launchChromium(paths.chromium);
  if (engine === 'firefox') return launchFirefox(paths.firefox);
  return launchWebKit(paths.webkitDriver, paths.miniBrowser, display);
}

/** A request made while the page navigates away is cancelled (e.g. Astro's link prefetch): not a failure. */
const cancelled = (error: string | undefined) => !!error && /ERR_ABORTED|NS_BINDING_ABORTED/.test(error);

/** The page events Playwright and puppeteer-core both emit, as far as the problem list reads them. */
interface PageEvents {
  on(event: 'console', listener: (message: { type(): string; text(): string }) => void): unknown;
  on(event: 'pageerror', listener: (error: unknown) => void): unknown;
  on(event: 'requestfailed', listener: (request: { url(): string; failure(): { errorText: string } | null }) => void): unknown;
  on(event: 'response', listener: (response: { url(): string; status(): number }) => void): unknown;
}

/** Console errors, uncaught errors, failed requests and HTTP statuses >= 400 of `page`, as they happen. */
function collectProblems(page: PageEvents): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
  page.on('requestfailed', (r) => cancelled(r.failure()?.errorText) || problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  return problems;
}

/** What Playwright's and puppeteer-core's pages both offer, as far as a {@link Tab} needs it. */
interface SharedPage extends PageEvents {
  goto(url: string, options: { waitUntil: 'load' }): Promise<unknown>;
  reload(options: { waitUntil: 'load' }): Promise<unknown>;
  evaluate(fn: never, arg: unknown): Promise<unknown>;
  mouse: { click(x: number, y: number): Promise<void> };
  keyboard: { type(text: string): Promise<void> };
}

/** A {@link Tab} over a Playwright or puppeteer-core page; `selectAll` and `close` are the library's own. */
function sharedTab(page: SharedPage, selectAll: () => Promise<void>, close: () => Promise<void>): Tab {
  const problems = collectProblems(page);
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    clickAt: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    selectAll,
    problems: async () => problems,
    close,
  };
}

async function launchChromium(executablePath: string): Promise<Browser> {
  const browser = await playwright.launch({ executablePath, headless: true, args: chromiumArgs });
  return {
    engine: 'chromium',
    version: `chromium/${browser.version()}`,
    close: () => browser.close(),
    async newTab() {
      const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
      const page = await context.newPage();
      return sharedTab(page as unknown as SharedPage, () => page.keyboard.press('Control+A'), () => context.close());
    },
  };
}

async function launchFirefox(executablePath: string): Promise<Browser> {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true, defaultViewport: VIEWPORT });
  return {
    engine: 'firefox',
    version: await browser.version(),
    close: () => browser.close(),
    async newTab() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const selectAll = async () => {
        await page.keyboard.down('Control');
        await page.keyboard.press('KeyA');
        await page.keyboard.up('Control');
      };
      return sharedTab(page as unknown as SharedPage, selectAll, () => context.close());
    },
  };
}

/**
 * Installed in the page after each load, since classic WebDriver reports no console or network
 * events: uncaught errors (and resources that failed to load, seen in the capture phase),
 * unhandled rejections and `console.error` calls from then on, kept in `window.__xbrowserProblems`.
 * What happens before the load event is not seen in WebKitGTK; Chromium and Firefox see it.
 */
function watchProblems(): void {
  const w = window as unknown as { __xbrowserProblems?: string[] };
  if (w.__xbrowserProblems) return;
  const problems: string[] = (w.__xbrowserProblems = []);
  addEventListener(
    'error',
    (e) => {
      const target = e.target as Element | null;
      if (target && target !== (window as unknown) && 'tagName' in target) problems.push(`failed to load: <${target.tagName.toLowerCase()}> ${(target as HTMLScriptElement).src || (target as HTMLLinkElement).href || ''}`);
      else problems.push(`page error: ${(e as ErrorEvent).message}`);
    },
    true,
  );
  addEventListener('unhandledrejection', (e) => problems.push(`page error: unhandled rejection: ${String((e as PromiseRejectionEvent).reason)}`));
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    problems.push(`console error: ${args.map(String).join(' ')}`);
    original(...args);
  };
}

async function launchWebKit(driverPath: string, miniBrowser: string, display: string): Promise<Browser> {
  const port = await freePort();
  // MiniBrowser inherits this environment. Xvfb has no GPU, and WebKitGTK's accelerated
  // compositing then renders in software at about twice the cost of a task (measured here:
  // 3.6-7.1 s against 8.2-13.6 s a Console task); without it, pages paint the plain way, and
  // the scripts, Workers and DOM the tasks exercise are the same.
  const env = { ...process.env, DISPLAY: display, WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  const server: ChildProcess = spawn(driverPath, [`--port=${port}`, '--host=local'], { stdio: ['ignore', 'ignore', 'pipe'], env });
  let log = '';
  server.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/status`, 10_000);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`WebKitWebDriver did not start: ${(error as Error).message}\n${log}`);
  }
  const capabilities = new Capabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } });
  // One session (one MiniBrowser) for all tabs, one tab at a time: a new session per task costs a
  // browser start (about a second), so a tab instead empties the page's storage when it closes.
  let driver: WebDriver;
  let version: string;
  try {
    driver = await new Builder().disableEnvironmentOverrides().usingServer(url).withCapabilities(capabilities).build();
    await driver.manage().window().setRect({ width: VIEWPORT.width, height: VIEWPORT.height });
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: 30_000 });
    version = `webkitgtk/${(await driver.getCapabilities()).getBrowserVersion()}`;
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`WebKitWebDriver could not start MiniBrowser (${miniBrowser}): ${(error as Error).message}\n${log}`);
  }
  return {
    engine: 'webkit',
    version,
    async close() {
      await driver.quit().catch(() => {});
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
    async newTab() {
      const run = <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => driver.executeScript(`return (${fn.toString()})(arguments[0]);`, arg) as Promise<R>;
      const loaded = async () => {
        await run(watchProblems, undefined);
      };
      return {
        async goto(target) {
          await driver.get(target);
          await loaded();
        },
        async reload() {
          await driver.navigate().refresh();
          await loaded();
        },
        evaluate: run,
        clickAt: (x, y) => driver.actions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).click().perform(),
        type: (text) => driver.actions().sendKeys(text).perform(),
        selectAll: () => driver.actions().keyDown(Key.CONTROL).sendKeys('a').keyUp(Key.CONTROL).perform(),
        problems: () => run(() => (window as unknown as { __xbrowserProblems?: string[] }).__xbrowserProblems ?? [], undefined),
        async close() {
          // The course keeps what it saves in localStorage and sessionStorage only (edits, drafts, progress).
          await run(() => {
            localStorage.clear();
            sessionStorage.clear();
          }, undefined).catch(() => {});
          await driver.get('about:blank');
        },
      };
    },
  };
}
