/**
 * The Node engine: toy servers as real child processes (`node:child_process`).
 * Used by tests, benchmarks and the command-line probe. Implements the engine
 * contract in `src/engines/types.ts`.
 *
 * - `writeFile` / `readFile` work on real files under `root` (POSIX paths,
 *   relative to `root`; `..` may not leave it).
 * - `spawn(entry, args)` runs `process.execPath entry ...args` with cwd = `root`.
 * - {@link spawnCommand} runs any command (for the probe CLI: readers' own
 *   servers, `npx …`, Python, …) behind the same `EngineProcess` interface.
 */
import { spawn as spawnChild, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, readFile as fsReadFile, writeFile as fsWriteFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { StdoutTail, stdoutLines } from '../stdout-lines.ts';
import type { Engine, EngineProcess, ExitInfo, SpawnOptions } from '../types.ts';
import { HeldChannel } from '../held-channel.ts';

/** Options for {@link NodeEngine}. */
export interface NodeEngineOptions {
  /** The engine's root directory: files live here and processes start here. Default `process.cwd()`. */
  root?: string;
}

/** The engine contract over `node:child_process`. */
export class NodeEngine implements Engine {
  readonly kind = 'node' as const;
  /** Absolute root directory. */
  readonly root: string;

  constructor(options: NodeEngineOptions = {}) {
    this.root = resolve(options.root ?? process.cwd());
  }

  /** Writes a UTF-8 file under the root, creating folders. Throws when the path leaves the root. */
  async writeFile(path: string, text: string): Promise<void> {
    const full = this.#resolve(path);
    await mkdir(dirname(full), { recursive: true });
    await fsWriteFile(full, text, 'utf8');
  }

  /** Reads a UTF-8 file under the root; `undefined` when it does not exist. Throws when the path leaves the root. */
  async readFile(path: string): Promise<string | undefined> {
    try {
      return await fsReadFile(this.#resolve(path), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  /**
   * Starts `node entry ...args` (the running Node binary, `process.execPath`)
   * in the root directory. Rejects when the process cannot be started.
   */
  spawn(entry: string, args: string[] = [], options: SpawnOptions = {}): Promise<EngineProcess> {
    return spawnCommand(process.execPath, [entry, ...args], { cwd: this.root, env: options.env });
  }

  #resolve(path: string): string {
    const full = resolve(this.root, path);
    const rel = relative(this.root, full);
    if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`path ${path} is outside the engine root`);
    return full;
  }
}

/** Options for {@link spawnCommand}. */
export interface SpawnCommandOptions {
  /** Working directory. Default `process.cwd()`. */
  cwd?: string;
  /** Extra environment variables, added to this process's environment. */
  env?: Record<string, string> | undefined;
}

/**
 * Starts any command as an {@link EngineProcess}: stdout split into lines
 * (trailing `"\r"` kept, per the contract) with its unterminated tail told to
 * `onStdoutPartial`, stderr passed on in chunks. `kill()` sends SIGKILL, which
 * no program can catch or ignore (a server that ignores SIGTERM is gone too).
 * Output that arrives before the first listener subscribes is held and
 * delivered to it. Rejects when the command cannot be started (e.g. ENOENT).
 */
export function spawnCommand(command: string, args: string[], options: SpawnCommandOptions = {}): Promise<EngineProcess> {
  return new Promise((resolveSpawn, rejectSpawn) => {
    const child = spawnChild(command, args, {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, ...(options.env ?? {}) },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    child.once('error', (err) => rejectSpawn(err));
    child.once('spawn', () => resolveSpawn(new NodeProcess(child)));
  });
}

class NodeProcess implements EngineProcess {
  readonly pid: number;
  readonly exit: Promise<ExitInfo>;
  #child: ChildProcessWithoutNullStreams;
  #stdout = new HeldChannel<string>();
  #stderr = new HeldChannel<string>();
  #tail = new StdoutTail();
  #reason: string | undefined;
  #exited = false;

  constructor(child: ChildProcessWithoutNullStreams) {
    this.#child = child;
    this.pid = child.pid ?? -1;
    const decoder = stdoutLines();
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of decoder.pushLines(chunk)) this.#emitOut(line);
      this.#tail.update(decoder.pendingText);
    });
    child.stdout.on('end', () => {
      for (const line of decoder.endLines()) this.#emitOut(line);
      this.#tail.update('');
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => this.#emitErr(text));
    child.stdin.on('error', () => {
      /* EPIPE after exit: writes to an exited process are ignored */
    });
    this.exit = new Promise((resolveExit) => {
      child.once('close', (code, signal) => {
        this.#exited = true;
        const info: ExitInfo = { code };
        if (signal) info.signal = signal;
        if (this.#reason) info.reason = this.#reason;
        resolveExit(info);
      });
    });
  }

  write(line: string): void {
    if (this.#exited || this.#child.stdin.destroyed || !this.#child.stdin.writable) return;
    this.#child.stdin.write(line + '\n');
  }

  onStdout(listener: (line: string) => void): () => void {
    return this.#stdout.subscribe(listener);
  }

  onStdoutPartial(listener: (pending: string) => void): () => void {
    return this.#tail.subscribe(listener);
  }

  onStderr(listener: (text: string) => void): () => void {
    return this.#stderr.subscribe(listener);
  }

  closeStdin(): void {
    if (!this.#child.stdin.destroyed) this.#child.stdin.end();
  }

  /** SIGKILL at once: it cannot be caught or ignored, so the process is gone whatever its signal handlers do. */
  kill(): void {
    if (this.#exited) return;
    this.#reason ??= 'killed by the engine';
    this.#child.kill('SIGKILL');
  }

  #emitOut(line: string): void {
    this.#stdout.emit(line);
  }

  #emitErr(text: string): void {
    this.#stderr.emit(text);
  }
}
