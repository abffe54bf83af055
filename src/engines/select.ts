/**
 * The page's engine: one instance per page, shared by every widget.
 *
 * The course config (`virtual:mcp-by-hand/course`) sets the WebContainer
 * policy; {@link decideEngine} applies it with the reader's remembered
 * choice. The Worker engine is the fallback for every WebContainer failure,
 * and the reason is kept for the engine badge.
 *
 * ```ts
 * import { getPageEngine, getEngineStatus, onEngineStatus, useRealNode } from '../engines/select.ts';
 * const engine = await getPageEngine();          // Worker engine by default
 * const p = await engine.spawn('toy-servers/calendar.mjs');
 * onEngineStatus(() => badge.textContent = getEngineStatus().kind ?? '');
 * await useRealNode();                           // the badge's "run in real Node"; throws the reason on failure
 * ```
 */
import { course } from 'virtual:mcp-by-hand/course';
import type { Engine, EngineKind } from './types.ts';
import { decideEngine, type ReaderChoice, type WebContainerPolicy } from './engine-policy.ts';
import { WorkerEngine } from './worker/worker-engine.ts';

/** What the badge shows. */
export interface PageEngineStatus {
  /** `loading`: starting or booting; `ready`: `kind` answers; `failed`: no engine at all (see `reason`). */
  state: 'loading' | 'ready' | 'failed';
  kind?: EngineKind;
  /** Why the page is not on WebContainer (after a fallback), or what is happening, in one sentence. */
  reason?: string;
  /** The badge may offer "run in real Node" (policy allows it, not in use, not failed this page). */
  canUseRealNode: boolean;
}

/** Settings of the page engine; by default from the course config. */
export interface PageEngineSettings {
  policy: WebContainerPolicy;
  /** StackBlitz WebContainer API key. */
  apiKey?: string;
  /** WebContainer boot timeout, ms. Default 20000. */
  bootTimeoutMs?: number;
}

const STORAGE_KEY = 'mcp-by-hand:engine';

let settings: PageEngineSettings = {
  policy: course.webcontainer,
  ...(course.webcontainerApiKey ? { apiKey: course.webcontainerApiKey } : {}),
};
let status: PageEngineStatus = { state: 'loading', canUseRealNode: false };
const listeners = new Set<() => void>();
let worker: WorkerEngine | undefined;
let current: Promise<Engine> | undefined;
let bootFailed = false;

/** Overrides the course config (the engine lab page and tests); call before the first {@link getPageEngine}. */
export function configurePageEngine(overrides: Partial<PageEngineSettings>): void {
  settings = { ...settings, ...overrides };
}

/** The reader's remembered choice. */
export function rememberedChoice(): ReaderChoice {
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

function setStatus(next: Omit<PageEngineStatus, 'canUseRealNode'>): void {
  status = {
    ...next,
    canUseRealNode:
      settings.policy !== 'off' && globalThis.crossOriginIsolated === true && next.kind !== 'webcontainer' && !bootFailed && next.state !== 'loading',
  };
  for (const l of [...listeners]) l();
}

/** The status for the badge. */
export function getEngineStatus(): PageEngineStatus {
  return status;
}

/** Subscribes to status changes. Returns an unsubscribe function. */
export function onEngineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's Worker engine (created once). */
export function getWorkerEngine(): WorkerEngine {
  worker ??= new WorkerEngine();
  return worker;
}

async function startWorker(reason?: string): Promise<Engine> {
  const engine = getWorkerEngine();
  await engine.ready();
  setStatus({ state: 'ready', kind: 'worker', ...(reason ? { reason } : {}) });
  return engine;
}

async function startWebContainer(): Promise<Engine> {
  setStatus({ state: 'loading', kind: 'webcontainer', reason: 'Starting real Node (WebContainer)…' });
  const [{ bootWebContainer }, { WebContainerEngine }, { loadToyServerSources }] = await Promise.all([
    import('./webcontainer/boot.ts'),
    import('./webcontainer/webcontainer-engine.ts'),
    import('./toy-sources.ts'),
  ]);
  const container = await bootWebContainer({
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(settings.bootTimeoutMs ? { timeoutMs: settings.bootTimeoutMs } : {}),
  });
  const engine = await WebContainerEngine.create(container, await loadToyServerSources());
  setStatus({ state: 'ready', kind: 'webcontainer' });
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
    const why = error instanceof Error ? error.message : String(error);
    return startWorker(`Running in the Worker engine: ${why}`);
  }
}

/**
 * The page's engine, started on the first call; every widget gets the same
 * instance until the reader switches. Never rejects for WebContainer
 * problems (it falls back); rejects only if no engine can start at all.
 */
export function getPageEngine(): Promise<Engine> {
  if (!current) {
    const decision = decideEngine(settings.policy, rememberedChoice(), globalThis.crossOriginIsolated === true);
    current = decision.start === 'webcontainer' ? tryWebContainer() : startWorker(decision.reason);
    current.catch((error: unknown) => {
      setStatus({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
      current = undefined;
    });
  }
  return current;
}

/**
 * "Run in real Node": boots WebContainer and makes it the page's engine;
 * remembers the choice. Throws an Error with the reason when WebContainer
 * cannot start (the page stays on the Worker engine, and the status says why).
 */
export async function useRealNode(): Promise<void> {
  if (settings.policy === 'off') throw new Error('This course runs toy servers in the Worker engine only.');
  remember('webcontainer');
  const next = tryWebContainer();
  current = next;
  const engine = await next;
  if (engine.kind !== 'webcontainer') throw new Error(status.reason ?? 'WebContainer could not start.');
}

/** Back to the Worker engine; remembers the choice. */
export async function useWorkerEngine(): Promise<void> {
  remember('worker');
  current = startWorker();
  await current;
}

/** Restores the engine's files as shipped (the Worker engine also stops its processes). */
export async function resetFiles(): Promise<void> {
  const engine = (await getPageEngine()) as Engine & { reset?: () => Promise<void> };
  await engine.reset?.();
}
