/**
 * Helpers for the engine e2e tests: run a toy server with a list of input
 * lines, in real Node (the Node engine) or in the page's Worker engine, and
 * collect what it wrote. Both sides use the same steps, so the results can be
 * compared byte for byte.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';

/** What one run produced. */
export interface EngineRun {
  /** stdout lines as `onStdout` delivered them. */
  stdout: string[];
  /** stderr, concatenated. */
  stderr: string;
  code: number | null;
  signal?: string;
  reason?: string;
}

/** The repository root. */
export const ROOT = new URL('../../../', import.meta.url).pathname;

/** A fresh engine root holding a copy of toy-servers/ (so `.toy-state/` starts empty). */
export function freshRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engines-e2e-'));
  cpSync(join(ROOT, 'toy-servers'), join(dir, 'toy-servers'), { recursive: true });
  return dir;
}

/**
 * The steps driver, as source text, so the very same code runs in Node and
 * in the page: writes each step (after filling `{{id.path}}` placeholders
 * from earlier replies, see tests/servers/cases.ts), waits for the reply when
 * the step has an id and `wait` is set, then closes stdin (unless `keepStdin`)
 * and awaits the exit.
 */
const DRIVER = `async (process, steps, wait, keepStdin) => {
  const stdout = [];
  let stderr = '';
  const replies = new Map();
  const waiters = new Map();
  process.onStdout((line) => {
    stdout.push(line);
    try {
      const m = JSON.parse(line);
      if (m && m.id !== undefined) {
        replies.set(m.id, m);
        waiters.get(m.id)?.();
      }
    } catch {}
  });
  process.onStderr((t) => { stderr += t; });
  const fill = (step) => step.replace(/\\{\\{([^.}]+)\\.([^}]+)\\}\\}/g, (_, id, path) => {
    let v = replies.get(id) ?? replies.get(Number(id));
    for (const k of path.split('.')) v = v?.[k];
    if (typeof v !== 'string') throw new Error('placeholder {{' + id + '.' + path + '}} has no value');
    return JSON.stringify(v).slice(1, -1);
  });
  for (const raw of steps) {
    const line = fill(raw);
    let id;
    try { id = JSON.parse(line).id; } catch {}
    const got = wait && id !== undefined && id !== null ? new Promise((r) => replies.has(id) ? r() : waiters.set(id, r)) : undefined;
    process.write(line);
    if (got) await Promise.race([got, process.exit]);
  }
  if (!keepStdin) process.closeStdin();
  const exit = await process.exit;
  return { stdout, stderr, ...exit };
}`;

type Driver = (process: unknown, steps: string[], wait: boolean, keepStdin: boolean) => Promise<EngineRun>;
// eslint-disable-next-line no-new-func
const drive = new Function(`return (${DRIVER})`)() as Driver;

/** How a run feeds the program: `wait` for each reply before the next step; `keepStdin` never closes stdin (the program must exit by itself). */
export interface RunOptions {
  env?: Record<string, string>;
  wait?: boolean;
  keepStdin?: boolean;
}

/** Runs `toy-servers/<server>.mjs` in real Node with `steps` as input. */
export async function runInNode(server: string, steps: string[], options: RunOptions & { root?: string } = {}): Promise<EngineRun> {
  const engine = new NodeEngine({ root: options.root ?? freshRoot() });
  const process = await engine.spawn(`toy-servers/${server}.mjs`, [], { env: options.env ?? {} });
  return drive(process, steps, options.wait ?? false, options.keepStdin ?? false);
}

/**
 * Runs `toy-servers/<server>.mjs` in the page's Worker engine with `steps` as input (a fresh engine unless
 * `shared`), after writing `files` (path relative to the engine's root -> text) into that engine.
 */
export async function runInPage(page: Page, server: string, steps: string[], options: RunOptions & { shared?: boolean; files?: Record<string, string> } = {}): Promise<EngineRun> {
  return page.evaluate(
    async ({ server, steps, env, wait, keepStdin, shared, files, driver }) => {
      const h = (window as any).__mcpByHand;
      const engine = shared ? await h.getPageEngine() : new h.WorkerEngine();
      for (const [path, text] of Object.entries(files)) await engine.writeFile(path, text);
      const process = await engine.spawn(`toy-servers/${server}.mjs`, [], { env });
      const run = new Function(`return (${driver})`)();
      const result = await run(process, steps, wait, keepStdin);
      if (!shared) engine.dispose();
      return result;
    },
    {
      server, steps, env: options.env ?? {}, wait: options.wait ?? false, keepStdin: options.keepStdin ?? false,
      shared: options.shared ?? false, files: options.files ?? {}, driver: DRIVER,
    },
  );
}

/** A serialised HTTP response. */
export interface HttpResult {
  status: number;
  contentType: string | null;
  body: string;
}

const HTTP_SCRIPT = `
// argv stays [node], so http.mjs does not think it is the main program.
const { handle } = await import(process.env.HTTP_MJS);
const requests = JSON.parse(process.env.HTTP_REQUESTS);
const out = [];
for (const r of requests) {
  const response = await handle(new Request('http://127.0.0.1/mcp', { method: r.method, headers: r.headers, body: r.body }));
  out.push({ status: response.status, contentType: response.headers.get('content-type'), body: await response.text() });
}
process.stdout.write(JSON.stringify(out));
`;

/** Calls http.mjs's `handle()` in real Node (a fresh process) with each request. */
export function httpInNode(requests: Array<{ method: string; headers: Record<string, string>; body: string }>, env: Record<string, string>): Promise<HttpResult[]> {
  return new Promise((resolve, reject) => {
    const root = freshRoot();
    const child = spawn(process.execPath, ['--input-type=module', '-e', HTTP_SCRIPT], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env, HTTP_MJS: join(root, 'toy-servers/http.mjs'), HTTP_REQUESTS: JSON.stringify(requests) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`node exited ${code}: ${err}`))));
  });
}

/** Calls http.mjs's `handle()` in the page's Worker engine (one fresh process) with each request. */
export function httpInPage(page: Page, requests: Array<{ method: string; headers: Record<string, string>; body: string }>, env: Record<string, string>): Promise<HttpResult[]> {
  return page.evaluate(
    async ({ requests, env }) => {
      const h = (window as any).__mcpByHand;
      const engine = new h.WorkerEngine();
      const endpoint = await engine.fetchHandler('toy-servers/http.mjs', { env });
      const out = [];
      for (const r of requests) {
        const response: Response = await endpoint.handle(new Request('http://127.0.0.1/mcp', { method: r.method, headers: r.headers, body: r.body }));
        out.push({ status: response.status, contentType: response.headers.get('content-type'), body: await response.text() });
      }
      endpoint.process.kill();
      return out;
    },
    { requests, env },
  );
}
