/**
 * `node:fs` and `node:fs/promises` for a Worker process: memfs (an in-memory
 * file system with Node's fs API) holding a snapshot of the engine's files,
 * plus change tracking so the page learns every write.
 *
 * After every call that can change a file (sync, callback or promise form,
 * and `FileHandle` writes/closes), the volume is compared with what the page
 * last knew and the differences go to `onChange` right away, before any later
 * output of the process. Changes made by other processes arrive through
 * {@link EngineVolume.apply} and are not echoed back.
 *
 * The asynchronous forms behave as Node's, which does the work off the main
 * thread: each callback and each promise of `fs/promises` (and of a
 * `FileHandle`) is delivered by the event loop as I/O, in its poll phase, and
 * keeps the process alive until then (memfs itself would answer in a promise
 * job, before the caller's own promise jobs, and keep nothing alive).
 *
 * As on Linux, `/tmp` exists and is writable (`os.tmpdir()` in Node).
 */
import { memfs } from 'memfs';
import type { FileChanges } from '../worker-messages.ts';

/** Method names of fs that may change the file system (sync, callback and promise forms share the stem). */
const MUTATING = new Set([
  'writeFile', 'appendFile', 'rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'mkdtemp', 'copyFile', 'cp', 'truncate',
  'ftruncate', 'write', 'writev', 'close', 'symlink', 'link', 'fsync', 'fdatasync',
]);

/** Functions whose function arguments are listeners called again and again, not one completion callback. */
const LISTENERS = new Set(['watch', 'watchFile', 'unwatchFile']);

function stem(name: string): string {
  return name.endsWith('Sync') ? name.slice(0, -4) : name;
}

const isThenable = (value: unknown): value is Promise<unknown> =>
  !!value && typeof (value as { then?: unknown }).then === 'function';

/** How asynchronous results are delivered: the event loop's I/O (see `event-loop.ts`). */
export interface VolumeIo {
  /** Wraps a completion callback: delivered as I/O, keeping the process alive until then. */
  callback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void;
  /** Wraps a promise: settled as I/O, keeping the process alive until then. */
  track<T>(promise: PromiseLike<T>): Promise<T>;
}

/** The fs of one Worker process. */
export interface EngineVolume {
  /** Node's `fs` module (memfs, with change tracking). */
  fs: Record<string, unknown>;
  /** Node's `fs/promises` module. */
  promises: Record<string, unknown>;
  /** Applies changes made by another process (not reported back). */
  apply(changes: FileChanges): void;
  /** Fills the (empty) volume with the engine's files at start: absolute path -> text. Not reported back. */
  load(files: Record<string, string>): void;
}

/**
 * Builds an fs holding only an empty `/tmp`, whose relative paths resolve
 * against `proc.cwd()` (the process's working directory, set later);
 * `onChange` receives this process's own changes, `io` delivers the
 * asynchronous results. Fill it with {@link EngineVolume.load}.
 */
export function createVolume(proc: { cwd(): string }, onChange: (changes: FileChanges) => void, io: VolumeIo): EngineVolume {
  const { fs: raw, vol } = memfs({}, { process: proc } as never);
  raw.mkdirSync('/tmp', { recursive: true });
  let known = new Map<string, string>();

  function snapshot(): Map<string, string> {
    const json = vol.toJSON() as Record<string, string | null>;
    const map = new Map<string, string>();
    for (const [p, t] of Object.entries(json)) if (typeof t === 'string') map.set(p, t);
    return map;
  }

  function sync(): void {
    const now = snapshot();
    const changes: FileChanges = [];
    for (const [p, t] of now) if (known.get(p) !== t) changes.push([p, t]);
    for (const p of known.keys()) if (!now.has(p)) changes.push([p, null]);
    known = now;
    if (changes.length) onChange(changes);
  }

  /** Reports the changes once `value` (a result, or a promise of one) is there. */
  const after = <T>(value: T): T => {
    if (isThenable(value)) {
      return value.then((v) => {
        sync();
        return v;
      }) as T;
    }
    sync();
    return value;
  };

  /** A promise-returning method: settled as I/O, changes reported first when it may change files. */
  const asyncMethod =
    (f: (...args: unknown[]) => unknown, self: unknown, mutating: boolean) =>
    (...args: unknown[]) => {
      const result = f.apply(self, args);
      if (!isThenable(result)) return mutating ? after(result) : result;
      return io.track((mutating ? after(result) : result).then(wrapHandle));
    };

  /** fs/promises open() returns a FileHandle: its methods answer as I/O, and its writes and close change files. */
  function wrapHandle(v: unknown): unknown {
    if (v && typeof v === 'object' && typeof (v as { fd?: unknown }).fd === 'number' && typeof (v as { close?: unknown }).close === 'function') {
      const handle = v as Record<string, unknown>;
      const proto = Object.getPrototypeOf(handle) as object;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const f = handle[name];
        if (name === 'constructor' || typeof f !== 'function') continue;
        handle[name] = asyncMethod(f as (...args: unknown[]) => unknown, handle, MUTATING.has(name) || ['writeFile', 'sync'].includes(name));
      }
    }
    return v;
  }

  const fs: Record<string, unknown> = {};
  const source = raw as unknown as Record<string, unknown>;
  for (const name of Object.keys(source).concat(Object.getOwnPropertyNames(Object.getPrototypeOf(source) ?? {}))) {
    if (name === 'constructor' || name in fs) continue;
    const value = source[name];
    if (typeof value !== 'function' || /^[A-Z]/.test(name)) {
      fs[name] = value;
      continue;
    }
    const f = value as (...args: unknown[]) => unknown;
    const mutating = MUTATING.has(stem(name));
    if (name.endsWith('Sync') || LISTENERS.has(name)) {
      fs[name] = mutating ? (...args: unknown[]) => after(f.apply(raw, args)) : f.bind(raw);
      continue;
    }
    if (name === 'createWriteStream') {
      fs[name] = (...args: unknown[]) => {
        const stream = f.apply(raw, args) as { on(e: string, l: () => void): void };
        stream.on('close', sync);
        return stream;
      };
      continue;
    }
    fs[name] = (...args: unknown[]) => {
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = io.callback((...cbArgs: unknown[]) => {
          if (mutating) sync();
          (last as (...a: unknown[]) => void)(...cbArgs);
        });
      }
      return f.apply(raw, args);
    };
  }

  const rawPromises = raw.promises as unknown as Record<string, unknown>;
  const promises: Record<string, unknown> = {};
  for (const name of Object.keys(rawPromises).concat(Object.getOwnPropertyNames(Object.getPrototypeOf(rawPromises) ?? {}))) {
    if (name === 'constructor' || name in promises) continue;
    const value = rawPromises[name];
    if (typeof value !== 'function') {
      promises[name] = value;
      continue;
    }
    promises[name] = asyncMethod(value as (...args: unknown[]) => unknown, rawPromises, MUTATING.has(name));
  }
  promises.constants = fs.constants;
  fs.promises = promises;

  return {
    fs,
    promises,
    load(files) {
      for (const [path, text] of Object.entries(files)) {
        raw.mkdirSync(path.slice(0, path.lastIndexOf('/')) || '/', { recursive: true });
        raw.writeFileSync(path, text);
      }
      known = new Map(Object.entries(files));
    },
    apply(changes) {
      for (const [path, text] of changes) {
        if (text === null) {
          raw.rmSync(path, { force: true });
          known.delete(path);
        } else {
          raw.mkdirSync(path.slice(0, path.lastIndexOf('/')) || '/', { recursive: true });
          raw.writeFileSync(path, text);
          known.set(path, text);
        }
      }
    },
  };
}
