// The capstone's stage solutions (src/components/checker/solutions/stage-N.mjs) are teaching material that must
// work: the starter answers nothing and fails stage 1; after stage N's file, stages 1..N pass and stage N+1 does
// not yet; the last one passes every stage. Real node processes, the same checker the page runs.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { runChecks, STAGES } from '../../../src/checker/index.ts';
import { SERVERS } from '../../../toy-servers/registry.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const engine = new NodeEngine({ root });
const statuses = async (file: string) => (await runChecks(() => engine.spawn(file), { replyTimeoutMs: 1500, quietMs: 150 })).stages.map((s) => s.status);

describe('the capstone: starter and stage solutions', () => {
  it('the starter is flagged as a starter, and answers nothing: stage 1 fails', async () => {
    expect(SERVERS.starter.starter).toBe(true);
    expect((await statuses(SERVERS.starter.file))[0]).toBe('fail');
  }, 60_000);

  it.each(STAGES.map((s, i) => [i + 1, s.id] as const))('stage %i (%s): its solution passes stages 1..N, not yet N+1', async (n) => {
    const got = await statuses(`src/components/checker/solutions/stage-${n}.mjs`);
    expect(got.slice(0, n)).toEqual(Array(n).fill('pass'));
    if (n < STAGES.length) expect(got[n]).not.toBe('pass');
  }, 120_000);
});
