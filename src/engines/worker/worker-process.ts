/**
 * One toy-server process of the Worker engine, as the page sees it: the
 * {@link EngineProcess} of the engine contract over one module Worker.
 *
 * stdout arrives as bytes and is split into lines (`../stdout-lines.ts`, the splitter every engine shares);
 * stderr is decoded as UTF-8 and passed on in chunks. The exit settles once:
 * with the process's own code (`process.exit`, an uncaught error -> 1, an
 * empty event loop -> `process.exitCode ?? 0`), or `{ code: null, signal,
 * reason }` when the engine stopped it (kill, watchdog, a Worker that failed
 * to load). A partial last stdout line (no `"\n"`) is delivered at exit.
 */
import type { EngineProcess, ExitInfo } from '../types.ts';
import { stdoutLines } from '../stdout-lines.ts';
import { Watchdog, type WatchdogLimits } from './watchdog.ts';
import type { FileChanges, FromWorker, InitMessage, ToWorker } from './worker-messages.ts';
import { HeldChannel } from '../held-channel.ts';

/** What the engine learns from a process. */
export interface ProcessHooks {
  /** The process changed files (apply and pass to the others). */
  files(changes: FileChanges): void;
  /** The process is gone. */
  exited(): void;
}

export class WorkerProcess implements EngineProcess {
  readonly pid: number;
  readonly exit: Promise<ExitInfo>;
  /** When `spawn` was called (`performance.now()`, ms). */
  readonly startedAt = performance.now();
  #worker: Worker;
  #hooks: ProcessHooks;
  #watchdog: Watchdog;
  #stdout = new HeldChannel<string>();
  #stderr = new HeldChannel<string>();
  /** Output that arrived before the first listener subscribed (delivered to it), as the Node engine does. */
  #lines = stdoutLines();
  #errText = new TextDecoder('utf-8');
  #encoder = new TextEncoder();
  #done = false;
  #stdinClosed = false;
  #settle!: (info: ExitInfo) => void;
  #ready!: () => void;
  /** Settles when the Worker has loaded and begun to run the program. */
  readonly ready: Promise<void>;
  #answered!: () => void;
  /** Settles when the program first writes output (or a file), or exits: it has started and answered. */
  readonly answered: Promise<void>;

  /** Starts the Worker with `init`. Use {@link WorkerEngine.spawn} rather than this. */
  constructor(worker: Worker, init: InitMessage, limits: WatchdogLimits, hooks: ProcessHooks) {
    this.pid = init.pid;
    this.#worker = worker;
    this.#hooks = hooks;
    this.exit = new Promise((resolve) => (this.#settle = resolve));
    this.ready = new Promise((resolve) => (this.#ready = resolve));
    this.answered = new Promise((resolve) => (this.#answered = resolve));
    this.#watchdog = new Watchdog(limits, (reason) => this.#stop({ code: null, signal: 'SIGKILL', reason }));
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.#receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.#emitErr(`The Worker engine could not start this process: ${event.message || 'the Worker failed to load'}\n`);
      this.#stop({ code: 1, reason: `the Worker failed to load${event.message ? `: ${event.message}` : ''}` });
    };
    worker.onmessageerror = () => this.#stop({ code: 1, reason: 'a message from the Worker could not be read' });
    this.#post(init);
  }

  #post(message: ToWorker, transfer: Transferable[] = []): void {
    if (!this.#done) this.#worker.postMessage(message, transfer);
  }

  #receive(message: FromWorker): void {
    if (this.#done) return;
    this.#watchdog.seen();
    switch (message.t) {
      case 'ready':
        this.#watchdog.started();
        this.#ready();
        break;
      case 'beat':
      case 'loaded':
        break;
      case 'batch':
        this.#answered();
        for (const item of message.items) {
          if (this.#done) return;
          if (item.t === 'fs') this.#hooks.files(item.changes);
          else {
            this.#watchdog.output(item.data.length);
            if (this.#done) return;
            if (item.fd === 1) for (const line of this.#lines.pushLines(item.data)) this.#emitOut(line);
            else this.#emitErr(this.#errText.decode(item.data, { stream: true }));
          }
        }
        break;
      case 'exit':
        this.#stop(message.reason ? { code: message.code, reason: message.reason } : { code: message.code });
        break;
      case 'fetch-result':
        this.onFetchResult?.(message);
        break;
    }
  }

  /** Set by the fetch bridge to receive `fetch-result` messages. */
  onFetchResult?: (message: Extract<FromWorker, { t: 'fetch-result' }>) => void;

  /** Sends a message to the Worker (used by the fetch bridge). */
  send(message: ToWorker, transfer: Transferable[] = []): void {
    this.#post(message, transfer);
  }

  #emitOut(line: string): void {
    this.#stdout.emit(line);
  }

  #emitErr(text: string): void {
    if (!text) return;
    this.#stderr.emit(text);
  }

  #stop(info: ExitInfo): void {
    if (this.#done) return;
    for (const line of this.#lines.endLines()) this.#emitOut(line);
    this.#emitErr(this.#errText.decode());
    this.#done = true;
    this.#answered();
    this.#watchdog.stop();
    this.#worker.terminate();
    this.#settle(info);
    this.#hooks.exited();
  }

  /** True once the process has exited. */
  get exited(): boolean {
    return this.#done;
  }

  write(line: string): void {
    if (this.#done || this.#stdinClosed) return;
    const data = this.#encoder.encode(`${line}\n`);
    this.#post({ t: 'stdin', data }, [data.buffer]);
  }

  /** Applies another process's file changes to this one. */
  applyFiles(changes: FileChanges): void {
    this.#post({ t: 'fs', changes });
  }

  onStdout(listener: (line: string) => void): () => void {
    return this.#stdout.subscribe(listener);
  }

  onStderr(listener: (text: string) => void): () => void {
    return this.#stderr.subscribe(listener);
  }

  closeStdin(): void {
    if (this.#done || this.#stdinClosed) return;
    this.#stdinClosed = true;
    this.#post({ t: 'stdin-end' });
  }

  kill(): void {
    this.#stop({ code: null, signal: 'SIGKILL', reason: 'killed by the engine' });
  }
}
