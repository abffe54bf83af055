// Shared by the benchmarks: fetch server-everything's catalog and instructions with the hand-written client.
import { MEASURED_ARGS, REPO_ROOT } from '../src/cli/measured-facts.ts';
import { spawnCommand } from '../src/engines/node/node-engine.ts';
import { Connection } from '../src/protocol/connection.ts';
import { listAll } from '../src/protocol/list-all.ts';
import type { Tool } from '../src/protocol/messages.ts';
import { probeEra } from '../src/protocol/probe.ts';
import { RequestBuilder } from '../src/protocol/request-builder.ts';

/** The 13 tools after the handshake and the instructions string, from a real server-everything process. */
export async function fetchEverythingCatalog(): Promise<{ tools: Tool[]; instructions: string }> {
  const conn = new Connection(await spawnCommand(process.execPath, MEASURED_ARGS, { cwd: REPO_ROOT }), { timeoutMs: 10_000 });
  try {
    const b = new RequestBuilder();
    const probe = await probeEra(conn, { builder: b });
    if (probe.outcome !== 'ok' || !probe.era) throw new Error(`probe failed: ${probe.error}`);
    const list = await listAll(conn, b, 'tools/list', probe.era);
    return { tools: list.items as unknown as Tool[], instructions: probe.instructions ?? '' };
  } finally {
    await conn.close(1000);
  }
}

/** Median of a list of numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Runs `fn` repeatedly for about `ms` milliseconds (at least `min` times); returns per-call times in ms. */
export function sample(fn: () => unknown, ms = 1000, min = 5): number[] {
  const times: number[] = [];
  const end = performance.now() + ms;
  while (times.length < min || performance.now() < end) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times;
}

/** Formats ms with sensible precision. */
export const fmt = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(4)) + ' ms';
