/**
 * Calling a fetch handler the way a careful client does: the answer must
 * start within a deadline, and the body is read only up to a cap, so a
 * server that hangs or floods cannot hold or freeze the page. Pure (web
 * streams and timers only); tested in Node against real handlers that hang,
 * throw and flood.
 *
 * ```ts
 * const r = await callWithDeadline((signal) => endpoint.handle(new Request(url, { signal })), 10_000);
 * if (r.kind === 'response') { const body = await readCapped(r.response, 262_144, 10_000); }
 * ```
 */

/** What became of a call: a response, the handler's error, or no answer in time. */
export type CallOutcome = { kind: 'response'; response: Response } | { kind: 'failed'; error: unknown } | { kind: 'timeout'; ms: number };

/**
 * Calls `call` with an AbortSignal and waits at most `ms` (milliseconds) for
 * its Response. On time-out the signal is aborted (the handler sees its
 * request cancelled) and the outcome says so. Never rejects.
 */
export async function callWithDeadline(call: (signal: AbortSignal) => Promise<Response>, ms: number): Promise<CallOutcome> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<CallOutcome>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve({ kind: 'timeout', ms });
    }, ms);
  });
  const answered = (async (): Promise<CallOutcome> => {
    try {
      return { kind: 'response', response: await call(abort.signal) };
    } catch (error) {
      return { kind: 'failed', error };
    }
  })();
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A body as far as it was read. */
export interface ReadBody {
  /** The bytes read (at most the cap). */
  bytes: Uint8Array;
  /** True when the body had more than the cap: the rest was not read and the stream was cancelled. */
  capped: boolean;
  /** Set when the stream was still open after the deadline (milliseconds): what arrived until then is in `bytes`. */
  timedOutAfterMs?: number;
  /** Set when the stream broke (the handler's error while streaming). */
  error?: unknown;
}

/**
 * Reads `response`'s body up to `capBytes` bytes, for at most `ms`
 * milliseconds, then cancels the stream if it is not done. Never rejects.
 */
export async function readCapped(response: Response, capBytes: number, ms: number): Promise<ReadBody> {
  if (!response.body) return { bytes: new Uint8Array(0), capped: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const result: Omit<ReadBody, 'bytes'> = { capped: false };
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'late') {
        result.timedOutAfterMs = ms;
        break;
      }
      if (next.done) break;
      const room = capBytes - size;
      if (next.value.byteLength > room) {
        chunks.push(next.value.subarray(0, room));
        size += room;
        result.capped = true;
        break;
      }
      chunks.push(next.value);
      size += next.value.byteLength;
    }
  } catch (error) {
    result.error = error;
  } finally {
    clearTimeout(timer);
  }
  if (result.capped || result.timedOutAfterMs !== undefined) void reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { ...result, bytes };
}
