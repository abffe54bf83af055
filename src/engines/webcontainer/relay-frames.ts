/**
 * The relay's frame format (see `relay.mjs`), for the page's side: encode
 * input frames, decode output frames from the terminal text WebContainer
 * gives (stdout and stderr merged, the terminal's echo of our input mixed in,
 * `"\n"` turned into `"\r\n"`). Pure; used by the WebContainer engine and by
 * the relay's tests.
 */

/** One decoded output frame. */
export type RelayFrame =
  | { kind: 'stdout'; bytes: Uint8Array }
  | { kind: 'stderr'; bytes: Uint8Array }
  | { kind: 'exit'; code: number | null; signal?: string }
  | { kind: 'ready'; mode: 'raw' | 'cooked' };

/** Longest base64 text put in one input frame (characters); longer input is split into several frames. A terminal in cooked mode keeps at most 4095 bytes per line. */
export const MAX_INPUT_FRAME = 3000;

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The input frames that carry `bytes` to the server's stdin, each ending in `"\n"`. */
export function inputFrames(bytes: Uint8Array): string[] {
  const frames: string[] = [];
  const step = (MAX_INPUT_FRAME / 4) * 3;
  for (let at = 0; at < bytes.length; at += step) frames.push(`I ${toBase64(bytes.subarray(at, at + step))}\n`);
  return frames;
}

/** The frame that closes the server's stdin. */
export const CLOSE_FRAME = 'C\n';
/** The frame that kills the server. */
export const KILL_FRAME = 'K\n';

/**
 * Decodes the relay's terminal output, chunk by chunk. Lines that are not
 * output frames (echoed input frames, blank lines, terminal noise) are
 * dropped; they are counted in `ignored` for diagnostics.
 *
 * A terminal in cooked mode echoes our input frames, and the echo may land
 * in the middle of an output frame. So every input frame written is
 * announced with {@link expectEcho}, and its echo (`"\n"` as `"\r\n"`) is
 * cut out of the stream wherever it appears, until the relay says the
 * terminal is in raw mode (then nothing more is echoed).
 */
export class RelayDecoder {
  #buffer = '';
  #echoes: string[] = [];
  #raw = false;
  /** Number of lines dropped because they were not output frames. */
  ignored = 0;

  /** Announces an input frame just written (its echo will be removed). */
  expectEcho(frame: string): void {
    if (!this.#raw) this.#echoes.push(frame.replace(/\n/g, '\r\n'));
  }

  #cutEchoes(): void {
    while (this.#echoes.length) {
      const at = this.#buffer.indexOf(this.#echoes[0]);
      if (at === -1) return;
      this.#buffer = this.#buffer.slice(0, at) + this.#buffer.slice(at + this.#echoes[0].length);
      this.#echoes.shift();
    }
  }

  /** Feeds terminal text; returns the frames it completed, in order. */
  push(text: string): RelayFrame[] {
    this.#buffer += text;
    this.#cutEchoes();
    const lines = this.#buffer.split('\n');
    this.#buffer = lines.pop() ?? '';
    const frames: RelayFrame[] = [];
    for (const raw of lines) {
      const frame = decodeLine(raw.replace(/\r+$/, '').replace(/^\r+/, ''));
      if (frame?.kind === 'ready' && frame.mode === 'raw') {
        this.#raw = true;
        this.#echoes = [];
      }
      if (frame) frames.push(frame);
      else if (raw.trim() !== '') this.ignored++;
    }
    return frames;
  }
}

function decodeLine(line: string): RelayFrame | undefined {
  let m = /^([OE]) ([A-Za-z0-9+/]*={0,2})$/.exec(line);
  if (m) return { kind: m[1] === 'O' ? 'stdout' : 'stderr', bytes: fromBase64(m[2]) };
  m = /^X (-?\d+|null) (\S+)$/.exec(line);
  if (m) {
    const code = m[1] === 'null' ? null : Number(m[1]);
    return m[2] === '-' ? { kind: 'exit', code } : { kind: 'exit', code, signal: m[2] };
  }
  m = /^R (raw|cooked)$/.exec(line);
  if (m) return { kind: 'ready', mode: m[1] as 'raw' | 'cooked' };
  return undefined;
}
