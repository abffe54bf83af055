/**
 * Which source each toy server runs from on this page: the original, or a
 * ServerEditor's edit (of its entry and the siblings it imports) after the reader pressed Run, so every widget on the
 * page spawns the same thing. Server names come from the registry
 * (`toy-servers/registry.ts`); the engine is the page's (`./engine-choice.ts`),
 * and an edit is forgotten when the engine is replaced or its files reset.
 *
 * ```ts
 * import { spawnServer, setServerSource } from '../page/server-sources.ts';
 * const p = await spawnServer('calendar');          // toy-servers/calendar.mjs, in the page's engine
 * await setServerSources('calendar', { 'toy-servers/calendar.mjs': editedText }); // from now on: toy-servers/calendar.edited.mjs
 * ```
 */
import { SERVERS, SERVER_NAMES, type ServerEntry, type ServerName, type WidgetName } from '../../../toy-servers/registry.ts';
import type { EngineProcess, FetchEndpoint } from '../../engines/index.ts';
import { getEngine, onEngineReplaced } from './engine-choice.ts';
import { EngineReasonError } from './engine-status.ts';
import { t } from '../../i18n/index.ts';
import { editedName } from '../pure/edited-copies.ts';

export { SERVER_NAMES, type ServerName };

/** The names of the servers widget `W` may run (a subset of {@link ServerName}, from the registry's `widgets`). */
export type ServerFor<W extends WidgetName> = {
  [K in ServerName]: W extends (typeof SERVERS)[K]['widgets'][number] ? K : never;
}[ServerName];

/** The servers the page runs the reader's edit of: server -> the files they changed (original path -> text). */
const edited = new Map<ServerName, ReadonlyMap<string, string>>();
const restartListeners = new Map<ServerName, Set<() => void>>();

// A new engine (or one whose files were put back) holds no edit: every server runs its original again.
onEngineReplaced(() => edited.clear());


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
