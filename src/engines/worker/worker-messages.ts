/**
 * The messages between the page and one Worker process (structured clone over
 * `postMessage`). The page owns the file system and the watchdog; the Worker
 * runs one toy server.
 */

import type { Failure } from '../../protocol/failure.ts';

/** File changes: path (absolute, POSIX) -> new text, or `null` when the file was removed. */
export type FileChanges = Array<[path: string, text: string | null]>;

/** How a Worker process starts. */
export interface InitMessage {
  t: 'init';
  /** Full argv as Node would give it: `[execPath, absoluteEntry, ...args]` (for `fetch` mode, `[execPath]`). */
  argv: string[];
  env: Record<string, string>;
  /** Working directory, absolute (the engine's root). */
  cwd: string;
  pid: number;
  /** Absolute path of the module to run. */
  entry: string;
  /** `main`: run as `node entry`; `fetch`: import the module and serve its `handle(Request)` export. */
  mode: 'main' | 'fetch';
  /**
   * The engine's file system at spawn: absolute path -> text. Empty when the
   * Worker was preloaded (see {@link PreloadMessage}); then `changes` brings
   * it up to date.
   */
  files: Record<string, string>;
  /** Changes since the preload (absent without one). */
  changes?: FileChanges;
  /** The Worker stops itself after writing more than this many bytes to stdout + stderr. */
  outputLimitBytes: number;
  /** How often the Worker reports that its event loop is free, in ms. */
  heartbeatMs: number;
}

/**
 * Sent to a spare Worker before it has a process: the engine's files as they
 * are now, so the Worker can load them and prepare their modules ahead of the
 * spawn (the spawn's `init` then brings only what changed since).
 */
export interface PreloadMessage {
  t: 'preload';
  files: Record<string, string>;
}

/** Page -> Worker. */
export type ToWorker =
  | PreloadMessage
  | InitMessage
  | { t: 'stdin'; data: Uint8Array }
  | { t: 'stdin-end' }
  | { t: 'fs'; changes: FileChanges }
  | { t: 'fetch'; id: number; request: SerializedRequest }
  /** The page no longer reads the body of fetch `id` (sent only for a body that comes in `fetch-chunk` messages). */
  | { t: 'fetch-cancel'; id: number };

/** A `Request` taken apart for `postMessage`. */
export interface SerializedRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
}

/**
 * A `Response` taken apart for `postMessage`; `body` is transferred as a stream. Where the browser
 * cannot transfer a `ReadableStream` (WebKit: DataCloneError), `body` is null, `chunked` is true,
 * and the body follows in `fetch-chunk` messages, in order.
 */
export interface SerializedResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: ReadableStream<Uint8Array> | null;
  chunked?: boolean;
}

/**
 * One entry of the Worker's output queue, kept in program order. `data` is one
 * write, or several consecutive writes to the same stream joined; for joined
 * stderr writes, `sizes` holds the byte length of each (they sum to
 * `data.length`), so the page can pass stderr on write by write.
 */
export type OutputItem =
  | { t: 'out'; fd: 1 | 2; data: Uint8Array; sizes?: number[] }
  | { t: 'fs'; changes: FileChanges };

/** Worker -> page. */
export type FromWorker =
  | { t: 'loaded' }
  | { t: 'ready' }
  /** The program's start is over: its entry module has been evaluated, or it has yielded to take its first input. */
  | { t: 'running' }
  | { t: 'beat' }
  | { t: 'batch'; items: OutputItem[] }
  | { t: 'exit'; code: number; reason?: string; why?: Failure }
  | { t: 'fetch-result'; id: number; response?: SerializedResponse; error?: string }
  /** A piece of the body of fetch `id` (`data`), its end (`done`), or the error that ended it. */
  | { t: 'fetch-chunk'; id: number; data?: Uint8Array; done?: boolean; error?: string };
