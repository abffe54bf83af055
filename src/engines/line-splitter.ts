/**
 * Bytes in, lines out: how an engine turns a process's stdout into the
 * `onStdout` lines of the engine contract. A line ends at `"\n"` (0x0A); the
 * `"\n"` is removed and everything else is kept, a trailing `"\r"` included.
 * Each line's bytes are decoded as UTF-8 (invalid bytes become U+FFFD, as
 * Node's and the WHATWG decoders do). Splitting happens on bytes, so a
 * character cut across chunks is decoded whole.
 */
export class LineSplitter {
  #pending: Uint8Array[] = [];
  #decoder = new TextDecoder('utf-8');

  /** Feeds a chunk; returns the lines it completed, in order. */
  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, i);
      if (this.#pending.length) {
        this.#pending.push(part);
        lines.push(this.#decoder.decode(concat(this.#pending)));
        this.#pending = [];
      } else lines.push(this.#decoder.decode(part));
      start = i + 1;
    }
    if (start < chunk.length) this.#pending.push(chunk.slice(start));
    return lines;
  }

  /** The unterminated last line, if any (at exit); clears it. */
  end(): string | undefined {
    if (!this.#pending.length) return undefined;
    const text = this.#decoder.decode(concat(this.#pending));
    this.#pending = [];
    return text;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
