/**
 * Calls a toy server's WHATWG fetch handler (`export async function
 * handle(request: Request): Promise<Response>`, as in `http.mjs`) inside a
 * Worker process of the engine, from the page, with no network: the Request
 * is taken apart, posted, rebuilt in the Worker, and the Response comes back
 * with its body as a transferred stream (so SSE replies stream too). Where
 * the browser cannot transfer a stream (WebKit), the body comes in pieces,
 * one message each, into a stream made here; cancelling it tells the Worker.
 */
import type { ExitInfo, FetchEndpoint } from '../types.ts';
import type { SerializedRequest } from './worker-messages.ts';
import type { WorkerProcess } from './worker-process.ts';
import { failure, FailureError, type Failure } from '../../protocol/failure.ts';

/** A fetch handler running in a Worker process: the engine contract's {@link FetchEndpoint}, with the Worker process itself. */
export interface FetchHandler extends FetchEndpoint {
  readonly process: WorkerProcess;
}

/** The error of a request the process cannot answer because it ended, saying how it ended (`info`: its exit, once known). */
function ended(info: ExitInfo | undefined): FailureError {
  if (!info) return new FailureError('the process has exited', failure('process-ended'));
  const vars: Failure['vars'] = info.signal ? { signal: info.signal } : { code: String(info.code) };
  return new FailureError(`the process exited (${info.reason ?? `code ${info.code}`})`, failure('process-ended', {}, failure('exit', vars, info.why)));
}

/** Wires `process` (started with `mode: 'fetch'`) to a {@link FetchHandler}. */
export function bridgeFetch(process: WorkerProcess): FetchHandler {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  /** Bodies that arrive in `fetch-chunk` messages, by fetch id, until their end. */
  const bodies = new Map<number, ReadableStreamDefaultController<Uint8Array>>();
  const chunkedBody = (id: number) =>
    new ReadableStream<Uint8Array>({
      start: (controller) => void bodies.set(id, controller),
      cancel: () => {
        bodies.delete(id);
        if (!process.exited) process.send({ t: 'fetch-cancel', id });
      },
    });
  process.onFetchResult = (message) => {
    const job = waiting.get(message.id);
    if (!job) return;
    waiting.delete(message.id);
    if (message.response) {
      const r = message.response;
      const nullBody = r.status === 101 || r.status === 204 || r.status === 205 || r.status === 304;
      const body = nullBody ? null : r.chunked ? chunkedBody(message.id) : r.body;
      job.resolve(new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers }));
    } else job.reject(new FailureError(message.error ?? 'the handler failed', failure('handler-failed', { detail: message.error ?? '' })));
  };
  process.onFetchChunk = (message) => {
    const controller = bodies.get(message.id);
    if (!controller) return;
    if (message.data) controller.enqueue(message.data);
    if (message.error !== undefined) controller.error(new FailureError(message.error, failure('handler-failed', { detail: message.error })));
    if (message.done || message.error !== undefined) bodies.delete(message.id);
    if (message.done) controller.close();
  };
  void process.exit.then((info) => {
    for (const job of waiting.values()) job.reject(ended(info));
    waiting.clear();
    for (const controller of bodies.values()) controller.error(ended(info));
    bodies.clear();
  });
  return {
    process,
    async handle(request) {
      if (process.exited) throw ended(process.exitInfo);
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
