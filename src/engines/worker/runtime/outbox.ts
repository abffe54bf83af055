/**
 * The Worker's one channel to the page for stdout and stderr bytes and
 * file-system changes, kept in program order (a file written before a reply
 * reaches the page before that reply).
 *
 * Node writes to pipes synchronously, so a program that writes and then
 * blocks (an endless loop) has still written: the first {@link IMMEDIATE}
 * writes of each task are posted at once. Past that, writes are batched and
 * posted at the next microtask checkpoint or every {@link BATCH_BYTES}. In a
 * batch, consecutive writes to the same stream are joined into one buffer
 * (one run), whose memory is transferred to the page rather than copied: a
 * flood of 20,000 `console.log` calls reaches the page as a few messages of
 * a few buffers each, not as 20,000 small objects the page would have to
 * deserialize and decode one by one. A stderr run keeps the size of each
 * write (`sizes`), so the page can still pass stderr on write by write.
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

/** Consecutive writes to one stream, waiting to be joined into one buffer. */
interface Run {
  fd: 1 | 2;
  parts: Uint8Array[];
  bytes: number;
}

export class Outbox {
  /** The batch being gathered, in program order: runs of writes and file changes. */
  #pending: Array<Run | { t: 'fs'; changes: FileChanges }> = [];
  #pendingBytes = 0;
  #writesThisTask = 0;
  #bytes = 0;
  #closed = false;

  /**
   * @param post sends one message to the page (with the buffers to transfer)
   * @param limitBytes most stdout + stderr bytes this process may write (may be changed until the program starts)
   * @param onFlood called once when the limit is passed (must stop the process)
   */
  constructor(
    readonly post: (message: FromWorker, transfer?: Transferable[]) => void,
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
    if (this.#immediate()) {
      this.post({ t: 'batch', items: [{ t: 'out', fd, data }] });
      return;
    }
    const last = this.#pending[this.#pending.length - 1];
    if (last && 'fd' in last && last.fd === fd) {
      last.parts.push(data);
      last.bytes += data.length;
    } else this.#pending.push({ fd, parts: [data], bytes: data.length });
    this.#pendingBytes += data.length;
    if (this.#pendingBytes >= BATCH_BYTES) this.flush();
  }

  /** Queues file-system changes. */
  files(changes: FileChanges): void {
    if (this.#closed || changes.length === 0) return;
    if (this.#immediate()) {
      this.post({ t: 'batch', items: [{ t: 'fs', changes }] });
      return;
    }
    this.#pending.push({ t: 'fs', changes });
  }

  /** Counts a write of this task; true when it may be posted on its own at once (see {@link IMMEDIATE}). */
  #immediate(): boolean {
    if (this.#writesThisTask++ === 0) {
      queueMicrotask(() => {
        this.#writesThisTask = 0;
        this.flush();
      });
    }
    return this.#writesThisTask <= IMMEDIATE && this.#pending.length === 0;
  }

  /** Posts everything queued now: each run joined into one buffer, transferred. */
  flush(): void {
    if (this.#pending.length === 0) return;
    const items: OutputItem[] = [];
    const transfer: ArrayBuffer[] = [];
    for (const entry of this.#pending) {
      if (!('fd' in entry)) {
        items.push(entry);
        continue;
      }
      const data = new Uint8Array(entry.bytes);
      let at = 0;
      for (const part of entry.parts) {
        data.set(part, at);
        at += part.length;
      }
      transfer.push(data.buffer);
      items.push(entry.fd === 2 && entry.parts.length > 1 ? { t: 'out', fd: 2, data, sizes: entry.parts.map((p) => p.length) } : { t: 'out', fd: entry.fd, data });
    }
    this.#pending = [];
    this.#pendingBytes = 0;
    this.post({ t: 'batch', items }, transfer);
  }

  /** Flushes and stops accepting output (after exit). */
  close(): void {
    this.flush();
    this.#closed = true;
  }
}
