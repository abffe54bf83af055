/**
 * The Console's transcript store under a flood: one notification per batch
 * (not per line), a bounded window for rendering, a cap for Copy transcript
 * that says how much was dropped.
 */
import { describe, expect, it } from 'vitest';
import { TranscriptStore } from '../../../src/components/console/transcript-store.ts';
import { transcriptText, type Item } from '../../../src/components/console/items.ts';

let key = 0;
const line = (text: string): Item => ({ kind: 'wire', key: ++key, direction: 'in', channel: 'stdout', t: 1, pid: 1, text });
const log = (text: string): Item => ({ kind: 'stderr', key: ++key, t: 1, pid: 1, text });
const nextBatch = () => new Promise((r) => setTimeout(r, 40));

describe('TranscriptStore', () => {
  it('tells its listeners once per batch, however many lines arrive', async () => {
    const store = new TranscriptStore(1000, 50);
    let calls = 0;
    store.subscribe(() => calls++);
    for (let i = 0; i < 5000; i++) store.push(line(`flood line ${i}`));
    expect(calls).toBe(0);
    await nextBatch();
    expect(calls).toBe(1);
  });

  it('renders a bounded window and folds the rest behind a count', () => {
    const store = new TranscriptStore(1000, 50);
    for (let i = 0; i < 300; i++) store.push(line(`l${i}`));
    for (let i = 0; i < 70; i++) store.push(log(`e${i}`));
    const wire = store.wire();
    expect(wire.items).toHaveLength(50);
    expect(wire.folded).toBe(250);
    expect((wire.items[49] as { text: string }).text).toBe('l299');
    expect(store.stderr()).toMatchObject({ folded: 20, dropped: 0 });
    expect(store.all()).toHaveLength(370);
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
    expect(store.all().map((i) => (i as { text: string }).text)).toEqual(['a', 'b', 'c']);
    let heard = 0;
    store.subscribe(() => heard++);
    store.clear();
    expect(heard).toBe(1);
    expect(store.all()).toEqual([]);
  });
});
