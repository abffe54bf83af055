/**
 * stdio framing: chunks of bytes or text in, complete lines out.
 *
 * stdio rule (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio): "Messages are delimited by newlines, and MUST
 * NOT contain embedded newlines"; messages are UTF-8. Chunks may split a line,
 * hold several lines, or split a multi-byte UTF-8 character; the decoder copes
 * with all three. Each line is also parsed (see {@link parseMessageLine}) so a
 * line that is not a JSON-RPC message is flagged as a framing violation with
 * its raw text.
 *
 * Uses only the global `TextDecoder` (present in browsers, Workers and Node).
 */
import { parseMessageLine, type ParsedLine } from './parse-message.ts';

/** Options for {@link LineDecoder}. */
export interface LineDecoderOptions {
  /** Drop a trailing `"\r"` from each line (CRLF framing). Default `true`. */
  stripCarriageReturn?: boolean;
  /**
   * Longest line kept, in UTF-16 code units (roughly characters). A longer line
   * is cut to this length and flagged. Default 16 MiB worth of characters.
   */
  maxLineLength?: number;
}

/** One decoded line. `parsed` says whether it is a JSON-RPC message or a framing violation. */
export interface DecodedLine {
  /** The line without its `"\n"` (and without `"\r"` unless `stripCarriageReturn` is false). */
  text: string;
  parsed: ParsedLine;
}

/**
 * Splits a stream into lines.
 *
 * ```ts
 * const d = new LineDecoder();
 * d.push(bytes1); // -> DecodedLine[] (complete lines only)
 * d.push('text');  // strings work too
 * d.end();         // -> the last line if it had no "\n"
 * ```
 * Throws nothing: bad UTF-8 becomes U+FFFD, bad JSON becomes a flagged line.
 */
export class LineDecoder {
  #buffer = '';
  #utf8 = new TextDecoder('utf-8');
  #strip: boolean;
  #max: number;
  #overflowed = false;
  #cut = new Set<string>();

  constructor(options: LineDecoderOptions = {}) {
    this.#strip = options.stripCarriageReturn ?? true;
    this.#max = options.maxLineLength ?? 16 * 1024 * 1024;
  }

  /** Feeds a chunk (UTF-8 bytes or already-decoded text); returns the lines it completed, in order, each parsed. */
  push(chunk: Uint8Array | string): DecodedLine[] {
    return this.#take(this.#decode(chunk)).map((text) => this.#parse(text));
  }

  /** Ends the stream; returns the final unterminated line, if any (flagged like any other). */
  end(): DecodedLine[] {
    return this.#endTake().map((text) => this.#parse(text));
  }

  /** Like {@link push}, without parsing: just the completed lines' text (for engines that only split). */
  pushLines(chunk: Uint8Array | string): string[] {
    const lines = this.#take(this.#decode(chunk));
    this.#cut.clear();
    return lines;
  }

  /** Like {@link end}, without parsing. */
  endLines(): string[] {
    const lines = this.#endTake();
    this.#cut.clear();
    return lines;
  }

  /** Characters held while waiting for a newline. */
  get pending(): number {
    return this.#buffer.length;
  }

  /**
   * The text held while waiting for a newline (`''` when none): the start of a line the stream has not
   * finished, exactly as received so far (a `"\r"` included; cut at `maxLineLength`). A UTF-8 character
   * whose bytes are still incomplete is not part of it yet.
   */
  get pendingText(): string {
    return this.#buffer;
  }

  #decode(chunk: Uint8Array | string): string {
    return typeof chunk === 'string' ? chunk : this.#utf8.decode(chunk, { stream: true });
  }

  #endTake(): string[] {
    const out = this.#take(this.#utf8.decode());
    if (this.#buffer !== '' || this.#overflowed) out.push(this.#finish());
    return out;
  }

  #take(text: string): string[] {
    const out: string[] = [];
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl === -1) break;
      this.#append(text.slice(start, nl));
      out.push(this.#finish());
      start = nl + 1;
    }
    this.#append(text.slice(start));
    return out;
  }

  #append(part: string): void {
    if (this.#overflowed) return;
    if (this.#buffer.length + part.length > this.#max) {
      this.#buffer = (this.#buffer + part).slice(0, this.#max);
      this.#overflowed = true;
    } else {
      this.#buffer += part;
    }
  }

  /** Takes the buffered line; remembers whether it was cut. */
  #finish(): string {
    const raw = this.#buffer;
    const text = this.#strip && raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (this.#overflowed) this.#cut.add(text);
    this.#buffer = '';
    this.#overflowed = false;
    return text;
  }

  #parse(text: string): DecodedLine {
    if (this.#cut.delete(text)) {
      return { text, parsed: { ok: false, raw: text, violation: `line longer than ${this.#max} characters (cut)` } };
    }
    return { text, parsed: parseMessageLine(text) };
  }
}
