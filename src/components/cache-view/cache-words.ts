/**
 * CacheView's words and the shapes of its two lists: a key of the strings'
 * `cache` area said in the language in force, seconds from milliseconds, one
 * line of the "What happened" log, one line on the wire.
 */
import { t, type StringKey } from '../../i18n/index.ts';

/** A key of the cache area without its `cache.` prefix, e.g. `hit`, `reason.method`. */
type Unprefixed<K> = K extends `cache.${infer R}` ? R : never;
/** A key of the strings' `cache` area without its prefix (`hit`, `reason.method`, ...). */
export type CacheKey = Unprefixed<StringKey>;

/** The cache area's string `key` (without the `cache.` prefix), in the language in force. */
export const say = (key: CacheKey, vars: Record<string, string | number> = {}) => t(`cache.${key}` as StringKey, vars);

/** Whole seconds of `ms` milliseconds, rounded. */
export const secs = (ms: number) => Math.round(ms / 1000);

/** One line of the "What happened" log. `kind` is the strings key without `cache.` (`hit`, `miss`, ...), for tests and styling. */
export interface LogItem {
  n: number;
  kind: CacheKey;
  text: string;
}

/** One line on the wire. */
export interface WireItem {
  n: number;
  dir: 'out' | 'in';
  text: string;
}
