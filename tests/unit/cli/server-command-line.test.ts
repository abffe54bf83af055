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

  it('`--` ends the options, so a command may start with --', () => {
    expect(parseServerCommandLine('t', 'usage', ['--', '--odd-name', 'x'], {})).toMatchObject({ json: false, command: '--odd-name', args: ['x'] });
  });
});

describe('the CLIs that use it', () => {
  it('--help and -h print the usage and exit 0', async () => {
    expect((await cli('check-server', ['-h'])).stdout).toMatch(/^usage: npm run check-server/);
    expect((await cli('probe', ['--help'])).stdout).toMatch(/^usage: npm run probe/);
  });

  it('usage errors exit 2 and say what was wrong', async () => {
    await expect(cli('check-server', ['--timeout', 'soon', 'node', 'x.mjs'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('check-server: --timeout needs a number of milliseconds') });
    await expect(cli('check-server', ['--stage'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('check-server: --stage needs a value') });
    await expect(cli('probe', ['--bogus', 'x'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('probe: unknown option --bogus') });
    await expect(cli('probe', ['--no-hazard'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('probe: no server command given') });
  });
});
