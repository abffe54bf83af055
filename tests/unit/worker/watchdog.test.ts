/**
 * The Worker engine's watchdog (src/engines/worker/watchdog.ts) on a clock
 * the test drives: a silent Worker on a page whose checks run on time is
 * stopped as busy once `busyMs` has passed; one heard from regularly never
 * is; on a loaded machine, where every check of the page comes late (but not
 * so late that the page itself counts as busy), the same wall-clock silence
 * is not enough: the page must have run its window of checks first, and a
 * Worker that stays silent is still stopped after them.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { DEFAULT_LIMITS, Watchdog } from '../../../src/engines/worker/watchdog.ts';

/** The page's clock, in ms; performance.now() reads it. */
let clock = 0;

beforeEach(() => {
  clock = 0;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A started watchdog with the default limits, and the reasons it tripped with. */
function started() {
  const trips: string[] = [];
  const dog = new Watchdog(DEFAULT_LIMITS, (reason) => trips.push(reason));
  dog.started();
  return { dog, trips };
}

/** Runs the page's next check `gapMs` after the previous one. */
function tick(gapMs: number) {
  clock += gapMs;
  vi.advanceTimersToNextTimer();
}

test('a silent Worker on a page whose checks run on time is stopped as busy just after busyMs', () => {
  const { dog, trips } = started();
  const every = DEFAULT_LIMITS.heartbeatMs;
  while (clock < DEFAULT_LIMITS.busyMs) tick(every);
  expect(trips).toEqual([]);
  tick(every);
  expect(trips).toHaveLength(1);
  expect(trips[0]).toMatch(/watchdog: busy for more than 2000 ms/);
  expect(clock).toBeLessThanOrEqual(DEFAULT_LIMITS.busyMs + 2 * every);
  dog.stop();
});

test('a Worker heard from between checks is never stopped', () => {
  const { dog, trips } = started();
  for (let i = 0; i < 100; i++) {
    tick(DEFAULT_LIMITS.heartbeatMs);
    if (i % 3 === 0) dog.seen();
  }
  expect(trips).toEqual([]);
  dog.stop();
});

test('on a loaded machine (every check 700 ms apart), busyMs of silence is not enough until the page has run its window of checks', () => {
  const { dog, trips } = started();
  const window = DEFAULT_LIMITS.busyMs / DEFAULT_LIMITS.heartbeatMs;
  for (let i = 1; i < window; i++) tick(700);
  // 6.3 s of wall clock without a word, but only 9 checks: the Worker may be waiting for a core.
  expect(clock).toBeGreaterThan(3 * DEFAULT_LIMITS.busyMs);
  expect(trips).toEqual([]);
  tick(700);
  expect(trips).toHaveLength(1);
  dog.stop();
});

test('a check that comes very late (the page itself was busy) does not count the time it missed', () => {
  const { dog, trips } = started();
  tick(5000);
  for (let i = 0; i < 9; i++) tick(DEFAULT_LIMITS.heartbeatMs);
  expect(trips).toEqual([]);
  dog.stop();
});
