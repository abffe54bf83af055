/**
 * CacheView's "What happened" log: one sentence per thing the cache, the
 * server or the reader did, numbered by `counter` (shared with the wire's
 * lines).
 */
import { useRef, useState } from 'preact/hooks';
import { say, type CacheKey, type LogItem } from './cache-words.ts';

/** The log, the counter that numbers it, and `note(kind, vars, key = kind)`: adds the sentence `key` logged as `kind`. */
export function useCacheLog() {
  const counter = useRef(0);
  const [log, setLog] = useState<LogItem[]>([]);
  function note(kind: CacheKey, vars: Record<string, string | number> = {}, key: CacheKey = kind) {
    const item = { n: ++counter.current, kind, text: say(key, vars) };
    setLog((l) => [...l, item]);
  }
  return { log, note, counter };
}
