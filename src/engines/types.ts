/**
 * The engine contract: where a toy MCP server runs.
 *
 * Three engines implement it: `node` (child_process, for tests, benchmarks and
 * the command-line probe), `worker` (one module Worker per process, in the
 * page) and `webcontainer` (StackBlitz's WebContainer, in the page).
 * Everything above this file (the client in `src/protocol/`, the widgets) sees
 * only these two interfaces, so the same lesson runs on any engine.
 *
 * The promise that holds it together: the same toy server writes the same
 * stdout bytes in every engine.
 */

import type { Failure } from '../protocol/failure.ts';

/** Which engine this is. */
export type EngineKind = 'node' | 'worker' | 'webcontainer';

/** How a process ended: `code` is the exit code (null when killed by a signal). */
export interface ExitInfo {
  code: number | null;
  /** The signal name (e.g. `"SIGTERM"`) when the process was killed, else absent. */
  signal?: string;
  /** A human-readable reason when the engine itself stopped the process (watchdog, kill, crash). */
  reason?: string;
  /** {@link reason} as data (src/protocol/failure.ts), for a page to say in its reader's language. */
  why?: Failure;
}

/** A place where toy servers run. One instance per page (or per test). */
export interface Engine {
  readonly kind: EngineKind;
  /** Writes a file into the engine's file system, shared by every process of this engine. Path is POSIX, relative to the engine's root. */
  writeFile(path: string, text: string): Promise<void>;
  /** Reads a file from the engine's file system; `undefined` when it does not exist. */
  readFile(path: string): Promise<string | undefined>;
  /**
   * Starts a fresh process running `entry` (a path in the engine's file system,
   * e.g. `toy-servers/calendar.mjs`) with `args`. A fresh process has fresh
   * module state. Rejects when the process cannot be started at all.
   */
  spawn(entry: string, args?: string[], options?: SpawnOptions): Promise<EngineProcess>;
  /**
   * Optional capability: puts the engine's files back as shipped (the Worker
   * engine also stops its processes). Absent when the engine cannot (the
   * Node engine runs on the reader's own disk).
   */
  reset?(): Promise<void>;
  /**
   * Optional capability: loads `entry` (a module exporting a WHATWG fetch
   * handler, `handle(request: Request): Promise<Response>`, as `http.mjs`
   * does) in a fresh process without running it as the main program, and
   * returns a {@link FetchEndpoint} that calls it with no network. Absent
   * when the engine can only reach an HTTP server over a real socket.
   */
  fetchHandler?(entry: string, options?: SpawnOptions): Promise<FetchEndpoint>;
}

/** A fetch handler served by a module in an engine process (see {@link Engine.fetchHandler}). */
export interface FetchEndpoint {
  /** Calls the module's `handle(request)`; rejects with the handler's error text, or when the process has exited. */
  handle(request: Request): Promise<Response>;
  /** The process that runs the module (pid, stderr, exit, kill). */
  readonly process: EngineProcess;
}

/** Options for {@link Engine.spawn}. */
export interface SpawnOptions {
  /** Extra environment variables for the process. */
  env?: Record<string, string>;
}

/** One running toy server process. */
export interface EngineProcess {
  /** Process id as the engine reports it (a real pid under Node, an engine-assigned number elsewhere). */
  readonly pid: number;
  /** Writes one line to stdin; the engine appends `"\n"`. Throws nothing; writing to an exited process is ignored. */
  write(line: string): void;
  /** Subscribes to stdout, one call per complete line (without its `"\n"`; a trailing `"\r"` is kept). Returns an unsubscribe function. */
  onStdout(listener: (line: string) => void): () => void;
  /**
   * Optional capability (all three engines have it): subscribes to the unterminated tail of stdout. After
   * each chunk that leaves text without a `"\n"`, the listener gets the whole tail so far (as `onStdout`
   * would give it once the line ends); it gets `''` once that tail is completed by a `"\n"` or flushed at
   * exit. A listener that subscribes while a tail is pending gets it at once. Lets a client see a message
   * written without its newline (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio:
   * "Messages are delimited by newlines") instead of waiting for a line that never ends. Returns an
   * unsubscribe function.
   */
  onStdoutPartial?(listener: (pending: string) => void): () => void;
  /** Subscribes to stderr text, in chunks as written (not split into lines). Returns an unsubscribe function. */
  onStderr(listener: (text: string) => void): () => void;
  /** Settles when the process has exited; never rejects. */
  readonly exit: Promise<ExitInfo>;
  /** Closes stdin (EOF); a well-behaved server then exits 0. */
  closeStdin(): void;
  /** Stops the process at once. */
  kill(): void;
}
