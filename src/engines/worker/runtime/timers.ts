/**
 * Node-style timers for a Worker process: `setTimeout`/`setInterval` return a
 * `Timeout` object with `ref()`, `unref()`, `hasRef()`, `refresh()` and a
 * numeric primitive value, and `setImmediate`/`clearImmediate` exist (Workers
 * lack them).
 *
 * The table only holds what is pending; the event loop (`event-loop.ts`)
 * decides when it runs: it takes the timers due at the start of its timers
 * phase ({@link TimerTable.expired}) and the immediates queued before its
 * check phase ({@link TimerTable.takeImmediates}), and asks how many of them
 * keep the process alive ({@link TimerTable.refs}), as Node does.
 */

/** The Worker's own timer functions, captured before the globals are replaced. */
const native = {
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
  setInterval: globalThis.setInterval.bind(globalThis),
  clearInterval: globalThis.clearInterval.bind(globalThis),
};

/** Node's largest delay (2^31 - 1 ms); a delay above it, below 1 or not a number becomes 1 ms, as in Node. */
const TIMEOUT_MAX = 2 ** 31 - 1;

/** A pending Node-style timer (what `setTimeout` returns in Node). */
export class Timeout {
  #table: TimerTable;
  #ref = true;
  #done = false;
  /** When it is due: the loop's time when it was set, plus the delay (ms, `performance.now()` clock). */
  due = 0;
  /** Creation order, which breaks ties between timers due at the same time. */
  readonly seq: number;
  /** The delay in ms, at least 1 (Node's `setTimeout(f, 0)` waits 1 ms too). */
  readonly delayMs: number;
  /** @internal */
  constructor(
    table: TimerTable,
    readonly callback: () => void,
    delayMs: number,
    readonly repeat: boolean,
    seq: number,
  ) {
    this.#table = table;
    this.seq = seq;
    this.delayMs = delayMs >= 1 && delayMs <= TIMEOUT_MAX ? delayMs : 1;
    this.due = table.now() + this.delayMs;
  }
  /** True while it is pending (not yet fired, for a timeout; not cleared). */
  get pending(): boolean {
    return !this.#done;
  }
  /** @internal Fires it (the event loop's timers phase). */
  fire(now: number): void {
    if (this.#done) return;
    if (this.repeat) this.due = now + this.delayMs;
    else this.#finish();
    this.callback();
  }
  #finish(): void {
    if (this.#done) return;
    this.#done = true;
    this.#table.forget(this);
  }
  /** Cancels the timer (what `clearTimeout` does). */
  close(): this {
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
    if (!this.#done) {
      this.due = this.#table.now() + this.delayMs;
      this.#table.changed();
    }
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.seq;
  }
}

/** A pending `setImmediate` (what it returns in Node). */
export class Immediate {
  #ref = true;
  #done = false;
  /** @internal */
  constructor(
    readonly callback: () => void,
    readonly changed: () => void,
  ) {}
  /** @internal Runs it (the event loop's check phase), unless it was cleared. */
  run(): void {
    if (this.#done) return;
    this.#done = true;
    this.callback();
  }
  /** @internal What `clearImmediate` does. */
  clear(): void {
    this.#done = true;
    this.changed();
  }
  get alive(): boolean {
    return this.#ref && !this.#done;
  }
  ref(): this {
    this.#ref = true;
    return this;
  }
  unref(): this {
    this.#ref = false;
    this.changed();
    return this;
  }
  hasRef(): boolean {
    return this.#ref && !this.#done;
  }
}

/** The pending timers and immediates of one process. */
export class TimerTable {
  #live = new Map<number, Timeout>();
  #immediates: Immediate[] = [];
  #seq = 0;

  /**
   * @param changed called when a timer or immediate was added, cleared or unref'd (the event loop looks again)
   * @param now the loop's time in ms, which delays count from (`performance.now()` clock)
   */
  constructor(
    readonly changed: () => void,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Number of pending ref'd timers and immediates: what keeps the process alive. */
  get refs(): number {
    let n = 0;
    for (const t of this.#live.values()) if (t.alive) n++;
    for (const i of this.#immediates) if (i.alive) n++;
    return n;
  }

  /** The earliest due time of a pending timer (ms, `performance.now()` clock), or `Infinity`. */
  nextDue(): number {
    let due = Number.POSITIVE_INFINITY;
    for (const t of this.#live.values()) if (t.due < due) due = t.due;
    return due;
  }

  /** True when an immediate is queued (cleared ones included until the check phase takes them). */
  hasImmediates(): boolean {
    return this.#immediates.length > 0;
  }

  /** The timers due at `now`, by due time then creation, each as a callback that fires it (if still due then). */
  expired(now: number): Array<() => void> {
    const due = [...this.#live.values()].filter((t) => t.due <= now).sort((a, b) => a.due - b.due || a.seq - b.seq);
    return due.map((t) => () => {
      if (t.due <= now) t.fire(now);
    });
  }

  /** The immediates queued so far, in order, each as a callback (one queued while they run waits for the next call). */
  takeImmediates(): Array<() => void> {
    const queued = this.#immediates;
    this.#immediates = [];
    return queued.map((i) => () => i.run());
  }

  /** @internal */
  forget(t: Timeout): void {
    this.#live.delete(t.seq);
    this.changed();
  }

  #add(callback: unknown, ms: unknown, args: unknown[], repeat: boolean): Timeout {
    checkCallback(callback);
    const t = new Timeout(this, () => (callback as (...a: unknown[]) => void)(...args), Number(ms), repeat, ++this.#seq);
    this.#live.set(t.seq, t);
    this.changed();
    return t;
  }

  #clear(handle: unknown): void {
    if (handle instanceof Timeout) handle.close();
    else if (typeof handle === 'number' || typeof handle === 'string') this.#live.get(Number(handle))?.close();
  }

  /** The Node-style timer functions, to install on `globalThis` and export from `node:timers`. */
  functions() {
    return {
      setTimeout: (callback: unknown, ms?: unknown, ...args: unknown[]) => this.#add(callback, ms, args, false),
      setInterval: (callback: unknown, ms?: unknown, ...args: unknown[]) => this.#add(callback, ms, args, true),
      clearTimeout: (handle: unknown) => this.#clear(handle),
      clearInterval: (handle: unknown) => this.#clear(handle),
      setImmediate: (callback: unknown, ...args: unknown[]) => {
        checkCallback(callback);
        const immediate = new Immediate(() => (callback as (...a: unknown[]) => void)(...args), this.changed);
        this.#immediates.push(immediate);
        this.changed();
        return immediate;
      },
      clearImmediate: (handle: unknown) => {
        if (handle instanceof Immediate) handle.clear();
      },
    };
  }
}

function checkCallback(callback: unknown): void {
  if (typeof callback !== 'function') {
    throw Object.assign(new TypeError(`The "callback" argument must be of type function. Received ${String(callback)}`), {
      code: 'ERR_INVALID_ARG_TYPE',
    });
  }
}

export { native as nativeTimers };
