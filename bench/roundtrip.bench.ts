// A tools/list round trip through the Node engine, beside a baseline measured in the same run:
// spawning `node -e ''` until it exits.
import { spawn } from 'node:child_process';
import { MEASURED_ARGS, REPO_ROOT } from '../src/cli/measured-facts.ts';
import { NodeEngine, spawnCommand } from '../src/engines/node/node-engine.ts';
import { Connection } from '../src/protocol/connection.ts';
import type { EngineProcess } from '../src/engines/types.ts';
import { RequestBuilder } from '../src/protocol/request-builder.ts';
import { fmt, median } from './everything-catalog.ts';

const COLD = 8;
const WARM = 100;

function nodeNothing(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - t0));
  });
}

/** Cold: spawn + the first tools/list reply. Warm: median tools/list round trip on the running process. */
async function measure(start: () => Promise<EngineProcess>): Promise<{ cold: number; warm: number }> {
  const colds: number[] = [];
  for (let i = 0; i < COLD; i++) {
    const t0 = performance.now();
    const conn = new Connection(await start(), { timeoutMs: 10_000 });
    await conn.request(new RequestBuilder().request('tools/list'));
    colds.push(performance.now() - t0);
    await conn.close(1000);
  }
  const conn = new Connection(await start(), { timeoutMs: 10_000 });
  const b = new RequestBuilder();
  await conn.request(b.request('tools/list'));
  const warms: number[] = [];
  for (let i = 0; i < WARM; i++) warms.push((await conn.request(b.request('tools/list'))).elapsedMs);
  await conn.close(1000);
  return { cold: median(colds), warm: median(warms) };
}

const baselines: number[] = [];
for (let i = 0; i < COLD; i++) baselines.push(await nodeNothing());
const baseline = median(baselines);

const engine = new NodeEngine({ root: REPO_ROOT });
const targets: Array<[string, () => Promise<EngineProcess>]> = [
  ['toy-servers/calendar.mjs (Node engine)', () => engine.spawn('toy-servers/calendar.mjs', [], { env: { TOY_SEED: 'bench' } })],
  ['server-everything 2026.8.31 (Node engine, no handshake)', () => spawnCommand(process.execPath, MEASURED_ARGS, { cwd: REPO_ROOT })],
];

console.log(`baseline: spawn node -e '' until exit, median of ${COLD}:  ${fmt(baseline)}`);
for (const [name, start] of targets) {
  try {
    const r = await measure(start);
    console.log(`${name}`);
    console.log(`  cold: spawn + first tools/list reply, median of ${COLD}: ${fmt(r.cold)}  = ${(r.cold / baseline).toFixed(2)}x baseline`);
    console.log(`  warm: tools/list round trip, median of ${WARM}:         ${fmt(r.warm)}  = ${(r.warm / baseline).toFixed(4)}x baseline`);
  } catch (e) {
    console.log(`${name}: skipped (${(e as Error).message})`);
  }
}
