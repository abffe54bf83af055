/**
 * The Worker engine's bootstrap: the script of every Worker process.
 *
 * On `init` from the page it builds a Node-like world (globals `process`,
 * `console`, `Buffer`, `global`, Node-style timers; module shims; the file
 * system snapshot), then runs the entry module through the loader
 * (`mode: 'main'`), or imports it and serves its `handle(Request)` export
 * (`mode: 'fetch'`). It reports output, file changes, heartbeats and the exit
 * to the page (see `worker-messages.ts`).
 *
 * Callbacks run in Node's order, through Node's event loop
 * (`runtime/event-loop.ts`). Exit rules, as in Node: `process.exit(code)`; an
 * uncaught exception or unhandled rejection prints the error to stderr and
 * exits 1; otherwise the process exits with `process.exitCode ?? 0` once
 * nothing keeps it alive (no ref'd timer or immediate, no pending fs or other
 * I/O, stdin not being read, no pending fetch or dynamic import), after
 * 'beforeExit'.
 */
import { attachTicks, configureProcess, nodeProcess, ProcessExit } from './runtime/process-core.ts';
import { Buffer } from 'buffer';
import { addBase64url } from './runtime/base64url.ts';
import { Outbox } from './runtime/outbox.ts';
import { createStdio, type Stdio } from './runtime/stdio.ts';
import { createConsole } from './runtime/console.ts';
import { nativeTimers } from './runtime/timers.ts';
import { EventLoop } from './runtime/event-loop.ts';
import { trackHostIo } from './runtime/host-io.ts';
import { createVolume, type EngineVolume } from './runtime/files.ts';
import { createBuiltins, createLazyBuiltins } from './runtime/builtins.ts';
import { ModuleLoader, type LoaderFs } from './runtime/loader.ts';
import { formatUncaught, unhandledRejectionError } from './runtime/uncaught.ts';
import type { FromWorker, InitMessage, SerializedRequest, ToWorker } from './worker-messages.ts';
import { failure, type Failure } from '../../protocol/failure.ts';

const scope = globalThis as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  close(): void;
  addEventListener(type: string, listener: (event: any) => void): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
} & Record<string, unknown>;

// Polyfills read `process` as they load; it exists from the start.
scope.process = nodeProcess;
scope.global = globalThis;
// The polyfill lacks Node's base64url encoding; every polyfill shares this one Buffer class.
addBase64url(Buffer);
scope.Buffer = Buffer;

const post = (message: FromWorker, transfer?: Transferable[]) => scope.postMessage(message, transfer);


let exited = false;
let pendingFetches = 0;
let servesFetch = false;
/** The entry module has finished evaluating (until then nothing can decide the process is idle). */
let mainDone = false;
/** The page has been told the program's start is over (see {@link running}). */
let saidRunning = false;

/**
 * Tells the page, once, that the program's start is over: its entry module has been evaluated, or input
 * reaches a program that reads it (a program that awaits its input at the top level never finishes
 * evaluating, but by then its start has yielded: input is delivered only between tasks). Until then the
 * page's watchdog allows a start's time for silence, since evaluating a large bundle is one long
 * synchronous task.
 */
function running(): void {
  if (saidRunning) return;
  saidRunning = true;
  post({ t: 'running' });
}

/** Hands stdin bytes (`null`: its end) to the program between tasks; input it reads means it is running. */
function input(data: Uint8Array | null): void {
  loop.deliver(() => {
    if (stdio.reading) running();
    stdio.feed(data);
  });
}

/** Ends the process: flush output, tell the page, stop the Worker, unwind the caller. */
function exitNow(code: number, reason?: string, why?: Failure): never {
  if (!exited) {
    exited = true;
    try {
      nodeProcess.exitCode = code;
      nodeProcess.emit('exit', code);
    } catch {
      // an 'exit' listener that throws does not change the outcome
    }
    loop.stop();
    outbox.close();
    post(reason ? { t: 'exit', code, reason, ...(why ? { why } : {}) } : { t: 'exit', code });
    scope.close();
  }
  throw new ProcessExit(code);
}

/** Node's handling of an uncaught exception or unhandled rejection. */
function uncaught(error: unknown, origin: 'uncaughtException' | 'unhandledRejection'): void {
  if (error instanceof ProcessExit || exited) return;
  try {
    if (origin === 'unhandledRejection' && nodeProcess.listenerCount('unhandledRejection') > 0) {
      nodeProcess.emit('unhandledRejection', error, undefined);
      return;
    }
    if (nodeProcess.listenerCount('uncaughtException') > 0) {
      nodeProcess.emit('uncaughtException', error, origin);
      return;
    }
  } catch (again) {
    error = again;
  }
  try {
    stdio.stderr.write(formatUncaught(origin === 'unhandledRejection' ? unhandledRejectionError(error) : error, loader));
  } catch {
    // nothing more to do
  }
  try {
    exitNow(1);
  } catch {
    // ProcessExit: we are done
  }
}

/** Runs a callback of the event loop (timer, immediate, tick, I/O) the way Node does: a throw becomes an uncaught exception. */
function invoke(callback: () => void): void {
  if (exited) return;
  try {
    callback();
  } catch (error) {
    uncaught(error, 'uncaughtException');
  }
}

/**
 * Nothing keeps the process alive: 'beforeExit' (its listeners may queue more work; Node emits it again
 * each time the loop has run and emptied again), else exit.
 */
function idle(ranSince: boolean): void {
  if (exited) return;
  if (ranSince && nodeProcess.listenerCount('beforeExit') > 0) {
    invoke(() => nodeProcess.emit('beforeExit', nodeProcess.exitCode ?? 0));
    loop.poke();
    return;
  }
  try {
    exitNow(nodeProcess.exitCode ?? 0);
  } catch {
    // ProcessExit
  }
}

const loop = new EventLoop({
  invoke,
  busy: () => !mainDone || stdio.reading || pendingFetches > 0 || servesFetch || loader.pending > 0,
  idle,
});
attachTicks((callback) => loop.nextTick(callback));
trackHostIo(globalThis, (promise) => loop.track(promise));

scope.addEventListener('error', (event: ErrorEvent) => {
  event.preventDefault();
  uncaught(event.error ?? new Error(event.message), 'uncaughtException');
});
scope.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  event.preventDefault();
  uncaught(event.reason, 'unhandledRejection');
});

// Everything that does not depend on the process's own settings is built now, while the
// Worker waits (the engine keeps one loaded Worker spare): a spawn then only configures it.
const outbox = new Outbox(post, Number.POSITIVE_INFINITY, (bytes) => {
  try {
    exitNow(137, `stopped by the watchdog: wrote more than ${outbox.limitBytes} bytes of output (${bytes})`, failure('watchdog-output', { bytes: outbox.limitBytes }));
  } catch {
    // unwinds below through write()
  }
  throw new ProcessExit(137);
});
const stdio: Stdio = createStdio(outbox, (callback, ref) => loop.io(callback, ref), () => loop.poke());
Object.assign(nodeProcess, { stdin: stdio.stdin, stdout: stdio.stdout, stderr: stdio.stderr });
scope.console = createConsole({ stdout: stdio.stdout, stderr: stdio.stderr });
const timerFns = loop.timers.functions();
Object.assign(scope, timerFns);
const volume: EngineVolume = createVolume(nodeProcess, (changes) => outbox.files(changes), loop);
const builtins = createBuiltins({ process: nodeProcess, fs: volume.fs, fsPromises: volume.promises, timers: timerFns });
const loader = new ModuleLoader(volume.fs as unknown as LoaderFs, builtins, createLazyBuiltins());
loader.onSettled = () => loop.poke();
loader.prepare();

function start(init: InitMessage): void {
  servesFetch = init.mode === 'fetch';
  configureProcess({ argv: init.argv, env: init.env, cwd: init.cwd, pid: init.pid, exit: (code) => exitNow(code) });
  outbox.limitBytes = init.outputLimitBytes;
  if (Object.keys(init.files).length > 0) volume.load(init.files);
  if (init.changes?.length) {
    volume.apply(init.changes);
    loader.invalidate(init.changes.map(([path]) => path));
  }
  nativeTimers.setInterval(() => post({ t: 'beat' }), init.heartbeatMs);
  post({ t: 'ready' });
  loader
    .load(init.entry)
    .then((url) => import(/* @vite-ignore */ url))
    .then(
      (namespace: Record<string, unknown>) => {
        mainDone = true;
        running();
        if (init.mode === 'fetch') serveFetch(namespace, init.entry);
        loop.poke();
      },
      (error) => uncaught(error, 'uncaughtException'),
    );
}

let fetchHandler: ((request: Request) => Promise<Response>) | undefined;
const fetchQueue: Array<{ id: number; request: SerializedRequest }> = [];

function serveFetch(namespace: Record<string, unknown>, entry: string): void {
  const handle = namespace.handle ?? (namespace.default as { fetch?: unknown } | undefined)?.fetch;
  if (typeof handle !== 'function') {
    uncaught(new TypeError(`${entry} exports no handle(request) function`), 'uncaughtException');
    return;
  }
  fetchHandler = handle as (request: Request) => Promise<Response>;
  for (const job of fetchQueue.splice(0)) answerFetch(job.id, job.request);
}

/** Whether this browser can transfer a ReadableStream with postMessage (WebKit cannot: DataCloneError). Asked once. */
let streamsTransfer: boolean | undefined;
function canTransferStreams(): boolean {
  if (streamsTransfer === undefined) {
    try {
      const probe = new ReadableStream();
      const channel = new MessageChannel();
      channel.port1.postMessage(probe, [probe as unknown as Transferable]);
      channel.port1.close();
      streamsTransfer = true;
    } catch {
      streamsTransfer = false;
    }
  }
  return streamsTransfer;
}

/** Readers of response bodies sent in `fetch-chunk` messages, by fetch id (a `fetch-cancel` cancels one). */
const pumping = new Map<number, ReadableStreamDefaultReader<Uint8Array>>();

/** Sends `body` to the page piece by piece, in order, then its end (or the error that ended it). */
function pumpBody(id: number, body: ReadableStream<Uint8Array>): void {
  const reader = body.getReader();
  pumping.set(id, reader);
  const next = (): void => {
    reader.read().then(
      ({ value, done }) => {
        if (done) {
          pumping.delete(id);
          post({ t: 'fetch-chunk', id, done: true });
          return;
        }
        post({ t: 'fetch-chunk', id, data: value });
        next();
      },
      (error: unknown) => {
        pumping.delete(id);
        post({ t: 'fetch-chunk', id, error: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  next();
}

function answerFetch(id: number, r: SerializedRequest): void {
  if (!fetchHandler) {
    fetchQueue.push({ id, request: r });
    return;
  }
  pendingFetches++;
  const request = new Request(r.url, { method: r.method, headers: r.headers, body: r.body });
  Promise.resolve()
    .then(() => fetchHandler!(request))
    .then(
      (response) => {
        const body = response.body;
        const head = { status: response.status, statusText: response.statusText, headers: [...response.headers] };
        if (body && !canTransferStreams()) {
          post({ t: 'fetch-result', id, response: { ...head, body: null, chunked: true } });
          pumpBody(id, body);
        } else post({ t: 'fetch-result', id, response: { ...head, body } }, body ? [body as unknown as Transferable] : []);
      },
      (error) => post({ t: 'fetch-result', id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    )
    .finally(() => {
      pendingFetches--;
      loop.poke();
    });
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.t) {
    case 'preload':
      volume.load(message.files);
      // A spare Worker: load the files and prepare their modules, then say so (the engine is warm).
      void loader.prepareModules(Object.keys(message.files).filter((p) => p.endsWith('.mjs') || p.endsWith('.js'))).then(() => post({ t: 'loaded' }));
      break;
    case 'init':
      start(message);
      break;
    case 'stdin':
      input(message.data);
      break;
    case 'stdin-end':
      input(null);
      break;
    case 'fs':
      volume.apply(message.changes);
      break;
    case 'fetch':
      answerFetch(message.id, message.request);
      break;
    case 'fetch-cancel':
      void pumping.get(message.id)?.cancel();
      pumping.delete(message.id);
      break;
  }
};
