/**
 * What a reader could have seen, recorded in the page itself: a
 * MutationObserver runs a test's `read` function after every change to the
 * document (each batch of changes, before the browser can paint it) and keeps
 * the sequence of distinct values it returned. A test then asserts on that
 * sequence, for instance that no value ever named a state shown before it was
 * complete, which a read from the test (after the page has settled) cannot see.
 *
 * ```ts
 * const seen = await recordStates(page, () => (document.querySelector('.x[open] .body') ? 'full' : 'empty'));
 * // ... act, and wait with retrying assertions ...
 * expect(await seen()).not.toContain('empty');
 * ```
 *
 * `read` runs in the page: it must be self-contained (no closure over test
 * variables). `slowCpu` makes the page's main thread `rate` times slower
 * (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`), so that a
 * window between two renders lasts long enough to matter.
 */
import type { Page } from 'playwright-core';

let recorders = 0;

/** Starts recording `read()` in `page`; resolves to a function that returns the values seen so far, in order, consecutive repeats merged. */
export async function recordStates(page: Page, read: () => string): Promise<() => Promise<string[]>> {
  const name = `__states${++recorders}`;
  await page.evaluate(
    ([name, source]) => {
      const read = new Function(`return (${source})`)() as () => string;
      const seen: string[] = [];
      const note = () => {
        const now = read();
        if (seen[seen.length - 1] !== now) seen.push(now);
      };
      (window as unknown as Record<string, string[]>)[name] = seen;
      note();
      new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    [name, read.toString()] as const,
  );
  return () => page.evaluate((name) => [...(window as unknown as Record<string, string[]>)[name]!], name);
}

/** Makes the page's main thread `rate` times slower (1: full speed). */
export async function slowCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
