/**
 * The Worker's one channel to the page for stdout and stderr bytes and
 * file-system changes, kept in program order (a file written before a reply
 * reaches the page before that reply).
 *
 * Node writes to pipes synchronously, so a program that writes and then
 * blocks (an endless loop) has still written: the first {@link IMMEDIATE}
 * writes of each task are posted at once. Past that, writes are batched (a
 * flood of small writes becomes a few large messages, which keeps the page
 * responsive) and posted at the next microtask checkpoint or every
 * {@link BATCH_BYTES}.
 *
 * It also enforces the output limit: past `limitBytes` of stdout + stderr the
 * process is stopped by `onFlood` (a tight `while (true) write()` loop never
 * yields, so the page could not stop it in time by itself).
 */
import type { FileChanges, FromWorker, OutputItem } from '../worker-messages.ts';

/** Writes per task posted one by one before batching starts. */
export const IMMEDIATE = 16;
/** Largest batch, in bytes, before it is posted anyway. */
export const BATCH_BYTES = 64 * 1024;

export class Outbox {
  #pending: OutputItem[] = [];
  #pendingBytes = 0;
  #writesThisTask = 0;
  #bytes = 0;
  #closed = false;

  /**
   * @param post sends one message to the page
   * @param limitBytes most stdout + stderr bytes this process may write (may be changed until the program starts)
   * @param onFlood called once when the limit is passed (must stop the process)
   */
  constructor(
    readonly post: (message: FromWorker) => void,
    public limitBytes: number,
    readonly onFlood: (bytes: number) => void,
  ) {}

  /** Bytes written to stdout + stderr so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Queues bytes for fd 1 (stdout) or 2 (stderr). Ignored after {@link close}. */
  write(fd: 1 | 2, data: Uint8Array): void {
    if (this.#closed || data.length === 0) return;
    this.#bytes += data.length;
    if (this.#bytes > this.limitBytes) {
      this.onFlood(this.#bytes);
      return;
    }
    this.#push({ t: 'out', fd, data }, data.length);
  }

  /** Queues file-system changes. */
  files(changes: FileChanges): void {
    if (this.#closed || changes.length === 0) return;
    this.#push({ t: 'fs', changes }, 0);
  }

  #push(item: OutputItem, bytes: number): void {
    if (this.#writesThisTask++ === 0) {
      queueMicrotask(() => {
        this.#writesThisTask = 0;
        this.flush();
      });
    }
    if (this.#writesThisTask <= IMMEDIATE && this.#pending.length === 0) {
      this.post({ t: 'batch', items: [item] });
      return;
    }
    this.#pending.push(item);
    this.#pendingBytes += bytes;
    if (this.#pendingBytes >= BATCH_BYTES) this.flush();
  }

  /** Posts everything queued now. */
  flush(): void {
    if (this.#pending.length === 0) return;
    const items = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.post({ t: 'batch', items });
  }

  /** Flushes and stops accepting output (after exit). */
  close(): void {
    this.flush();
    this.#closed = true;
  }
}
