/**
 * Bytes in, lines out: how every engine (`node`, `worker`, `webcontainer`)
 * turns a process's stdout into the `onStdout` lines of the engine contract.
 * All three use this one splitter, with the same settings, so the same bytes
 * give the same lines in every engine.
 *
 * A line ends at `"\n"` (0x0A), which is removed; everything else is kept,
 * a trailing `"\r"` included (a server that writes CRLF shows it). Bytes are
 * decoded as UTF-8 in stream mode (a character cut across chunks is decoded
 * whole; invalid bytes become U+FFFD, as Node's decoder does). The stdio
 * framing rule is at
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#stdio
 *
 * ```ts
 * const lines = stdoutLines();
 * lines.pushLines(chunk);   // string[]: the lines this chunk completed
 * lines.endLines();         // string[]: the unterminated last line, at exit
 * ```
 */
import { LineDecoder } from '../protocol/line-decoder.ts';

/** A fresh splitter for one process's stdout (see the module comment). */
export function stdoutLines(): LineDecoder {
  return new LineDecoder({ stripCarriageReturn: false });
}
