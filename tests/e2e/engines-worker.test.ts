/**
 * The Worker engine's promise, in a real Chromium against the preview build:
 * same stdout bytes and stderr as real Node for every stdio toy server of the
 * registry, state across fresh processes, the watchdog, offline.
 */
import { test, expect } from './support/fixtures.ts';
import { transcripts, flows, TRANSCRIPT_ENV, httpRequestFor } from '../servers/cases.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNode, runInPage, httpInNode, httpInPage, freshRoot, type RunOptions } from './support/engine-runs.ts';
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

test('a fetch handler whose process has ended refuses the next request saying how the process ended', async ({ open }) => {
  const page = await open('/lab/engines/', { offline: true });
  const out = await page.evaluate(async () => {
    const h = (window as any).__mcpByHand;
    const engine = new h.WorkerEngine();
    const endpoint = await engine.fetchHandler('toy-servers/http.mjs');
    const before = (await endpoint.handle(new Request('http://127.0.0.1/mcp', { method: 'GET' }))).status;
    endpoint.process.kill();
    const refused = await endpoint.handle(new Request('http://127.0.0.1/mcp', { method: 'GET' })).then(
      () => 'answered',
      (error: Error & { failure?: { code: string } }) => `${error.failure?.code}: ${error.message}`,
    );
    engine.dispose();
    return { before, refused };
  });
  expect(out.before).toBe(405);
  expect(out.refused).toBe('process-ended: the process exited (killed by the engine)');
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

/**
 * Starts `source` as a server in the page, writes `input` to its stdin, and checks the page still answers clicks while
 * it runs. Returns what the process did, with `events`: the order in which its first stdout line, its first stderr text
 * and its exit reached the page (each named once).
 */
async function runaway(page: import('playwright-core').Page, source: string, input: string[] = []) {
  await page.evaluate(
    async ({ source, input }) => {
      const h = (window as any).__mcpByHand;
      const engine = await h.getPageEngine();
      await engine.writeFile('toy-servers/runaway.mjs', source);
      const p = await engine.spawn('toy-servers/runaway.mjs');
      const w = window as any;
      w.__runaway = { stdoutLines: 0, stderr: '', exit: undefined, events: [] as string[] };
      const once = (event: string) => {
        if (!w.__runaway.events.includes(event)) w.__runaway.events.push(event);
      };
      p.onStdout(() => {
        w.__runaway.stdoutLines++;
        once('stdout');
      });
      p.onStderr((t: string) => {
        w.__runaway.stderr += t;
        once('stderr');
      });
      for (const l of input) p.write(l);
      void p.exit.then((info: unknown) => {
        w.__runaway.exit = info;
        once('exit');
      });
    },
    { source, input },
  );
  // The page responds while the process runs: a click is handled.
  const ping = page.getByRole('button', { name: 'Check the page responds' });
  await ping.click({ timeout: 5000 });
  await expect.poll(() => page.locator('[data-ping]').textContent(), { timeout: 5000 }).toBe('1 click');
  await page.waitForFunction(() => (window as any).__runaway.exit !== undefined, undefined, { timeout: 10_000 });
  return page.evaluate(() => (window as any).__runaway as { stdoutLines: number; stderr: string; exit: { code: number | null; signal?: string; reason?: string }; events: string[] });
}

test('a server edited to loop forever once a request arrives is stopped by the watchdog, and the page responds meanwhile', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(
    page,
    "process.stdin.on('data', () => { while (true) {} });\nprocess.stderr.write('looping soon\\n');\n",
    [rpc(1, 'tools/list')],
  );
  expect(r.exit).toMatchObject({ code: null, signal: 'SIGKILL' });
  expect(r.exit.reason).toMatch(/watchdog.*busy/);
  expect(r.stderr).toBe('looping soon\n');
  // It ran up to the loop (its stderr line came first), then the watchdog killed it: one exit, after that line.
  expect(r.events).toEqual(['stderr', 'exit']);
});

test('a program whose start is one long synchronous task (as a large bundle evaluating) is not taken for stuck, and answers once it runs', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(
    page,
    // Three seconds of top-level work, longer than the busy limit, then a reader of stdin that answers and leaves.
    "const until = Date.now() + 3000;\nwhile (Date.now() < until) {}\nprocess.stdin.on('data', (d) => { process.stdout.write('got ' + d); process.exit(0); });\n",
    [rpc(1, 'tools/list')],
  );
  expect(r.exit).toMatchObject({ code: 0 });
  expect(r.stdoutLines).toBe(1);
  expect(r.events).toEqual(['stdout', 'exit']);
});

test('a server that floods stdout is stopped by the watchdog after its first lines reached the page', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(page, "const line = 'x'.repeat(1023) + '\\n';\nwhile (true) process.stdout.write(line);\n");
  // The Worker stops itself at the output limit, with the code a killed process has (128 + SIGKILL's 9).
  expect(r.exit.code).toBe(137);
  expect(r.exit.reason).toMatch(/watchdog.*more than \d+ bytes/);
  expect(r.stdoutLines).toBeGreaterThan(0);
  expect(r.events).toEqual(['stdout', 'exit']);
});

test('a server that floods with timers (not a tight loop) is stopped too', async ({ open }) => {
  const page = await open('/lab/engines/');
  const r = await runaway(page, "setInterval(() => { for (let i = 0; i < 2000; i++) console.log('spam', i); }, 1);\n");
  // The Worker stops itself at the output limit, with the code a killed process has (128 + SIGKILL's 9).
  expect(r.exit.code).toBe(137);
  expect(r.exit.reason).toMatch(/watchdog.*more than \d+ bytes/);
  expect(r.events).toEqual(['stdout', 'exit']);
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

/**
 * Runs `source` as `toy-servers/<name>.mjs` in real Node and in a fresh Worker engine of the page, with the
 * same input steps (see `runInNode`); `root` is the Node side's engine root, to compare paths in messages.
 */
async function stepsInBoth(page: import('playwright-core').Page, name: string, source: string, steps: string[], options: RunOptions = {}) {
  const root = freshRoot();
  writeFileSync(join(root, 'toy-servers', `${name}.mjs`), source);
  const node = await runInNode(name, steps, { ...options, root });
  const worker = await runInPage(page, name, steps, { ...options, files: { [`toy-servers/${name}.mjs`]: source } });
  return { node, worker, root };
}

/**
 * A fatal error's stderr with what is Node's own left out: stack frames (Node's internals appear in them), a
 * location header pointing into `node:internal`, and the `Node.js v…` line; the Node side's root reads as the
 * engine's `/course`. What remains is the program's: the location and source line of its own code, the caret,
 * the error's name, message and properties.
 */
function programStderr(stderr: string, root?: string): string {
  const text = (root ? stderr.replaceAll(`file://${root}`, 'file:///course') : stderr).replace(/^node:internal\/[^\n]*\n[^\n]*\n *\^\n\n/m, '');
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (/^Node\.js v/.test(line)) continue;
    // A frame left out; the brace that opens the error's properties after the last one stays.
    if (/^\s+at /.test(line)) {
      if (line.endsWith(' {')) kept[kept.length - 1] += ' {';
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

const line = (id: number, text: string) => JSON.stringify({ id, text });

/** Servers that pause stdin while they await I/O, then answer and resume (and a few that pause to let the process end). */
const KEEP_ALIVE: Array<{ name: string; what: string; source: string; steps: string[]; options: RunOptions }> = [
  {
    name: 'pause-blob',
    what: 'readline: rl.pause(), await new Blob([line]).text(), reply, rl.resume()',
    source: `import readline from 'node:readline';
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', async (line) => {
  rl.pause();
  const request = JSON.parse(line);
  const text = await new Blob([request.text]).text();
  process.stdout.write(JSON.stringify({ id: request.id, echo: text.toUpperCase() }) + '\\n');
  rl.resume();
});
rl.on('close', () => process.stderr.write('stdin closed\\n'));
`,
    steps: [line(1, 'one'), line(2, 'two é'), line(3, 'three')],
    options: { wait: true },
  },
  {
    name: 'pause-stdin-blob',
    what: "process.stdin 'data': pause(), await Blob#arrayBuffer() and Response#text(), reply, resume()",
    source: `process.stdin.setEncoding('utf8');
process.stdin.on('data', async (chunk) => {
  process.stdin.pause();
  for (const line of chunk.split('\\n').filter(Boolean)) {
    const request = JSON.parse(line);
    const bytes = new Uint8Array(await new Blob([request.text]).arrayBuffer());
    const again = await new Response(bytes).text();
    process.stdout.write(JSON.stringify({ id: request.id, bytes: bytes.length, again }) + '\\n');
  }
  process.stdin.resume();
});
process.on('exit', (code) => process.stderr.write('exit ' + code + '\\n'));
`,
    steps: [line(1, 'one'), line(2, 'twö')],
    options: { wait: true },
  },
  {
    name: 'pause-unref-timer',
    what: "paused in a 'data' handler, stdin still keeps the process alive (an unref'd timer fires, resumes, the next line is answered)",
    source: `process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  for (const line of chunk.split('\\n').filter(Boolean)) console.log(JSON.stringify({ id: JSON.parse(line).id }));
  process.stdin.pause();
  setTimeout(() => process.stdin.resume(), 5).unref();
});
`,
    steps: [line(1, 'a'), line(2, 'b')],
    options: { wait: true },
  },
  {
    name: 'pause-first',
    what: 'readline paused before any input, stdin left open: the process exits',
    source: `import readline from 'node:readline';
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => console.log('line', line));
rl.pause();
process.on('exit', (code) => console.log('exit', code));
`,
    steps: [],
    options: { keepStdin: true },
  },
  {
    name: 'unref-stdin',
    what: 'stdin read but unref()ed, stdin left open: the process exits',
    source: `process.stdin.on('data', (chunk) => console.log('data', String(chunk).trim()));
process.stdin.unref();
process.on('exit', (code) => console.log('exit', code));
`,
    steps: [line(1, 'never read')],
    options: { keepStdin: true },
  },
  {
    name: 'before-exit',
    what: "'beforeExit' each time the loop empties, until a listener queues nothing; process.exitCode kept",
    source: `let n = 0;
process.on('beforeExit', (code) => {
  console.log('beforeExit', code, n);
  if (n++ < 2) setTimeout(() => console.log('timer', n), 1);
});
process.on('exit', (code) => console.log('exit', code));
process.exitCode = 3;
`,
    steps: [],
    options: { keepStdin: true },
  },
];

test.for(KEEP_ALIVE)('keep-alive, $what: the same stdout, stderr and exit as real Node', async ({ name, source, steps, options }, { open }) => {
  const page = await open('/lab/engines/');
  const { node, worker } = await stepsInBoth(page, name, source, steps, options);
  expect(node.stdout.length + node.stderr.length).toBeGreaterThan(0);
  expect(worker.stdout).toEqual(node.stdout);
  expect(worker.stderr).toBe(node.stderr);
  expect(worker.code).toBe(node.code);
});

/** Programs that die of a rejection nobody handles. */
const REJECTIONS: Array<{ name: string; what: string; source: string; steps: string[] }> = [
  {
    name: 'enoent-top-level',
    what: 'stdin paused, then a top-level await of fs.promises.readFile of a missing file',
    source: `import { readFile } from 'node:fs/promises';
process.stdin.pause();
const text = await readFile('missing.txt', 'utf8');
console.log(text);
`,
    steps: [],
  },
  {
    name: 'enoent-in-handler',
    what: "in a stdin 'data' handler: pause(), then await fs.promises.readFile of a missing file",
    source: `import fs from 'node:fs';
process.stdin.on('data', async () => {
  process.stdin.pause();
  console.log('reading');
  const text = await fs.promises.readFile('missing.txt', 'utf8');
  console.log(text);
});
`,
    steps: [line(1, 'go')],
  },
  {
    name: 'reject-error',
    what: 'Promise.reject(new Error(...)) at top level',
    source: `const x = 1;
Promise.reject(new Error('nobody catches this'));
`,
    steps: [],
  },
  {
    name: 'reject-after-await',
    what: 'an async function that throws after an await',
    source: `async function f() { await null; throw new TypeError('thrown after an await'); }
f();
`,
    steps: [],
  },
  {
    name: 'reject-value',
    what: 'a promise rejected with a value that is not an Error',
    source: `setTimeout(() => Promise.reject(42), 1);
`,
    steps: [],
  },
];

test.for(REJECTIONS)('unhandled rejection, $what: exit 1 and the same error on stderr as real Node', async ({ name, source, steps }, { open }) => {
  const page = await open('/lab/engines/');
  const { node, worker, root } = await stepsInBoth(page, name, source, steps);
  expect(node.code).toBe(1);
  expect(programStderr(node.stderr, root)).toMatch(/\w+: .+/);
  expect(worker.stdout).toEqual(node.stdout);
  expect(programStderr(worker.stderr)).toBe(programStderr(node.stderr, root));
  expect(worker.code).toBe(node.code);
});

/**
 * The order of ticks, promise jobs, immediates and timers. Only orders Node guarantees: a `setTimeout(0)`
 * beside a `setImmediate` queued at top level or in an immediate may run either side in Node, so no program
 * has one; two timers created one after the other are due together only once a millisecond has passed
 * since the second, so the program that needs them together waits for that.
 */
const ORDERS: Array<{ name: string; what: string; source: string; steps: string[] }> = [
  {
    name: 'order-top-level',
    what: "an ES module's top level: promise jobs, then ticks (the module runs as a promise job), then immediates",
    source: `const log = (s) => process.stdout.write(s + '\\n');
setImmediate(() => log('immediate'));
process.nextTick(() => log('tick'));
Promise.resolve().then(() => log('then'));
queueMicrotask(() => log('microtask'));
Promise.resolve().then(() => {
  log('then 2');
  process.nextTick(() => log('tick in then'));
  Promise.resolve().then(() => log('then in then'));
});
process.nextTick(() => {
  log('tick 2');
  Promise.resolve().then(() => log('then in tick'));
  process.nextTick(() => log('tick in tick'));
  queueMicrotask(() => log('microtask in tick'));
});
await null;
log('after await');
process.nextTick(() => log('tick after await'));
Promise.resolve().then(() => log('then after await'));
log('sync');
`,
    steps: [],
  },
  {
    name: 'order-timers',
    what: 'in timers: ticks before promise jobs, the timers due beside it, then immediates queued in them, then new timers',
    source: `const log = (s) => process.stdout.write(s + '\\n');
setTimeout(() => {
  log('t1');
  setTimeout(() => log('timeout in t1'), 0);
  setImmediate(() => log('immediate in t1'));
  process.nextTick(() => log('tick in t1'));
  Promise.resolve().then(() => {
    log('then in t1');
    process.nextTick(() => {
      log('tick in then in t1');
      Promise.resolve().then(() => log('then in tick in then in t1'));
    });
    Promise.resolve().then(() => log('then in then in t1'));
  });
}, 0);
setTimeout(() => {
  log('t2');
  process.nextTick(() => log('tick in t2'));
  Promise.resolve().then(() => log('then in t2'));
}, 0);
// Both timers are due when the loop first looks: a setTimeout(0) is one of 1 ms, and on a busy machine
// the second may be created a millisecond after the first, so the script runs on for 3 ms.
for (const until = Date.now() + 3; Date.now() < until; );
`,
    steps: [],
  },
  {
    name: 'order-immediates',
    what: 'in immediates: ticks and promise jobs after each; an immediate queued in one waits for the next turn',
    source: `const log = (s) => process.stdout.write(s + '\\n');
setImmediate(() => {
  log('i1');
  setImmediate(() => log('immediate in i1'));
  Promise.resolve().then(() => log('then in i1'));
  process.nextTick(() => log('tick in i1'));
});
setImmediate(() => {
  log('i2');
  process.nextTick(() => log('tick in i2'));
});
`,
    steps: [],
  },
  {
    name: 'order-io',
    what: "in I/O callbacks (a stdin 'data' handler, fs callbacks, an fs promise): an immediate before a setTimeout(0)",
    source: `import fs from 'node:fs';
const log = (s) => process.stdout.write(s + '\\n');
function inside(where, next) {
  log(where);
  setTimeout(() => {
    log('timeout in ' + where);
    next?.();
  }, 0);
  setImmediate(() => log('immediate in ' + where));
  Promise.resolve().then(() => log('then in ' + where));
  process.nextTick(() => log('tick in ' + where));
}
process.stdin.once('data', () => {
  process.stdin.pause();
  inside('data', () =>
    fs.readFile(new URL(import.meta.url), () =>
      inside('readFile', () =>
        fs.writeFile('/tmp/order-io.txt', 'x', () =>
          inside('writeFile', () => fs.promises.unlink('/tmp/order-io.txt').then(() => inside('unlink promise'))),
        ),
      ),
    ),
  );
});
`,
    steps: [line(1, 'go')],
  },
];

test.for(ORDERS)('order, $what: the same stdout as real Node', async ({ name, source, steps }, { open }) => {
  const page = await open('/lab/engines/');
  const { node, worker } = await stepsInBoth(page, name, source, steps);
  expect(node.code).toBe(0);
  expect(node.stdout.length).toBeGreaterThan(5);
  expect(worker.stdout).toEqual(node.stdout);
  expect(worker.stderr).toBe(node.stderr);
  expect(worker.code).toBe(node.code);
});

test('/tmp exists and is writable: write, read back, append, list, remove, as in real Node', async ({ open }) => {
  const page = await open('/lab/engines/');
  const source = `import fs from 'node:fs';
import { join } from 'node:path';
console.log('tmp is a directory:', fs.statSync('/tmp').isDirectory());
const dir = fs.mkdtempSync('/tmp/same-bytes-');
const file = join(dir, 'note.txt');
fs.writeFileSync(file, 'written to /tmp\\n');
console.log(fs.readFileSync(file, 'utf8').trim());
fs.appendFileSync(file, 'and appended\\n');
console.log(JSON.stringify(fs.readdirSync(dir)), JSON.stringify(fs.readFileSync(file, 'utf8')));
await fs.promises.writeFile(join(dir, 'async.txt'), 'by fs/promises');
console.log(await fs.promises.readFile(join(dir, 'async.txt'), 'utf8'));
fs.rmSync(dir, { recursive: true });
console.log('removed:', !fs.existsSync(dir));
`;
  const { node, worker } = await stepsInBoth(page, 'tmp-files', source, []);
  expect(node.code).toBe(0);
  expect(node.stdout).toContain('written to /tmp');
  expect(worker.stdout).toEqual(node.stdout);
  expect(worker.stderr).toBe(node.stderr);
  expect(worker.code).toBe(0);
});
