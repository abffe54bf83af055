/**
 * The integration count of lesson 1: without a shared protocol every
 * application needs its own connector to every system (N × M); with one, each
 * side implements the protocol once (N + M).
 */

/** The two counts and what the protocol saves. All are numbers of integrations. */
export interface IntegrationCount {
  /** N × M: one connector per (application, system) pair. */
  pointToPoint: number;
  /** N + M: each application is a client once, each system a server once. */
  withProtocol: number;
  /** pointToPoint - withProtocol (negative when N or M is 1 and the other small: e.g. 1 × 1 = 1 < 2). */
  saved: number;
}

/** Counts integrations for `apps` applications and `systems` systems (whole numbers ≥ 0). Throws RangeError otherwise. */
export function countIntegrations(apps: number, systems: number): IntegrationCount {
  for (const [name, v] of [['apps', apps], ['systems', systems]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${v}`);
  }
  const pointToPoint = apps * systems;
  const withProtocol = apps + systems;
  return { pointToPoint, withProtocol, saved: pointToPoint - withProtocol };
}

/** Clamps what a reader typed to a whole number in [min, max]; NaN becomes `min`. */
export function clampCount(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Reads a count field as typed: the whole number in [min, max] it holds, or
 * undefined when it holds anything else (empty, 0 or less, above max, a
 * fraction, not a number), so the widget can say so instead of silently
 * using another number.
 */
export function readCount(raw: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}
