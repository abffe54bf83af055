/**
 * The Worker engine's Node-style timers (src/engines/worker/runtime/timers.ts),
 * run in Node: Timeout objects with ref/unref, the count of what keeps a
 * process alive (how the engine decides that a process with nothing left to
 * do exits, as Node does), setImmediate, and errors routed through `run`.
 */
import { describe, expect, test } from 'vitest';
import { TimerTable, Timeout } from '../../../src/engines/worker/runtime/timers.ts';

function table() {
  const errors: unknown[] = [];
  let changes = 0;
  const t = new TimerTable(
    (callback) => {
      try {
        callback();
      } catch (error) {
        errors.push(error);
      }
    },
    () => changes++,
  );
  return { t, fns: t.functions(), errors, changes: () => changes };
}

const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    const poll = () => (check() ? resolve() : setTimeout(poll, 1));
    poll();
  });

describe('TimerTable', () => {
  test('setTimeout returns a Timeout that keeps the process alive until it fires', async () => {
    const { t, fns } = table();
    const fired: string[] = [];
    const handle = fns.setTimeout((a: string, b: string) => fired.push(a + b), 5, 'x', 'y');
    expect(handle).toBeInstanceOf(Timeout);
    expect(typeof +handle).toBe('number');
    expect(handle.hasRef()).toBe(true);
    expect(t.refs).toBe(1);
    await until(() => fired.length === 1);
    expect(fired).toEqual(['xy']);
    await until(() => t.refs === 0);
  });

  test('unref() stops counting a timer; ref() counts it again; clearTimeout by object or by number', () => {
    const { t, fns } = table();
    const a = fns.setTimeout(() => {}, 10_000);
    const b = fns.setTimeout(() => {}, 10_000);
    expect(t.refs).toBe(2);
    a.unref();
    expect(a.hasRef()).toBe(false);
    expect(t.refs).toBe(1);
    a.ref();
    expect(t.refs).toBe(2);
    fns.clearTimeout(a);
    fns.clearTimeout(+b);
    expect(t.refs).toBe(0);
  });

  test('setInterval repeats until cleared', async () => {
    const { t, fns } = table();
    let n = 0;
    const handle = fns.setInterval(() => {
      n++;
      if (n === 3) fns.clearInterval(handle);
    }, 1);
    await until(() => n === 3 && t.refs === 0);
    expect(n).toBe(3);
  });

  test('setImmediate runs in order, counts while pending, and clearImmediate cancels', async () => {
    const { t, fns } = table();
    const order: number[] = [];
    fns.setImmediate(() => order.push(1));
    const cancelled = fns.setImmediate(() => order.push(2));
    fns.setImmediate((v: unknown) => order.push(v as number), 3);
    expect(t.refs).toBe(3);
    fns.clearImmediate(cancelled);
    await until(() => order.length === 2);
    expect(order).toEqual([1, 3]);
    expect(t.refs).toBe(0);
  });

  test('a throwing callback goes to run() (the engine reports it as an uncaught exception)', async () => {
    const { fns, errors } = table();
    fns.setTimeout(() => {
      throw new Error('boom in a timer');
    }, 0);
    await until(() => errors.length === 1);
    expect((errors[0] as Error).message).toBe('boom in a timer');
  });

  test('a callback that is not a function throws ERR_INVALID_ARG_TYPE, as in Node', () => {
    const { fns } = table();
    expect(() => fns.setTimeout('code' as unknown as () => void, 1)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
  });
});
