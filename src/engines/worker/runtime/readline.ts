/**
 * `node:readline` for a Worker process: `createInterface({ input, output })`
 * with the `'line'` and `'close'` events, `close()`, `pause()`/`resume()`,
 * `question()`, `setPrompt()`/`prompt()`, `write()` and async iteration over
 * lines. Lines end at `\n`, `\r\n` or `\r`, as in Node's readline; input bytes
 * are decoded as UTF-8 across chunk boundaries. Glue on the `events` polyfill;
 * terminal features (history, cursor keys) are not emulated because stdin is
 * never a TTY here.
 */
import { EventEmitter } from 'events';

interface Input extends EventEmitter {
  resume?: () => unknown;
  pause?: () => unknown;
}
interface Output {
  write(text: string): unknown;
}

/** Options of {@link createInterface}; `input` is required. */
export interface InterfaceOptions {
  input: Input;
  output?: Output;
  prompt?: string;
  terminal?: boolean;
  crlfDelay?: number;
}

/** Node's `readline.Interface`. */
export class Interface extends EventEmitter {
  readonly input: Input;
  readonly output: Output | undefined;
  terminal = false;
  line = '';
  closed = false;
  #prompt: string;
  #buffer = '';
  #sawCr = false;
  #decoder = new TextDecoder('utf-8');
  #questions: Array<(answer: string) => void> = [];
  #paused = false;
  #onData = (chunk: unknown) => this.#push(chunk);
  #onEnd = () => {
    const tail = this.#decoder.decode();
    if (tail) this.#buffer += tail;
    if (this.#buffer.length > 0) {
      const last = this.#buffer;
      this.#buffer = '';
      this.#emitLine(last);
    }
    this.close();
  };

  constructor(input: Input | InterfaceOptions, output?: Output) {
    super();
    const options: InterfaceOptions = 'input' in (input as InterfaceOptions) ? (input as InterfaceOptions) : { input: input as Input, output };
    this.input = options.input;
    this.output = options.output;
    this.#prompt = options.prompt ?? '> ';
    this.input.on('data', this.#onData);
    this.input.on('end', this.#onEnd);
    this.input.resume?.();
  }

  #push(chunk: unknown): void {
    const text =
      typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk as Uint8Array, { stream: true });
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) {
        if (c === 10 && this.#sawCr && i === start && this.#buffer === '') {
          this.#sawCr = false;
          start = i + 1;
          continue;
        }
        const line = this.#buffer + text.slice(start, i);
        this.#buffer = '';
        this.#sawCr = c === 13;
        start = i + 1;
        this.#emitLine(line);
        if (this.closed) return;
      } else this.#sawCr = false;
    }
    this.#buffer += text.slice(start);
  }

  #emitLine(line: string): void {
    const ask = this.#questions.shift();
    if (ask) ask(line);
    else this.emit('line', line);
  }

  /** Stops reading input and emits `'close'` once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.#onData);
    this.input.off('end', this.#onEnd);
    this.input.pause?.();
    this.emit('close');
  }
  pause(): this {
    if (!this.#paused) {
      this.#paused = true;
      this.input.pause?.();
      this.emit('pause');
    }
    return this;
  }
  resume(): this {
    if (this.#paused) {
      this.#paused = false;
      this.input.resume?.();
      this.emit('resume');
    }
    return this;
  }
  setPrompt(prompt: string): void {
    this.#prompt = prompt;
  }
  getPrompt(): string {
    return this.#prompt;
  }
  prompt(): void {
    this.output?.write(this.#prompt);
  }
  write(data: string): void {
    this.#push(data);
  }
  /** Writes `query` to output and calls back with the next line. */
  question(query: string, callback: (answer: string) => void): void;
  question(query: string, options: object, callback: (answer: string) => void): void;
  question(query: string, a: unknown, b?: unknown): void {
    const callback = (typeof a === 'function' ? a : b) as (answer: string) => void;
    this.output?.write(query);
    this.#questions.push(callback);
  }
  /** Async iteration over lines until `'close'`. */
  [Symbol.asyncIterator](): AsyncIterableIterator<string> {
    const lines: string[] = [];
    const waiting: Array<(r: IteratorResult<string>) => void> = [];
    let done = this.closed;
    this.on('line', (line: string) => {
      const w = waiting.shift();
      if (w) w({ value: line, done: false });
      else lines.push(line);
    });
    this.on('close', () => {
      done = true;
      for (const w of waiting.splice(0)) w({ value: undefined, done: true });
    });
    const iterator: AsyncIterableIterator<string> = {
      next: () => {
        if (lines.length) return Promise.resolve({ value: lines.shift()!, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => waiting.push(resolve));
      },
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}

/** Node's `readline.createInterface(options)` or `createInterface(input, output)`. */
export function createInterface(input: Input | InterfaceOptions, output?: Output): Interface {
  return new Interface(input, output);
}

/** Node's `readline.emitKeypressEvents` (no-op: stdin is not a TTY here). */
export function emitKeypressEvents(): void {}
/** Node's `readline.clearLine`/`cursorTo`/`moveCursor` (no-ops; call back if asked). */
export function clearLine(_s: unknown, _d?: unknown, cb?: () => void): boolean {
  cb?.();
  return true;
}
export const cursorTo = clearLine;
export const moveCursor = clearLine;
export const clearScreenDown = clearLine;
