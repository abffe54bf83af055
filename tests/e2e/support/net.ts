import { createServer } from 'node:net';

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until it answers with any HTTP status.
 * @param timeoutMs how long to keep trying, in ms.
 * @throws Error when nothing answered within `timeoutMs`.
 */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      last = error;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms (${String(last)})`);
}
