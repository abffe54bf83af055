// The probe CLI and the checker's CLI as real processes (node --experimental-strip-types src/cli/*.ts), against real servers.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURED_ARGS, REPO_ROOT } from '../../src/cli/measured-facts.ts';
import { writeMutants } from '../fixtures/mutants/generate.mjs';

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

// The checker's CLI as a real process (node --experimental-strip-types src/cli/check-server.ts): exit codes,
// --strict, --junit, --call-tools, and the words after the server's command staying the server's.
describe('npm run check-server', { timeout: 240_000 }, () => {
  const check = async (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--experimental-strip-types', '--no-warnings', 'src/cli/check-server.ts', ...args], { cwd: REPO_ROOT, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code?: number; stdout?: string; stderr?: string };
      if (typeof err.code !== 'number') throw e;
      return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
    }
  };
  let mutants: string;
  beforeAll(() => {
    mutants = mkdtempSync(join(tmpdir(), 'check-server-cli-'));
    writeMutants(mutants);
  });
  afterAll(() => rmSync(mutants, { recursive: true, force: true }));

  it('exit 0 and a PASS verdict first for a passing server; --junit writes the same checks as JUnit XML', async () => {
    const junit = join(mutants, 'calendar.xml');
    const text = await check(['--junit', junit, 'node', 'toy-servers/calendar.mjs']);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(/^verdict: PASS \(0 failed, \d+ warnings?\)$/);
    const xml = readFileSync(junit, 'utf8');
    const json = JSON.parse((await check(['--json', 'node', 'toy-servers/calendar.mjs'])).stdout);
    const checks = json.stages.flatMap((s: { checks: unknown[] }) => s.checks);
    // One testcase per check of the JSON report, one suite per stage.
    expect(xml.match(/<testcase /g)?.length).toBe(checks.length);
    expect(xml.match(/<testsuite /g)?.length).toBe(json.stages.length);
    expect(xml).toContain('<testsuites name="check-server node toy-servers/calendar.mjs"');
  });

  it('exit 1 for a failing server, and for warnings only under --strict', async () => {
    const failing = await check(['node', 'toy-servers/noisy.mjs']);
    expect(failing.code).toBe(1);
    expect(failing.stdout.split('\n')[0]).toMatch(/^verdict: FAIL \(1 failed, 0 warnings\); stage 1 failed, so 7 stages did not run$/);
    const warned = await check(['node', join(mutants, 'ok-no-identity.mjs')]);
    expect([warned.code, warned.stdout.split('\n')[0]]).toEqual([0, 'verdict: PASS (0 failed, 1 warning)']);
    const strict = await check(['--strict', '--json', 'node', join(mutants, 'ok-no-identity.mjs')]);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({ verdict: 'fail', strict: true, summary: { checksFailed: 0, checksWarned: 1 } });
  });

  it('exit 3 (incomplete) when --call-tools safe kept checks from running, and the first line says which', async () => {
    const r = await check(['--call-tools', 'safe', 'node', join(mutants, 'unannotated-state-not-verified.mjs')]);
    expect(r.code).toBe(3);
    expect(r.stdout.split('\n')[0]).toMatch(/^verdict: INCOMPLETE: \d+ checks did not run because of --call-tools safe: [a-z.-]+(, [a-z.-]+)*; run with --call-tools all to run them$/);
    // The default calls every tool: the same server then fails the check it was made to fail.
    const all = await check(['--json', 'node', join(mutants, 'unannotated-state-not-verified.mjs')]);
    expect(all.code).toBe(1);
    expect(JSON.parse(all.stdout).incomplete).toEqual([]);
  });

  it('after `--` every word belongs to the server; one of the checker\'s options after the command without `--` is a usage error', async () => {
    const r = await check(['--json', '--', 'node', 'toy-servers/calendar.mjs', '--stage', 'framing']);
    const report = JSON.parse(r.stdout);
    expect(report.command).toEqual(['node', 'toy-servers/calendar.mjs', '--stage', 'framing']);
    // Every stage ran: --stage framing went to the server, not to the checker.
    expect(report.stages.flatMap((s: { checks: { notRun?: string }[] }) => s.checks).filter((c: { notRun?: string }) => c.notRun === 'not-selected')).toEqual([]);
    // Without `--`, --stage after the command would silently reach the server: refused, saying how to write it.
    const without = await check(['--json', 'node', 'toy-servers/calendar.mjs', '--stage', 'framing']);
    expect(without.code).toBe(2);
    expect(without.stdout).toBe('');
    expect(without.stderr).toContain('--stage');
    expect(without.stderr).toContain('--');
    // Before the command, --stage is the checker's: the later stages are then not selected.
    const selected = JSON.parse((await check(['--json', '--stage', 'framing', 'node', 'toy-servers/calendar.mjs'])).stdout);
    expect(selected.stages.slice(1).every((s: { checks: { notRun?: string }[] }) => s.checks.every((c) => c.notRun === 'not-selected'))).toBe(true);
  });

  it('imports only Node\'s own modules, files of this repository and packages of package.json (the README\'s CI recipe: a clone and npm ci)', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
    const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    const seen = new Set<string>();
    const outside: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (fileName.startsWith('node:')) continue;
        if (fileName.startsWith('.')) visit(join(dirname(file), fileName));
        else if (!declared.has(packageOf(fileName))) outside.push(`${file}: ${fileName}`);
      }
    };
    visit(join(REPO_ROOT, 'src/cli/check-server.ts'));
    expect(seen.size).toBeGreaterThan(10);
    expect(outside).toEqual([]);
  });

  it('usage: exit 2 for a bad option value or a --junit folder that does not exist; --help names the default tool policy', async () => {
    expect(await check(['--call-tools', 'some', 'node', 'x.mjs'])).toMatchObject({ code: 2, stderr: expect.stringContaining('check-server: --call-tools is safe or all') });
    expect(await check(['--junit', '/no/such/folder/report.xml', 'node', 'x.mjs'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--junit: there is no folder /no/such/folder') });
    const help = (await check(['--help'])).stdout;
    expect(help).toMatch(/--call-tools all +\(the default\) call every tool with made-up arguments/);
    expect(help).toContain('exit codes: 0 pass, 1 fail, 2 usage error, 3 incomplete');
    expect(await check(['/no/such/server'])).toMatchObject({ code: 1, stderr: expect.stringContaining('cannot start') });
  });
});
