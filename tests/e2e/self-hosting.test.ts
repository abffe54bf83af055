/**
 * Self-hosting, end to end, on real processes: `npm run serve` serves a build with
 * the isolation headers, compressed from the build's .br and .gz copies, and
 * `npm run doctor` passes it; a plain static server without headers or
 * compression fails the doctor's header check and gets its compression warning,
 * each saying what is missing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, inject } from 'vitest';
import { test, expect } from './support/fixtures.ts';
import { freePort, waitForHttp } from './support/net.ts';
import { consoleAt, send } from './support/lesson-widgets.ts';
import { NOT_ISOLATED_REASON, OFF_REASON } from '../../src/components/pure/engine-policy.ts';

const root = new URL('../../', import.meta.url).pathname;
const tsNode = [process.execPath, '--experimental-strip-types', '--no-warnings'];
const children: ChildProcess[] = [];

function start(cmd: string[], cwd = root): ChildProcess {
  const child = spawn(cmd[0], cmd.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

function doctor(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = start([...tsNode, 'scripts/doctor.ts', url, '--json']);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

let served: string;
let plain: string;

beforeAll(async () => {
  const servePort = await freePort();
  start([...tsNode, 'scripts/serve.ts', '--port', String(servePort), inject('distDir')]);
  served = `http://127.0.0.1:${servePort}/`;
  const plainPort = await freePort();
  start(['python3', '-m', 'http.server', String(plainPort), '--bind', '127.0.0.1', '--directory', inject('distDir')]);
  plain = `http://127.0.0.1:${plainPort}/`;
  await Promise.all([waitForHttp(served, 15_000), waitForHttp(plain, 15_000)]);
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

test('npm run serve sends the isolation headers and the doctor passes the course', async () => {
  const res = await fetch(served + 'how-this-course-works/');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  const { code, out } = await doctor(served);
  const report = JSON.parse(out);
  expect(report.checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`)).toEqual([
    'course:pass',
    'base:pass',
    'assets:pass',
    'headers:pass',
    'engines:pass',
    'compress:pass',
  ]);
  expect(code).toBe(0);
});

/** One raw GET (no decoding on the way), so the test sees the bytes and headers as sent. */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the build writes .br and .gz beside each text asset, and npm run serve sends them with the right headers', async () => {
  const dist = inject('distDir');
  const astroDir = join(dist, '_astro');
  const script = readdirSync(astroDir).filter((f) => f.endsWith('.js')).sort((a, b) => readFileSync(join(astroDir, b)).length - readFileSync(join(astroDir, a)).length)[0];
  const original = readFileSync(join(astroDir, script));
  expect(existsSync(join(astroDir, `${script}.br`))).toBe(true);
  expect(existsSync(join(astroDir, `${script}.gz`))).toBe(true);
  expect(existsSync(join(dist, 'how-this-course-works', 'index.html.br'))).toBe(true);

  const url = `${served}_astro/${script}`;
  const br = await rawGet(url, 'br, gzip');
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.headers['cross-origin-embedder-policy']).toBe('require-corp');
  expect(br.body.length).toBeLessThan(original.length);
  expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

  const gz = await rawGet(url, 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(original)).toBe(true);

  const none = await rawGet(url, 'identity');
  expect(none.headers['content-encoding']).toBeUndefined();
  expect(none.body.equals(original)).toBe(true);

  const page = await rawGet(`${served}how-this-course-works/`, 'br');
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(brotliDecompressSync(page.body).toString('utf8')).toContain('<html');
});

test('a plain static server without headers fails the doctor, which names the missing headers', async () => {
  const { code, out } = await doctor(plain);
  const report = JSON.parse(out);
  const headers = report.checks.find((c: { name: string }) => c.name === 'headers');
  expect(headers.status).toBe('fail');
  expect(headers.detail).toContain('Cross-Origin-Opener-Policy is missing');
  expect(headers.detail).toContain('Cross-Origin-Embedder-Policy is missing');
  expect(report.checks.find((c: { name: string }) => c.name === 'engines').detail).toContain('WebContainer unavailable: pages are not cross-origin isolated');
  const compress = report.checks.find((c: { name: string }) => c.name === 'compress');
  expect(compress.status).toBe('warn');
  expect(compress.detail).toMatch(/are sent uncompressed/);
  expect(compress.detail).toContain('The build writes .br and .gz copies');
  expect(code).toBe(1);
});

test('the doctor accepts the sub-path build at its base and refuses it at the host root', async () => {
  const base = inject('subpathURL');
  const ok = await doctor(base);
  expect(ok.code).toBe(0);
  const wrong = await doctor(new URL('/', base).href);
  expect(wrong.code).toBe(1);
  expect(JSON.parse(wrong.out).checks[0].detail).toContain(`try that URL`);
});

test('the sub-path build serves every page under /courses/mcp/ and its links stay there', async ({ open }) => {
  const page = await open(inject('subpathURL') + 'how-this-course-works/');
  expect(new URL(page.url()).pathname).toBe('/courses/mcp/how-this-course-works/');
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.filter((h) => !h.startsWith('/courses/mcp/'))).toEqual([]);
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
});

/** The first Console of the-wire, after one exchange: what its engine badge says. */
async function badgeAfterOneExchange(page: import('playwright-core').Page): Promise<string> {
  const c = await consoleAt(page, 0);
  await send(page, c, undefined, 1);
  return (await c.locator('.mcp-badge').innerText()).replace(/\s+/g, ' ');
}

test('offline classroom: the sub-path build works with every other host blocked, and the badge says WebContainer is off', async ({ open, watch }) => {
  const page = await open(new URL('the-wire/', inject('subpathURL')).href, { offline: true });
  const badge = await badgeAfterOneExchange(page);
  expect(badge).toContain('Worker engine');
  expect(badge).toContain(OFF_REASON);
  expect(watch.blocked).toEqual([]);
});

test('a host without the isolation headers (GitHub Pages and the like): the course runs in the Worker engine and the badge says why not WebContainer', async ({ open }) => {
  const page = await open(plain + 'the-wire/');
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
  const badge = await badgeAfterOneExchange(page);
  expect(badge).toContain(NOT_ISOLATED_REASON);
  await expect.poll(() => page.getByRole('button', { name: /real Node/i }).count()).toBe(0);
});
