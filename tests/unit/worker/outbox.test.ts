/**
 * The Worker's output channel (src/engines/worker/runtime/outbox.ts), run in
 * Node over a real MessageChannel (structured clone and transfer, as between a
 * Worker and the page): program order across stdout, stderr and file changes;
 * a flood of small writes joined into one buffer per run, transferred, with
 * stderr's write sizes kept; the first writes of a task posted at once; the
 * output limit.
 */
import { afterEach, expect, test } from 'vitest';
import { BATCH_BYTES, IMMEDIATE, Outbox } from '../../../src/engines/worker/runtime/outbox.ts';
import type { FromWorker, OutputItem } from '../../../src/engines/worker/worker-messages.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

/** An outbox posting over a real MessageChannel; `received` holds what arrived on the other side, `sent` the buffers handed over. */
function channel(limit = Number.POSITIVE_INFINITY) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const received: FromWorker[] = [];
  const sent: Uint8Array[] = [];
  port2.onmessage = (event) => received.push(event.data as FromWorker);
  const floods: number[] = [];
  const outbox = new Outbox(
    (message, transfer) => {
      if (message.t === 'batch') for (const item of message.items) if (item.t === 'out') sent.push(item.data);
      port1.postMessage(message, transfer ?? []);
    },
    limit,
    (bytes) => floods.push(bytes),
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { outbox, received, sent, floods, settle };
}

const items = (received: FromWorker[]): OutputItem[] => received.flatMap((m) => (m.t === 'batch' ? m.items : []));
const text = (item: OutputItem) => (item.t === 'out' ? decoder.decode(item.data) : `fs:${JSON.stringify(item.changes)}`);

test('the first writes of a task are posted one by one, the rest joined per stream in program order', async () => {
  const { outbox, received, settle } = channel();
  for (let i = 0; i < IMMEDIATE; i++) outbox.write(1, encoder.encode(`now ${i}\n`));
  outbox.write(1, encoder.encode('a\n'));
  outbox.write(1, encoder.encode('b\n'));
  outbox.write(2, encoder.encode('log 1\n'));
  outbox.files([['/course/x.txt', 'x']]);
  outbox.write(2, encoder.encode('log 2\n'));
  outbox.write(2, encoder.encode('log 3\n'));
  outbox.write(1, encoder.encode('c\n'));
  await settle();
  expect(received.slice(0, IMMEDIATE).map((m) => (m.t === 'batch' ? m.items.length : 0))).toEqual(Array(IMMEDIATE).fill(1));
  const last = received[IMMEDIATE]!;
  expect(received).toHaveLength(IMMEDIATE + 1);
  expect(last.t === 'batch' && last.items.map(text)).toEqual(['a\nb\n', 'log 1\n', 'fs:[["/course/x.txt","x"]]', 'log 2\nlog 3\n', 'c\n']);
  // A joined stderr run says how long each write was; a single write and stdout runs do not need to.
  expect(last.t === 'batch' && last.items.map((i) => (i.t === 'out' ? i.sizes : undefined))).toEqual([undefined, undefined, undefined, [6, 6], undefined]);
});

test('a flood becomes batches of about BATCH_BYTES, each run one transferred buffer, every byte in order', async () => {
  const { outbox, received, sent, settle } = channel();
  const lines: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    lines.push(`flood line ${i} é\n`);
    outbox.write(1, encoder.encode(lines[i]!));
  }
  await settle();
  const batches = received.slice(IMMEDIATE);
  expect(batches.length).toBeLessThanOrEqual(Math.ceil(encoder.encode(lines.join('')).length / BATCH_BYTES) + 1);
  expect(items(received).map(text).join('')).toBe(lines.join(''));
  // Transferred, not copied: the sender's joined buffers are detached.
  const joined = sent.slice(IMMEDIATE);
  expect(joined.length).toBeGreaterThan(0);
  for (const data of joined) expect(data.byteLength).toBe(0);
});

test('past the limit the flood callback runs and nothing more is posted; after close nothing is accepted', async () => {
  const { outbox, received, floods, settle } = channel(10);
  outbox.write(1, encoder.encode('12345\n'));
  outbox.write(1, encoder.encode('67890\n'));
  await settle();
  expect(floods).toEqual([12]);
  expect(items(received).map(text)).toEqual(['12345\n']);
  const other = channel();
  other.outbox.close();
  other.outbox.write(1, encoder.encode('late\n'));
  await other.settle();
  expect(other.received).toEqual([]);
});
