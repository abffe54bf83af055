/**
 * `npm run check-server -- [options] <command> [args...]`: runs the checker's
 * stages (revision 2026-07-28) against any stdio MCP server and prints the
 * report stage by stage, failures with the exact wire lines.
 *
 * Options (before the command): `--json` prints the report as JSON;
 * `--timeout <ms>` per-reply timeout (default 5000); `--stage <id>` (repeatable)
 * runs only those stages; `--input-tool <name>` names the tool for the multi
 * round-trip stage; `--call-tools all` lets the checker call tools that are not
 * annotated read-only or non-destructive. A command of `node` runs with this
 * Node binary (`process.execPath`).
 *
 * Exit code: 0 when no check failed, 1 when one did, 2 for usage errors.
 */
import { spawnCommand } from '../engines/node/node-engine.ts';
import { STAGES, formatReport, runChecks, type CheckOptions, type StageId } from '../checker/index.ts';
import { millisecondsOption, parseServerCommandLine } from './server-command-line.ts';

const USAGE = `usage: npm run check-server -- [--json] [--timeout ms] [--stage id]... [--input-tool name] [--call-tools safe|all] <command> [args...]
stages: ${STAGES.map((s) => s.id).join(', ')}
example: npm run check-server -- node toy-servers/calendar.mjs`;

async function main(argv: string[]): Promise<number> {
  const options: CheckOptions = {};
  const line = parseServerCommandLine('check-server', USAGE, argv, {
    '--timeout': millisecondsOption('--timeout', (ms) => {
      options.replyTimeoutMs = ms;
      options.checkTimeoutMs = Math.max(20_000, ms * 4);
    }),
    '--stage': {
      takesValue: true,
      apply(value) {
        if (!STAGES.some((s) => s.id === value)) return `unknown stage ${value}`;
        (options.stages ??= []).push(value as StageId);
      },
    },
    '--input-tool': { takesValue: true, apply: (value) => void (options.inputTool = value) },
    '--call-tools': {
      takesValue: true,
      apply(value) {
        if (value !== 'safe' && value !== 'all') return '--call-tools is safe or all';
        options.callTools = value;
      },
    },
  });
  if ('exitCode' in line) return line.exitCode;
  const { json, command, args, words: rest } = line;
  // Check that the command starts at all before running forty checks against it.
  try {
    const p = await spawnCommand(command, args);
    p.kill();
  } catch (e) {
    process.stderr.write(`check-server: cannot start ${rest.join(' ')}: ${(e as Error).message}\n`);
    return 1;
  }
  if (!json) process.stderr.write(`checking ${rest.join(' ')} against MCP 2026-07-28 …\n`);
  const report = await runChecks(() => spawnCommand(command, args), options);
  process.stdout.write(json ? JSON.stringify({ command: rest, ...report }, null, 2) + '\n' : formatReport(report));
  return report.summary.checksFailed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
