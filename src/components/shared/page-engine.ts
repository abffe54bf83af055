/**
 * The ONE place widgets get the page's engine from.
 *
 * Wraps `src/engines/select.ts` (page engine selection: Worker engine by
 * default, WebContainer on demand or preferred, per the course config). It is
 * loaded lazily, on the first call, so no engine code is in a page's initial
 * JavaScript. Also keeps the engine's status in a signal for the engine badge,
 * and which source each toy server currently runs from (the original, or a
 * ServerEditor's edit), so every widget on the page spawns the same thing.
 */
import { signal } from '@preact/signals';
import type { Engine, EngineKind, EngineProcess } from '../../engines/types.ts';

/** The toy servers a widget may name (files `toy-servers/<name>.mjs`). */
export type ServerName = 'calendar' | 'calendar-handles' | 'legacy' | 'noisy' | 'http';

/** Every server name, for validating props. */
export const SERVER_NAMES: readonly ServerName[] = ['calendar', 'calendar-handles', 'legacy', 'noisy', 'http'];

/** What the engine badge shows. `reason` explains a fallback or failure in one sentence. */
export interface EngineStatus {
  /** `idle`: not asked for yet; `loading`: starting; `ready`; `failed`: could not start (see `reason`). */
  state: 'idle' | 'loading' | 'ready' | 'failed';
  kind?: EngineKind;
  reason?: string;
  /** True when the badge may offer "run in real Node" (WebContainer allowed and not in use). */
  canUseRealNode: boolean;
  /** True when the engine can put its files back as shipped. */
  canResetFiles: boolean;
}

/** The page engine's status, for badges. Starts `idle`; updated by {@link getEngine} and the selector. */
export const engineStatus = signal<EngineStatus>({ state: 'idle', canUseRealNode: false, canResetFiles: false });

/** Bumped whenever the engine is replaced (e.g. switched to WebContainer) or its files reset: widgets restart their processes. */
export const engineGeneration = signal(0);

type SelectModule = typeof import('../../engines/select.ts');
let selectModule: Promise<SelectModule> | undefined;

/** Loads the selector (and with it the Worker engine) once, on first use. */
function loadSelect(): Promise<SelectModule> {
  selectModule ??= import('../../engines/select.ts');
  return selectModule;
}

function refreshStatus(mod: SelectModule): void {
  const s = mod.getEngineStatus();
  engineStatus.value = {
    state: s.state,
    ...(s.kind ? { kind: s.kind } : {}),
    ...(s.reason ? { reason: s.reason } : {}),
    canUseRealNode: s.canUseRealNode,
    canResetFiles: true,
  };
}

let subscribed = false;

/**
 * The page's engine, started on the first call (the engine code loads then).
 * Every widget on the page gets the same instance until the reader switches
 * engines. Rejects with an Error saying why when no engine can start; the
 * badge shows the reason too.
 */
export async function getEngine(): Promise<Engine> {
  if (engineStatus.value.state === 'idle') engineStatus.value = { ...engineStatus.value, state: 'loading' };
  try {
    const mod = await loadSelect();
    if (!subscribed) {
      subscribed = true;
      mod.onEngineStatus(() => refreshStatus(mod));
    }
    const engine = await mod.getPageEngine();
    refreshStatus(mod);
    return engine;
  } catch (e) {
    engineStatus.value = { ...engineStatus.value, state: 'failed', reason: e instanceof Error ? e.message : String(e) };
    throw e;
  }
}

/**
 * "Run in real Node": asks the selector to switch the page to WebContainer.
 * Resolves when switched; rejects with the reason when it fails or times out
 * (the page stays on the Worker engine). Widgets restart their processes either way.
 */
export async function useRealNode(): Promise<void> {
  const mod = await loadSelect();
  try {
    await mod.useRealNode();
  } finally {
    edited.clear();
    engineGeneration.value++;
  }
}

/** Puts the engine's files back as shipped (toy servers and their state files); widgets restart their processes. */
export async function resetEngineFiles(): Promise<void> {
  const mod = await loadSelect();
  await mod.resetFiles();
  edited.clear();
  engineGeneration.value++;
}

/* ------------------------------------------------------------------------ */
/* Which source each server runs from.                                       */

const edited = new Set<ServerName>();
const restartListeners = new Map<ServerName, Set<() => void>>();

/** The shipped entry file of a server, e.g. `toy-servers/calendar.mjs`. */
export function originalEntry(server: ServerName): string {
  return `toy-servers/${server}.mjs`;
}

/** Where a ServerEditor's edit of a server is written (beside the original, so its relative imports still resolve). */
export function editedEntry(server: ServerName): string {
  return `toy-servers/${server}.edited.mjs`;
}

/** The entry a widget should spawn now: the reader's edit after they pressed Run, else the original. */
export function currentEntry(server: ServerName): string {
  return edited.has(server) ? editedEntry(server) : originalEntry(server);
}

/** True when the page currently runs the reader's edit of `server`. */
export function runsEdited(server: ServerName): boolean {
  return edited.has(server);
}

/**
 * Makes the page run `source` for `server`: writes it into the engine's file
 * system and tells attached widgets to restart. `null` goes back to the original.
 */
export async function setServerSource(server: ServerName, source: string | null): Promise<void> {
  if (source === null) {
    edited.delete(server);
  } else {
    const engine = await getEngine();
    await engine.writeFile(editedEntry(server), source);
    edited.add(server);
  }
  for (const l of restartListeners.get(server) ?? []) l();
}

/** Subscribes to "the source of `server` changed: restart". Returns an unsubscribe function. */
export function onServerSourceChange(server: ServerName, listener: () => void): () => void {
  let set = restartListeners.get(server);
  if (!set) restartListeners.set(server, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Spawns a fresh process of `server` from its current source (see {@link currentEntry}). */
export async function spawnServer(server: ServerName): Promise<EngineProcess> {
  const engine = await getEngine();
  return engine.spawn(currentEntry(server));
}

/** A WHATWG fetch handler served by a toy server module (http.mjs's `handle`), and the process that serves it. */
export interface HttpEndpoint {
  /** Calls the module's `handle(request)` in the engine; no network. */
  handle(request: Request): Promise<Response>;
  /** The engine process that runs the module (pid, stderr, exit, kill). */
  process: EngineProcess;
}

/**
 * Loads `server`'s module (its current source) in a fresh engine process and
 * returns its `handle(Request)` export, to call directly from the page (no
 * network). Rejects when the engine cannot serve fetch handlers.
 */
export async function openHttpEndpoint(server: ServerName): Promise<HttpEndpoint> {
  const engine = (await getEngine()) as Engine & { fetchHandler?: (entry: string) => Promise<HttpEndpoint> };
  if (typeof engine.fetchHandler !== 'function') throw new Error(`the ${engine.kind} engine cannot serve a fetch handler`);
  return engine.fetchHandler(currentEntry(server));
}
