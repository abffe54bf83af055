/**
 * How the Checker reaches a Streamable HTTP toy server in the page: the
 * module (the reader's source of http.mjs, say) is loaded in one engine
 * process as a WHATWG fetch handler, as the Console's HTTP mode does, and the
 * checker's adapter (src/checker/http-process.ts) calls its `handle(request)`
 * directly: no network, no port. One process serves the whole run (an HTTP
 * server of this revision is stateless); the run closes it when it ends.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
 */
import { httpSpawner } from '../../checker/http-process.ts';
import type { SpawnServer } from '../../checker/types.ts';
import { MCP_ENDPOINT } from '../console/http-exchange.ts';
import { EngineReasonError } from '../page/engine-status.ts';
import { getEngine } from '../page/engine-choice.ts';

/** A server to check over Streamable HTTP: the spawner for `runChecks`, and `close` to stop the process serving it. */
export interface HttpTarget {
  spawn: SpawnServer;
  close(): void;
}

/**
 * Loads `entry` (a path in the page's engine) as a fetch handler. Rejects with an EngineReasonError
 * (`noFetchHandler`) when the page's engine cannot serve one, or with the engine's error when the module
 * does not load.
 */
export async function httpTarget(entry: string): Promise<HttpTarget> {
  const engine = await getEngine();
  if (!engine.fetchHandler) throw new EngineReasonError({ code: 'noFetchHandler', vars: { kind: engine.kind } });
  const endpoint = await engine.fetchHandler(entry);
  return { spawn: httpSpawner(MCP_ENDPOINT, { fetch: (request) => endpoint.handle(request) }), close: () => endpoint.process.kill() };
}
