/**
 * The page's engine: the ONE place widgets get it from, and the one place an
 * engine is chosen for a page. Its status, for every badge, is
 * `./engine-status.ts`; which source each toy server runs from is
 * `./server-sources.ts`.
 *
 * - Which engine: the course config (`virtual:mcp-by-hand/course`) sets the
 *   WebContainer policy; {@link decideEngine} applies it with the reader's
 *   remembered choice (localStorage). The Worker engine is the fallback for
 *   every WebContainer failure, and the reason is kept for the engine badge.
 * - Engine code is loaded lazily, on the first call (through
 *   `src/engines/index.ts`, whose creators import the engines dynamically), so
 *   none of it is in a page's initial JavaScript; {@link warmEngine} loads it
 *   ahead of need without starting any server.
 *
 * ```ts
 * import { getEngine, switchToRealNode } from '../page/engine-choice.ts';
 * const engine = await getEngine();                // Worker engine by default
 * await switchToRealNode();                        // false (and the status's reason says why) when WebContainer cannot start
 * ```
 */
import { signal } from '@preact/signals';
import { course } from 'virtual:mcp-by-hand/course';
import { createWebContainerEngine, createWorkerEngine, type Engine, type WorkerEngine } from '../../engines/index.ts';
import { decideEngine, type ReaderChoice, type WebContainerPolicy } from '../pure/engine-policy.ts';
import { decisionReason, engineStatus, EngineReasonError, fallbackReason, reasonText, type EngineReason, type EngineStatus } from './engine-status.ts';

/** Bumped whenever the engine is replaced (switched to WebContainer) or its files reset: widgets restart their processes. Not bumped by a failed switch. */
export const engineGeneration = signal(0);

const replacedListeners = new Set<() => void>();

/**
 * Subscribes to "the engine was replaced or its files reset": called
 * synchronously just before {@link engineGeneration} is bumped, so what it
 * forgets (a ServerEditor's edit, written into the old engine's files) is
 * forgotten before any widget restarts. Returns an unsubscribe function.
 */
export function onEngineReplaced(listener: () => void): () => void {
  replacedListeners.add(listener);
  return () => replacedListeners.delete(listener);
}

/** The engine was replaced or its files put back: listeners forget, then widgets restart. */
function replaced(): void {
  for (const l of replacedListeners) l();
  engineGeneration.value++;
}

/** Settings of the page engine; by default from the course config. */
export interface PageEngineSettings {
  policy: WebContainerPolicy;
  /** StackBlitz WebContainer API key. */
  apiKey?: string;
  /** WebContainer boot timeout, ms. Default: the boot's own (20000). */
  bootTimeoutMs?: number;
}

const STORAGE_KEY = 'mcp-by-hand:engine';

let settings: PageEngineSettings = {
  policy: course.webcontainer,
  ...(course.webcontainerApiKey ? { apiKey: course.webcontainerApiKey } : {}),
};
let worker: Promise<WorkerEngine> | undefined;
let current: Promise<Engine> | undefined;
let switching: Promise<boolean> | undefined;
let bootFailed = false;

/** Overrides the course config (the engine lab page and tests); call before the first {@link getEngine}. */
export function configurePageEngine(overrides: Partial<PageEngineSettings>): void {
  settings = { ...settings, ...overrides };
}

function rememberedChoice(): ReaderChoice {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'worker' || v === 'webcontainer' ? v : undefined;
  } catch {
    return undefined;
  }
}

function remember(choice: 'worker' | 'webcontainer'): void {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

function setStatus(next: Pick<EngineStatus, 'state' | 'kind' | 'why'>, engine?: Engine): void {
  engineStatus.value = {
    state: next.state,
    ...(next.kind ? { kind: next.kind } : {}),
    ...(next.why ? { reason: reasonText(next.why, 'en'), why: next.why } : {}),
    canUseRealNode:
      settings.policy !== 'off' && globalThis.crossOriginIsolated === true && next.kind !== 'webcontainer' && !bootFailed && next.state === 'ready',
    canResetFiles: typeof engine?.reset === 'function',
  };
}

/** The page's Worker engine (created once; its code loads on the first call). */
export function getWorkerEngine(): Promise<WorkerEngine> {
  worker ??= createWorkerEngine();
  return worker;
}

async function startWorker(why?: EngineReason): Promise<Engine> {
  const engine = await getWorkerEngine();
  // A spawn is coming: the first process Worker loads its bootstrap while the engine's files load.
  engine.startLoading();
  await engine.ready();
  setStatus({ state: 'ready', kind: 'worker', ...(why ? { why } : {}) }, engine);
  return engine;
}

async function startWebContainer(): Promise<Engine> {
  setStatus({ state: 'loading', kind: 'webcontainer', why: { code: 'starting' } });
  const engine = await createWebContainerEngine({
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(settings.bootTimeoutMs ? { timeoutMs: settings.bootTimeoutMs } : {}),
  });
  setStatus({ state: 'ready', kind: 'webcontainer' }, engine);
  return engine;
}

/** Boots WebContainer; on failure, falls back to the Worker engine and keeps the reason. */
async function tryWebContainer(): Promise<Engine> {
  try {
    return await startWebContainer();
  } catch (error) {
    bootFailed = true;
    // Do not make every later page wait for a boot that just failed: the reader can ask again.
    if (rememberedChoice() === 'webcontainer') remember('worker');
    return startWorker(fallbackReason(error));
  }
}

/**
 * The page's engine, started on the first call (the engine code loads then).
 * Every widget on the page gets the same instance until the reader switches
 * engines. Never rejects for WebContainer problems (it falls back to the
 * Worker engine); rejects with an {@link EngineReasonError} saying why only
 * when no engine can start at all (the badge shows the reason too).
 */
export function getEngine(): Promise<Engine> {
  if (!current) {
    setStatus({ state: 'loading' });
    const decision = decideEngine(settings.policy, rememberedChoice(), globalThis.crossOriginIsolated === true);
    const why = decisionReason(decision);
    // A failure is said as the badge says it (engine.reason.noEngine), in the reader's language, with the browser's words as its detail.
    const started = (decision.start === 'webcontainer' ? tryWebContainer() : startWorker(why)).catch((error: unknown) => {
      const noEngine: EngineReason = { code: 'noEngine', vars: { detail: error instanceof Error ? error.message : String(error) } };
      setStatus({ state: 'failed', why: noEngine });
      if (current === started) current = undefined;
      throw new EngineReasonError(noEngine);
    });
    current = started;
    started.catch(() => undefined); // callers get the rejection; the page's own copy is not left unhandled
  }
  return current;
}

/**
 * Gets the engine ready ahead of need, without starting any server process:
 * loads the Worker engine's code and files and has a process Worker loaded
 * and waiting, so the reader's first Send only runs the server. Call it when
 * a widget comes into view. Does nothing when the page runs (or is about to
 * boot) WebContainer. Never rejects.
 */
export async function warmEngine(): Promise<void> {
  try {
    if (current) {
      const engine = await current;
      if (engine.kind !== 'worker') return;
    } else if (decideEngine(settings.policy, rememberedChoice(), globalThis.crossOriginIsolated === true).start !== 'worker') {
      return;
    }
    const engine = await getWorkerEngine();
    await engine.prewarm();
  } catch {
    // warming is an optimisation: the first spawn reports any real problem
  }
}

/**
 * "Run in real Node": boots WebContainer and, when it starts, makes it the
 * page's engine and restarts the widgets' processes in it. Remembers the
 * choice. Resolves `true` when switched; `false` when WebContainer could not
 * start: then the page stays on the Worker engine, every running process is
 * left as it is (same pid, same state), and the status's `reason` says why
 * (once). Throws an Error only when the course turns WebContainer off.
 */
export function switchToRealNode(): Promise<boolean> {
  if (settings.policy === 'off') return Promise.reject(new EngineReasonError({ code: 'off' }));
  switching ??= (async () => {
    remember('webcontainer');
    const before = engineStatus.value;
    try {
      const engine = await startWebContainer();
      current = Promise.resolve(engine);
      replaced();
      return true;
    } catch (error) {
      bootFailed = true;
      remember('worker');
      const why = fallbackReason(error);
      if (current) {
        // The page keeps the engine it had (and its processes): only the status changes.
        const engine = await current.catch(() => undefined);
        if (engine) setStatus({ state: 'ready', kind: engine.kind, why }, engine);
        else setStatus({ state: before.state, ...(before.kind ? { kind: before.kind } : {}), why });
      } else {
        current = startWorker(why);
        await current;
      }
      return false;
    } finally {
      switching = undefined;
    }
  })();
  return switching;
}

/** Back to the Worker engine; remembers the choice; widgets restart their processes. */
export async function switchToWorkerEngine(): Promise<void> {
  remember('worker');
  current = startWorker();
  await current;
  replaced();
}

/**
 * Puts the engine's files back as shipped (toy servers and their state
 * files); widgets restart their processes. Throws an Error when the page's
 * engine cannot reset its files (no `reset` capability).
 */
export async function resetEngineFiles(): Promise<void> {
  const engine = await getEngine();
  if (!engine.reset) throw new EngineReasonError({ code: 'cannotReset', vars: { kind: engine.kind } });
  await engine.reset();
  replaced();
}