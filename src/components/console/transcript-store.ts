/**
 * Where the Console keeps its transcript so that a flood of output cannot
 * freeze the page:
 * - items are appended to plain arrays (no copy per line) and listeners are
 *   told at most once per animation frame, so a burst of thousands of lines
 *   costs one render;
 * - each lane renders only its newest {@link RENDER_WINDOW} items; older ones
 *   are folded behind a count (see Transcript.tsx);
 * - at most {@link TRANSCRIPT_CAP} items per lane are kept for "Copy
 *   transcript"; past that the oldest are dropped, counted, and the copy says so.
 * No DOM beyond `requestAnimationFrame` (a timer where there is none).
 */
import type { Item, StderrItem } from './items.ts';

/** Items per lane kept in memory and in Copy transcript. */
export const TRANSCRIPT_CAP = 20_000;
/** Items per lane rendered in the page; older ones are folded behind a count. */
export const RENDER_WINDOW = 200;

/** Lane contents for rendering: the newest items, how many older ones are folded, and how many were dropped. */
export interface LaneView<T> {
  items: T[];
  folded: number;
  dropped: number;
}

const frame = (run: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 16);
};

/** The transcript of one Console: wire items (lines, HTTP exchanges, events) and stderr chunks. */
export class TranscriptStore {
  #wire: Exclude<Item, StderrItem>[] = [];
  #stderr: StderrItem[] = [];
  #droppedWire = 0;
  #droppedStderr = 0;
  #listeners = new Set<() => void>();
  #scheduled = false;
  /** Bumped on every change that listeners have been told about. */
  version = 0;

  constructor(
    readonly cap = TRANSCRIPT_CAP,
    readonly window = RENDER_WINDOW,
  ) {}

  /** Appends an item; listeners hear about it at the next frame, with every other item of that frame. */
  push(item: Item): void {
    if (item.kind === 'stderr') {
      this.#stderr.push(item);
      if (this.#stderr.length > this.cap + this.cap / 10) this.#droppedStderr += this.#trim(this.#stderr);
    } else {
      this.#wire.push(item);
      if (this.#wire.length > this.cap + this.cap / 10) this.#droppedWire += this.#trim(this.#wire);
    }
    this.#schedule();
  }

  /** Drops the oldest items above the cap (in one splice, a tenth of the cap at a time) and returns how many. */
  #trim(list: Item[]): number {
    const extra = list.length - this.cap;
    list.splice(0, extra);
    return extra;
  }

  /** Empties the transcript; listeners hear at once. */
  clear(): void {
    this.#wire = [];
    this.#stderr = [];
    this.#droppedWire = 0;
    this.#droppedStderr = 0;
    this.version++;
    for (const l of this.#listeners) l();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    frame(() => {
      this.#scheduled = false;
      this.version++;
      for (const l of this.#listeners) l();
    });
  }

  /** Calls `listener` after each batch of changes. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The wire lane: newest {@link window} items. */
  wire(): LaneView<Exclude<Item, StderrItem>> {
    const start = Math.max(0, this.#wire.length - this.window);
    return { items: this.#wire.slice(start), folded: start, dropped: this.#droppedWire };
  }

  /** The stderr lane: newest {@link window} chunks. */
  stderr(): LaneView<StderrItem> {
    const start = Math.max(0, this.#stderr.length - this.window);
    return { items: this.#stderr.slice(start), folded: start, dropped: this.#droppedStderr };
  }

  /** Every kept item, both lanes, in the order they happened (for Copy transcript). */
  all(): Item[] {
    const out: Item[] = [];
    let i = 0;
    let j = 0;
    while (i < this.#wire.length || j < this.#stderr.length) {
      const a = this.#wire[i];
      const b = this.#stderr[j];
      if (b === undefined || (a !== undefined && a.key < b.key)) out.push(this.#wire[i++]!);
      else out.push(this.#stderr[j++]!);
    }
    return out;
  }

  /** How many items were dropped from each lane because of the cap. */
  dropped(): { wire: number; stderr: number } {
    return { wire: this.#droppedWire, stderr: this.#droppedStderr };
  }

  /** How many items each lane holds now. */
  size(): { wire: number; stderr: number } {
    return { wire: this.#wire.length, stderr: this.#stderr.length };
  }
}
