/**
 * The watchdog of one Worker process, on the page's side.
 *
 * A Worker posts a heartbeat every `heartbeatMs` while its event loop is
 * free. If the page hears nothing from it (no heartbeat, no output) for
 * `busyMs`, the process is stuck in a synchronous loop and is stopped. A
 * process that writes more than `outputLimitBytes` is stopped too (the Worker
 * enforces this itself; the page checks again). Until the program is running
 * (its entry module evaluated, or its first input taken: {@link started}),
 * `startMs` applies instead, because a start downloads and compiles the
 * bootstrap and then loads and evaluates the program, and evaluating a large
 * bundle (the reference server's is megabytes) is one long synchronous task.
 *
 * Silence is measured in the page's own checks, not only on the clock: the
 * process is stopped as busy only once `busyMs` have passed AND the page has
 * run `busyMs / heartbeatMs` checks of its own since it last heard from the
 * Worker. On a loaded machine the page's checks come late too (the operating
 * system runs neither thread on time), so a Worker that is only waiting for a
 * core is not taken for one stuck in a loop; a Worker that is stuck stays
 * silent however many checks the page runs. A check that runs very late
 * (the page itself was busy) resets the count's clock instead: the Worker's
 * messages may simply be waiting in the page's queue.
 */

import { failure, type Failure } from '../../protocol/failure.ts';

/** Limits of the watchdog; all durations in ms, sizes in bytes. */
export interface WatchdogLimits {
  /** Stop a process whose event loop has been blocked this long. Default 2000 ms. */
  busyMs: number;
  /** Stop a process after this many bytes of stdout + stderr. Default 1 MiB (a toy server writes kilobytes). */
  outputLimitBytes: number;
  /** How often a Worker reports a free event loop. Default 200 ms. */
  heartbeatMs: number;
  /** Stop a process silent this long before its program is running (bootstrap loaded, entry module evaluated). Default 15000 ms. */
  startMs: number;
}

/** The defaults: a runaway process is stopped well within 5 s. */
export const DEFAULT_LIMITS: WatchdogLimits = {
  busyMs: 2000,
  outputLimitBytes: 1024 * 1024,
  heartbeatMs: 200,
  startMs: 15_000,
};

export class Watchdog {
  #last = performance.now();
  #lastCheck = performance.now();
  /** Checks run on time since the Worker was last heard from. */
  #quietChecks = 0;
  #started = false;
  #bytes = 0;
  #timer: ReturnType<typeof setInterval>;
  #tripped = false;
  /** How many on-time checks make `busyMs` of silence. */
  readonly #checksInWindow: number;

  /**
   * @param limits the limits to enforce
   * @param trip called once with a sentence saying why the process must stop, and the same as data
   */
  constructor(
    readonly limits: WatchdogLimits,
    readonly trip: (reason: string, why: Failure) => void,
  ) {
    const every = Math.max(50, limits.heartbeatMs);
    this.#checksInWindow = limits.busyMs / every;
    this.#timer = setInterval(() => this.#check(), every);
  }

  /** The program is running: its start is over, and from now on `busyMs` of silence means it is stuck. */
  started(): void {
    this.#started = true;
    this.seen();
  }

  /** Any message from the Worker: it was alive when it sent it. */
  seen(): void {
    this.#last = performance.now();
    this.#quietChecks = 0;
  }

  /** Counts output bytes; trips when past the limit. */
  output(bytes: number): void {
    this.#bytes += bytes;
    if (this.#bytes > this.limits.outputLimitBytes) {
      this.#fire(`stopped by the watchdog: wrote more than ${this.limits.outputLimitBytes} bytes of output`, failure('watchdog-output', { bytes: this.limits.outputLimitBytes }));
    }
  }

  #check(): void {
    const now = performance.now();
    const late = now - this.#lastCheck > Math.max(this.limits.heartbeatMs * 4, 500);
    this.#lastCheck = now;
    if (late) {
      // The page was busy: the Worker's messages may be queued behind us.
      this.#last = Math.max(this.#last, now - this.limits.heartbeatMs);
      return;
    }
    this.#quietChecks++;
    const quiet = now - this.#last;
    if (!this.#started && quiet > this.limits.startMs) {
      this.#fire(`stopped by the watchdog: the process did not start within ${this.limits.startMs} ms`, failure('watchdog-start', { ms: this.limits.startMs }));
    } else if (this.#started && quiet > this.limits.busyMs && this.#quietChecks >= this.#checksInWindow) {
      this.#fire(`stopped by the watchdog: busy for more than ${this.limits.busyMs} ms without yielding (an endless loop?)`, failure('watchdog-busy', { ms: this.limits.busyMs }));
    }
  }

  #fire(reason: string, why: Failure): void {
    if (this.#tripped) return;
    this.#tripped = true;
    this.stop();
    this.trip(reason, why);
  }

  /** Stops watching (the process has exited). */
  stop(): void {
    clearInterval(this.#timer);
  }
}
