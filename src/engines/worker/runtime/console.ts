/**
 * Node's `console` for a Worker process: `log`, `info`, `debug`, `dir`,
 * `table` write to stdout; `error`, `warn`, `trace` write to stderr; each call
 * is one `util.format`-ed line ending in `"\n"`, written synchronously, as
 * Node does when stdout is a pipe. Groups indent by two spaces.
 */
import { format, inspect } from './format.ts';

/** Where console output goes. */
export interface ConsoleSinks {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** Builds a Node-style console writing to `sinks`. */
export function createConsole(sinks: ConsoleSinks): Console {
  let indent = '';
  const counts = new Map<string, number>();
  const timers = new Map<string, number>();
  const line = (sink: 'stdout' | 'stderr', text: string) => {
    const body = indent ? text.split('\n').map((l) => indent + l).join('\n') : text;
    sinks[sink].write(`${body}\n`);
  };
  const out = (...args: unknown[]) => line('stdout', format(...args));
  const err = (...args: unknown[]) => line('stderr', format(...args));
  const c = {
    log: out,
    info: out,
    debug: out,
    error: err,
    warn: err,
    dir: (value: unknown) => line('stdout', inspect(value)),
    dirxml: out,
    table: out,
    trace: (...args: unknown[]) => {
      const stack = (new Error().stack ?? '').split('\n').slice(2).join('\n');
      line('stderr', `Trace${args.length ? `: ${format(...args)}` : ''}\n${stack}`);
    },
    assert: (condition: unknown, ...args: unknown[]) => {
      if (!condition) err(args.length ? `Assertion failed: ${format(...args)}` : 'Assertion failed');
    },
    count: (label = 'default') => {
      const n = (counts.get(label) ?? 0) + 1;
      counts.set(label, n);
      out(`${label}: ${n}`);
    },
    countReset: (label = 'default') => void counts.delete(label),
    group: (...args: unknown[]) => {
      if (args.length) out(...args);
      indent += '  ';
    },
    groupCollapsed: (...args: unknown[]) => c.group(...args),
    groupEnd: () => void (indent = indent.slice(2)),
    time: (label = 'default') => void timers.set(label, performance.now()),
    timeLog: (label = 'default', ...args: unknown[]) => {
      const t = timers.get(label);
      if (t !== undefined) out(`${label}: ${(performance.now() - t).toFixed(3)}ms`, ...args);
    },
    timeEnd: (label = 'default') => {
      c.timeLog(label);
      timers.delete(label);
    },
    clear: () => {},
    profile: () => {},
    profileEnd: () => {},
    timeStamp: () => {},
  };
  return c as unknown as Console;
}
