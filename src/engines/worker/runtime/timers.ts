/**
 * Node-style timers for a Worker process: `setTimeout`/`setInterval` return a
 * `Timeout` object with `ref()`, `unref()`, `hasRef()`, `refresh()` and a
 * numeric primitive value, and `setImmediate`/`clearImmediate` exist (Workers
 * lack them). Thin glue over the Worker's own timers.
 *
 * The table also counts the timers that keep a Node process alive (ref'd and
 * pending), which the bootstrap uses to decide when the "event loop" is empty
 * and the process exits by itself, as Node does.
 */

/** The Worker's own timer functions, captured before the globals are replaced. */
const native = {
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
  setInterval: globalThis.setInterval.bind(globalThis),
  clearInterval: globalThis.clearInterval.bind(globalThis),
};

/** A pending Node-style timer (what `setTimeout` returns in Node). */
export class Timeout {
  #table: TimerTable;
  /** The host's own timer handle (a number in a Worker; an object under Node). */
  #handle: unknown;
  /** The numeric id Node exposes as the Timeout's primitive value. */
  #id = 0;
  #ref = true;
  #done = false;
  /** @internal */
  constructor(
    table: TimerTable,
    readonly callback: () => void,
    readonly delayMs: number,
    readonly repeat: boolean,
  ) {
    this.#table = table;
    this.#start();
  }
  #start(): void {
    const ms = Math.max(1, Number(this.delayMs) || 0);
    const fire = () => {
      if (!this.repeat) this.#finish();
      this.#table.run(this.callback);
    };
    this.#handle = this.repeat ? native.setInterval(fire, ms) : native.setTimeout(fire, ms);
    this.#id = Number(this.#handle);
  }
  #finish(): void {
    if (this.#done) return;
    this.#done = true;
    this.#table.forget(this);
  }
  /** Cancels the timer (what `clearTimeout` does). */
  close(): this {
    if (this.repeat) native.clearInterval(this.#handle as number);
    else native.clearTimeout(this.#handle as number);
    this.#finish();
    return this;
  }
  /** Lets the process exit while this timer is pending. */
  unref(): this {
    this.#ref = false;
    this.#table.changed();
    return this;
  }
  /** Keeps the process alive while this timer is pending (the default). */
  ref(): this {
    this.#ref = true;
    return this;
  }
  /** True when the timer keeps the process alive. */
  hasRef(): boolean {
    return this.#ref;
  }
  /** True when the timer still keeps the process alive (pending and ref'd). */
  get alive(): boolean {
    return this.#ref && !this.#done;
  }
  /** Restarts the timer with its original delay. */
  refresh(): this {
    if (this.#done) return this;
    if (this.repeat) native.clearInterval(this.#handle as number);
    else native.clearTimeout(this.#handle as number);
    this.#start();
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.#id;
  }
}

/**
 * The timers of one process. `run` wraps every callback so the owner can
 * re-check liveness after it; `changed` is called when a timer stops keeping
 * the process alive.
 */
export class TimerTable {
  #live = new Set<Timeout>();
  #byId = new Map<number, Timeout>();
  #immediates = new Map<number, { callback: () => void; ref: boolean }>();
  #nextImmediate = 1;
  #channel = new MessageChannel();
  #queue: number[] = [];

  /**
   * @param run invokes a timer callback (the bootstrap routes errors to `uncaughtException`)
   * @param changed called after a timer settled or was unref'd (the bootstrap re-checks whether the process should exit)
   */
  constructor(
    readonly run: (callback: () => void) => void,
    readonly changed: () => void,
  ) {
    this.#channel.port1.onmessage = () => this.#drainImmediates();
  }

  /** Number of pending ref'd timers and immediates: what keeps the process alive. */
  get refs(): number {
    let n = 0;
    for (const t of this.#live) if (t.alive) n++;
    for (const i of this.#immediates.values()) if (i.ref) n++;
    return n;
  }

  /** @internal */
  forget(t: Timeout): void {
    this.#live.delete(t);
    this.#byId.delete(+t);
    queueMicrotask(() => this.changed());
  }

  #add(callback: unknown, ms: unknown, args: unknown[], repeat: boolean): Timeout {
    if (typeof callback !== 'function') {
      throw Object.assign(new TypeError(`The "callback" argument must be of type function. Received ${String(callback)}`), {
        code: 'ERR_INVALID_ARG_TYPE',
      });
    }
    const t = new Timeout(this, () => callback(...args), Number(ms) || 0, repeat);
    this.#live.add(t);
    this.#byId.set(+t, t);
    return t;
  }

  #clear(handle: unknown): void {
    if (handle instanceof Timeout) handle.close();
    else if (typeof handle === 'number') this.#byId.get(handle)?.close();
  }

  #drainImmediates(): void {
    const ids = this.#queue.splice(0);
    for (const id of ids) {
      const entry = this.#immediates.get(id);
      if (!entry) continue;
      this.#immediates.delete(id);
      this.run(entry.callback);
    }
    this.changed();
  }

  /** The Node-style timer functions, to install on `globalThis` and export from `node:timers`. */
  functions() {
    const self = this;
    class Immediate {
      constructor(readonly id: number) {}
      ref() {
        const e = self.#immediates.get(this.id);
        if (e) e.ref = true;
        return this;
      }
      unref() {
        const e = self.#immediates.get(this.id);
        if (e) e.ref = false;
        self.changed();
        return this;
      }
      hasRef() {
        return self.#immediates.get(this.id)?.ref ?? false;
      }
    }
    return {
      setTimeout: (callback: unknown, ms?: unknown, ...args: unknown[]) => this.#add(callback, ms, args, false),
      setInterval: (callback: unknown, ms?: unknown, ...args: unknown[]) => this.#add(callback, ms, args, true),
      clearTimeout: (handle: unknown) => this.#clear(handle),
      clearInterval: (handle: unknown) => this.#clear(handle),
      setImmediate: (callback: (...a: unknown[]) => void, ...args: unknown[]) => {
        const id = this.#nextImmediate++;
        this.#immediates.set(id, { callback: () => callback(...args), ref: true });
        this.#queue.push(id);
        if (this.#queue.length === 1) this.#channel.port2.postMessage(0);
        return new Immediate(id);
      },
      clearImmediate: (handle: unknown) => {
        if (handle instanceof Immediate) this.#immediates.delete(handle.id);
        this.changed();
      },
    };
  }
}

export { native as nativeTimers };
