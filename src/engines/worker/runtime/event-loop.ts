/**
 * Node's event loop for a Worker process, on top of the Worker's own tasks.
 *
 * The order callbacks run in, as in Node:
 * - After every callback the loop runs (a timer, an immediate, a stdin chunk,
 *   an fs completion), the `process.nextTick` queue is drained first, then the
 *   promise jobs (the Worker's microtask checkpoint, which ends the task).
 *   A tick queued by a promise job runs before the next callback, and its own
 *   promise jobs too (the loop gives them a task of their own).
 * - Outside any callback (the entry module's evaluation, which Node runs as a
 *   promise job in an ES module, or a promise job of a settled host promise)
 *   a tick waits for the promise jobs already queued: it runs in the next
 *   task, before anything else.
 * - One iteration goes through the phases timers (every timer due when the
 *   phase starts, by due time then creation), poll (I/O completions: stdin
 *   chunks, fs callbacks, host promises settling) and check (the immediates
 *   queued before the phase started; one queued during it waits for the next
 *   iteration). So an immediate queued in an I/O callback or a timer runs
 *   before a `setTimeout(0)` queued beside it. Each callback is its own task,
 *   so its microtasks run before the next one.
 * - When nothing is ready the loop sleeps in poll (a Worker timer wakes it at
 *   the next timer's due time; new I/O wakes it at once: input from the page
 *   runs in the very task that brought it, see {@link EventLoop.deliver}).
 * - A timer's delay counts from the loop's time, read once per task
 *   ({@link EventLoop.now}), so timers set side by side are due together.
 *
 * What keeps the process alive, as in Node: a ref'd timer or immediate, a
 * pending I/O operation ({@link EventLoop.hold}, {@link EventLoop.track},
 * {@link EventLoop.callback}), I/O waiting to be delivered (but for that of
 * an unref'd handle, which is read only while something else keeps the
 * process alive), ticks, and what the host says is busy (stdin being read, a
 * fetch handler being served, the entry module still loading).
 * When none remains the host's `idle` is called, one task later: the
 * browser reports an unhandled rejection in a task of its own, queued when
 * the microtasks that rejected finish, so that report comes first (and exits
 * with code 1, as Node does).
 */
import { TimerTable, nativeTimers } from './timers.ts';

/** What the bootstrap supplies. */
export interface LoopHost {
  /** Runs one callback of the loop; a throw must become an uncaught exception, never escape. */
  invoke(callback: () => void): void;
  /** True while something outside the loop keeps the process alive (stdin being read, a fetch handler served). */
  busy(): boolean;
  /**
   * Called when nothing keeps the process alive; may exit, or queue more work (a 'beforeExit' listener).
   * `ranSince`: a callback ran since the last call (Node emits 'beforeExit' again only then).
   */
  idle(ranSince: boolean): void;
}

/** The loop's phases, in the order one iteration runs them. */
const TIMERS = 0;
const POLL = 1;
const CHECK = 2;

/**
 * The event loop of one Worker process. Every callback of the program (timers, immediates, ticks, I/O)
 * runs through it; `process.nextTick` is {@link EventLoop.nextTick}; the Node-style timer functions are
 * `timers.functions()`.
 */
export class EventLoop {
  /** Timers and immediates (what `setTimeout`, `setImmediate` and friends create). */
  readonly timers: TimerTable;
  #host: LoopHost;
  #ticks: Array<() => void> = [];
  #drainingTicks = false;
  #io: Array<{ callback: () => void; ref: boolean }> = [];
  /** The loop's time (ms, `performance.now()` clock), read once per task as Node reads it once per iteration. */
  #time = 0;
  #timeRead = false;
  #holds = 0;
  /** Callbacks of the current phase still to run. */
  #ready: Array<() => void> = [];
  /** The phase `#ready` belongs to; sleeping counts as being in poll, so a fresh start enters it next. */
  #phase = TIMERS;
  #stepQueued = false;
  #wake: ReturnType<typeof nativeTimers.setTimeout> | undefined;
  #wakeAt = Number.POSITIVE_INFINITY;
  #idleOnce = false;
  /** A callback ran since the host was last told the loop is idle. */
  #ranSinceIdle = true;
  #stopped = false;
  #channel = new MessageChannel();

  constructor(host: LoopHost) {
    this.#host = host;
    this.timers = new TimerTable(() => this.poke(), () => this.now());
    this.#channel.port1.onmessage = () => this.#step();
  }

  /** Node's `process.nextTick(callback)`. */
  nextTick(callback: () => void): void {
    this.#ticks.push(callback);
    if (!this.#drainingTicks) this.poke();
  }

  /**
   * Queues an I/O completion: `callback` runs in the poll phase, as a callback of its own. An unref'd one
   * (`ref` false: input of an unref'd stdin) runs only if something else keeps the process alive.
   */
  io(callback: () => void, ref = true): void {
    this.#io.push({ callback, ref });
    this.poke();
  }

  /**
   * Node's loop time in ms (`performance.now()` clock), what a timer's delay counts from: one reading for
   * everything a task runs, so timers set side by side are due together, as in Node.
   */
  now(): number {
    if (!this.#timeRead) {
      this.#time = performance.now();
      this.#timeRead = true;
      queueMicrotask(() => (this.#timeRead = false));
    }
    return this.#time;
  }

  /**
   * Delivers I/O that arrived in a task of its own (a message from the page):
   * when the loop is waiting, it runs at once, in this task, as the poll phase
   * would run it (saving the task a queued callback costs); else it is queued.
   */
  deliver(callback: () => void): void {
    if (this.#stepQueued || this.#stopped || this.#ready.length > 0 || this.#io.length > 0 || this.#ticks.length > 0) {
      this.io(callback);
      return;
    }
    this.#phase = POLL;
    this.#run(callback);
  }

  /** Counts one pending I/O operation (it keeps the process alive); call the returned function once it is done. */
  hold(): () => void {
    this.#holds++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#holds--;
      this.poke();
    };
  }

  /**
   * An I/O completion callback: the process stays alive until it is called,
   * and the call is delivered in the poll phase (as Node calls an fs callback).
   */
  callback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
    const release = this.hold();
    return (...args: A) => {
      this.io(() => callback(...args));
      release();
    };
  }

  /**
   * A promise of pending I/O (an fs operation, a Blob read, Web Crypto): the
   * process stays alive until it settles, and it settles in the poll phase.
   */
  track<T>(promise: PromiseLike<T>): Promise<T> {
    const release = this.hold();
    return new Promise<T>((resolve, reject) =>
      promise.then(
        (value) => {
          this.io(() => resolve(value));
          release();
        },
        (error) => {
          this.io(() => reject(error));
          release();
        },
      ),
    );
  }

  /** True while anything keeps the process alive. */
  get alive(): boolean {
    return this.timers.refs > 0 || this.#holds > 0 || this.#io.some((io) => io.ref) || this.#ticks.length > 0 || this.#host.busy();
  }

  /** Makes the loop look again soon (something changed: new work, or work done). */
  poke(): void {
    if (this.#stepQueued || this.#stopped) return;
    this.#stepQueued = true;
    this.#channel.port2.postMessage(0);
  }

  /** Stops the loop for good (the process exits). */
  stop(): void {
    this.#stopped = true;
    if (this.#wake !== undefined) nativeTimers.clearTimeout(this.#wake);
    this.#channel.port1.onmessage = null;
  }

  /** Drains the tick queue (ticks queued by ticks included); true when it ran any. */
  #drainTicks(): boolean {
    if (this.#ticks.length === 0) return false;
    this.#drainingTicks = true;
    try {
      for (let tick = this.#ticks.shift(); tick; tick = this.#ticks.shift()) this.#host.invoke(tick);
    } finally {
      this.#drainingTicks = false;
    }
    return true;
  }

  /** One task of the loop: ticks left by promise jobs, else the next callback, else sleep. */
  #step(): void {
    this.#stepQueued = false;
    if (this.#stopped) return;
    // Ticks queued by the promise jobs of the last task; their own promise jobs run before the next callback.
    if (this.#drainTicks()) {
      this.#afterwards();
      return;
    }
    const callback = this.#next();
    if (callback) this.#run(callback);
    else this.#sleep();
  }

  /**
   * Runs one callback, then the ticks it queued; its promise jobs run when this task ends, before the next
   * step. A next step is queued only when there is more to run now, or when the process may have nothing
   * left (that is decided in a task of its own); else the loop waits, as asleep: whatever its promise jobs
   * change (a timer set or cleared, I/O, a tick, stdin paused or unref'd) pokes it.
   */
  #run(callback: () => void): void {
    this.#idleOnce = false;
    this.#ranSinceIdle = true;
    this.#host.invoke(callback);
    this.#drainTicks();
    this.#afterwards();
  }

  /** After a callback or ticks: a step when there is more to run now or the process may be done, else wait. */
  #afterwards(): void {
    const more = this.#ready.length > 0 || this.#io.length > 0 || this.timers.hasImmediates() || this.timers.nextDue() <= performance.now();
    if (more || !this.alive) this.poke();
    else this.#wait();
  }

  /** The next callback to run, entering the next phases in turn; `undefined` after a whole iteration found nothing. */
  #next(): (() => void) | undefined {
    for (let entered = 0; ; entered++) {
      const callback = this.#ready.shift();
      if (callback) return callback;
      if (entered === 3) return undefined;
      this.#phase = (this.#phase + 1) % 3;
      if (this.#phase === TIMERS) this.#ready = this.timers.expired(this.now());
      // As Node checks at each iteration, I/O of unref'd handles is read only while something keeps the process alive.
      else if (this.#phase === POLL) this.#ready = this.alive ? this.#io.splice(0).map((io) => io.callback) : [];
      else if (this.#phase === CHECK) this.#ready = this.timers.takeImmediates();
    }
  }

  /** Nothing to run now: wait for the next timer (or new I/O); tell the host when nothing keeps the process alive. */
  #sleep(): void {
    this.#wait();
    if (this.alive) {
      this.#idleOnce = false;
      return;
    }
    if (!this.#idleOnce) {
      // Look once more in the next task: a rejection the browser is about to report comes first.
      this.#idleOnce = true;
      this.poke();
      return;
    }
    this.#idleOnce = false;
    const ranSince = this.#ranSinceIdle;
    this.#ranSinceIdle = false;
    this.#host.idle(ranSince);
  }

  /** Waits in poll: a Worker timer wakes the loop when the next timer is due. */
  #wait(): void {
    this.#phase = TIMERS;
    const due = this.timers.nextDue();
    if (due !== this.#wakeAt) {
      if (this.#wake !== undefined) nativeTimers.clearTimeout(this.#wake);
      this.#wake = undefined;
      this.#wakeAt = due;
      if (due !== Number.POSITIVE_INFINITY) {
        this.#wake = nativeTimers.setTimeout(() => {
          this.#wake = undefined;
          this.#wakeAt = Number.POSITIVE_INFINITY;
          this.poke();
        }, Math.max(0, due - performance.now()));
      }
    }
  }
}
