/**
 * `process.stdin`, `process.stdout` and `process.stderr` of a Worker process,
 * built from readable-stream (the Node streams polyfill):
 * - stdin is a Readable of Buffers: the page pushes each chunk it was given
 *   and `null` at end of input, so `'data'`, `'end'`, `setEncoding`, `pipe`,
 *   async iteration and `readline` all work as with a pipe in Node. Whether
 *   it keeps the process alive follows Node's pipe handle: it is being read
 *   from the moment the stream first asks for data (a `'data'` listener,
 *   `resume()`, readline, `read()`) until the end of input; `pause()` stops
 *   the reading one tick later unless the stream asks for more meanwhile,
 *   which it does (up to its high-water mark, 64 KiB as in Node) right after
 *   a chunk arrived. So,
 *   as in Node, pausing before any input lets the process exit, and pausing in
 *   a `'data'` or `'line'` handler does not. `unref()` lets it exit anyway.
 * - stdout and stderr are Writables whose bytes go to the {@link Outbox}
 *   (strings are encoded as UTF-8, as Node does); `write(chunk, cb)` calls back
 *   once the bytes are queued.
 */
import { Readable, Writable } from 'readable-stream';
import { Buffer } from 'buffer';
import type { Outbox } from './outbox.ts';
import { nodeProcess } from './process-core.ts';

/** The three stdio streams, with the few TTY-related fields Node code reads. */
export interface Stdio {
  stdin: Readable & { fd: 0; isTTY: false; ref(): unknown; unref(): unknown };
  stdout: Writable & { fd: 1; isTTY: false };
  stderr: Writable & { fd: 2; isTTY: false };
  /** Feeds stdin from an I/O callback of the event loop; `null` ends it. */
  feed(data: Uint8Array | null): void;
  /** True while stdin is being read, as Node's pipe handle is (it keeps the process alive). */
  readonly reading: boolean;
}

/**
 * Builds the stdio streams writing to `outbox`. `io` delivers a chunk the
 * way the event loop delivers I/O (a poll-phase callback of its own): input
 * that arrived before the stream asked for it waits, as in a pipe, and is
 * read once it does. `changed` tells the event loop that stdin may have
 * stopped keeping the process alive (`unref()`).
 */
export function createStdio(outbox: Outbox, io: (callback: () => void, ref: boolean) => void, changed: () => void): Stdio {
  /** What the page sent that the stream has not read yet (`null`: the end of input). */
  const pipe: Array<Uint8Array | null> = [];
  let ended = false;
  /** Node's `stdin._handle.reading`: the stream asked for data and was not paused since. */
  let handleReading = false;
  let ref = true;
  let delivering = false;
  /** Pushes one chunk (or the end) into the stream; false when the stream wants no more for now. */
  const push = (data: Uint8Array | null): void => {
    if (data === null) {
      ended = true;
      stdin.push(null);
    } else if (!stdin.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength))) {
      // The buffer is full (nobody reads): Node stops reading the pipe until the stream asks again.
      handleReading = false;
    }
  };
  /**
   * Reads what waits in the pipe, one chunk per I/O callback, while the stream reads (once unref'd, only
   * while something else keeps the process alive: Node does not poll for the input of an unref'd stdin).
   */
  const deliver = (): void => {
    if (delivering || pipe.length === 0) return;
    delivering = true;
    io(() => {
      delivering = false;
      if (!handleReading || pipe.length === 0) return;
      push(pipe.shift()!);
      deliver();
    }, ref);
  };
  const stdin = Object.assign(
    new Readable({
      // Node's stdin pipe: it reads ahead up to 64 KiB while paused (the polyfill's default is 16 KiB).
      highWaterMark: 64 * 1024,
      read() {
        handleReading = true;
        deliver();
      },
    }),
    {
      fd: 0 as const,
      isTTY: false as const,
      ref() {
        ref = true;
        return stdin;
      },
      unref() {
        ref = false;
        changed();
        return stdin;
      },
    },
  );
  // As Node's stdin: once paused, stop reading a tick later, unless the stream flows again by then.
  stdin.on('pause', () =>
    nodeProcess.nextTick(() => {
      if (!stdin.readableFlowing) handleReading = false;
    }),
  );
  const writer = <F extends 1 | 2>(fd: F) =>
    Object.assign(
      new Writable({
        decodeStrings: true,
        write(chunk: Buffer, _encoding: string, callback: (error?: Error | null) => void) {
          outbox.write(fd, chunk);
          callback();
        },
      }),
      { fd, isTTY: false as const, _type: 'pipe', _isStdio: true },
    );
  const stdout = writer(1);
  const stderr = writer(2);
  // Node's stdout/stderr cannot be closed by the program; end() is a no-op there.
  for (const s of [stdout, stderr]) (s as unknown as { destroySoon: () => void }).destroySoon = () => {};
  return {
    stdin,
    stdout,
    stderr,
    feed(data) {
      if (ended || pipe.at(-1) === null) return;
      if (handleReading && ref && pipe.length === 0) push(data);
      else {
        pipe.push(data);
        if (handleReading) deliver();
      }
    },
    get reading() {
      return handleReading && ref && !ended && !stdin.destroyed;
    },
  };
}
