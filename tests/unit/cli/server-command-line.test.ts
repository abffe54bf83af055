// The command line shared by `npm run check-server` and `npm run probe`: options first, then the server's
// command. Parsing is checked in-process; help and usage errors through the real CLIs as node processes.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { millisecondsOption, parseServerCommandLine } from '../../../src/cli/server-command-line.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = (script: string, args: string[]) => run(process.execPath, ['--experimental-strip-types', '--no-warnings', `src/cli/${script}.ts`, ...args], { cwd: root, timeout: 30_000 });

describe('parseServerCommandLine', () => {
  it('reads options up to the first word that is not one, and keeps the server\'s own options', () => {
    let ms = 0;
    let flag = false;
    const line = parseServerCommandLine('t', 'usage', ['--json', '--wait', '250', '--flag', 'node', 'server.mjs', '--stdio'], {
      '--wait': millisecondsOption('--wait', (v) => (ms = v)),
      '--flag': { takesValue: false, apply: () => void (flag = true) },
    });
    expect(line).toEqual({ json: true, command: process.execPath, args: ['server.mjs', '--stdio'], words: ['node', 'server.mjs', '--stdio'] });
    expect([ms, flag]).toEqual([250, true]);
  });

  it('refuses one of the CLI\'s own options after the command (it would go to the server), unless -- came before the command', () => {
    const options = { '--stage': { takesValue: true, apply: () => undefined } };
    const errors: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => (errors.push(chunk), true)) as typeof process.stderr.write;
    try {
      expect(parseServerCommandLine('t', 'usage', ['node', 's.mjs', '--stage', 'framing'], options)).toEqual({ exitCode: 2 });
      expect(parseServerCommandLine('t', 'usage', ['node', 's.mjs', '--json'], options)).toEqual({ exitCode: 2 });
      expect(parseServerCommandLine('t', 'usage', ['node', 's.mjs', '--stage=framing'], options)).toEqual({ exitCode: 2 });
    } finally {
      process.stderr.write = write;
    }
    expect(errors[0]).toContain('t: --stage comes after the server command, so it would be passed to the server');
    expect(parseServerCommandLine('t', 'usage', ['--', 'node', 's.mjs', '--stage', 'framing'], options)).toMatchObject({ args: ['s.mjs', '--stage', 'framing'] });
    // A word the CLI does not know is the server's own, as before.
    expect(parseServerCommandLine('t', 'usage', ['node', 's.mjs', '--port', '3'], options)).toMatchObject({ args: ['s.mjs', '--port', '3'] });
  });

  it('`--` ends the options, so a command may start with --', () => {
    expect(parseServerCommandLine('t', 'usage', ['--', '--odd-name', 'x'], {})).toMatchObject({ json: false, command: '--odd-name', args: ['x'] });
  });
});

describe('the CLIs that use it', () => {
  it('--help and -h print the usage and exit 0', async () => {
    expect((await cli('check-server', ['-h'])).stdout).toMatch(/^usage: npm run check-server/);
    expect((await cli('probe', ['--help'])).stdout).toMatch(/^usage: npm run probe/);
  });

  it('check-server: --stage after the command is refused with exit 2 and a way out; before it, or behind --, the run does what was asked', async () => {
    await expect(cli('check-server', ['node', 'toy-servers/calendar.mjs', '--stage', 'framing'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('check-server: --stage comes after the server command, so it would be passed to the server'),
    });
    // Before the command: only that stage runs.
    const before = JSON.parse((await cli('check-server', ['--json', '--stage', 'framing', 'node', 'toy-servers/calendar.mjs'])).stdout);
    expect(before.stages.filter((s: { status: string }) => s.status !== 'not-run' && s.status !== 'skipped').map((s: { id: string }) => s.id)).toEqual(['framing']);
    // Behind --: the words after the command reach the server as its own arguments.
    const passed = JSON.parse((await cli('check-server', ['--json', '--stage', 'framing', '--', 'node', 'toy-servers/calendar.mjs', '--stage', 'framing'])).stdout);
    expect(passed.command).toEqual(['node', 'toy-servers/calendar.mjs', '--stage', 'framing']);
    expect(passed.verdict).toBe('pass');
  }, 60_000);

  it('usage errors exit 2 and say what was wrong', async () => {
    await expect(cli('check-server', ['--timeout', 'soon', 'node', 'x.mjs'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('check-server: --timeout needs a number of milliseconds') });
    await expect(cli('check-server', ['--stage'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('check-server: --stage needs a value') });
    await expect(cli('probe', ['--bogus', 'x'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('probe: unknown option --bogus') });
    await expect(cli('probe', ['--no-hazard'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('probe: no server command given') });
  });
});
