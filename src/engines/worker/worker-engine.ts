/**
 * The Worker engine: toy servers run in the reader's browser, one module
 * Worker per process, with no network, no SharedArrayBuffer and no
 * cross-origin isolation needed. Implements the engine contract of
 * `../types.ts`.
 *
 * ```ts
 * const engine = new WorkerEngine();              // toy-servers/*.mjs are its initial files
 * const p = await engine.spawn('toy-servers/calendar.mjs');
 * p.onStdout((line) => console.log(p.pid, line));
 * p.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: {...} } }));
 * p.closeStdin();
 * await p.exit;                                     // { code: 0 }
 * ```
 * Each process sees the engine's files at its start and every later write of
 * any process (see `engine-files.ts`). `reset()` stops every process and
 * restores the initial files. `fetchHandler(entry)` serves a module's
 * `handle(Request)` export (http.mjs) from a process, with no network.
 */
import type { Engine, EngineProcess, SpawnOptions } from '../types.ts';
import { loadToyServerSources } from '../toy-sources.ts';
import { fetchBuiltServer } from '../built-servers.ts';
import { EngineFiles, resolvePath } from './engine-files.ts';
import { bridgeFetch, type FetchHandler } from './fetch-bridge.ts';
import { DEFAULT_LIMITS, type WatchdogLimits } from './watchdog.ts';
import { WorkerProcess } from './worker-process.ts';
import type { FileChanges, InitMessage, PreloadMessage } from './worker-messages.ts';

/** What changed from `before` to `after` (both absolute path -> text). */
export function diffFiles(before: Record<string, string>, after: Record<string, string>): FileChanges {
  const changes: FileChanges = [];
  for (const [path, text] of Object.entries(after)) if (before[path] !== text) changes.push([path, text]);
  for (const path of Object.keys(before)) if (!(path in after)) changes.push([path, null]);
  return changes;
}

/** Options of {@link WorkerEngine}. */
export interface WorkerEngineOptions {
  /** The engine's root and every process's working directory. Default `/course`. */
  root?: string;
  /** Start with the bundled `toy-servers/*.mjs` (loaded lazily on first use). Default true. */
  toyServers?: boolean;
  /** More initial files, paths relative to the root. */
  files?: Record<string, string>;
  /** Watchdog limits (ms, bytes); see {@link DEFAULT_LIMITS}. */
  limits?: Partial<WatchdogLimits>;
  /** Environment every process gets (before `SpawnOptions.env`). Default none. */
  env?: Record<string, string>;
}

/** The path Node reports as `process.execPath` / `argv[0]` in this engine. */
export const EXEC_PATH = '/usr/local/bin/node';

export class WorkerEngine implements Engine {
  readonly kind = 'worker' as const;
  readonly files: EngineFiles;
  readonly limits: WatchdogLimits;
  #env: Record<string, string>;
  #live = new Set<WorkerProcess>();
  #nextPid = 101;
  #toyServers: boolean;
  #loaded: Promise<void> | undefined;
  /** A Worker that has loaded (or is loading) the bootstrap and waits for its one `init` (see {@link #takeWorker}). */
  #spare: Worker | undefined;
  /** Settles when {@link #spare} has loaded. */
  #spareLoaded: Promise<void> = Promise.resolve();
  #disposed = false;
  /** The files {@link #spare} was preloaded with. */
  #spareFiles: Record<string, string> | undefined;

  constructor(options: WorkerEngineOptions = {}) {
    this.files = new EngineFiles(options.root ?? '/course', options.files ?? {});
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#env = { ...options.env };
    this.#toyServers = options.toyServers ?? true;
  }

  /** Loads the initial files (the bundled toy servers) once. Called by every other method; call it early to warm up. */
  ready(): Promise<void> {
    this.#loaded ??= this.#toyServers ? loadToyServerSources().then((sources) => this.files.addInitial(sources)) : Promise.resolve();
    return this.#loaded;
  }

  /** The processes still running. */
  get processes(): ReadonlySet<EngineProcess> {
    return this.#live;
  }

  async writeFile(path: string, text: string): Promise<void> {
    await this.ready();
    const changes = this.files.write(path, text);
    for (const p of this.#live) p.applyFiles(changes);
  }

  async readFile(path: string): Promise<string | undefined> {
    await this.ready();
    return this.files.read(path);
  }

  /** Stops every process and restores the initial files. */
  async reset(): Promise<void> {
    await this.ready();
    for (const p of [...this.#live]) p.kill();
    this.files.reset();
  }

  /**
   * Starts `entry` (relative to the root, e.g. `toy-servers/calendar.mjs`) in
   * a fresh Worker. Resolves once the Worker is created (the program starts
   * right after); rejects only when no Worker can be created. A program that
   * cannot load reports it like Node: stderr, then exit code 1.
   */
  async spawn(entry: string, args: string[] = [], options: SpawnOptions = {}): Promise<WorkerProcess> {
    await this.ready();
    const path = resolvePath(this.files.root, entry);
    // A built server (the reference server) is fetched on its first spawn, never before: see ../built-servers.ts.
    const built = this.files.read(path) === undefined ? fetchBuiltServer(path, this.files.root) : undefined;
    if (built) this.files.addInitial({ [path]: await built });
    return this.#start(path, [EXEC_PATH, path, ...args], 'main', options);
  }

  /**
   * Imports `entry` in a fresh process (as `node -e "import('./entry')"` would,
   * so the module does not think it is the main program) and returns its
   * `handle(Request)` export as a {@link FetchHandler}. No network is used.
   */
  async fetchHandler(entry: string, options: SpawnOptions = {}): Promise<FetchHandler> {
    await this.ready();
    const path = resolvePath(this.files.root, entry);
    return bridgeFetch(this.#start(path, [EXEC_PATH], 'fetch', options));
  }

  #start(path: string, argv: string[], mode: 'main' | 'fetch', options: SpawnOptions): WorkerProcess {
    const preloaded = this.#spare ? this.#spareFiles : undefined;
    const worker = this.#takeWorker();
    const files = this.files.snapshot();
    const init: InitMessage = {
      t: 'init',
      argv,
      env: { ...this.#env, ...options.env },
      cwd: this.files.root,
      pid: this.#nextPid++,
      entry: path,
      mode,
      files: preloaded ? {} : files,
      ...(preloaded ? { changes: diffFiles(preloaded, files) } : {}),
      outputLimitBytes: this.limits.outputLimitBytes,
      heartbeatMs: this.limits.heartbeatMs,
    };
    const process: WorkerProcess = new WorkerProcess(worker, init, this.limits, {
      files: (changes) => {
        this.files.apply(changes);
        for (const other of this.#live) if (other !== process) other.applyFiles(changes);
      },
      exited: () => this.#live.delete(process),
    });
    this.#live.add(process);
    // The next Worker starts loading once this one has loaded the bootstrap, so the page
    // downloads it once (the spare then finds it in the cache) and the two do not compete.
    void process.ready.then(() => this.#prepareSpare());
    return process;
  }

  /**
   * A Worker for the next process. Each Worker runs exactly one process (fresh
   * module state), but loading the bootstrap (polyfills, module lexer) takes
   * longer than the server's own start, so one Worker is kept loaded ahead of
   * need: a spawn takes it, and the next one starts loading in the background
   * once the taken one is running. The first spawn of a page creates its
   * Worker on the spot, unless {@link prewarm} ran.
   */
  #takeWorker(): Worker {
    const worker = this.#spare ?? WorkerEngine.#newWorker();
    this.#spare = undefined;
    return worker;
  }

  #prepareSpare(): void {
    if (this.#spare || this.#disposed) return;
    const spare = WorkerEngine.#newWorker();
    this.#spare = spare;
    this.#spareFiles = this.files.snapshot();
    spare.postMessage({ t: 'preload', files: this.#spareFiles } satisfies PreloadMessage);
    this.#spareLoaded = new Promise((resolve) => {
      spare.onmessage = (event: MessageEvent<{ t: string }>) => {
        if (event.data?.t === 'loaded') resolve();
      };
      spare.onerror = () => resolve();
    });
  }

  /**
   * Settles when the next spawn will find a loaded Worker waiting (after the
   * first spawn of the engine; before it, at once). For benchmarks.
   */
  warm(): Promise<void> {
    return this.#spareLoaded;
  }

  /**
   * Gets ready for the next spawn without starting any program: loads the
   * initial files and has a Worker load the bootstrap and prepare the files'
   * modules. Settles when that Worker is waiting. Call it when a widget comes
   * into view; calling it again is cheap.
   */
  async prewarm(): Promise<void> {
    await this.ready();
    this.#prepareSpare();
    return this.#spareLoaded;
  }

  static #newWorker(): Worker {
    return new Worker(new URL('./bootstrap.worker.ts', import.meta.url), { type: 'module', name: 'mcp-by-hand process' });
  }

  /** Stops the spare Worker (when the engine is no longer needed). */
  dispose(): void {
    this.#disposed = true;
    for (const p of [...this.#live]) p.kill();
    this.#spare?.terminate();
    this.#spare = undefined;
  }
}
