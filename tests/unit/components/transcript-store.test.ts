/**
 * The Console's transcript store under a flood: one notification per batch
 * (not per line), a bounded window for rendering that a frame grows by a
 * bounded number of rows, a cap for Copy transcript that says how much was
 * dropped.
 */
import { describe, expect, it } from 'vitest';
import { TranscriptStore } from '../../../src/components/console/transcript-store.ts';
import { transcriptText, type Item } from '../../../src/components/console/items.ts';

let key = 0;
const line = (text: string): Item => ({ kind: 'wire', key: ++key, direction: 'in', channel: 'stdout', t: 1, pid: 1, text });
const log = (text: string): Item => ({ kind: 'stderr', key: ++key, t: 1, pid: 1, text });
/** Resolves after the store's next batch has been told to its listeners. */
const nextBatch = (store: TranscriptStore) => new Promise<void>((r) => { const off = store.subscribe(() => { off(); r(); }); });
const texts = (items: Item[]) => items.map((i) => (i as { text: string }).text);

describe('TranscriptStore', () => {
  it('tells its listeners once per batch, however many lines arrive', async () => {
    const store = new TranscriptStore(1000, 50);
    let calls = 0;
    store.subscribe(() => calls++);
    for (let i = 0; i < 5000; i++) store.push(line(`flood line ${i}`));
    expect(calls).toBe(0);
    await nextBatch(store);
    expect(calls).toBe(1);
  });

  it('shows a bounded window, adds at most perFrame rows in a frame, grows back when the flood calms', async () => {
    const store = new TranscriptStore(1000, 50, 10);
    for (let i = 0; i < 300; i++) store.push(line(`l${i}`));
    for (let i = 0; i < 70; i++) store.push(log(`e${i}`));
    // The flood's frame: only the newest 10 of each lane.
    await nextBatch(store);
    let wire = store.view('wire');
    expect(texts(wire.items)).toEqual(Array.from({ length: 10 }, (_, i) => `l${290 + i}`));
    expect(wire.folded).toBe(290);
    expect(store.view('stderr')).toMatchObject({ folded: 60, dropped: 0 });
    // Three new lines: they and 7 older ones.
    for (let i = 300; i < 303; i++) store.push(line(`l${i}`));
    await nextBatch(store);
    wire = store.view('wire');
    expect(wire.items).toHaveLength(20);
    expect(texts(wire.items)[0]).toBe('l283');
    expect(texts(wire.items).at(-1)).toBe('l302');
    // With nothing new, the window fills back up to 50, 10 rows a frame, then stays.
    const sizes: number[] = [];
    for (let f = 0; f < 5; f++) {
      await nextBatch(store);
      sizes.push(store.view('wire').items.length);
      if (sizes.at(-1) === 50) break;
    }
    expect(sizes).toEqual([30, 40, 50]);
    wire = store.view('wire');
    expect(wire.folded).toBe(253);
    expect(texts(wire.items).at(-1)).toBe('l302');
    expect(store.view('stderr').items).toHaveLength(50);
    expect(store.all()).toHaveLength(373);
  });

  it('keeps the same view object for a lane that did not change', async () => {
    const store = new TranscriptStore(1000, 50, 10);
    store.push(line('a'));
    store.push(log('b'));
    await nextBatch(store);
    const stderr = store.view('stderr');
    store.push(line('c'));
    await nextBatch(store);
    expect(store.view('stderr')).toBe(stderr);
    expect(texts(store.view('wire').items)).toEqual(['a', 'c']);
  });

  it('keeps at most the cap for Copy transcript, counts what it dropped, and says so in the copy', () => {
    const store = new TranscriptStore(1000, 50);
    for (let i = 0; i < 5000; i++) store.push(line(`l${i}`));
    const kept = store.size().wire;
    expect(kept).toBeLessThanOrEqual(1100);
    expect(store.dropped().wire).toBe(5000 - kept);
    const text = transcriptText(store.all(), { ...store.dropped(), cap: 1000 });
    expect(text.split('\n')[0]).toMatch(/at most 1,000 items per lane: [\d,]+ older wire items/);
    expect(text).toContain('l4999');
    expect(text).not.toContain('\tl0\n');
  });

  it('keeps both lanes in the order things happened for the copy; clear empties at once', () => {
    const store = new TranscriptStore();
    store.push(line('a'));
    store.push(log('b'));
    store.push(line('c'));
    expect(texts(store.all())).toEqual(['a', 'b', 'c']);
    let heard = 0;
    store.subscribe(() => heard++);
    store.clear();
    expect(heard).toBe(1);
    expect(store.all()).toEqual([]);
    expect(store.view('wire').items).toEqual([]);
  });

  it('afterShown runs in the frame that shows the newest wire row, with the listeners, in order; at once when nothing waits', async () => {
    const store = new TranscriptStore(1000, 50, 10);
    const seen: string[] = [];
    // Nothing pushed yet: nothing to wait for.
    store.afterShown(() => seen.push('idle'));
    expect(seen).toEqual(['idle']);
    store.subscribe(() => seen.push(`render ${store.view('wire').items.length}`));
    store.push(line('reply'));
    store.afterShown(() => seen.push(`form, reply shown: ${texts(store.view('wire').items).includes('reply')}`));
    // A later callback with nothing new to wait for still waits behind the earlier one.
    store.push(log('a log line'));
    store.afterShown(() => seen.push('second'));
    expect(seen).toEqual(['idle']);
    await nextBatch(store);
    expect(seen).toEqual(['idle', 'render 1', 'form, reply shown: true', 'second']);
    // Everything is on the page now: the next one runs at once.
    store.afterShown(() => seen.push('now'));
    expect(seen.at(-1)).toBe('now');
  });

  it('afterShown waits while a flood has folded its row, until the window grows back over it', async () => {
    const store = new TranscriptStore(1000, 50, 10);
    for (let i = 0; i < 20; i++) store.push(line(`l${i}`));
    store.push(line('reply'));
    let ran = false;
    store.afterShown(() => (ran = true));
    for (let i = 0; i < 15; i++) store.push(line(`after${i}`));
    const shownWhenRan: boolean[] = [];
    store.subscribe(() => shownWhenRan.push(texts(store.view('wire').items).includes('reply')));
    // The flood's frame shows only the newest 10 rows: 'reply' is folded for now, so it waits.
    await nextBatch(store);
    expect(shownWhenRan).toEqual([false]);
    expect(ran).toBe(false);
    // The window grows back, 10 older rows a frame, and reaches 'reply' in the next frame.
    await nextBatch(store);
    expect(shownWhenRan).toEqual([false, true]);
    expect(ran).toBe(true);
  });

  it('afterShown does not wait for a row folded for good (older than the window), nor for rows a clear removed', async () => {
    const store = new TranscriptStore(1000, 20, 10);
    store.push(line('reply'));
    let ran = 0;
    store.afterShown(() => ran++);
    for (let i = 0; i < 30; i++) store.push(line(`l${i}`));
    // 'reply' is more than the window's 20 rows back: the fold's count stands for it, and so it runs.
    for (let f = 0; f < 3 && !ran; f++) await nextBatch(store);
    expect(ran).toBe(1);
    expect(texts(store.view('wire').items)).not.toContain('reply');
    store.push(line('another reply'));
    store.afterShown(() => ran++);
    store.clear();
    expect(ran).toBe(2);
  });
});
