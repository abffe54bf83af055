/**
 * The WebContainer engine: toy servers run in real Node inside StackBlitz's
 * WebContainer. Implements the engine contract of `../types.ts` over the
 * small API shape of `webcontainer-api.ts`.
 *
 * Every server runs under `relay.mjs` (mounted at `.mcp-by-hand/relay.mjs`),
 * because WebContainer's one pseudo-terminal per process would merge stdout
 * and stderr, echo input and turn `"\n"` into `"\r\n"`; the relay's frames
 * (`relay-frames.ts`) carry both streams byte for byte.
 *
 * ```ts
 * const container = await bootWebContainer({ apiKey });   // boot.ts, once per page
 * const engine = await WebContainerEngine.create(container, await loadToyServerSources());
 * const p = await engine.spawn('toy-servers/calendar.mjs');
 * ```
 */
import type { Engine, EngineProcess, ExitInfo, SpawnOptions } from '../types.ts';
import { failure } from '../../protocol/failure.ts';
import { StdoutTail, stdoutLines } from '../stdout-lines.ts';
import { CLOSE_FRAME, KILL_FRAME, RelayDecoder, inputFrames } from './relay-frames.ts';
import type { ContainerLike, ContainerProcess, FileTree } from './webcontainer-api.ts';
import relaySource from './relay.mjs?raw';
import { HeldChannel } from '../held-channel.ts';

/** Where the relay lives in the container, relative to the working directory. */
export const RELAY_PATH = '.mcp-by-hand/relay.mjs';

/** Builds WebContainer's nested mount tree from flat `path -> text` files. */
export function fileTree(files: Record<string, string>): FileTree {
  const root: FileTree = {};
  for (const [path, text] of Object.entries(files)) {
    const parts = path.split('/').filter(Boolean);
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      const next = dir[part];
      if (!next || !('directory' in next)) dir[part] = { directory: {} };
      dir = (dir[part] as { directory: FileTree }).directory;
    }
    dir[parts[parts.length - 1]] = { file: { contents: text } };
  }
  return root;
}

export class WebContainerEngine implements Engine {
  readonly kind = 'webcontainer' as const;
  #container: ContainerLike;
  #initial: Record<string, string>;
  #nextPid = 1;

  private constructor(container: ContainerLike, initial: Record<string, string>) {
    this.#container = container;
    this.#initial = initial;
  }

  /** Mounts `files` (paths relative to the working directory) and the relay into a booted container. */
  static async create(container: ContainerLike, files: Record<string, string>): Promise<WebContainerEngine> {
    const engine = new WebContainerEngine(container, files);
    await container.mount(fileTree({ ...files, [RELAY_PATH]: relaySource }));
    return engine;
  }

  async writeFile(path: string, text: string): Promise<void> {
    const dir = path.split('/').slice(0, -1).join('/');
    if (dir) await this.#container.fs.mkdir(dir, { recursive: true });
    await this.#container.fs.writeFile(path, text);
  }

  async readFile(path: string): Promise<string | undefined> {
    try {
      return await this.#container.fs.readFile(path, 'utf-8');
    } catch {
      return undefined;
    }
  }

  /** Puts the shipped files back (files the servers wrote elsewhere, e.g. `.toy-state/`, are kept apart by removing nothing else). */
  async reset(): Promise<void> {
    await this.#container.mount(fileTree(this.#initial));
  }

  /** Starts `node relay.mjs entry ...args` in the container. Rejects when the container cannot spawn. */
  async spawn(entry: string, args: string[] = [], options: SpawnOptions = {}): Promise<EngineProcess> {
    const process = await this.#container.spawn('node', [RELAY_PATH, entry, ...args], {
      ...(options.env ? { env: options.env } : {}),
      terminal: { cols: 4096, rows: 24 },
    });
    return new RelayedProcess(this.#nextPid++, process);
  }
}

/** One server process behind the relay. */
class RelayedProcess implements EngineProcess {
  readonly exit: Promise<ExitInfo>;
  #process: ContainerProcess;
  #writer: WritableStreamDefaultWriter<string>;
  #decoder = new RelayDecoder();
  #lines = stdoutLines();
  #tail = new StdoutTail();
  #errText = new TextDecoder('utf-8');
  #encoder = new TextEncoder();
  #stdout = new HeldChannel<string>();
  #stderr = new HeldChannel<string>();
  #exitFrame: ExitInfo | undefined;
  #done = false;
  #stdinClosed = false;
  #killed = false;
  #settle!: (info: ExitInfo) => void;

  constructor(
    readonly pid: number,
    process: ContainerProcess,
  ) {
    this.#process = process;
    this.#writer = process.input.getWriter();
    this.exit = new Promise((resolve) => (this.#settle = resolve));
    const reading = this.#read();
    void Promise.all([process.exit, reading]).then(([code]) => {
      for (const line of this.#lines.endLines()) this.#emitOut(line);
      this.#tail.update('');
      this.#emitErr(this.#errText.decode());
      this.#finish(
        this.#killed
          ? { code: null, signal: 'SIGKILL', reason: 'killed by the engine', why: failure('engine-kill') }
          : (this.#exitFrame ?? { code: null, signal: 'SIGKILL', reason: `the relay ended without reporting the server's exit (relay exit code ${code})`, why: failure('relay-ended', { code: String(code) }) }),
      );
    });
  }

  async #read(): Promise<void> {
    const reader = this.#process.output.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const frame of this.#decoder.push(value)) {
          if (frame.kind === 'stdout') {
            for (const line of this.#lines.pushLines(frame.bytes)) this.#emitOut(line);
            this.#tail.update(this.#lines.pendingText);
          } else if (frame.kind === 'stderr') this.#emitErr(this.#errText.decode(frame.bytes, { stream: true }));
          else if (frame.kind === 'exit') this.#exitFrame = frame.signal ? { code: frame.code, signal: frame.signal } : { code: frame.code };
        }
      }
    } catch {
      // the stream errored: the exit promise decides
    }
  }

  #finish(info: ExitInfo): void {
    if (this.#done) return;
    this.#done = true;
    void this.#writer.close().catch(() => {});
    this.#settle(info);
  }

  #emitOut(line: string): void {
    this.#stdout.emit(line);
  }

  #emitErr(text: string): void {
    if (!text) return;
    this.#stderr.emit(text);
  }

  #send(text: string): void {
    if (this.#done) return;
    this.#decoder.expectEcho(text);
    void this.#writer.write(text).catch(() => {});
  }

  write(line: string): void {
    if (this.#stdinClosed) return;
    for (const frame of inputFrames(this.#encoder.encode(`${line}\n`))) this.#send(frame);
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
    if (this.#stdinClosed) return;
    this.#stdinClosed = true;
    this.#send(CLOSE_FRAME);
  }

  kill(): void {
    if (this.#done || this.#killed) return;
    this.#killed = true;
    this.#send(KILL_FRAME);
    // The relay reports the kill and exits; if it cannot, stop it too.
    setTimeout(() => {
      if (!this.#done) this.#process.kill();
    }, 1000);
  }
}
