/**
 * The `process` object of a Worker process, without its stdio streams (those
 * are attached by `stdio.ts`). It exists from the moment the bootstrap is
 * evaluated, because polyfills (readable-stream, memfs) read `process` when
 * they load; the bootstrap fills in argv, env, cwd and pid at start-up with
 * {@link configureProcess}.
 *
 * `process.nextTick` queues on the event loop's tick queue (`event-loop.ts`,
 * attached by the bootstrap with {@link attachTicks}), which runs it when
 * Node would: after the current callback, before the promise jobs it queued.
 * `process.exit(code)` hands over to the host: the bootstrap flushes output,
 * tells the page, and stops the Worker.
 *
 * This module is also what `process`, `process/` and `node:process` resolve to
 * inside the Worker bundle (see `vite-worker-polyfills.mjs`), so every
 * polyfill shares the one object.
 */
import { EventEmitter } from 'events';

/** What the bootstrap supplies once the page has sent `init`. */
export interface ProcessSettings {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  pid: number;
  /** Called by `process.exit(code)`; must not return normally (it throws {@link ProcessExit}). */
  exit: (code: number) => never;
}

/** Thrown by `process.exit` to unwind the caller's stack; the bootstrap ignores it. */
export class ProcessExit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
    this.name = 'ProcessExit';
  }
}

/** Node's version string as the toy servers see it in this engine. */
export const NODE_VERSION = 'v24.0.0';

const started = performance.now();
let settings: ProcessSettings | undefined;
/** Where `process.nextTick` queues; until the event loop is attached, on the microtask queue. */
let queueTick: (callback: () => void) => void = (callback) => queueMicrotask(callback);
let cwd = '/';

/** Node's `process`, minus stdio. `exitCode`, `argv`, `env` and listeners behave as in Node. */
class NodeProcess extends EventEmitter {
  title = 'node';
  version = NODE_VERSION;
  versions: Record<string, string> = { node: NODE_VERSION.slice(1), engine: 'mcp-by-hand-worker' };
  release = { name: 'node' };
  platform = 'linux';
  arch = 'x64';
  argv: string[] = ['/usr/local/bin/node'];
  argv0 = 'node';
  execArgv: string[] = [];
  execPath = '/usr/local/bin/node';
  env: Record<string, string> = {};
  pid = 1;
  ppid = 0;
  exitCode: number | undefined = undefined;
  browser = false;
  features = {};
  config = { variables: {} };
  /** Node's `process.exit`: stops the process with `code` (default `process.exitCode ?? 0`). */
  exit(code?: number | string): never {
    const n = code === undefined ? (this.exitCode ?? 0) : Number(code) | 0;
    if (!settings) throw new ProcessExit(n);
    return settings.exit(n);
  }
  /** Node's `process.nextTick(callback, ...args)`, on the event loop's tick queue. */
  nextTick(callback: (...args: unknown[]) => void, ...args: unknown[]): void {
    if (typeof callback !== 'function') {
      throw Object.assign(new TypeError(`The "callback" argument must be of type function. Received ${String(callback)}`), {
        code: 'ERR_INVALID_ARG_TYPE',
      });
    }
    queueTick(args.length ? () => callback(...args) : (callback as () => void));
  }
  cwd(): string {
    return cwd;
  }
  chdir(dir: string): void {
    cwd = dir.startsWith('/') ? dir : `${cwd.replace(/\/$/, '')}/${dir}`;
  }
  umask(): number {
    return 0o22;
  }
  uptime(): number {
    return (performance.now() - started) / 1000;
  }
  hrtime = Object.assign(
    (prev?: [number, number]): [number, number] => {
      const ns = BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
      const now: [number, number] = [Number(ns / 1_000_000_000n), Number(ns % 1_000_000_000n)];
      if (!prev) return now;
      let s = now[0] - prev[0];
      let n = now[1] - prev[1];
      if (n < 0) {
        s -= 1;
        n += 1e9;
      }
      return [s, n];
    },
    { bigint: (): bigint => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6)) },
  );
  memoryUsage = Object.assign(() => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }), { rss: () => 0 });
  cpuUsage(): { user: number; system: number } {
    return { user: 0, system: 0 };
  }
  emitWarning(warning: string | Error, type?: string): void {
    const text = typeof warning === 'string' ? `${type ?? 'Warning'}: ${warning}` : `${warning.name}: ${warning.message}`;
    (this as unknown as { stderr?: { write(s: string): void } }).stderr?.write(`(node:${this.pid}) ${text}\n`);
  }
  binding(): never {
    throw new Error('process.binding is not supported');
  }
  kill(): boolean {
    return false;
  }
  getuid(): number {
    return 1000;
  }
  getgid(): number {
    return 1000;
  }
}

/** The one `process` of this Worker. */
export const nodeProcess = new NodeProcess();

/** Fills in argv, env, cwd, pid and the exit hook. Called once by the bootstrap. */
export function configureProcess(s: ProcessSettings): void {
  settings = s;
  nodeProcess.argv.splice(0, nodeProcess.argv.length, ...s.argv);
  for (const key of Object.keys(nodeProcess.env)) delete nodeProcess.env[key];
  Object.assign(nodeProcess.env, s.env);
  nodeProcess.pid = s.pid;
  cwd = s.cwd;
}

/** Makes `process.nextTick` queue on `queue` (the event loop's tick queue). Called once by the bootstrap. */
export function attachTicks(queue: (callback: () => void) => void): void {
  queueTick = queue;
}

export default nodeProcess;
export const nextTick = nodeProcess.nextTick.bind(nodeProcess);
export const env = nodeProcess.env;
export const emitWarning = nodeProcess.emitWarning.bind(nodeProcess);
