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
  /**
   * How many Workers to keep loaded ahead of need before the first spawn
   * (0 to 6). Default 2: what `prewarm()` loads for a widget on screen.
   */
  spares?: number;
  /**
   * How many Workers to keep loaded once a process has run (at least `spares`,
   * at most 6). Default {@link BURST_SPARES}, so that back-to-back spawns
   * (Replay's "fresh process" mode runs a lesson's messages in up to five
   * processes in a row) each find one loaded. The extra Workers are loaded only
   * after the first spawn, at idle, so a page where nothing runs loads no more
   * than `spares`.
   */
  burstSpares?: number;
  /**
   * How the pool is refilled: `parallel` starts every missing Worker at once;
   * `sequential` starts the next when the previous has loaded (fewer Workers
   * compete with a running process for the CPU). Default `sequential`.
   */
  refill?: 'parallel' | 'sequential';
}

/** The default size of the pool once a process has run (see {@link WorkerEngineOptions.burstSpares}). */
export const BURST_SPARES = 4;

/** A Worker that has loaded (or is loading) the bootstrap and waits for its one `init`. */
interface Spare {
  worker: Worker;
  /** The files it was preloaded with (the spawn sends only what changed since); undefined until the engine's files have loaded. */
  files: Record<string, string> | undefined;
  /** True once it has loaded the bootstrap and prepared the files' modules. */
  isLoaded: boolean;
  /** True when it could not load (it has been dropped). */
  failed?: boolean;
  /** Settles when it has loaded, failed, or been taken. */
  loaded: Promise<void>;
  settle: () => void;
}

/** The longest a spawn waits for its process's first output before refilling the pool of spares, in ms. */
const REFILL_AFTER_MS = 50;

/** Runs `run` when the page is idle (within 1 s), or after a short timeout where there is no `requestIdleCallback`. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: 1000 });
  else setTimeout(run, 50);
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
  /** Workers loaded (or loading) ahead of need, oldest first (see {@link #takeWorker}). */
  #spares: Spare[] = [];
  /** How many Workers the pool holds now: `spares`, raised to `burstSpares` after the first spawn. */
  #spareCount: number;
  #burstCount: number;
  #refill: 'parallel' | 'sequential';
  /** Settles when the pool has grown to `burstSpares` (set on the first spawn). */
  #growing: Promise<void> | undefined;
  /** Settles when a sequential refill has filled the pool. */
  #refilling: Promise<void> | undefined;
  /**
   * Settles once the page has the bootstrap script (the first Worker ran it):
   * until then no second Worker is created, so the script is downloaded once
   * per page and later Workers find it in the browser's cache.
   */
  #scriptFetched: Promise<void> | undefined;
  #disposed = false;

  constructor(options: WorkerEngineOptions = {}) {
    this.files = new EngineFiles(options.root ?? '/course', options.files ?? {});
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#env = { ...options.env };
    this.#toyServers = options.toyServers ?? true;
    const clamp = (n: number) => Math.max(0, Math.min(6, Math.floor(n)));
    this.#spareCount = clamp(options.spares ?? 2);
    this.#burstCount = Math.max(this.#spareCount, clamp(options.burstSpares ?? BURST_SPARES));
    this.#refill = options.refill ?? 'sequential';
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
    this.startLoading();
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
    this.startLoading();
    await this.ready();
    const path = resolvePath(this.files.root, entry);
    return bridgeFetch(this.#start(path, [EXEC_PATH], 'fetch', options));
  }

  #start(path: string, argv: string[], mode: 'main' | 'fetch', options: SpawnOptions): WorkerProcess {
    const { worker, preloaded } = this.#takeWorker();
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
    // Refill the pool as soon as this process has answered (or after REFILL_AFTER_MS): a Worker loading
    // meanwhile would take CPU from the start of the process the reader waits for, and the next spawn
    // (Replay's comes a few milliseconds after this one's exchange) still finds the other spare.
    // After the first spawn the pool grows to cover a burst; the extra Workers load at idle.
    void Promise.race([process.answered, new Promise((resolve) => setTimeout(resolve, REFILL_AFTER_MS))]).then(() => {
      this.#fillSpares();
      if (this.#spareCount < this.#burstCount && !this.#growing) {
        this.#growing = new Promise<void>((resolve) =>
          whenIdle(() => {
            this.#spareCount = this.#burstCount;
            this.#fillSpares();
            resolve();
          }),
        );
      }
    });
    return process;
  }

  /**
   * A Worker for the next process. Each Worker runs exactly one process (fresh
   * module state; a Worker that ran a program is never reused), but loading
   * the bootstrap (polyfills, module lexer) takes longer than the server's own
   * start, so Workers are kept loaded ahead of need: a spawn takes the oldest
   * loaded one (else the one furthest along), and {@link #fillSpares} replaces
   * it at once. The first spawn of a page creates its Worker on the spot,
   * unless {@link prewarm} ran. `preloaded` is the files the Worker was
   * preloaded with (undefined for a fresh Worker).
   */
  #takeWorker(): { worker: Worker; preloaded: Record<string, string> | undefined } {
    const index = Math.max(0, this.#spares.findIndex((s) => s.isLoaded));
    const [spare] = this.#spares.splice(index, 1);
    if (spare) {
      spare.settle();
      return { worker: spare.worker, preloaded: spare.files };
    }
    return { worker: this.#newWorker(), preloaded: undefined };
  }

  /**
   * On a cold engine (no Worker yet), starts the first Worker loading the
   * bootstrap now, while the initial files load, rather than after them; does
   * nothing otherwise. Starts no program. `spawn` calls it; so may a page that
   * is about to spawn.
   */
  startLoading(): void {
    if (!this.#scriptFetched && this.#spares.length === 0) this.#fillSpares();
  }

  /** Starts loading Workers until {@link WorkerEngine.spares} are loaded or loading (after the page has the script). */
  #fillSpares(): void {
    if (this.#disposed || this.#spares.length >= this.#spareCount) return;
    if (!this.#scriptFetched) {
      // No Worker yet: this one fetches the script; the others follow once the browser has it.
      this.#addSpare();
      void this.#scriptFetched!.then(() => this.#fillSpares());
      return;
    }
    if (this.#refill === 'sequential') {
      this.#refillInSequence();
      return;
    }
    void this.#scriptFetched.then(() => {
      while (!this.#disposed && this.#spares.length < this.#spareCount) this.#addSpare();
    });
  }

  /** Sequential refill: one Worker loading at a time, the next started when it has loaded, until the pool is full. */
  #refillInSequence(): void {
    this.#refilling ??= (async () => {
      await this.#scriptFetched;
      while (!this.#disposed && this.#spares.length < this.#spareCount) {
        const loading = this.#spares.find((spare) => !spare.isLoaded);
        if (loading) {
          await loading.loaded;
          continue;
        }
        const spare = this.#addSpare();
        await spare.loaded;
        if (spare.failed) break; // the next spawn reports the problem with its own Worker
      }
    })().finally(() => (this.#refilling = undefined));
  }

  #addSpare(): Spare {
    const worker = this.#newWorker();
    let settle!: () => void;
    const loaded = new Promise<void>((resolve) => (settle = resolve));
    const spare: Spare = { worker, files: undefined, isLoaded: false, loaded, settle };
    // Preloaded with the engine's files once they are there (the Worker loads the bootstrap meanwhile).
    void this.ready().then(() => {
      if (!this.#spares.includes(spare)) return; // taken first: its init brings every file
      spare.files = this.files.snapshot();
      worker.postMessage({ t: 'preload', files: spare.files } satisfies PreloadMessage);
    });
    worker.onmessage = (event: MessageEvent<{ t: string }>) => {
      if (event.data?.t !== 'loaded') return;
      spare.isLoaded = true;
      settle();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      // A spare that cannot load is dropped; the next spawn reports the problem with its own Worker.
      this.#spares = this.#spares.filter((s) => s !== spare);
      spare.failed = true;
      worker.terminate();
      settle();
    };
    this.#spares.push(spare);
    return spare;
  }

  /** The number of Workers kept loaded ahead of need (see {@link WorkerEngineOptions.spares}). */
  get spares(): number {
    return this.#spareCount;
  }

  /**
   * Settles when every Worker of the pool has loaded (at once when there are
   * none: before the first spawn or {@link prewarm}). For benchmarks.
   */
  async warm(): Promise<void> {
    await this.#scriptFetched;
    // Spares created after the script arrived are in the list only after that promise's reactions ran.
    await Promise.resolve();
    if (this.#growing) {
      await this.#growing;
      await Promise.resolve();
    }
    await this.#refilling;
    await Promise.all(this.#spares.map((s) => s.loaded));
  }

  /**
   * Gets ready for the next spawn without starting any program: loads the
   * initial files and has Workers load the bootstrap and prepare the files'
   * modules (the first one fetches the script; the others follow once it is
   * in the browser's cache). Settles when the first Worker waiting is loaded.
   * Call it when a widget comes into view; calling it again is cheap.
   */
  async prewarm(): Promise<void> {
    this.#fillSpares();
    await this.ready();
    await this.#spares[0]?.loaded;
  }

  /** A new process Worker. The first one of the engine also settles {@link #scriptFetched} when its script has run. */
  #newWorker(): Worker {
    const worker = new Worker(new URL('./bootstrap.worker.ts', import.meta.url), { type: 'module', name: 'mcp-by-hand process' });
    this.#scriptFetched ??= new Promise<void>((resolve) => {
      // The bootstrap's first message (`loaded` or `ready`) means the script was fetched and ran; an error settles too.
      worker.addEventListener('message', () => resolve(), { once: true });
      worker.addEventListener('error', () => resolve(), { once: true });
    });
    return worker;
  }

  /** Stops every process and the spare Workers (when the engine is no longer needed). */
  dispose(): void {
    this.#disposed = true;
    for (const p of [...this.#live]) p.kill();
    for (const spare of this.#spares.splice(0)) {
      spare.worker.terminate();
      spare.settle();
    }
  }
}
