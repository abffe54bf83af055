// The hand-written client against the course's own toy servers (real `node` processes through the Node engine).
// (The toy servers' own conformance tests are in tests/servers/ and tests/peers/toy-servers-*; this file tests the client.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/cli/measured-facts.ts';
import { NodeEngine } from '../../src/engines/node/node-engine.ts';
import { Connection } from '../../src/protocol/connection.ts';
import { sendWithoutHandshake } from '../../src/protocol/hazard.ts';
import { listAll } from '../../src/protocol/list-all.ts';
import type { JsonObject } from '../../src/protocol/messages.ts';
import { runWithInput } from '../../src/protocol/mrtr.ts';
import { probeEra } from '../../src/protocol/probe.ts';
import { RequestBuilder } from '../../src/protocol/request-builder.ts';

const stateDir = mkdtempSync(join(tmpdir(), 'toy-state-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));
const engine = new NodeEngine({ root: REPO_ROOT });
const open: Connection[] = [];
async function start(server: string): Promise<Connection> {
  const proc = await engine.spawn(`toy-servers/${server}`, [], { env: { TOY_STATE_DIR: stateDir, TOY_SEED: 'client-peer-tests' } });
  const conn = new Connection(proc, { timeoutMs: 10_000 });
  open.push(conn);
  return conn;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close(1000)));
});

describe('the era each toy server is meant to show', () => {
  for (const server of ['calendar.mjs', 'calendar-handles.mjs', 'noisy.mjs']) {
    it(`${server}: modern via DiscoverResult, 2026-07-28, no initialize`, async () => {
      const conn = await start(server);
      const r = await probeEra(conn);
      expect(r).toMatchObject({ era: 'modern', outcome: 'ok', branch: 'discover-result', protocolVersion: '2026-07-28' });
      expect(r.steps.map((s) => s.kind)).toEqual(['discover']);
      expect(r.serverInfo?.name).toBeTruthy();
    });
  }

  it('legacy.mjs: legacy via -32601, initialize + notifications/initialized, 2025-11-25, results without resultType', async () => {
    const conn = await start('legacy.mjs');
    const b = new RequestBuilder();
    const r = await probeEra(conn, { builder: b });
    expect(r).toMatchObject({ era: 'legacy', outcome: 'ok', branch: 'legacy-fallback', protocolVersion: '2025-11-25' });
    expect(r.steps.map((s) => [s.kind, s.outcome.split(',')[0]])).toEqual([
      ['discover', '-32601 MethodNotFound'],
      ['initialize', 'InitializeResult'],
      ['initialized', 'sent (notifications get no reply)'],
    ]);
    const tools = await listAll(conn, b, 'tools/list', 'legacy');
    expect(tools.pages[0].classification).toMatchObject({ kind: 'complete', assumed: true });
    expect(tools.items.map((t) => t.name)).toContain('create_event');
  });

  it('legacy.mjs: the hazard: tools/list with no handshake is served', async () => {
    const conn = await start('legacy.mjs');
    const h = await sendWithoutHandshake(conn);
    expect(h.served).toBe(true);
    expect(h.count).toBeGreaterThan(0);
  });

  it('noisy.mjs: stray stdout lines are flagged as framing violations, and the client carries on', async () => {
    const conn = await start('noisy.mjs');
    const b = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
    const r = await probeEra(conn, { builder: b });
    expect(r.outcome).toBe('ok');
    const call = await conn.request(b.request('tools/call', { name: 'create_event', arguments: { title: 'Noise', startsAt: '2026-09-08T10:00:00Z' } }));
    expect(call.classification.kind).toBe('complete');
    const flagged = conn.transcript.filter((e) => e.classification?.kind === 'framing_violation');
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    expect(flagged.every((e) => e.direction === 'in' && e.channel === 'stdout')).toBe(true);
    expect(flagged[0].text).toMatch(/starting/);
  });
});

describe('calendar.mjs create_event through mrtr', () => {
  it('without startsAt: input_required under "when", then complete with a scripted handler', async () => {
    const conn = await start('calendar.mjs');
    const b = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
    const asked: Array<[string, string]> = [];
    const run = await runWithInput(conn, b, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }, (key, req) => {
      asked.push([key, req.method]);
      const schema = (req.params as { requestedSchema: { properties: JsonObject } }).requestedSchema;
      expect(Object.keys(schema.properties)).toContain('startsAt');
      return { action: 'accept', content: { startsAt: '2026-09-10T14:30:00Z' } };
    });
    expect(run.outcome).toBe('complete');
    expect(asked).toEqual([['when', 'elicitation/create']]);
    expect(run.rounds.map((r) => r.classification?.kind)).toEqual(['input_required', 'complete']);
    const state = JSON.parse(run.rounds[0].reply!.line).result.requestState;
    expect(typeof state).toBe('string');
    expect(run.rounds[1].requestState).toBe(state);
    expect(run.rounds[1].request.id).not.toBe(run.rounds[0].request.id);
    expect(run.final!.line).toContain('Dentist');
  });

  it('a tampered requestState is refused with -32602', async () => {
    const conn = await start('calendar.mjs');
    const b = new RequestBuilder({ clientCapabilities: { elicitation: {} } });
    const first = await conn.request(b.request('tools/call', { name: 'create_event', arguments: { title: 'Dentist' } }));
    expect(first.classification.kind).toBe('input_required');
    const state = JSON.parse(first.line).result.requestState as string;
    const tampered = state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA');
    const reply = await conn.request(
      b.request('tools/call', {
        name: 'create_event',
        arguments: { title: 'Dentist' },
        inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-10T14:30:00Z' } } },
        requestState: tampered,
      }),
    );
    expect(reply.classification).toMatchObject({ kind: 'error', code: -32602 });
  });
});
