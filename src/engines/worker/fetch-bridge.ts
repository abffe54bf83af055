/**
 * Calls a toy server's WHATWG fetch handler (`export async function
 * handle(request: Request): Promise<Response>`, as in `http.mjs`) inside a
 * Worker process of the engine, from the page, with no network: the Request
 * is taken apart, posted, rebuilt in the Worker, and the Response comes back
 * with its body as a transferred stream (so SSE replies stream too).
 */
import type { FetchEndpoint } from '../types.ts';
import type { SerializedRequest } from './worker-messages.ts';
import type { WorkerProcess } from './worker-process.ts';
import { failure, FailureError, type Failure } from '../../protocol/failure.ts';

/** A fetch handler running in a Worker process: the engine contract's {@link FetchEndpoint}, with the Worker process itself. */
export interface FetchHandler extends FetchEndpoint {
  readonly process: WorkerProcess;
}

/** Wires `process` (started with `mode: 'fetch'`) to a {@link FetchHandler}. */
export function bridgeFetch(process: WorkerProcess): FetchHandler {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  process.onFetchResult = (message) => {
    const job = waiting.get(message.id);
    if (!job) return;
    waiting.delete(message.id);
    if (message.response) {
      const r = message.response;
      const nullBody = r.status === 101 || r.status === 204 || r.status === 205 || r.status === 304;
      job.resolve(new Response(nullBody ? null : r.body, { status: r.status, statusText: r.statusText, headers: r.headers }));
    } else job.reject(new FailureError(message.error ?? 'the handler failed', failure('handler-failed', { detail: message.error ?? '' })));
  };
  void process.exit.then((info) => {
    const vars: Failure['vars'] = info.signal ? { signal: info.signal } : { code: String(info.code) };
    const why = failure('process-ended', {}, failure('exit', vars, info.why));
    for (const job of waiting.values()) job.reject(new FailureError(`the process exited (${info.reason ?? `code ${info.code}`})`, why));
    waiting.clear();
  });
  return {
    process,
    async handle(request) {
      if (process.exited) throw new FailureError('the process has exited', failure('process-ended'));
      const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
      const serialized: SerializedRequest = { url: request.url, method: request.method, headers: [...request.headers], body };
      const id = nextId++;
      return new Promise<Response>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        process.send({ t: 'fetch', id, request: serialized }, body ? [body] : []);
      });
    },
  };
}
