/**
 * `npm start` (`astro dev`), not the build: the README's first command must
 * give a course whose widgets work exactly as in the built site. The suite
 * starts its own `astro dev` on a free port (in this clone, with the course's
 * own config), opens the pages in Chromium and, for each widget, compares what
 * the reader sees there with what the same action gives on the built site
 * (`inject('baseURL')`, served by `astro preview`):
 * - the Console on /the-wire/: its first starting message sent, the reply;
 * - ProbeFlow on the official reference server (/discover-first/): the era and version found;
 * - the TokenMeter on /what-a-catalog-costs/: the calendar's totals;
 * - the ServerEditor on /write-your-own-server/: the stage-8 solution typed and run, a
 *   `server/discover` sent to the edit, then the Checker on it: every stage passes.
 * The page fixture fails a test on any console error, failed request or HTTP
 * error status (a 504 from the dependency optimizer included); the suite also
 * fails on Vite's "externalized for browser compatibility" warning.
 * `DEV_LOG=1` streams the dev server's own output to stderr while the suite runs.
 *
 * `E2E_DEV=0` leaves the suite out (e.g. when port binding or file watching is not allowed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { freePort, waitForHttp } from './support/net.ts';
import { consoleAt, copyTranscript, hydrated, META, replyTo, send, stdoutMessages, untilHydrated } from './support/lesson-widgets.ts';
import { runEdit, serverEditorAt } from './support/lesson-editor.ts';
import { capstoneStage } from '../capstone-stages.ts';

const root = new URL('../../', import.meta.url);
const astroBin = new URL('node_modules/astro/bin/astro.mjs', root).pathname;
const STAGE_8 = capstoneStage(8);

let dev: ChildProcess | undefined;
let devURL = '';
let devLog = '';

beforeAll(async () => {
  if (process.env.E2E_DEV === '0') return;
  const port = await freePort();
  // --ignore-lock: another dev server (a course owner's own) may be running in this clone.
  // Without Vitest's own variables: with VITEST set, Astro's dev server renders no content (every lesson 404s).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'));
  dev = spawn(process.execPath, [astroBin, 'dev', '--ignore-lock', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (d) => (devLog += d));
  dev.stderr?.on('data', (d) => (devLog += d));
  if (process.env.DEV_LOG) dev.stdout?.pipe(process.stderr);
  devURL = `http://127.0.0.1:${port}/`;
  try {
    await waitForHttp(devURL, 60_000);
  } catch (error) {
    dev.kill('SIGKILL');
    throw new Error(`astro dev did not start: ${(error as Error).message}\n${devLog}`);
  }
});

afterAll(async () => {
  if (!dev || dev.exitCode !== null) return;
  const exited = new Promise((r) => dev!.once('exit', r));
  dev.kill('SIGTERM');
  const timer = setTimeout(() => dev!.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
});

/** Opens `path` on the dev server, and records Vite's warnings that a Node built-in reached the page as a stub. */
async function openDev(open: (url: string) => Promise<Page>, path: string): Promise<{ page: Page; stubbed: string[] }> {
  const page = await open(new URL(path, devURL).href);
  const stubbed: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('externalized for browser compatibility')) stubbed.push(m.text());
  });
  return { page, stubbed };
}

/** Sends the Console's first starting message and returns the reply (parsed JSON). */
async function firstExchange(page: Page): Promise<unknown> {
  const c = await consoleAt(page, 0);
  await send(page, c, undefined);
  return stdoutMessages(await copyTranscript(page, c)).at(-1);
}

/** Runs a ProbeFlow on `server` with "All at once"; returns `era version` as the widget states it. */
async function probeEra(page: Page, server: string): Promise<string> {
  const probe = await hydrated(page, 'probe-flow');
  await probe.locator('[data-control=server]').selectOption(server);
  const status = probe.locator('[data-probe-status]');
  const before = Number(await status.getAttribute('data-runs'));
  await probe.locator('[data-action="all"]').click();
  await expect.poll(async () => Number(await status.getAttribute('data-runs')), { timeout: 60_000 }).toBe(before + 1);
  return `${await status.getAttribute('data-era')} ${await status.getAttribute('data-version')}`;
}

/** The calendar's TokenMeter totals once counted: `[compact, python]` tokens. */
async function meterTotals(page: Page): Promise<number[]> {
  const meter = page.locator('[data-widget=token-meter][data-server="calendar"]');
  await meter.scrollIntoViewIfNeeded();
  await page.locator('[data-widget=token-meter][data-server="calendar"][data-ready=yes]').waitFor({ timeout: 20_000 });
  await expect.poll(() => meter.locator('[data-meter-status]').first().getAttribute('data-meter-status'), { timeout: 60_000 }).toBe('counted');
  const totals = meter.locator('dd[data-total-compact]').first();
  return [Number(await totals.getAttribute('data-total-compact')), Number(await totals.getAttribute('data-total-python'))];
}

/** Every stage's status once the Checker's run ends. */
async function checkerStatuses(checker: Locator): Promise<string[]> {
  await checker.locator('[data-action="run"]').click();
  await expect.poll(() => checker.getAttribute('data-state'), { timeout: 10_000 }).toBe('running');
  await expect.poll(() => checker.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
  return checker.locator('li.mcp-checker-stage').evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
}

describe.skipIf(process.env.E2E_DEV === '0')('npm start (astro dev)', () => {
  test('the Console on /the-wire/: the first starting message gets the same reply as on the built site', async ({ open, baseURL }) => {
    const { page, stubbed } = await openDev(open, 'the-wire/');
    expect(await page.evaluate(() => crossOriginIsolated), 'the dev server sends the isolation headers').toBe(true);
    const onDev = await firstExchange(page);
    const onBuild = await firstExchange(await open(new URL('the-wire/', baseURL).href));
    expect(onDev).toEqual(onBuild);
    expect((onDev as { result?: { resultType?: string } }).result?.resultType).toBe('complete');
    expect(stubbed).toEqual([]);
  });

  test('ProbeFlow on the official reference server (/discover-first/): the same era and version as on the built site', async ({ open, baseURL }) => {
    const { page, stubbed } = await openDev(open, 'discover-first/');
    const onDev = await probeEra(page, 'everything');
    expect(onDev).toBe(await probeEra(await open(new URL('discover-first/', baseURL).href), 'everything'));
    expect(onDev.startsWith('legacy ')).toBe(true);
    expect(stubbed).toEqual([]);
  });

  test('the TokenMeter on /what-a-catalog-costs/: the same totals as on the built site', async ({ open, baseURL }) => {
    const { page, stubbed } = await openDev(open, 'what-a-catalog-costs/');
    const onDev = await meterTotals(page);
    expect(onDev).toEqual(await meterTotals(await open(new URL('what-a-catalog-costs/', baseURL).href)));
    expect(onDev[0]).toBeGreaterThan(0);
    expect(stubbed).toEqual([]);
  });

  test('the ServerEditor on /write-your-own-server/: the stage-8 solution typed, run and answering; the Checker passes every stage', async ({ open }) => {
    const { page, stubbed } = await openDev(open, 'write-your-own-server/');
    const editor = await serverEditorAt(page, 0);
    const c = await runEdit(page, editor, STAGE_8);
    await send(page, c, JSON.stringify({ jsonrpc: '2.0', id: 91, method: 'server/discover', params: { _meta: META() } }));
    const reply = await replyTo(page, c, 91);
    expect(reply.result.supportedVersions).toContain('2026-07-28');
    const checker = page.locator('section.mcp-checker');
    await checker.scrollIntoViewIfNeeded();
    await untilHydrated(checker);
    const statuses = await checkerStatuses(checker);
    expect(statuses.length).toBe(8);
    expect(statuses).toEqual(Array(8).fill('pass'));
    expect(stubbed).toEqual([]);
  });
});
