// The checker on servers it was not written against, as real processes (the Node engine's spawnCommand),
// with its default options:
// - tests/peers/fixtures/tools-only.py: a tools-only modern server in plain Python (no SDK), written from the
//   spec alone: no failure, no warning, every applicable stage passes (resources and prompts are skipped:
//   not declared).
// - tests/peers/fixtures/dual-era.mjs: modern and, after `initialize`, legacy in the same process: no
//   failure, the legacy stage passes, the era is modern.
// - toy-servers/legacy.mjs and @modelcontextprotocol/server-everything (legacy-only servers): the era is
//   legacy, nothing but handshakes and era-neutral requests are sent (never a tools/call), the missing
//   server/discover is reported once, and nothing of the environment (which server-everything's get-env
//   tool would print) reaches the report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/cli/measured-facts.ts';
import { runChecks, type CheckReport, type WireLine } from '../../src/checker/index.ts';
import { spawnCommand } from '../../src/engines/node/node-engine.ts';
import { Connection } from '../../src/protocol/connection.ts';

const FIXTURES = join(REPO_ROOT, 'tests/peers/fixtures');
const checks = (r: CheckReport) => r.stages.flatMap((s) => s.checks);
const withStatus = (r: CheckReport, status: string) => checks(r).filter((c) => c.status === status).map((c) => c.id);

/** Failed and warned checks with what happened, for a readable assertion message. */
function why(r: CheckReport): string {
  return [`era: ${r.era.detail}`, ...checks(r).filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => `${c.status} ${c.id}: ${c.actual}`)].join('\n');
}

describe('tools-only.py (plain Python, no SDK)', () => {
  it('passes with no failure and no warning: verdict pass, era modern, the multi round-trip stage run on book_table', async () => {
    const report = await runChecks(() => spawnCommand('python3', [join(FIXTURES, 'tools-only.py')], { cwd: REPO_ROOT }));
    expect(withStatus(report, 'fail'), why(report)).toEqual([]);
    expect(withStatus(report, 'warn'), why(report)).toEqual([]);
    expect(report.verdict, why(report)).toBe('pass');
    expect(report.era.era).toBe('modern');
    expect(report.incomplete).toEqual([]);
    expect(report.server).toMatchObject({ name: 'tools-only-python', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } });
    expect(report.inputTool).toBe('book_table');
    // Every stage passes but the one of resources and prompts, whose checks are skipped (not declared).
    for (const s of report.stages.filter((s) => s.id !== 'resources-prompts')) expect(s.status, s.id).toBe('pass');
    const undeclared = checks(report).filter((c) => /^(resources|prompts)\./.test(c.id));
    expect(undeclared.length).toBeGreaterThan(0);
    for (const c of undeclared) expect(c.status, c.id).toBe('skipped');
    // The multi round-trip checks ran (none skipped): the signed requestState, the retry in a fresh process.
    const mrtr = checks(report).filter((c) => c.id.startsWith('mrtr.'));
    expect(mrtr.length).toBeGreaterThan(0);
    for (const c of mrtr) expect(c.status, c.id).toBe('pass');
  }, 120_000);
});

describe('dual-era.mjs (modern, and legacy after initialize)', () => {
  const spawn = () => spawnCommand(process.execPath, [join(FIXTURES, 'dual-era.mjs')], { cwd: REPO_ROOT });

  it('really serves the legacy handshake: InitializeResult 2025-11-25, then tools/list and tools/call without _meta', async () => {
    const conn = new Connection(await spawn(), { timeoutMs: 10_000 });
    try {
      const init = JSON.parse((await conn.request({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })).line);
      expect(init.result).toMatchObject({ protocolVersion: '2025-11-25', capabilities: { tools: {} } });
      conn.notify({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const list = JSON.parse((await conn.request({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).line);
      expect(list.result.tools.map((t: { name: string }) => t.name)).toEqual(['reverse', 'count_letters']);
      const call = JSON.parse((await conn.request({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'reverse', arguments: { text: 'abc' } } })).line);
      expect(call.result.structuredContent).toEqual({ reversed: 'cba' });
    } finally {
      await conn.close(1000);
    }
  });

  it('passes with no failure: the legacy stage passes, era modern', async () => {
    const report = await runChecks(spawn);
    expect(withStatus(report, 'fail'), why(report)).toEqual([]);
    expect(withStatus(report, 'warn'), why(report)).toEqual([]);
    expect(report.verdict, why(report)).toBe('pass');
    expect(report.era.era).toBe('modern');
    expect(report.server?.supportedVersions).toEqual(['2026-07-28']);
    const legacy = report.stages.find((s) => s.id === 'legacy')!;
    expect(legacy.status).toBe('pass');
    expect(legacy.checks.map((c) => c.status)).toEqual(legacy.checks.map(() => 'pass'));
    // The legacy check did take the handshake: an InitializeResult came back.
    const init = legacy.checks.find((c) => c.id === 'legacy.initialize')!;
    expect(init.received.some((l) => l.includes('"protocolVersion":"2025-11-25"') && l.includes('"result"'))).toBe(true);
  }, 120_000);
});

describe('legacy-only servers: only handshakes and era-neutral requests, never a tool call', () => {
  const canary = `checker-canary-${process.pid}-${Date.now()}`;
  const targets = [
    { name: 'toy-servers/legacy.mjs', args: ['toy-servers/legacy.mjs'] },
    { name: '@modelcontextprotocol/server-everything', args: [everythingEntry(), 'stdio'] },
  ];

  it('server-everything has a get-env tool that prints the environment (so a call to it would leak the canary)', async () => {
    const conn = new Connection(await spawnCommand(process.execPath, [everythingEntry(), 'stdio'], { cwd: REPO_ROOT, env: { CHECKER_CANARY: canary } }), { timeoutMs: 10_000 });
    try {
      await conn.request({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
      conn.notify({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const reply = await conn.request({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get-env', arguments: {} } });
      expect(reply.line).toContain(canary);
    } finally {
      await conn.close(1000);
    }
  });

  it.each(targets)('$name: era legacy, initialize first in every check process, no tools/call, discover.result fails once, no environment in the report', async ({ args }) => {
    const report = await runChecks(() => spawnCommand(process.execPath, args, { cwd: REPO_ROOT, env: { CHECKER_CANARY: canary } }));
    expect(report.era.era, why(report)).toBe('legacy');
    expect(report.era.legacyVersion).toBe('2025-11-25');
    expect(report.era.detail).toMatch(/legacy server/);
    expect(report.era.detail).toContain('2025-11-25');

    // The probe: server/discover first (process 1), then initialize in a fresh process (2).
    expect(firstSent(report.era.wire)).toEqual(new Map([[1, 'server/discover'], [2, 'initialize']]));
    // Every process a check opened got the handshake before anything else.
    for (const c of checks(report)) {
      for (const [proc, method] of firstSent(c.wire)) expect(method, `${c.id}, process ${proc}`).toBe('initialize');
    }
    // Not one tools/call, anywhere.
    const sent = [...report.era.wire.filter((w) => w.dir === 'sent').map((w) => w.text), ...checks(report).flatMap((c) => c.sent)];
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.filter((l) => methodOf(l) === 'tools/call')).toEqual([]);

    // The missing server/discover is one failure, not one per check.
    const discover = checks(report).find((c) => c.id === 'discover.result')!;
    expect(discover.status).toBe('fail');
    expect(discover.actual).toMatch(/legacy server/);
    expect(checks(report).filter((c) => c.status === 'fail' && /legacy server/.test(c.actual ?? '')).map((c) => c.id)).toEqual(['discover.result']);
    expect(report.verdict).toBe('fail');

    const text = JSON.stringify(report);
    expect(text).not.toContain(canary);
    expect(text).not.toContain(JSON.stringify(process.env.PATH).slice(1, -1));
    if (process.env.HOME) expect(text).not.toContain(`"${process.env.HOME}"`);
  }, 120_000);
});

function everythingEntry(): string {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything', pkg.bin['mcp-server-everything']!);
}

/** The method of a sent line, or undefined when it is not a JSON object with one. */
function methodOf(line: string): string | undefined {
  try {
    const v = JSON.parse(line) as { method?: unknown };
    return typeof v?.method === 'string' ? v.method : undefined;
  } catch {
    return undefined;
  }
}

/** The method of the first line sent to each process of a wire, by process number. */
function firstSent(wire: WireLine[]): Map<number, string | undefined> {
  const first = new Map<number, string | undefined>();
  for (const w of wire) if (w.dir === 'sent' && !first.has(w.process)) first.set(w.process, methodOf(w.text));
  return first;
}
