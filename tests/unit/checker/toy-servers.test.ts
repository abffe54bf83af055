// The checker on the course's own stdio servers (from the registry): every modern server passes every stage;
// noisy fails stage 1 on the stdout rule only; legacy is named legacy first, gets only the rules of both eras
// (each process after its initialize), has none of its tools called, and fails once, on server/discover.
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

// The stdio servers (an HTTP one is checked over HTTP: tests/unit/checker/http.test.ts).
const modern = serversFor('Checker').filter((n) => SERVERS[n].transport === 'stdio' && SERVERS[n].era === 'modern' && n !== 'noisy' && !('starter' in SERVERS[n]));

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
    expect(check.id).toBe('framing.stdout-only');
    expect(check.actual).toContain('calendar-noisy v1.0.0 starting');
  }, 120_000);

  it('legacy is classified before anything else; no tool is called; only the rules of both eras run; it fails once, on server/discover', async () => {
    const r = await run('legacy');
    expect(r.era.era).toBe('legacy');
    expect(r.era.detail).toMatch(/server\/discover got error -32601 .*initialize agreed version 2025-11-25: a legacy server/);
    expect(r.verdict).toBe('fail');
    expect(failed(r)).toEqual(['discover.result']);
    expect(r.stages.map((s) => s.status)).toEqual(['pass', 'pass', 'fail', 'not-run', 'not-run', 'not-run', 'not-run', 'not-run']);
    const checks = r.stages.flatMap((s) => s.checks);
    const sent = [...r.era.wire.filter((w) => w.dir === 'sent').map((w) => w.text), ...checks.flatMap((c) => c.sent)];
    const methods = sent.flatMap((text) => text.split('\n')).map((line) => (JSON.parse(line) as { method?: string }).method);
    expect(methods).toContain('initialize');
    expect(methods).not.toContain('tools/call');
    // Every process a check opened got the handshake as its first line.
    for (const c of checks.filter((c) => c.status === 'pass')) {
      const firsts = new Map<number, string>();
      for (const w of c.wire) if (w.dir === 'sent' && !firsts.has(w.process)) firsts.set(w.process, w.text.split('\n')[0]);
      expect(firsts.size).toBeGreaterThan(0);
      for (const first of firsts.values()) expect(JSON.parse(first).method).toBe('initialize');
    }
    for (const c of checks.filter((c) => c.status === 'not-run')) expect(c.notRun).toBe('era');
  }, 120_000);
});
