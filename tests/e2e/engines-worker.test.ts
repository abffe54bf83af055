/**
 * The Worker engine's promise, in a real Chromium against the preview build:
 * same stdout bytes and stderr as real Node for every stdio toy server of the
 * registry, state across fresh processes, the watchdog, offline.
 */
import { test, expect } from './support/fixtures.ts';
import { transcripts, flows, TRANSCRIPT_ENV, httpRequestFor } from '../servers/cases.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNode, runInPage, httpInNode, httpInPage, freshRoot } from './support/engine-runs.ts';
import { SAME_BYTES_SERVERS } from '../unit/engines-servers.ts';

const ENV = { ...TRANSCRIPT_ENV };
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const rpc = (id: string | number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { _meta: META, ...params } });

test.for(SAME_BYTES_SERVERS)('%s: the conformance transcript gives the same stdout bytes and stderr as real Node', async (server, { open }) => {
  const page = await open('/lab/engines/');
  const lines = transcripts[server];
  expect(lines.length).toBeGreaterThan(5);
  const node = await runInNode(server, lines, { env: ENV });
  const worker = await runInPage(page, server, lines, { env: ENV });
  expect(node.code).toBe(0);
  expect(worker.stdout.join('\n')).toBe(node.stdout.join('\n'));
  expect(worker.stdout.length).toBe(node.stdout.length);
  expect(worker.stderr).toBe(node.stderr);
  expect({ code: worker.code, signal: worker.signal }).toEqual({ code: node.code, signal: node.signal });
});

test.for(SAME_BYTES_SERVERS)('%s: the multi-step flow gives the same stdout bytes and stderr as real Node', async (server, { open }) => {
  const page = await open('/lab/engines/');
  const node = await runInNode(server, flows[server], { env: ENV, wait: true });
  const worker = await runInPage(page, server, flows[server], { env: ENV, wait: true });
  expect(node.stdout.length).toBeGreaterThan(2);
  expect(worker.stdout).toEqual(node.stdout);
  expect(worker.stderr).toBe(node.stderr);
  expect(worker.code).toBe(node.code);
});

test("http: handle(Request) called in the page answers every transcript line as Node's does", async ({ open, watch }) => {
  const page = await open('/lab/engines/', { offline: true });
  const requests = transcripts.http.map((line) => httpRequestFor(line));
  requests.push({ method: 'GET' as 'POST', headers: {}, body: undefined as unknown as string });
  const node = await httpInNode(requests, ENV);
  const worker = await httpInPage(page, requests, ENV);
  expect(worker.length).toBe(node.length);
  expect(worker).toEqual(node);
  expect(worker.some((r) => r.contentType === 'text/event-stream')).toBe(true);
  expect(worker.at(-1)?.status).toBe(405);
  expect(watch.blocked).toEqual([]);
});

test("a fresh process loses calendar.mjs's event; calendar-handles.mjs's events survive a fresh process", async ({ open }) => {
  const page = await open('/lab/engines/');
  const steps = await page.evaluate(
    async ({ createCal, createHandles, readWeek, openCal }) => {
      const h = (window as any).__mcpByHand;
      const engine = await h.getPageEngine();
      async function once(entry: string, lines: string[]) {
        const p = await engine.spawn(entry);
        const out: string[] = [];
        p.onStdout((l: string) => out.push(l));
        for (const l of lines) p.write(l);
        p.closeStdin();
        await p.exit;
        return { pid: p.pid as number, replies: out.map((l) => JSON.parse(l)) };
      }
      const a = await once('toy-servers/calendar.mjs', [createCal]);
      const b = await once('toy-servers/calendar.mjs', [readWeek]);
      const c1 = await once('toy-servers/calendar-handles.mjs', [openCal]);
      const handle = c1.replies[0].result.structuredContent.calendar as string;
      const c2 = await once('toy-servers/calendar-handles.mjs', [createHandles.replace('HANDLE', handle)]);
      const c3 = await once('toy-servers/calendar-handles.mjs', [readWeek.replace('calendar://week', `calendar://${handle}/week`)]);
      return {
        pids: [a.pid, b.pid, c1.pid, c2.pid, c3.pid],
        createdText: a.replies[0].result.content[0].text as string,
        calendarWeek: b.replies[0].result.contents[0].text as string,
        handleCreatedText: c2.replies[0].result.content[0].text as string,
        handleWeek: c3.replies[0].result.contents[0].text as string,
      };
    },
    {
      createCal: rpc(1, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
      createHandles: rpc(1, 'tools/call', { name: 'create_event', arguments: { calendar: 'HANDLE', title: 'Dentist', startsAt: '2026-09-10T08:30:00Z' } }),
      readWeek: rpc(2, 'resources/read', { uri: 'calendar://week' }),
      openCal: rpc(3, 'tools/call', { name: 'open_calendar', arguments: {} }),
    },
  );
  expect(new Set(steps.pids).size).toBe(5);
  expect(steps.createdText).toMatch(/Created/);
  expect(steps.calendarWeek).not.toContain('Dentist');
  expect(steps.handleCreatedText).toMatch(/Dentist/);
  expect(steps.handleWeek).toContain('Dentist');
});

/** Starts `source` as a server in the page and checks the page still answers clicks while it runs. */
async function runaway(page: import('playwright-core').Page, source: string, input: string[] = []) {
  await page.evaluate(
    async ({ source, input }) => {
      const h = (window as any).__mcpByHand;
      const engine = await h.getPageEngine();
      await engine.writeFile('toy-servers/runaway.mjs', source);
      const p = await engine.spawn('toy-servers/runaway.mjs');
      const w = window as any;
      w.__runaway = { stdoutLines: 0, stderr: '', exit: undefined, startedAt: performance.now() };
      p.onStdout(() => w.__runaway.stdoutLines++);
      p.onStderr((t: string) => (w.__runaway.stderr += t));
      for (const l of input) p.write(l);
      void p.exit.then((info: unknown) => {
        w.__runaway.exit = info;
        w.__runaway.exitAfterMs = performance.now() - w.__runaway.startedAt;
      });
    },
    { source, input },
  );
  // The page responds while the process runs: a click is handled.
  const ping = page.getByRole('button', { name: 'Check the page responds' });
  await ping.click({ timeout: 5000 });
  await expect.poll(() => page.locator('[data-ping]').textContent(), { timeout: 5000 }).toBe('1 click');
  await page.waitForFunction(() => (window as any).__runaway.exit !== undefined, undefined, { timeout: 5000 });
  return page.evaluate(() => (window as any).__runaway as { stdoutLines: number; stderr: string; exit: { code: number | null; signal?: string; reason?: string }; exitAfterMs: number });
}

test('a server edited to loop forever is stopped by the watchdog within 5 s, and the page responds meanwhile', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(
    page,
    "process.stdin.on('data', () => { while (true) {} });\nprocess.stderr.write('looping soon\\n');\n",
    [rpc(1, 'tools/list')],
  );
  expect(r.exit.code).toBeNull();
  expect(r.exit.reason).toMatch(/watchdog.*busy/);
  expect(r.exitAfterMs).toBeLessThan(5000);
  expect(r.stderr).toBe('looping soon\n');
});

test('a server that floods stdout is stopped by the watchdog within 5 s', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(page, "const line = 'x'.repeat(1023) + '\\n';\nwhile (true) process.stdout.write(line);\n");
  expect(r.exit.reason).toMatch(/watchdog.*more than \d+ bytes/);
  expect(r.exitAfterMs).toBeLessThan(5000);
  expect(r.stdoutLines).toBeGreaterThan(0);
});

test('a server that floods with timers (not a tight loop) is stopped too', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(page, "setInterval(() => { for (let i = 0; i < 2000; i++) console.log('spam', i); }, 1);\n");
  expect(r.exit.reason).toMatch(/watchdog.*more than \d+ bytes/);
  expect(r.exitAfterMs).toBeLessThan(5000);
});

test('a server that throws at start reports exit code 1 and the error on stderr, as Node does', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(page, "import { readFileSync } from 'node:fs';\nconst x = 1;\nthrow new Error('boom at start');\n");
  expect(r.exit).toEqual({ code: 1 });
  expect(r.stderr).toContain('file:///course/toy-servers/runaway.mjs:3\nthrow new Error(\'boom at start\');\n      ^\n\nError: boom at start\n    at file:///course/toy-servers/runaway.mjs:3:7');
  expect(r.stderr).toMatch(/\n\nNode\.js v\d+/);
});

test('process.exit(code) reports that code; exitCode with an empty event loop too', async ({ open }) => {
  const page = await open('/lab/engines/');
  const a = await runaway(page, "process.stderr.write('bye\\n');\nprocess.exit(3);\nprocess.stderr.write('never\\n');\n");
  expect(a.exit).toEqual({ code: 3 });
  expect(a.stderr).toBe('bye\n');
  const b = await page.evaluate(async () => {
    const engine = await (window as any).__mcpByHand.getPageEngine();
    await engine.writeFile('toy-servers/quiet.mjs', "process.exitCode = 4;\nsetTimeout(() => console.log('later'), 20);\n");
    const p = await engine.spawn('toy-servers/quiet.mjs');
    const out: string[] = [];
    p.onStdout((l: string) => out.push(l));
    return { exit: await p.exit, out };
  });
  expect(b).toEqual({ exit: { code: 4 }, out: ['later'] });
});

test('an unsupported import fails the way Node reports a load error: stderr naming it and the supported list, exit 1', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(page, "import { createServer } from 'node:http';\ncreateServer();\n");
  expect(r.exit).toEqual({ code: 1 });
  expect(r.stderr).toContain("Error [ERR_UNSUPPORTED_IMPORT]: Cannot import 'node:http' imported from /course/toy-servers/runaway.mjs");
  for (const name of ['node:buffer', 'node:crypto', 'node:events', 'node:fs', 'node:fs/promises', 'node:path', 'node:process', 'node:readline']) {
    expect(r.stderr).toContain(name);
  }
});

test('the Node subset works: readline, fs and fs/promises, crypto, path, events, Buffer, console, timers', async ({ open }) => {
  const page = await open('/lab/engines/');
  const source = `
import readline from 'node:readline';
import * as fs from 'fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createHash, createHmac, randomUUID, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { EventEmitter, once } from 'node:events';
import { Buffer as B } from 'node:buffer';
import { env, argv, cwd } from 'node:process';
const rl = readline.createInterface({ input: process.stdin });
const lines = [];
rl.on('line', (l) => lines.push(l));
rl.on('close', async () => {
  await mkdir('out', { recursive: true });
  await writeFile('out/a.txt', 'é' + lines.join('|'));
  fs.renameSync('out/a.txt', 'out/b.txt');
  const e = new EventEmitter();
  setTimeout(() => e.emit('go', 42), 5);
  const [v] = await once(e, 'go');
  console.log(JSON.stringify({
    lines, v, sha: createHash('sha256').update('abc').digest('hex'),
    hmac: createHmac('sha256', 'k').update('m').digest('base64'),
    uuid: /^[0-9a-f-]{36}$/.test(randomUUID()), rb: randomBytes(8).length,
    eq: timingSafeEqual(B.from('ab'), B.from('ab')), join: path.join('/a', '../b', 'c.txt'),
    file: await readFile('out/b.txt', 'utf8'), exists: fs.existsSync('out/a.txt'), env: env.X, argv: argv.slice(2), cwd: cwd(),
    b64: Buffer.from('hi').toString('base64'), missing: (() => { try { fs.readFileSync('nope'); } catch (err) { return err.code; } })(),
  }));
  console.error('%s=%d', 'n', 7, { a: 1 });
});
`;
  const out = await page.evaluate(async (src) => {
    const engine = new (window as any).__mcpByHand.WorkerEngine();
    await engine.writeFile('toy-servers/subset.mjs', src);
    const p = await engine.spawn('toy-servers/subset.mjs', ['--flag', 'v'], { env: { X: 'y' } });
    const lines: string[] = [];
    let err = '';
    p.onStdout((l: string) => lines.push(l));
    p.onStderr((t: string) => (err += t));
    p.write('one');
    p.write('two\r');
    p.closeStdin();
    const exit = await p.exit;
    return { lines, err, exit, stored: await engine.readFile('out/b.txt') };
  }, source);
  expect(out.exit).toEqual({ code: 0 });
  const value = JSON.parse(out.lines[0]);
  expect(value).toEqual({
    lines: ['one', 'two'], v: 42,
    sha: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    hmac: 'tgCQ4wUil661oICInOL8S8qVfnVvrrTffTGADKHncew=', // node -e "crypto.createHmac('sha256','k').update('m').digest('base64')"
    uuid: true, rb: 8, eq: true, join: '/b/c.txt', file: 'éone|two', exists: false, env: 'y', argv: ['--flag', 'v'], cwd: '/course',
    b64: 'aGk=', missing: 'ENOENT',
  });
  expect(out.err).toBe('n=7 { a: 1 }\n');
  expect(out.stored).toBe('éone|two');
});

test('the engine works offline: no request leaves the origin while servers run', async ({ open, watch }) => {
  const page = await open('/lab/engines/', { offline: true });
  const run = await runInPage(page, 'calendar', transcripts.calendar, { env: ENV, shared: true });
  expect(run.code).toBe(0);
  expect(run.stdout.length).toBeGreaterThan(5);
  expect(watch.blocked).toEqual([]);
});

test('the lab page runs a server from its controls and shows the engine and pid', async ({ open }) => {
  const page = await open('/lab/engines/');
  await expect.poll(() => page.locator('[data-engine-kind]').textContent(), { timeout: 20_000 }).toBe('Worker engine');
  await page.getByLabel('Server').selectOption('legacy');
  await page.getByRole('button', { name: 'Start a fresh process' }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('log');
  await expect.poll(() => log.textContent(), { timeout: 20_000 }).toMatch(/pid \d+ stdout \{"jsonrpc":"2.0","id":1,"error":\{"code":-32601/);
  await page.getByRole('button', { name: 'Close stdin' }).click();
  await expect.poll(() => log.textContent(), { timeout: 20_000 }).toMatch(/pid \d+ exit code 0/);
});

test('an edit to a module another one imports is seen by the next process (nothing stale is reused)', async ({ open }) => {
  const page = await open('/lab/engines/');
  const stderr = await page.evaluate(async () => {
    const engine = await (window as any).__mcpByHand.getPageEngine();
    async function run() {
      const p = await engine.spawn('toy-servers/calendar.mjs');
      let err = '';
      p.onStderr((t: string) => (err += t));
      p.closeStdin();
      await p.exit;
      return err;
    }
    const before = await run();
    await engine.warm();
    // The sibling calendar.mjs imports its plumbing from (where its log line is written).
    const calendar: string = await engine.readFile('toy-servers/calendar.mjs');
    const sibling = /from '\.\/([\w-]+\.mjs)'/.exec(calendar)?.[1];
    if (!sibling) throw new Error('calendar.mjs imports no sibling');
    const shared: string = await engine.readFile(`toy-servers/${sibling}`);
    const edited = shared.replace('process.stderr.write(`${text}\\n`);', 'process.stderr.write(`[edited] ${text}\\n`);');
    if (edited === shared) throw new Error(`the edit did not apply: ${sibling} changed shape`);
    await engine.writeFile(`toy-servers/${sibling}`, edited);
    const after = await run();
    return { before, after };
  });
  expect(stderr.before).toBe('calendar: ready, MCP 2026-07-28 over stdio\n');
  expect(stderr.after).toBe('[edited] calendar: ready, MCP 2026-07-28 over stdio\n');
});

test('the Worker engine needs no cross-origin isolation (and no SharedArrayBuffer)', async ({ open }) => {
  const page = await open('/lab/engines/');
  // Serve the same page without the isolation headers, as a plain static host would.
  await page.route('**/lab/engines/', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
  await page.reload({ waitUntil: 'load' });
  const result = await page.evaluate(async (line) => {
    const engine = await (window as any).__mcpByHand.getPageEngine();
    const p = await engine.spawn('toy-servers/calendar.mjs');
    const out: string[] = [];
    p.onStdout((l: string) => out.push(l));
    p.write(line);
    p.closeStdin();
    return { isolated: self.crossOriginIsolated, sab: typeof SharedArrayBuffer, kind: engine.kind, exit: await p.exit, out };
  }, rpc(1, 'server/discover'));
  expect(result.isolated).toBe(false);
  expect(result.sab).toBe('undefined');
  expect(result.kind).toBe('worker');
  expect(result.exit).toEqual({ code: 0 });
  expect(JSON.parse(result.out[0]).result.resultType).toBe('complete');
});

test('back-to-back processes each get a fresh Worker: module state never carries over, pids differ', async ({ open }) => {
  const page = await open('/lab/engines/');
  const runs = await page.evaluate(async () => {
    const engine = await (window as any).__mcpByHand.getPageEngine();
    await engine.writeFile('toy-servers/counter.mjs', 'globalThis.__runs = (globalThis.__runs ?? 0) + 1;\nconsole.log(String(globalThis.__runs));\n');
    await engine.prewarm();
    const out: Array<{ pid: number; line: string }> = [];
    // As Replay's "fresh process" mode: spawn, read, kill, spawn again at once (more spawns than spare Workers).
    for (let i = 0; i < 5; i++) {
      const p = await engine.spawn('toy-servers/counter.mjs');
      const line = await new Promise<string>((resolve) => p.onStdout(resolve));
      out.push({ pid: p.pid, line });
      p.kill();
    }
    return out;
  });
  expect(runs.map((r) => r.line)).toEqual(['1', '1', '1', '1', '1']);
  expect(new Set(runs.map((r) => r.pid)).size).toBe(5);
});

test('node:zlib is downloaded only when a program imports it, and then works', async ({ open }) => {
  const page = await open('/lab/engines/');
  const zlibRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/zlib-[^/]*\.js$/.test(new URL(r.url()).pathname)) zlibRequests.push(r.url());
  });
  const calendar = await runInPage(page, 'calendar', transcripts.calendar, { env: ENV });
  expect(calendar.code).toBe(0);
  expect(zlibRequests).toEqual([]);
  const out = await page.evaluate(async () => {
    const engine = await (window as any).__mcpByHand.getPageEngine();
    await engine.writeFile('toy-servers/zip.mjs', "import { gzipSync, gunzipSync } from 'node:zlib';\nconsole.log(gunzipSync(gzipSync('same bytes')).toString());\n");
    const p = await engine.spawn('toy-servers/zip.mjs');
    const line = await new Promise<string>((resolve) => p.onStdout(resolve));
    return { line, exit: await p.exit };
  });
  expect(out).toEqual({ line: 'same bytes', exit: { code: 0 } });
  expect(zlibRequests.length).toBe(1);
});

/** Runs `source` as `toy-servers/<name>.mjs` in real Node and in a fresh Worker engine of the page (no input, stdin closed). */
async function programInBoth(page: import('playwright-core').Page, name: string, source: string) {
  const root = freshRoot();
  writeFileSync(join(root, 'toy-servers', `${name}.mjs`), source);
  const node = await runInNode(name, [], { root });
  const worker = await page.evaluate(
    async ({ name, source }) => {
      const engine = new (window as any).__mcpByHand.WorkerEngine();
      await engine.writeFile(`toy-servers/${name}.mjs`, source);
      const p = await engine.spawn(`toy-servers/${name}.mjs`);
      const stdout: string[] = [];
      const stderrChunks: string[] = [];
      p.onStdout((line: string) => stdout.push(line));
      p.onStderr((text: string) => stderrChunks.push(text));
      p.closeStdin();
      const exit = await p.exit;
      engine.dispose();
      return { stdout, stderr: stderrChunks.join(''), stderrChunks, ...exit };
    },
    { name, source },
  );
  return { node, worker };
}

test("Buffer's base64url encoding gives the same stdout as Node", async ({ open }) => {
  const page = await open('/lab/engines/');
  const source = `import { Buffer as B } from 'node:buffer';
const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x00, 0x3e, 0x3f, 0x7e, 0x7f, 0x80]);
for (let n = 0; n <= bytes.length; n++) console.log(bytes.subarray(0, n).toString('base64url'));
console.log(Buffer.from('héllo wörld?>~').toString('base64url'));
console.log(B.from('-_-_AQID', 'base64url').toString('hex'), B.from('+/+/AQID', 'base64url').toString('hex'));
console.log(Buffer.byteLength('aGk', 'base64url'), Buffer.isEncoding('base64url'));
`;
  const { node, worker } = await programInBoth(page, 'b64url', source);
  expect(node.code).toBe(0);
  expect(node.stdout.length).toBe(13);
  expect(worker.stdout).toEqual(node.stdout);
  expect(worker.stderr).toBe(node.stderr);
  expect(worker.code).toBe(0);
});

test('a flood of mixed output under the limit reaches the page in order, byte for byte as in Node', async ({ open }) => {
  const page = await open('/lab/engines/');
  // About 450 KB: several of the Worker's batches, each joining thousands of writes.
  const source = `for (let i = 0; i < 20000; i++) {
  console.log('flood line ' + i + (i % 7 ? '' : ' é€😀'));
  if (i % 1000 === 0) console.error('err ' + i + ' ü');
}
process.stderr.write(Buffer.from([0xc3]));
process.stderr.write(Buffer.from([0xa9, 0x0a]));
process.stdout.write('no newline at the end');
`;
  const { node, worker } = await programInBoth(page, 'flood', source);
  expect(node.code).toBe(0);
  expect(node.stdout.length).toBe(20001);
  expect(worker.stdout).toEqual(node.stdout);
  expect(worker.stderr).toBe(node.stderr);
  expect(worker.code).toBe(0);
  // stderr is passed on write by write (the character split across two writes arrives whole, with the second).
  expect(worker.stderrChunks.slice(-2)).toEqual(['err 19000 ü\n', 'é\n']);
  expect(worker.stderrChunks.length).toBe(21);
});
