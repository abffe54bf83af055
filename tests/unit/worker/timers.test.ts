/**
 * The Worker engine's event loop and Node-style timers
 * (src/engines/worker/runtime/event-loop.ts, timers.ts), run in Node:
 * Timeout objects with ref/unref, what keeps a process alive (how the engine
 * decides that a process with nothing left to do exits, as Node does),
 * setImmediate, errors routed through `invoke`, pending I/O, and the order of
 * ticks, promise jobs, timers and immediates against Node's own event loop,
 * run in this very process as the oracle.
 */
import { describe, expect, test } from 'vitest';
import { EventLoop } from '../../../src/engines/worker/runtime/event-loop.ts';
import { Timeout } from '../../../src/engines/worker/runtime/timers.ts';

function loop(busy = () => false) {
  const errors: unknown[] = [];
  let idles = 0;
  const l = new EventLoop({
    invoke: (callback) => {
      try {
        callback();
      } catch (error) {
        errors.push(error);
      }
    },
    busy,
    idle: () => idles++,
  });
  return { l, t: l.timers, fns: l.timers.functions(), errors, idles: () => idles };
}

const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    const poll = () => (check() ? resolve() : setTimeout(poll, 1));
    poll();
  });

describe('TimerTable', () => {
  test('setTimeout returns a Timeout that keeps the process alive until it fires; then the loop goes idle', async () => {
    const { l, t, fns, idles } = loop();
    const fired: string[] = [];
    const handle = fns.setTimeout((a: string, b: string) => fired.push(a + b), 5, 'x', 'y');
    expect(handle).toBeInstanceOf(Timeout);
    expect(typeof +handle).toBe('number');
    expect(handle.hasRef()).toBe(true);
    expect(t.refs).toBe(1);
    expect(l.alive).toBe(true);
    await until(() => fired.length === 1);
    expect(fired).toEqual(['xy']);
    await until(() => idles() === 1);
    expect(t.refs).toBe(0);
    expect(l.alive).toBe(false);
  });

  test('unref() stops counting a timer; ref() counts it again; clearTimeout by object or by number', () => {
    const { t, fns } = loop();
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
    const { t, fns } = loop();
    let n = 0;
    const handle = fns.setInterval(() => {
      n++;
      if (n === 3) fns.clearInterval(handle);
    }, 1);
    await until(() => n === 3 && t.refs === 0);
    expect(n).toBe(3);
  });

  test('setImmediate runs in order, counts while pending, and clearImmediate cancels', async () => {
    const { t, fns } = loop();
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

  test('a throwing callback goes to invoke() (the engine reports it as an uncaught exception)', async () => {
    const { fns, errors } = loop();
    fns.setTimeout(() => {
      throw new Error('boom in a timer');
    }, 0);
    await until(() => errors.length === 1);
    expect((errors[0] as Error).message).toBe('boom in a timer');
  });

  test('a callback that is not a function throws ERR_INVALID_ARG_TYPE, as in Node', () => {
    const { fns } = loop();
    expect(() => fns.setTimeout('code' as unknown as () => void, 1)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
    expect(() => fns.setImmediate(undefined)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
  });
});

describe('EventLoop', () => {
  test('pending I/O keeps the process alive until it settles; what the host says is busy too', async () => {
    let busy = true;
    const { l, idles } = loop(() => busy);
    let settle!: (v: string) => void;
    const tracked = l.track(new Promise<string>((resolve) => (settle = resolve)));
    const done = l.callback((v: number) => v);
    expect(l.alive).toBe(true);
    busy = false;
    settle('read');
    expect(await tracked).toBe('read');
    expect(l.alive).toBe(true); // the callback is still pending
    done(1);
    await until(() => idles() === 1);
    expect(l.alive).toBe(false);
  });

  test('an unref\'d timer does not keep the process alive', async () => {
    const { l, fns, idles } = loop();
    fns.setTimeout(() => {}, 10_000).unref();
    l.poke();
    await until(() => idles() === 1);
    expect(l.alive).toBe(false);
  });

  /** What a scenario may call: Node's functions, or the loop's. */
  interface World {
    setTimeout(callback: () => void, ms: number): unknown;
    setImmediate(callback: () => void): unknown;
    nextTick(callback: () => void): void;
    io(callback: () => void): void;
  }

  /** Runs `scenario` from inside a timer callback of `world`, returning the log once it has `count` entries. */
  async function order(world: World, count: number, scenario: (w: World, log: (s: string) => void) => void): Promise<string[]> {
    const log: string[] = [];
    world.setTimeout(() => scenario(world, (s) => log.push(s)), 0);
    await until(() => log.length >= count);
    return log;
  }

  const node: World = {
    setTimeout: (c, ms) => setTimeout(c, ms),
    setImmediate: (c) => setImmediate(c),
    nextTick: (c) => process.nextTick(c),
    // An I/O completion in Node: a real fs callback (the poll phase).
    io: (c) => void import('node:fs').then((fs) => fs.stat('.', () => c())),
  };
  function engine(): World {
    const { l, fns } = loop();
    return { setTimeout: fns.setTimeout, setImmediate: fns.setImmediate, nextTick: (c) => l.nextTick(c), io: (c) => l.io(c) };
  }

  const scenarios: Array<[string, number, (w: World, log: (s: string) => void) => void]> = [
    [
      'in timers set side by side: ticks, then promise jobs (and the ticks they queue), each timer in turn, then the immediates they queued, then their new timers',
      14,
      (w, log) => {
        for (const name of ['a', 'b']) {
          w.setTimeout(() => {
            log(name);
            w.setImmediate(() => log(`${name}: immediate`));
            w.setTimeout(() => log(`${name}: timeout`), 0);
            Promise.resolve().then(() => {
              log(`${name}: then`);
              w.nextTick(() => log(`${name}: tick in then`));
            });
            w.nextTick(() => {
              log(`${name}: tick`);
              Promise.resolve().then(() => log(`${name}: then in tick`));
            });
          }, 0);
        }
      },
    ],
    [
      'in immediates: each with its ticks and promise jobs; one queued by an immediate waits for the next iteration',
      6,
      (w, log) => {
        w.setImmediate(() => {
          log('i1');
          w.setImmediate(() => log('i1 immediate'));
          Promise.resolve().then(() => log('i1 then'));
          w.nextTick(() => log('i1 tick'));
        });
        w.setImmediate(() => {
          log('i2');
          w.nextTick(() => log('i2 tick'));
        });
      },
    ],
    [
      'in an I/O callback: an immediate before a setTimeout(0)',
      5,
      (w, log) => {
        w.io(() => {
          log('io');
          w.setTimeout(() => log('io timeout'), 0);
          w.setImmediate(() => log('io immediate'));
          Promise.resolve().then(() => log('io then'));
          w.nextTick(() => log('io tick'));
        });
      },
    ],
  ];

  test.for(scenarios)('%s, as in Node', async ([, count, scenario]) => {
    const expected = await order(node, count, scenario);
    expect(expected.length).toBe(count);
    expect(await order(engine(), count, scenario)).toEqual(expected);
  });
});
