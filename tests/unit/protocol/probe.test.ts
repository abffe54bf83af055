import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeEngine } from '../../../src/engines/node/node-engine.ts';
import { Connection } from '../../../src/protocol/connection.ts';
import { probeEra } from '../../../src/protocol/probe.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { SERVERS } from '../../../toy-servers/registry.ts';
import { startScripted, stopAll } from './fixtures/start.ts';

const opened = new Set<Connection>();
afterEach(async () => {
  await stopAll();
  const all = [...opened];
  opened.clear();
  await Promise.all(all.map((c) => c.close(500)));
});

/** A fresh toy-servers/legacy.mjs process, real, with `args`. */
const projectEngine = new NodeEngine({ root: fileURLToPath(new URL('../../../', import.meta.url)) });
async function startLegacy(args: string[]): Promise<Connection> {
  const conn = new Connection(await projectEngine.spawn(SERVERS.legacy.file, args), { timeoutMs: 5000 });
  opened.add(conn);
  return conn;
}

/** Far longer than any test may take: a probe that waited for it would fail the test by its own timeout. */
const NEVER_MS = 600_000;

const methods = (lines: string[]) => lines.map((l) => JSON.parse(l).method);

describe('probeEra (real processes)', () => {
  it('DiscoverResult -> modern, the asked version, no initialize', async () => {
    const conn = await startScripted('modern', '2026-07-28');
    const r = await probeEra(conn);
    expect(r).toMatchObject({ era: 'modern', outcome: 'ok', branch: 'discover-result', protocolVersion: '2026-07-28' });
    expect(r.serverInfo).toEqual({ name: 'scripted-modern', version: '1.0.0' });
    expect(r.instructions).toBe('Scripted modern server.');
    expect(r.steps.map((s) => s.kind)).toEqual(['discover']);
    expect(r.steps[0].received).toContain('"supportedVersions"');
  });

  it('-32022 -> modern; retries server/discover with a version from data.supported; never initialize', async () => {
    const conn = await startScripted('modern', '2026-09-01,2026-07-28');
    const r = await probeEra(conn, { preferredVersion: '2099-01-01', modernVersions: ['2099-01-01', '2026-07-28'] });
    expect(r).toMatchObject({ era: 'modern', outcome: 'ok', branch: 'recognised-modern-error', protocolVersion: '2026-07-28' });
    expect(r.steps.map((s) => [s.kind, s.protocolVersion, s.branch])).toEqual([
      ['discover', '2099-01-01', 'recognised-modern-error'],
      ['discover', '2026-07-28', 'discover-result'],
    ]);
    expect(r.steps[0].reason).toMatch(/retrying server\/discover with 2026-07-28/);
    expect(methods(conn.transcript.filter((e) => e.direction === 'out').map((e) => e.text))).not.toContain('initialize');
  });

  it('-32022 with no shared version -> "no compatible version", and no initialize', async () => {
    const conn = await startScripted('modern', '2026-09-01');
    const r = await probeEra(conn);
    expect(r).toMatchObject({ era: 'modern', outcome: 'no-compatible-version', serverVersions: ['2026-09-01'] });
    expect(r.error).toMatch(/no compatible version/);
    expect(r.protocolVersion).toBeUndefined();
    expect(r.steps).toHaveLength(1);
    expect(methods(conn.transcript.filter((e) => e.direction === 'out').map((e) => e.text))).toEqual(['server/discover']);
  });

  it('-32021 -> modern (a recognised modern error), no initialize', async () => {
    const conn = await startScripted('capability');
    const r = await probeEra(conn);
    expect(r).toMatchObject({ era: 'modern', outcome: 'ok', branch: 'recognised-modern-error', protocolVersion: '2026-07-28' });
    expect(r.steps[0].reason).toMatch(/requires client capabilities \{"elicitation":\{\}\}/);
  });

  it('-32601 -> legacy -> initialize + notifications/initialized, negotiated version', async () => {
    const conn = await startScripted('legacy');
    const r = await probeEra(conn, { builder: new RequestBuilder({ clientInfo: { name: 'unit', version: '1' } }) });
    expect(r).toMatchObject({ era: 'legacy', outcome: 'ok', branch: 'legacy-fallback', protocolVersion: '2025-11-25' });
    expect(r.steps.map((s) => s.kind)).toEqual(['discover', 'initialize', 'initialized']);
    expect(r.steps[0].outcome).toBe('-32601 MethodNotFound');
    expect(JSON.parse(r.steps[1].sent)).toEqual({
      jsonrpc: '2.0', id: 2, method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'unit', version: '1' } },
    });
    expect(r.steps[2].sent).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(r.serverInfo?.name).toBe('scripted-legacy');
  });

  it('is not keyed to one code: -32602 also means legacy', async () => {
    const conn = await startScripted('legacy-32602');
    const r = await probeEra(conn);
    expect(r).toMatchObject({ era: 'legacy', outcome: 'ok', protocolVersion: '2025-11-25' });
    expect(r.steps[0].outcome).toBe('-32602 InvalidParams');
  });

  it('no answer within the timeout -> legacy', async () => {
    const conn = await startScripted('silent');
    const r = await probeEra(conn, { discoverTimeoutMs: 200 });
    expect(r).toMatchObject({ era: 'legacy', outcome: 'ok', protocolVersion: '2025-11-25' });
    expect(r.steps[0]).toMatchObject({ outcome: 'timeout after 200 ms', branch: 'legacy-fallback' });
    expect(r.steps[0].received).toBeUndefined();
  });

  it('an invalid resultType to server/discover is "another answer" -> legacy fallback is attempted', async () => {
    const conn = await startScripted('bad-result');
    const r = await probeEra(conn, { timeoutMs: 300 });
    expect(r.steps[0]).toMatchObject({ branch: 'legacy-fallback', outcome: 'invalid resultType "weird"' });
  });

  it('legacy server answering an unknown version -> no compatible version, no initialized', async () => {
    const conn = await startScripted('legacy-old');
    const r = await probeEra(conn);
    expect(r).toMatchObject({ era: 'legacy', outcome: 'no-compatible-version' });
    expect(r.steps.map((s) => s.kind)).toEqual(['discover', 'initialize']);
  });

  it('a server that dies on the probe -> failed, era unknown', async () => {
    const conn = await startScripted('exit');
    const r = await probeEra(conn);
    expect(r).toMatchObject({ era: undefined, outcome: 'failed' });
    expect(r.error).toMatch(/exited with code 3/);
  });

  it('an error with "id": null decides at once: the line it got is shown, and it is legacy', async () => {
    const conn = await startScripted('legacy-null-id');
    const r = await probeEra(conn, { discoverTimeoutMs: NEVER_MS });
    expect(r).toMatchObject({ era: 'legacy', outcome: 'ok', branch: 'legacy-fallback', protocolVersion: '2025-11-25' });
    expect(r.steps.map((s) => s.kind)).toEqual(['discover', 'initialize', 'initialized']);
    expect(r.steps[0]).toMatchObject({
      received: '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
      outcome: '-32600 InvalidRequest',
      uncorrelated: 'null-id',
      why: { code: 'legacy-error', vars: { outcome: '-32600 InvalidRequest' } },
    });
    expect(r.steps[0].ended).toBeUndefined();
    expect(r.steps[0].reason).toMatch(/its id is null.*the only request in flight/);
  });

  it('an error with no id, or with an id never sent, is also taken at once as the answer to the probe', async () => {
    for (const [mode, how] of [['legacy-no-id', 'no-id'], ['legacy-other-id', 'other-id']] as const) {
      const conn = await startScripted(mode);
      const r = await probeEra(conn, { discoverTimeoutMs: NEVER_MS });
      expect(r, mode).toMatchObject({ era: 'legacy', outcome: 'ok', protocolVersion: '2025-11-25' });
      expect(r.steps[0], mode).toMatchObject({ outcome: '-32601 MethodNotFound', uncorrelated: how, branch: 'legacy-fallback' });
      expect(JSON.parse(r.steps[0].received ?? '').error.code).toBe(-32601);
    }
  });

  it('a reply matched by id is not marked uncorrelated', async () => {
    const r = await probeEra(await startScripted('legacy'));
    expect(r.steps[0].uncorrelated).toBeUndefined();
    expect(r.steps[0].why).toEqual({ code: 'legacy-error', vars: { outcome: '-32601 MethodNotFound' } });
    expect(r.steps[2].why).toEqual({ code: 'initialized', vars: { version: '2025-11-25' } });
  });

  it('with respawn, a server that dies on the probe is legacy: initialize goes to a fresh process', async () => {
    let fresh: Connection | undefined;
    const conn = await startScripted('exit');
    const r = await probeEra(conn, {
      respawn: async () => (fresh = await startScripted('legacy')),
    });
    expect(r).toMatchObject({ era: 'legacy', outcome: 'ok', branch: 'legacy-fallback', protocolVersion: '2025-11-25', respawned: true });
    expect(r.steps.map((s) => [s.kind, s.pid])).toEqual([
      ['discover', conn.pid],
      ['initialize', fresh!.pid],
      ['initialized', fresh!.pid],
    ]);
    expect(fresh!.pid).not.toBe(conn.pid);
    expect(r.steps[0]).toMatchObject({ ended: 'exit', why: { code: 'legacy-exit' } });
    expect(r.steps[0].received).toBeUndefined();
  });
});

describe('probeEra on legacy.mjs, each --discover style: the same fallback', () => {
  const cases = [
    { style: 'method-not-found', outcome: '-32601 MethodNotFound', why: 'legacy-error' },
    { style: 'invalid-params', outcome: '-32602 InvalidParams', why: 'legacy-error' },
    { style: 'silent', outcome: 'timeout after 1000 ms', why: 'legacy-timeout' },
    { style: 'exit', outcome: 'exit', why: 'legacy-exit' },
  ] as const;
  for (const c of cases) {
    it(`--discover=${c.style} -> legacy, initialize, 2025-11-25`, async () => {
      const args = [`--discover=${c.style}`];
      const conn = await startLegacy(args);
      // Only the silent server waits out the timeout; every other style answers (or exits) long before a
      // generous one, so the verdict never depends on how busy the machine is.
      const discoverTimeoutMs = c.style === 'silent' ? 1000 : 30_000;
      const r = await probeEra(conn, { discoverTimeoutMs, respawn: () => startLegacy(args) });
      expect(r).toMatchObject({ era: 'legacy', outcome: 'ok', branch: 'legacy-fallback', protocolVersion: '2025-11-25' });
      expect(r.serverInfo?.name).toBe('calendar-legacy');
      expect(r.steps.map((s) => s.kind)).toEqual(['discover', 'initialize', 'initialized']);
      expect(r.steps[0]).toMatchObject({ outcome: c.outcome, why: { code: c.why } });
      expect(r.respawned ?? false).toBe(c.style === 'exit');
      if (c.style === 'method-not-found' || c.style === 'invalid-params') expect(JSON.parse(r.steps[0].received ?? '').id).toBe(1);
      else expect(r.steps[0].received).toBeUndefined();
    });
  }
});

