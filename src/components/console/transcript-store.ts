/**
 * Where the Console keeps its transcript so that a flood of output cannot
 * freeze the page:
 * - items are appended to plain arrays (no copy per line) and listeners are
 *   told at most once per animation frame, so a burst of thousands of lines
 *   costs one render;
 * - each lane shows at most its newest {@link RENDER_WINDOW} items; older
 *   ones are folded behind a count (see Transcript.tsx);
 * - a frame adds at most {@link ROWS_PER_FRAME} rows to a lane: a flood shows
 *   its newest rows only, and once it calms the window grows back, older rows
 *   first, the same number per frame (so no frame builds hundreds of rows);
 * - at most {@link TRANSCRIPT_CAP} items per lane are kept for "Copy
 *   transcript"; past that the oldest are dropped, counted, and the copy says so;
 * - what belongs to a row (a form for a reply, the pid of a process that just
 *   started) waits for that row with {@link TranscriptStore.afterShown}, so the
 *   page never shows it before the row that explains it.
 * No DOM beyond `requestAnimationFrame` (a timer where there is none).
 */
import type { Item, StderrItem } from './items.ts';

/** Items per lane kept in memory and in Copy transcript. */
export const TRANSCRIPT_CAP = 20_000;
/** Items per lane shown in the page; older ones are folded behind a count. */
export const RENDER_WINDOW = 200;
/** Most rows a lane adds to the page in one frame. */
export const ROWS_PER_FRAME = 25;

/** Lane contents for rendering: the items shown, how many older kept ones are folded, and how many were dropped. */
export interface LaneView<T> {
  items: T[];
  folded: number;
  dropped: number;
}

/** The two lanes of a transcript. */
export type LaneName = 'wire' | 'stderr';

const frame = (run: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 16);
};

/** One lane: its kept items and the window shown, in absolute positions (items ever pushed since the last clear). */
class Lane<T> {
  constructor(readonly window: number) {}
  items: T[] = [];
  dropped = 0;
  /** Absolute position of the first item shown. */
  from = 0;
  /** Items pushed (absolute) when the window was last computed. */
  end = 0;
  view: LaneView<T> = { items: [], folded: 0, dropped: 0 };

  get total(): number {
    return this.dropped + this.items.length;
  }

  /** Absolute position of the oldest item the window may ever show again. */
  get oldest(): number {
    return Math.max(this.dropped, this.total - this.window);
  }

  /**
   * True once the item at absolute position `at` has reached the page: its
   * row is in the window, or it is folded for good (older than the window can
   * reach, so only the fold's count will ever stand for it).
   */
  reached(at: number): boolean {
    return at < this.end && (at >= this.from || this.from === this.oldest);
  }
}

/** A callback waiting for a wire row: the lane it waits in and the row's absolute position (-1: none). */
interface Waiter {
  lane: Lane<unknown>;
  at: number;
  run: () => void;
}

/** The transcript of one Console: wire items (lines, HTTP exchanges, events) and stderr chunks. */
export class TranscriptStore {
  #wire: Lane<Exclude<Item, StderrItem>>;
  #stderr: Lane<StderrItem>;
  #listeners = new Set<() => void>();
  #waiters: Waiter[] = [];
  #scheduled = false;

  /**
   * @param cap items per lane kept for Copy transcript
   * @param window items per lane shown in the page
   * @param perFrame most rows a lane adds to the page in one frame
   */
  constructor(
    readonly cap = TRANSCRIPT_CAP,
    readonly window = RENDER_WINDOW,
    readonly perFrame = ROWS_PER_FRAME,
  ) {
    this.#wire = new Lane(window);
    this.#stderr = new Lane(window);
  }

  /** Appends an item; listeners hear about it at the next frame, with every other item of that frame. */
  push(item: Item): void {
    if (item.kind === 'stderr') this.#add(this.#stderr, item);
    else this.#add(this.#wire, item);
    this.#schedule();
  }

  #add<T>(lane: Lane<T>, item: T): void {
    lane.items.push(item);
    // Drop the oldest above the cap in one splice, a tenth of the cap at a time.
    if (lane.items.length > this.cap + this.cap / 10) {
      const extra = lane.items.length - this.cap;
      lane.items.splice(0, extra);
      lane.dropped += extra;
    }
  }

  /**
   * Runs `run` once the newest wire item pushed so far has reached the page
   * (its row shown, or folded for good behind the count), in the same frame
   * as the listeners that render it: so what the caller shows for that row
   * (the form a reply asks for, the pid of the process a row says started)
   * appears with the row, never before. Runs at once when that row is
   * already on the page and nothing else waits. Callbacks run in the order
   * they were given, each after the ones before it; a `clear` runs every
   * waiting callback (the rows they waited for are gone).
   */
  afterShown(run: () => void): void {
    const lane = this.#wire;
    const waiter: Waiter = { lane, at: lane.total - 1, run };
    if (!this.#waiters.length && this.#ready(waiter)) run();
    else this.#waiters.push(waiter);
  }

  #ready(w: Waiter): boolean {
    return w.lane !== this.#wire || w.at < 0 || w.lane.reached(w.at);
  }

  /** Runs the waiting callbacks whose rows are on the page, in order, up to the first that still waits. */
  #release(): void {
    while (this.#waiters.length && this.#ready(this.#waiters[0]!)) this.#waiters.shift()!.run();
  }

  /** Empties the transcript; listeners hear at once, and callbacks waiting for rows run. */
  clear(): void {
    this.#wire = new Lane(this.window);
    this.#stderr = new Lane(this.window);
    for (const l of this.#listeners) l();
    this.#release();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    frame(() => {
      this.#scheduled = false;
      const wireGrowing = this.#advance(this.#wire);
      const stderrGrowing = this.#advance(this.#stderr);
      for (const l of this.#listeners) l();
      this.#release();
      if (wireGrowing || stderrGrowing) this.#schedule();
    });
  }

  /**
   * Moves a lane's window to its newest items, adding at most `perFrame`
   * rows: all of them new ones in a flood, else older ones to fill the window
   * back up. Returns true when the window is still short of its size.
   */
  #advance<T>(lane: Lane<T>): boolean {
    const total = lane.total;
    const oldest = lane.oldest;
    const added = total - lane.end;
    const from = added >= this.perFrame ? total - this.perFrame : lane.from - (this.perFrame - added);
    const next = Math.max(from, oldest);
    if (next !== lane.from || total !== lane.end) {
      lane.from = next;
      lane.end = total;
      lane.view = { items: lane.items.slice(next - lane.dropped), folded: next - lane.dropped, dropped: lane.dropped };
    }
    return next > oldest;
  }

  /** Calls `listener` after each batch of changes. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A lane as shown after the last frame: the same object until that lane
   * changes (so a lane's component may skip rendering when it is unchanged).
   */
  view(name: 'wire'): LaneView<Exclude<Item, StderrItem>>;
  view(name: 'stderr'): LaneView<StderrItem>;
  view(name: LaneName): LaneView<Item> {
    return name === 'wire' ? this.#wire.view : this.#stderr.view;
  }

  /** Every kept item, both lanes, in the order they happened (for Copy transcript). */
  all(): Item[] {
    const wire = this.#wire.items;
    const stderr = this.#stderr.items;
    const out: Item[] = [];
    let i = 0;
    let j = 0;
    while (i < wire.length || j < stderr.length) {
      const a = wire[i];
      const b = stderr[j];
      if (b === undefined || (a !== undefined && a.key < b.key)) out.push(wire[i++]!);
      else out.push(stderr[j++]!);
    }
    return out;
  }

  /** How many items were dropped from each lane because of the cap. */
  dropped(): { wire: number; stderr: number } {
    return { wire: this.#wire.dropped, stderr: this.#stderr.dropped };
  }

  /** How many items each lane holds now. */
  size(): { wire: number; stderr: number } {
    return { wire: this.#wire.items.length, stderr: this.#stderr.items.length };
  }
}
