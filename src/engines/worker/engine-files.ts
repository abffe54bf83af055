/**
 * The Worker engine's file system, owned by the page: absolute POSIX path ->
 * text. Every process gets a snapshot when it starts and reports its writes
 * back; the engine then passes them to the other live processes. So a file
 * written by one process is there for every later one (this is how
 * `calendar-handles.mjs`'s handle store survives a fresh process). It lives
 * as long as the page, or until {@link EngineFiles.reset}.
 */
import type { FileChanges } from './worker-messages.ts';
import { normalizePath } from './posix-path.ts';

/** Normalises `path` against `root`: relative paths are under the root; `.`/`..` are resolved. */
export function resolvePath(root: string, path: string): string {
  return normalizePath(path.startsWith('/') ? path : `${root}/${path}`);
}

export class EngineFiles {
  #files = new Map<string, string>();
  #initial: Map<string, string>;

  /**
   * @param root the engine's root (the processes' working directory), e.g. `/course`
   * @param initial files present at the start and after {@link reset}, paths relative to `root`
   */
  constructor(
    readonly root: string,
    initial: Record<string, string> = {},
  ) {
    this.#initial = new Map(Object.entries(initial).map(([p, t]) => [resolvePath(root, p), t]));
    this.reset();
  }

  /** Back to the initial files: everything the processes wrote is gone. */
  reset(): void {
    this.#files = new Map(this.#initial);
  }

  /** Adds files to the initial set (and to the current one). */
  addInitial(files: Record<string, string>): void {
    for (const [p, t] of Object.entries(files)) {
      const path = resolvePath(this.root, p);
      this.#initial.set(path, t);
      if (!this.#files.has(path)) this.#files.set(path, t);
    }
  }

  /** The text of a file, or `undefined`. `path` is relative to the root or absolute. */
  read(path: string): string | undefined {
    return this.#files.get(resolvePath(this.root, path));
  }

  /** Writes a file; returns the change to pass to live processes. */
  write(path: string, text: string): FileChanges {
    const full = resolvePath(this.root, path);
    this.#files.set(full, text);
    return [[full, text]];
  }

  /** Applies changes reported by a process. */
  apply(changes: FileChanges): void {
    for (const [path, text] of changes) {
      if (text === null) this.#files.delete(path);
      else this.#files.set(path, text);
    }
  }

  /** Every file (absolute path -> text), for a new process. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.#files);
  }

  /** Paths of all files, sorted (absolute). */
  list(): string[] {
    return [...this.#files.keys()].sort();
  }
}
