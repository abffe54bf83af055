/**
 * The platform's asynchronous reads, made to count as pending I/O, as their
 * Node counterparts do: `Blob#text()`, `arrayBuffer()` and `bytes()`, the body
 * readers of `Response` and `Request` (`text()`, `json()`, `arrayBuffer()`,
 * `blob()`, `bytes()`, `formData()`), Web Crypto's `crypto.subtle` and
 * `fetch`. In Node these finish within the event loop (in memory or on its
 * thread pool) and keep the process alive; in a Worker they finish in tasks of
 * their own, which the event loop knows nothing about. Without this, a server
 * that pauses stdin and awaits `new Blob([line]).text()` would exit before
 * its answer, where Node answers.
 *
 * Each wrapped call returns the platform's promise passed through `track`
 * (the event loop's {@link EventLoop.track}): the process stays alive until it
 * settles, and it settles as I/O. Streams (`Blob#stream()`, a body's `body`)
 * are left alone: a pending read of a stream the program feeds itself keeps
 * nothing alive in Node either.
 */
type Track = <T>(promise: PromiseLike<T>) => Promise<T>;

const BODY_READERS = ['text', 'json', 'arrayBuffer', 'blob', 'bytes', 'formData'];

/** Wraps `names` of `target` (skipping those it lacks) so that each returned promise goes through `track`. */
function wrap(target: object | undefined, names: readonly string[], track: Track): void {
  if (!target) return;
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        return track((original as (...a: unknown[]) => Promise<unknown>).apply(this, args));
      },
    });
  }
}

/** Makes the platform's asynchronous reads of `scope` (the Worker's global) pending I/O of the event loop. */
export function trackHostIo(scope: typeof globalThis, track: Track): void {
  wrap(scope.Blob?.prototype, ['text', 'arrayBuffer', 'bytes'], track);
  wrap(scope.Response?.prototype, BODY_READERS, track);
  wrap(scope.Request?.prototype, BODY_READERS, track);
  const subtle = scope.crypto?.subtle;
  if (subtle) {
    const proto = Object.getPrototypeOf(subtle) as object;
    wrap(proto, Object.getOwnPropertyNames(proto).filter((name) => name !== 'constructor'), track);
  }
  wrap(scope, ['fetch'], track);
}
