/**
 * The one door to the engines for code above them (the widgets in
 * `src/components/`): the engine contract's types and the two ways a page
 * gets an engine. Nothing else of `src/engines/` is imported from above.
 *
 * This module is a few hundred bytes: the engines' own code is loaded only
 * when {@link createWorkerEngine} or {@link createWebContainerEngine} is
 * first called (dynamic imports), so importing it puts no engine in a page's
 * initial JavaScript.
 *
 * ```ts
 * import { createWorkerEngine, type Engine } from '../../engines/index.ts';
 * const engine: Engine = await createWorkerEngine();   // the Worker engine's code loads now
 * const p = await engine.spawn('toy-servers/calendar.mjs');
 * ```
 */
import type { WorkerEngine } from './worker/worker-engine.ts';
import type { BootOptions } from './webcontainer/boot.ts';
import type { Engine } from './types.ts';

export type { Engine, EngineKind, EngineProcess, ExitInfo, FetchEndpoint, SpawnOptions } from './types.ts';
export type { WorkerEngine } from './worker/worker-engine.ts';
export type { BootFailure, BootFailureCode, BootOptions } from './webcontainer/boot.ts';

/**
 * A new Worker engine (one module Worker per process, in the page; see
 * `worker/README.md`). Its code loads on the first call. Rejects only when
 * that code cannot be loaded (offline before it was cached).
 */
export async function createWorkerEngine(): Promise<WorkerEngine> {
  const { WorkerEngine } = await import('./worker/worker-engine.ts');
  return new WorkerEngine();
}

/**
 * Boots StackBlitz's WebContainer (real Node in the page) and returns an
 * engine over it with every toy server's source written in. Rejects with a
 * `BootFailure` (its `code`: `not-isolated`, `no-shared-array-buffer`,
 * `offline`, `timeout`, `licence-missing`, `licence-refused`, `boot-failed`)
 * when WebContainer cannot start; `options.timeoutMs` is the boot's limit in ms
 * (default 20000).
 */
export async function createWebContainerEngine(options: BootOptions = {}): Promise<Engine> {
  const [{ bootWebContainer }, { WebContainerEngine }, { loadToyServerSources }] = await Promise.all([
    import('./webcontainer/boot.ts'),
    import('./webcontainer/webcontainer-engine.ts'),
    import('./toy-sources.ts'),
  ]);
  const container = await bootWebContainer(options);
  return WebContainerEngine.create(container, await loadToyServerSources());
}
