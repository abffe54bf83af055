/**
 * `process.stdin`, `process.stdout` and `process.stderr` of a Worker process,
 * built from readable-stream (the Node streams polyfill):
 * - stdin is a Readable of Buffers: the page pushes each chunk it was given
 *   and `null` at end of input, so `'data'`, `'end'`, `setEncoding`, `pipe`,
 *   async iteration and `readline` all work as with a pipe in Node.
 * - stdout and stderr are Writables whose bytes go to the {@link Outbox}
 *   (strings are encoded as UTF-8, as Node does); `write(chunk, cb)` calls back
 *   once the bytes are queued.
 */
import { Readable, Writable } from 'readable-stream';
import { Buffer } from 'buffer';
import type { Outbox } from './outbox.ts';

/** The three stdio streams, with the few TTY-related fields Node code reads. */
export interface Stdio {
  stdin: Readable & { fd: 0; isTTY: false };
  stdout: Writable & { fd: 1; isTTY: false };
  stderr: Writable & { fd: 2; isTTY: false };
  /** Feeds stdin; `null` ends it. */
  feed(data: Uint8Array | null): void;
  /** True while something reads stdin (it keeps a Node process alive). */
  readonly reading: boolean;
}

/** Builds the stdio streams writing to `outbox`. */
export function createStdio(outbox: Outbox): Stdio {
  let ended = false;
  const stdin = Object.assign(new Readable({ read() {} }), { fd: 0 as const, isTTY: false as const });
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
      if (ended) return;
      if (data === null) {
        ended = true;
        stdin.push(null);
      } else stdin.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    },
    get reading() {
      if (ended || stdin.destroyed) return false;
      return stdin.readableFlowing === true || stdin.listenerCount('readable') > 0;
    },
  };
}
