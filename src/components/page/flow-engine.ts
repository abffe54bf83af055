/**
 * How the flow widgets (ProbeFlow, Replay, TokenMeter) reach the page's
 * engine: through `./page-engine.ts`, the one place widgets get it,
 * imported lazily so no engine code is in a page's initial JavaScript.
 */
import type { Engine } from '../../engines/types.ts';

/** The page engine and the entry each server currently runs from (the original, or a ServerEditor's edit). */
export interface FlowEngine {
  engine: Engine;
  entryOf: (server: string) => string;
}

/** Loads the page engine (starting it on first use). Rejects with the reason when no engine can start. */
export async function flowEngine(): Promise<FlowEngine> {
  const pageEngine = await import('./page-engine.ts');
  const engine = await pageEngine.getEngine();
  return { engine, entryOf: (server) => pageEngine.currentEntry(server as Parameters<typeof pageEngine.currentEntry>[0]) };
}
