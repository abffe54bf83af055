// The capstone's stage solutions (made from the one annotated file src/components/checker/solutions/capstone.mjs
// by stageSource) are teaching material that must work: the starter answers nothing and fails stage 1; after
// stage N's file, stages 1..N pass and stage N+1 does not yet; the last one passes every stage. Real node
// processes, the same checker the page runs, on each stage exactly as the build makes it.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { runChecks, STAGES } from '../../../src/checker/index.ts';
import { SERVERS } from '../../../toy-servers/registry.ts';
import { STAGE_COUNT } from '../../../src/components/checker/stage-source.ts';
import { capstoneStage } from '../../capstone-stages.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const engine = new NodeEngine({ root });
const statuses = async (file: string, on: NodeEngine = engine) => (await runChecks(() => on.spawn(file), { replyTimeoutMs: 1500, quietMs: 150 })).stages.map((s) => s.status);
/** A folder of its own for the generated stages, each written as `stage-N.mjs`. */
const stages = new NodeEngine({ root: mkdtempSync(join(tmpdir(), 'capstone-stages-')) });

describe('the capstone: starter and stage solutions', () => {
  it('the starter is flagged as a starter, and answers nothing: stage 1 fails', async () => {
    expect(SERVERS.starter.starter).toBe(true);
    expect((await statuses(SERVERS.starter.file))[0]).toBe('fail');
  }, 60_000);

  it('the annotated file holds one stage per stage of the checker', () => {
    expect(STAGE_COUNT).toBe(STAGES.length);
  });

  it.each(STAGES.map((s, i) => [i + 1, s.id] as const))('stage %i (%s): its solution passes stages 1..N, not yet N+1', async (n) => {
    writeFileSync(join(stages.root, `stage-${n}.mjs`), capstoneStage(n));
    const got = await statuses(`stage-${n}.mjs`, stages);
    expect(got.slice(0, n)).toEqual(Array(n).fill('pass'));
    if (n < STAGES.length) expect(got[n]).not.toBe('pass');
  }, 120_000);
});
