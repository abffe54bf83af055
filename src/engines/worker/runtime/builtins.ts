/**
 * The table of Node built-in modules a Worker process may import, each as a
 * module record: `default` is what `import x from 'node:x'` gives, every other
 * key a named export. Built from the polyfill packages (buffer, events,
 * path-browserify, memfs via `files.ts`, @noble/hashes via `crypto.ts`, the
 * platform's URL via `url.ts`) and this folder's thin glue (process, readline,
 * timers). `node:zlib` (pako via `zlib.ts`), which only the bundled reference
 * server imports, is a lazy built-in ({@link createLazyBuiltins}): its code is
 * a separate chunk, downloaded the first time a program imports it.
 */
import * as bufferModule from 'buffer';
import events from 'events';
import path from 'path-browserify';
import * as cryptoModule from './crypto.ts';
import * as readlineModule from './readline.ts';
import * as urlModule from './url.ts';
import type { Builtins, LazyBuiltins } from './loader.ts';

/** The module names this engine provides, for documentation and error messages. */
export const BUILTIN_NAMES = [
  'node:buffer', 'node:crypto', 'node:events', 'node:fs', 'node:fs/promises', 'node:path', 'node:process',
  'node:readline', 'node:timers', 'node:timers/promises', 'node:url', 'node:zlib',
] as const;

/** Makes a module record from an object: its own enumerable keys become named exports (functions bound to it). */
function record(defaultValue: unknown, source: object = defaultValue as object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = new Set<string>(Object.keys(source));
  // Methods on prototypes (process.cwd, EventEmitter methods) are named exports in Node too.
  for (let proto = Object.getPrototypeOf(source); proto && proto !== Object.prototype && proto !== Function.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const k of Object.getOwnPropertyNames(proto)) if (k !== 'constructor') keys.add(k);
  }
  for (const k of keys) {
    const v = (source as Record<string, unknown>)[k];
    out[k] = typeof v === 'function' && !/^[A-Z]/.test(k) ? (v as Function).bind(source) : v;
  }
  out.default = defaultValue;
  return out;
}

/** What the bootstrap passes in: the per-process objects. */
export interface ProcessParts {
  process: object;
  fs: Record<string, unknown>;
  fsPromises: Record<string, unknown>;
  timers: Record<string, unknown>;
}

/** Builds the module table of one process. */
export function createBuiltins(parts: ProcessParts): Builtins {
  const buffer = { ...bufferModule } as Record<string, unknown>;
  delete buffer.default;
  const timersPromises = {
    setTimeout: (ms?: number, value?: unknown) =>
      new Promise((resolve) => (parts.timers.setTimeout as (f: () => void, ms?: number) => unknown)(() => resolve(value), ms)),
    setImmediate: (value?: unknown) =>
      new Promise((resolve) => (parts.timers.setImmediate as (f: () => void) => unknown)(() => resolve(value))),
  };
  const pathModule = path as unknown as Record<string, unknown>;
  if (!pathModule.posix) pathModule.posix = path;
  const table: Array<[string, Record<string, unknown>]> = [
    ['node:buffer', record(buffer, buffer)],
    ['node:crypto', record(cryptoModule, { ...cryptoModule })],
    ['node:events', record(events, Object.assign({ EventEmitter: events }, events))],
    ['node:fs', record(parts.fs)],
    ['node:fs/promises', record(parts.fsPromises)],
    ['node:path', record(path)],
    ['node:process', record(parts.process)],
    ['node:readline', record(readlineModule, { ...readlineModule })],
    ['node:timers', record(parts.timers)],
    ['node:timers/promises', record(timersPromises)],
    ['node:url', record(urlModule.default, { ...urlModule.default })],
  ];
  return new Map(table);
}

/**
 * The built-ins loaded on first import (see {@link LazyBuiltins}): today
 * `node:zlib`. Each function downloads its module's chunk (once per Worker;
 * the browser caches it for the next) and resolves with the module record;
 * it rejects when the chunk cannot be fetched.
 */
export function createLazyBuiltins(): LazyBuiltins {
  return new Map([
    ['node:zlib', () => import('./zlib.ts').then((zlibModule) => record(zlibModule, { ...zlibModule }))],
  ]);
}
