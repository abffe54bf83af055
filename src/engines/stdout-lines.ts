/**
 * Bytes in, lines out: how every engine (`node`, `worker`, `webcontainer`)
 * turns a process's stdout into the `onStdout` lines of the engine contract,
 * and reports the unterminated tail for `onStdoutPartial`. All three use this
 * one splitter, with the same settings, so the same bytes give the same lines
 * (and the same partial tails) in every engine.
 *
 * A line ends at `"\n"` (0x0A), which is removed; everything else is kept,
 * a trailing `"\r"` included (a server that writes CRLF shows it). Bytes are
 * decoded as UTF-8 in stream mode (a character cut across chunks is decoded
 * whole; invalid bytes become U+FFFD, as Node's decoder does). The stdio
 * framing rule ("Messages are delimited by newlines") is at
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 *
 * ```ts
 * const lines = stdoutLines();
 * const tail = new StdoutTail();
 * lines.pushLines(chunk);          // string[]: the lines this chunk completed
 * tail.update(lines.pendingText);  // tells onStdoutPartial listeners what is left without a "\n"
 * lines.endLines();                // string[]: the unterminated last line, at exit
 * tail.update('');
 * ```
 */
import { LineDecoder } from '../protocol/line-decoder.ts';

/** A fresh splitter for one process's stdout (see the module comment). */
export function stdoutLines(): LineDecoder {
  return new LineDecoder({ stripCarriageReturn: false });
}

/**
 * The unterminated tail of one process's stdout, for the engine contract's `onStdoutPartial`: after each
 * chunk the engine calls {@link update} with the splitter's `pendingText`; listeners hear the whole tail so
 * far while there is one, and `''` once, when it has been completed (or flushed at exit). Only the latest
 * tail is kept: a listener that subscribes late hears the current tail at once (when there is one), never
 * the history, so a long line written in many chunks costs no memory here.
 */
export class StdoutTail {
  #value = '';
  #listeners = new Set<(pending: string) => void>();

  /** The tail now (`''` when every line so far ended with `"\n"`). */
  get value(): string {
    return this.#value;
  }

  /** Records the tail after a chunk and tells the listeners; an empty tail that was already empty is not told again. */
  update(pending: string): void {
    if (pending === '' && this.#value === '') return;
    this.#value = pending;
    for (const listener of [...this.#listeners]) listener(pending);
  }

  /** Subscribes (told the current tail at once when there is one). Returns an unsubscribe function. */
  subscribe(listener: (pending: string) => void): () => void {
    this.#listeners.add(listener);
    if (this.#value !== '') listener(this.#value);
    return () => this.#listeners.delete(listener);
  }
}
