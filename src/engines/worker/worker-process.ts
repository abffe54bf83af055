/**
 * One toy-server process of the Worker engine, as the page sees it: the
 * {@link EngineProcess} of the engine contract over one module Worker.
 *
 * stdout arrives as bytes and is split into lines (`../stdout-lines.ts`, the splitter every engine shares);
 * stderr is decoded as UTF-8 and passed on write by write. The exit settles once:
 * with the process's own code (`process.exit`, an uncaught error -> 1, an
 * empty event loop -> `process.exitCode ?? 0`), or `{ code: null, signal,
 * reason }` when the engine stopped it (kill, watchdog, a Worker that failed
 * to load). A partial last stdout line (no `"\n"`) is delivered at exit; while
 * it is pending, `onStdoutPartial` listeners get it after each write (in order
 * with the lines), and `''` once it is completed.
 *
 * A flood never blocks the page: what the Worker sends is queued in order
 * (lines, stderr writes, file changes, the exit) and handed to the listeners
 * in slices of at most {@link SLICE_MS} ms, the page's event loop running
 * between slices (input, rendering, other processes). While nothing is
 * queued, a message is handled at once, so a reply costs no extra wait. The
 * exit settles after every line the process wrote before it; a {@link kill}
 * drops what was still queued, as closing a pipe does.
 */
import type { EngineProcess, ExitInfo } from '../types.ts';
import { failure } from '../../protocol/failure.ts';
import { StdoutTail, stdoutLines } from '../stdout-lines.ts';
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

/** The longest the page spends handing queued output to listeners in one task, in ms (see the module comment). */
export const SLICE_MS = 8;

/** Queued work, in the order the Worker sent it: a stdout line, or anything else (a stderr write, file changes, the exit). */
type Unit = string | (() => void);

/** Runs `run` in a new task of the page's event loop (after input and rendering that are due). */
function nextTask(run: () => void): void {
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  } else setTimeout(run, 0);
}

/** True when every byte is ASCII (then each byte decodes to one UTF-16 unit). */
function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

export class WorkerProcess implements EngineProcess {
  readonly pid: number;
  readonly exit: Promise<ExitInfo>;
  /** When `spawn` was called (`performance.now()`, ms). */
  readonly startedAt = performance.now();
  #worker: Worker;
  #hooks: ProcessHooks;
  #watchdog: Watchdog;
  /** Output that arrived before the first listener subscribed (delivered to it), as the Node engine does. */
  #stdout = new HeldChannel<string>();
  #stderr = new HeldChannel<string>();
  #lines = stdoutLines();
  /** The unterminated stdout tail as handed on, and as last queued (see {@link onStdoutPartial}). */
  #tail = new StdoutTail();
  #queuedTail = '';
  #errText = new TextDecoder('utf-8');
  /** True when the stderr decoder holds no partial character (the last byte it took was ASCII). */
  #errClean = true;
  #encoder = new TextEncoder();
  /** Output and events received but not yet handed on, from `#head` on (see the module comment). */
  #queue: Unit[] = [];
  #head = 0;
  #draining = false;
  #scheduled = false;
  #done = false;
  #exitInfo: ExitInfo | undefined;
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
    this.#watchdog = new Watchdog(limits, (reason, why) => this.#stop({ code: null, signal: 'SIGKILL', reason, why }));
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.#receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const why = event.message || 'the Worker failed to load';
      this.#queue.push(() => this.#emitErr(`The Worker engine could not start this process: ${why}\n`));
      this.#stop({ code: 1, reason: `the Worker failed to load${event.message ? `: ${event.message}` : ''}`, why: failure('worker-load', { detail: event.message ?? '' }) });
    };
    worker.onmessageerror = () => this.#stop({ code: 1, reason: 'a message from the Worker could not be read', why: failure('worker-message') });
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
        this.#ready();
        return;
      case 'running':
        this.#watchdog.started();
        return;
      case 'beat':
      case 'loaded':
        return;
      case 'batch':
        this.#answered();
        for (const item of message.items) {
          if (item.t === 'fs') {
            const changes = item.changes;
            this.#queue.push(() => this.#hooks.files(changes));
            continue;
          }
          this.#watchdog.output(item.data.length);
          if (this.#done) break; // past the output limit: the watchdog stopped the process
          if (item.fd === 1) {
            for (const line of this.#lines.pushLines(item.data)) this.#queue.push(line);
            const pending = this.#lines.pendingText;
            if (pending !== '' || this.#queuedTail !== '') {
              this.#queuedTail = pending;
              this.#queue.push(() => this.#tail.update(pending));
            }
          } else for (const text of this.#stderrWrites(item.data, item.sizes)) this.#queue.push(() => this.#emitErr(text));
        }
        break;
      case 'exit':
        this.#stop(message.reason ? { code: message.code, reason: message.reason, ...(message.why ? { why: message.why } : {}) } : { code: message.code });
        return;
      case 'fetch-result':
        this.#queue.push(() => this.onFetchResult?.(message));
        break;
      case 'fetch-chunk':
        this.#queue.push(() => this.onFetchChunk?.(message));
        break;
    }
    this.#drain();
  }

  /** Decodes stderr bytes (one write, or joined writes of `sizes` bytes each) into one text per write. */
  #stderrWrites(data: Uint8Array, sizes: number[] | undefined): string[] {
    if (!sizes) {
      const text = this.#errText.decode(data, { stream: true });
      this.#errClean = data.length === 0 ? this.#errClean : data[data.length - 1]! < 0x80;
      return [text];
    }
    const out: string[] = [];
    let at = 0;
    if (this.#errClean && isAscii(data)) {
      // One decode for the whole run; each write is then a slice of it.
      const all = this.#errText.decode(data, { stream: true });
      for (const n of sizes) out.push(all.slice(at, (at += n)));
      return out;
    }
    for (const n of sizes) out.push(this.#errText.decode(data.subarray(at, (at += n)), { stream: true }));
    this.#errClean = data.length === 0 ? this.#errClean : data[data.length - 1]! < 0x80;
    return out;
  }

  /**
   * Hands queued units on, in order, for at most {@link SLICE_MS} ms; what is
   * left waits for the next task. A listener may call back into the process
   * (kill it): the loop reads the queue afresh after every unit.
   */
  #drain(): void {
    if (this.#draining) return;
    this.#draining = true;
    const deadline = performance.now() + SLICE_MS;
    try {
      let n = 0;
      while (this.#head < this.#queue.length) {
        const unit = this.#queue[this.#head++]!;
        if (typeof unit === 'string') this.#stdout.emit(unit);
        else unit();
        if ((++n & 7) === 0 && performance.now() >= deadline) break;
      }
    } finally {
      this.#draining = false;
    }
    if (this.#head >= this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (!this.#scheduled) {
      this.#scheduled = true;
      nextTask(() => {
        this.#scheduled = false;
        this.#drain();
      });
    }
  }

  /** Set by the fetch bridge to receive `fetch-result` messages. */
  onFetchResult?: (message: Extract<FromWorker, { t: 'fetch-result' }>) => void;
  /** Set by the fetch bridge to receive `fetch-chunk` messages (bodies of browsers without transferable streams). */
  onFetchChunk?: (message: Extract<FromWorker, { t: 'fetch-chunk' }>) => void;

  /** Sends a message to the Worker (used by the fetch bridge). */
  send(message: ToWorker, transfer: Transferable[] = []): void {
    this.#post(message, transfer);
  }

  #emitErr(text: string): void {
    if (!text) return;
    this.#stderr.emit(text);
  }

  /**
   * Stops the Worker at once; the exit settles once everything queued before
   * it has been handed on (`drop`: what is queued is discarded instead).
   */
  #stop(info: ExitInfo, drop = false): void {
    if (this.#done) return;
    this.#done = true;
    this.#exitInfo = info;
    this.#answered();
    this.#watchdog.stop();
    this.#worker.terminate();
    this.#hooks.exited();
    const finish = () => {
      for (const line of this.#lines.endLines()) this.#stdout.emit(line);
      this.#tail.update('');
      this.#emitErr(this.#errText.decode());
      this.#settle(info);
    };
    if (drop) {
      this.#queue = [finish];
      this.#head = 0;
    } else this.#queue.push(finish);
    this.#drain();
  }

  /** True once the process has exited. */
  get exited(): boolean {
    return this.#done;
  }

  /** How the process ended (as {@link exit} will settle), from the moment it is stopped; undefined while it runs. */
  get exitInfo(): ExitInfo | undefined {
    return this.#exitInfo;
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

  onStdoutPartial(listener: (pending: string) => void): () => void {
    return this.#tail.subscribe(listener);
  }

  onStderr(listener: (text: string) => void): () => void {
    return this.#stderr.subscribe(listener);
  }

  closeStdin(): void {
    if (this.#done || this.#stdinClosed) return;
    this.#stdinClosed = true;
    this.#post({ t: 'stdin-end' });
  }

  /** Stops the process at once; output it wrote that the page has not handed on yet is dropped. */
  kill(): void {
    this.#stop({ code: null, signal: 'SIGKILL', reason: 'killed by the engine', why: failure('engine-kill') }, true);
  }
}
