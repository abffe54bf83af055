// The checker on the course's own stdio servers (from the registry): every modern server passes every stage;
// noisy fails stage 1 on the stdout rule only; legacy fails discover, per-request _meta and initialize.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { runChecks, type CheckReport } from '../../../src/checker/index.ts';
import { SERVERS, serversFor } from '../../../toy-servers/registry.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const engine = new NodeEngine({ root });
const env = { TOY_SEED: 'checker-test', TOY_STATE_DIR: mkdtempSync(join(tmpdir(), 'checker-toy-state-')) };

function failed(r: CheckReport): string[] {
  return r.stages.flatMap((s) => s.checks).filter((c) => c.status === 'fail').map((c) => c.id);
}
function run(name: keyof typeof SERVERS): Promise<CheckReport> {
  return runChecks(() => engine.spawn(SERVERS[name].file, [], { env }), { quietMs: 150 });
}

const modern = serversFor('Checker').filter((n) => SERVERS[n].era === 'modern' && n !== 'noisy' && !('starter' in SERVERS[n]));

describe('checker on the toy servers', () => {
  it.each(modern)('%s passes every stage', async (name) => {
    const r = await run(name);
    expect(failed(r)).toEqual([]);
    expect(r.stages.every((s) => s.status === 'pass')).toBe(true);
  }, 120_000);

  it('noisy fails stage 1, on the stdout rule only', async () => {
    const r = await run('noisy');
    expect(failed(r)).toEqual(['framing.stdout-only']);
    const check = r.stages[0].checks[0];
    expect(check.rule).toBe('Nothing but JSON-RPC messages on stdout');
    expect(check.actual).toContain('calendar-noisy v1.0.0 starting');
  }, 120_000);

  it('legacy fails discover, per-request _meta and the initialize stage; tool stages are skipped for want of capabilities', async () => {
    const r = await run('legacy');
    expect(r.stages.map((s) => s.status)).toEqual(['pass', 'pass', 'fail', 'fail', 'skipped', 'skipped', 'skipped', 'fail']);
    expect(failed(r)).toEqual(['discover.result', 'discover.server-info', 'meta.missing-version', 'meta.missing-capabilities', 'meta.unknown-version', 'legacy.initialize']);
    expect(r.stages[4].reason).toMatch(/server\/discover gave no capabilities/);
  }, 120_000);
});
