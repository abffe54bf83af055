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
 */
import { memfs } from 'memfs';
import type { FileChanges } from '../worker-messages.ts';

/** Method names of fs that may change the file system (sync, callback and promise forms share the stem). */
const MUTATING = new Set([
  'writeFile', 'appendFile', 'rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'mkdtemp', 'copyFile', 'cp', 'truncate',
  'ftruncate', 'write', 'writev', 'close', 'symlink', 'link', 'fsync', 'fdatasync',
]);

function stem(name: string): string {
  return name.endsWith('Sync') ? name.slice(0, -4) : name;
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
 * Builds an empty fs whose relative paths resolve against `proc.cwd()` (the
 * process's working directory, set later); `onChange` receives this
 * process's own changes. Fill it with {@link EngineVolume.load}.
 */
export function createVolume(proc: { cwd(): string }, onChange: (changes: FileChanges) => void): EngineVolume {
  const { fs: raw, vol } = memfs({}, { process: proc } as never);
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

  const after = <T>(value: T): T => {
    if (value && typeof (value as { then?: unknown }).then === 'function') {
      return (value as unknown as Promise<unknown>).then((v) => {
        sync();
        return wrapHandle(v);
      }) as T;
    }
    sync();
    return value;
  };

  function wrapHandle(v: unknown): unknown {
    // fs/promises open() returns a FileHandle whose write/close change files.
    if (v && typeof v === 'object' && typeof (v as { fd?: unknown }).fd === 'number' && typeof (v as { close?: unknown }).close === 'function') {
      const handle = v as Record<string, unknown>;
      for (const name of ['write', 'writeFile', 'appendFile', 'truncate', 'close', 'writev', 'sync']) {
        const f = handle[name];
        if (typeof f === 'function') handle[name] = (...args: unknown[]) => after(f.apply(handle, args));
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
    if (!MUTATING.has(stem(name)) && name !== 'createWriteStream') {
      fs[name] = f.bind(raw);
      continue;
    }
    fs[name] = (...args: unknown[]) => {
      const last = args[args.length - 1];
      if (!name.endsWith('Sync') && typeof last === 'function') {
        args[args.length - 1] = (...cbArgs: unknown[]) => {
          sync();
          (last as (...a: unknown[]) => void)(...cbArgs);
        };
        return f.apply(raw, args);
      }
      const result = f.apply(raw, args);
      if (name === 'createWriteStream') {
        (result as { on(e: string, l: () => void): void }).on('close', sync);
        return result;
      }
      return after(result);
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
    const f = value as (...args: unknown[]) => Promise<unknown>;
    promises[name] = MUTATING.has(name) || name === 'open' ? (...args: unknown[]) => after(f.apply(rawPromises, args)) : f.bind(rawPromises);
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
