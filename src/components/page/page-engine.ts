/**
 * The page's engine: the ONE place widgets get it from, and the one place an
 * engine is chosen for a page.
 *
 * - Which engine: the course config (`virtual:mcp-by-hand/course`) sets the
 *   WebContainer policy; {@link decideEngine} applies it with the reader's
 *   remembered choice (localStorage). The Worker engine is the fallback for
 *   every WebContainer failure, and the reason is kept for the engine badge.
 * - One status model, {@link engineStatus} (a signal), for every badge.
 * - Engine code is loaded lazily, on the first call, so none of it is in a
 *   page's initial JavaScript; {@link warmEngine} loads it ahead of need
 *   without starting any server.
 * - Which source each toy server runs from (the original, or a ServerEditor's
 *   edit of its entry and the siblings it imports), so every widget on the
 *   page spawns the same thing. Server names
 *   come from the registry (`toy-servers/registry.ts`).
 *
 * ```ts
 * import { getEngine, spawnServer, useRealNode, engineStatus } from '../page/page-engine.ts';
 * const p = await spawnServer('calendar');        // Worker engine by default
 * engineStatus.value.kind;                         // 'worker'
 * await useRealNode();                             // false (and status.reason says why) when WebContainer cannot start
 * ```
 */
import { signal } from '@preact/signals';
import { course } from 'virtual:mcp-by-hand/course';
import { SERVERS, SERVER_NAMES, type ServerEntry, type ServerName, type WidgetName } from '../../../toy-servers/registry.ts';
import type { Engine, EngineKind, EngineProcess, FetchEndpoint } from '../../engines/types.ts';
import type { WorkerEngine } from '../../engines/worker/worker-engine.ts';
import type { BootFailure } from '../../engines/webcontainer/boot.ts';
import { currentLang, t, type Lang, type StringKey } from '../../i18n/index.ts';
import type { engine as engineStrings } from '../../i18n/en/engine.ts';
import { decideEngine, NOT_ISOLATED_REASON, OFF_REASON, type EngineDecision, type ReaderChoice, type WebContainerPolicy } from '../pure/engine-policy.ts';
import { editedName } from '../pure/edited-copies.ts';

export { SERVER_NAMES, type ServerName };

/** The names of the servers widget `W` may run (a subset of {@link ServerName}, from the registry's `widgets`). */
export type ServerFor<W extends WidgetName> = {
  [K in ServerName]: W extends (typeof SERVERS)[K]['widgets'][number] ? K : never;
}[ServerName];

/* ------------------------------------------------------------------------ */
/* Status: one model for every badge.                                        */

/**
 * Why the page is on the engine it is on, as a code plus details: the code
 * names the sentence `engine.reason.<code>` of src/i18n (`en/engine.ts`), and
 * `vars` fill its `{placeholders}` (a nested reason is said in the same
 * language). The badge says it with {@link reasonText}.
 */
export interface EngineReason {
  code: EngineReasonCode;
  vars?: Record<string, string | number | EngineReason>;
}

/** The codes of {@link EngineReason}: every `engine.reason.<code>` key of the strings. */
export type EngineReasonCode = keyof typeof engineStrings extends infer K ? (K extends `engine.reason.${infer C}` ? C : never) : never;

/** `why` said in `lang` (default: the language in force). */
export function reasonText(why: EngineReason, lang: Lang = currentLang()): string {
  const vars: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(why.vars ?? {})) vars[name] = typeof v === 'object' ? reasonText(v, lang) : v;
  return t(`engine.reason.${why.code}` as StringKey, vars, lang);
}

/** An Error whose reason the badge can say in the reader's language; `message` is the reason in the language in force when it was thrown. */
export class EngineReasonError extends Error {
  readonly why: EngineReason;
  constructor(why: EngineReason) {
    super(reasonText(why));
    this.name = 'EngineReasonError';
    this.why = why;
  }
}

/** What the engine badge shows. `why` explains a fallback or failure; `reason` is the same sentence in English (logs, the English lab page). */
export interface EngineStatus {
  /** `idle`: not asked for yet; `loading`: starting or booting; `ready`: `kind` answers; `failed`: no engine at all (see `reason`). */
  state: 'idle' | 'loading' | 'ready' | 'failed';
  kind?: EngineKind;
  /** The reason in English, one sentence (`reasonText(why, 'en')`). */
  reason?: string;
  /** The reason as a code plus details, for saying it in the page's language. */
  why?: EngineReason;
  /** True when the badge may offer "run in real Node" (policy allows it, the page is isolated, not in use, not failed on this page). */
  canUseRealNode: boolean;
  /** True when the engine can put its files back as shipped (it has the optional `reset` capability). */
  canResetFiles: boolean;
}

/** The status before anything happened: what the server-rendered HTML shows. */
export const INITIAL_ENGINE_STATUS: Readonly<EngineStatus> = Object.freeze({ state: 'idle', canUseRealNode: false, canResetFiles: false });

/** The page engine's status, for badges. Starts as {@link INITIAL_ENGINE_STATUS}. */
export const engineStatus = signal<EngineStatus>({ ...INITIAL_ENGINE_STATUS });

/** Bumped whenever the engine is replaced (switched to WebContainer) or its files reset: widgets restart their processes. Not bumped by a failed switch. */
export const engineGeneration = signal(0);

/** The current status (for plain scripts: the engine lab page). */
export function getEngineStatus(): EngineStatus {
  return engineStatus.value;
}

/** Subscribes to status changes (called at once with the current status). Returns an unsubscribe function. */
export function onEngineStatus(listener: (status: EngineStatus) => void): () => void {
  return engineStatus.subscribe(listener);
}

/* ------------------------------------------------------------------------ */
/* Choosing the engine.                                                      */

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
let warmed = false;

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
  worker ??= import('../../engines/worker/worker-engine.ts').then(({ WorkerEngine }) => new WorkerEngine());
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
  const [{ bootWebContainer }, { WebContainerEngine }, { loadToyServerSources }] = await Promise.all([
    import('../../engines/webcontainer/boot.ts'),
    import('../../engines/webcontainer/webcontainer-engine.ts'),
    import('../../engines/toy-sources.ts'),
  ]);
  const container = await bootWebContainer({
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(settings.bootTimeoutMs ? { timeoutMs: settings.bootTimeoutMs } : {}),
  });
  const engine = await WebContainerEngine.create(container, await loadToyServerSources());
  setStatus({ state: 'ready', kind: 'webcontainer' }, engine);
  return engine;
}

/** Which reason says a boot failure (src/engines/webcontainer/boot.ts), by its code. */
const BOOT_REASONS: Record<BootFailure['code'], EngineReasonCode> = {
  'not-isolated': 'bootNotIsolated',
  'no-shared-array-buffer': 'noSharedArrayBuffer',
  offline: 'offline',
  timeout: 'timeout',
  'licence-missing': 'licenceMissing',
  'licence-refused': 'licenceRefused',
  'boot-failed': 'bootFailed',
};

/** Why WebContainer could not start: a boot failure by its code and details; any other error by its message, as it is. */
function bootReason(error: unknown): EngineReason {
  if (error instanceof Error && error.name === 'BootFailure' && 'code' in error && (error.code as string) in BOOT_REASONS) {
    const failure = error as BootFailure;
    const code = failure.code === 'offline' && failure.details?.unreachable ? 'unreachable' : BOOT_REASONS[failure.code];
    const vars: Record<string, string | number> = {};
    if (failure.details?.seconds !== undefined) vars.seconds = failure.details.seconds;
    if (failure.details?.detail !== undefined) vars.detail = failure.details.detail;
    return { code, vars };
  }
  return errorReason(error);
}

/** An error's own words (an EngineReasonError keeps its code). */
function errorReason(error: unknown): EngineReason {
  if (error instanceof EngineReasonError) return error.why;
  return { code: 'other', vars: { detail: error instanceof Error ? error.message : String(error) } };
}

/** The one sentence a reader sees when WebContainer could not start. */
function fallbackReason(error: unknown): EngineReason {
  return { code: 'fallback', vars: { why: bootReason(error) } };
}

/** The reason of a decision of the policy (engine-policy.ts), as a code. */
function decisionReason(decision: EngineDecision): EngineReason | undefined {
  if (!decision.reason) return undefined;
  if (decision.reason === OFF_REASON) return { code: 'off' };
  if (decision.reason === NOT_ISOLATED_REASON) return { code: 'notIsolated' };
  return { code: 'other', vars: { detail: decision.reason } };
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
  // A User Timing mark: the page-weight benchmark counts what loads after it as warm-up, not as the page's own JavaScript.
  if (!warmed) performance.mark?.('mcp-by-hand:engine-warm-up');
  warmed = true;
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
export function useRealNode(): Promise<boolean> {
  if (settings.policy === 'off') return Promise.reject(new EngineReasonError({ code: 'off' }));
  switching ??= (async () => {
    remember('webcontainer');
    const before = engineStatus.value;
    try {
      const engine = await startWebContainer();
      current = Promise.resolve(engine);
      edited.clear();
      engineGeneration.value++;
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
export async function useWorkerEngine(): Promise<void> {
  remember('worker');
  current = startWorker();
  await current;
  edited.clear();
  engineGeneration.value++;
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
  edited.clear();
  engineGeneration.value++;
}

/* ------------------------------------------------------------------------ */
/* Which source each server runs from.                                       */

/** The servers the page runs the reader's edit of: server -> the files they changed (original path -> text). */
const edited = new Map<ServerName, ReadonlyMap<string, string>>();
const restartListeners = new Map<ServerName, Set<() => void>>();

/** The shipped entry file of a server, from the registry, e.g. `toy-servers/calendar.mjs`. */
export function originalEntry(server: ServerName): string {
  return SERVERS[server].file;
}

/**
 * Where the page runs a ServerEditor's edit of a server: the entry's edited
 * copy, beside the original (`toy-servers/calendar.edited.mjs`), which imports
 * the edited copies of its siblings (see pure/edited-copies.ts).
 */
export function editedEntry(server: ServerName): string {
  return editedName(originalEntry(server));
}

/** The entry a widget should spawn now: the reader's edit after they pressed Run, else the original. */
export function currentEntry(server: ServerName): string {
  return edited.has(server) ? editedEntry(server) : originalEntry(server);
}

/** True when the page currently runs the reader's edit of `server`. */
export function runsEdited(server: ServerName): boolean {
  return edited.has(server);
}

/** The files of `server` the reader changed, as the page runs them now (original path -> text); `undefined` when it runs the original. */
export function editedSources(server: ServerName): ReadonlyMap<string, string> | undefined {
  return edited.get(server);
}

/**
 * Makes the page run the reader's files for `server`: `files` maps original
 * paths (the entry, e.g. `toy-servers/calendar.mjs`, or a sibling it imports,
 * e.g. `toy-servers/plumbing.mjs`) to their text; a file not in it runs as
 * shipped. Writes the edited copies of the entry and every sibling it imports
 * into the engine's file system, then tells attached widgets to restart.
 * `null` (or no file) goes back to the original. Rejects, with the page still
 * running what it ran, when the engine cannot start or a sibling cannot be read.
 */
export async function setServerSources(server: ServerName, files: Readonly<Record<string, string>> | null): Promise<void> {
  if (files === null || Object.keys(files).length === 0) {
    edited.delete(server);
  } else {
    const [engine, { collectServerFiles }, { editedCopies }] = await Promise.all([getEngine(), import('../pure/take-home.ts'), import('../pure/edited-copies.ts')]);
    const entry = originalEntry(server);
    const read = async (path: string) => files[path] ?? (await engine.readFile(path));
    const text = await read(entry);
    if (text === undefined) throw new Error(t('common.home.notInEngine', { file: entry }));
    for (const [path, copy] of await editedCopies(await collectServerFiles(entry, text, read))) await engine.writeFile(path, copy);
    edited.set(server, new Map(Object.entries(files)));
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

/** Spawns a fresh process of `server` from its current source (see {@link currentEntry}), with the registry's `env` for it. */
export async function spawnServer(server: ServerName): Promise<EngineProcess> {
  const engine = await getEngine();
  return engine.spawn(currentEntry(server), [], serverOptions(server));
}

/** The registry's `env` of `server`, as the engines take it (none when it has none). */
function serverOptions(server: ServerName): { env?: Record<string, string> } {
  const entry: ServerEntry = SERVERS[server];
  return entry.env ? { env: { ...entry.env } } : {};
}

/** A WHATWG fetch handler served by a toy server module (http.mjs's `handle`), and the process that serves it. */
export type HttpEndpoint = FetchEndpoint;

/**
 * Loads `server`'s module (its current source) in a fresh engine process,
 * with the registry's `env` for it, and returns its `handle(Request)` export, to call directly from the page (no
 * network). Rejects when the page's engine has no `fetchHandler` capability.
 */
export async function openHttpEndpoint(server: ServerName): Promise<HttpEndpoint> {
  const engine = await getEngine();
  if (!engine.fetchHandler) throw new EngineReasonError({ code: 'noFetchHandler', vars: { kind: engine.kind } });
  return engine.fetchHandler(currentEntry(server), serverOptions(server));
}
