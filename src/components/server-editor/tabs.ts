/**
 * The keyboard of a ServerEditor's file tabs, as the WAI-ARIA tabs pattern
 * has it (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): the arrow keys
 * move to the next or previous tab, wrapping around; Home and End to the
 * first and last. Tabs are selected as they receive the focus. Pure.
 *
 * ```ts
 * tabAfterKey('ArrowRight', 2, 3); // 0 (wraps)
 * tabAfterKey('Home', 2, 3);       // 0
 * tabAfterKey('a', 2, 3);          // undefined: not a tab key
 * ```
 */

/** The index of the tab `key` (a KeyboardEvent `key`) moves to from tab `index` of `count`; `undefined` when `key` is not a tab key. */
export function tabAfterKey(key: string, index: number, count: number): number | undefined {
  if (count < 1) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
