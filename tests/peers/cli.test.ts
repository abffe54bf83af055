// The probe CLI as a real process (node --experimental-strip-types src/cli/probe.ts), against real servers.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MEASURED_ARGS, REPO_ROOT } from '../../src/cli/measured-facts.ts';

const run = promisify(execFile);
const cli = (args: string[]) =>
  run(process.execPath, ['--experimental-strip-types', '--no-warnings', 'src/cli/probe.ts', ...args], { cwd: REPO_ROOT, timeout: 60_000 });

describe('npm run probe', () => {
  it('prints the chapter figures for server-everything', async () => {
    const { stdout } = await cli(['node', ...MEASURED_ARGS]);
    expect(stdout).toContain('era: legacy (server/discover: -32601 MethodNotFound)');
    expect(stdout).toContain('negotiated version: 2025-11-25');
    expect(stdout).toMatch(/1\. discover asking 2026-07-28 -> -32601 MethodNotFound \[legacy-fallback\]/);
    expect(stdout).toMatch(/2\. initialize asking 2025-11-25 -> InitializeResult, protocolVersion 2025-11-25/);
    expect(stdout).toMatch(/3\. initialized -> sent/);
    expect(stdout).toContain('tools/list before any handshake (first message of a fresh process): served, 12 tools');
    expect(stdout).toContain('after the probe and handshake: 13 tools, 7 resources, 4 prompts');
    expect(stdout).toContain('catalog size: 7,663 bytes');
    expect(stdout).toMatch(/total \(whole list\)\s+1,307\s+1,082/);
    expect(stdout).toMatch(/sum of per-tool counts\s+1,305\s+1,084/);
    expect(stdout).toMatch(/cheapest\s+get-tiny-image 52\s+get-tiny-image 44/);
    expect(stdout).toMatch(/costliest\s+gzip-file-as-resource 235\s+gzip-file-as-resource 203/);
    expect(stdout).toMatch(/instructions\s+312\s+312/);
  });

  it('--json prints the same report as JSON (SDK server: modern, 2026-07-28)', async () => {
    const { stdout } = await cli(['--json', 'node', 'tests/peers/fixtures/sdk-server.mjs']);
    const r = JSON.parse(stdout);
    expect(r).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', discoverOutcome: 'DiscoverResult', counts: { tools: 2 } });
    expect(r.steps[0].branch).toBe('discover-result');
    expect(r.tokens.python.total).toBeGreaterThan(r.tokens.compact.total);
  });

  it('exits 2 with usage when no command is given, 1 when the command cannot start', async () => {
    await expect(cli([])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run probe') });
    await expect(cli(['/no/such/server'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('cannot start') });
  });
});
