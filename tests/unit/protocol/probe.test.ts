import { afterEach, describe, expect, it } from 'vitest';
import { probeEra } from '../../../src/protocol/probe.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { startScripted, stopAll } from './fixtures/start.ts';

afterEach(stopAll);

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
});
