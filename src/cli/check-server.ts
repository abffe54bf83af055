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

const USAGE = `usage: npm run check-server -- [--json] [--timeout ms] [--stage id]... [--input-tool name] [--call-tools safe|all] <command> [args...]
stages: ${STAGES.map((s) => s.id).join(', ')}
example: npm run check-server -- node toy-servers/calendar.mjs`;

async function main(argv: string[]): Promise<number> {
  let json = false;
  const options: CheckOptions = {};
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('--')) break;
    if (a === '--json') json = true;
    else if (a === '--timeout') {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v <= 0) return usage('--timeout needs a number of milliseconds');
      options.replyTimeoutMs = v;
      options.checkTimeoutMs = Math.max(20_000, v * 4);
    } else if (a === '--stage') {
      const id = argv[++i] as StageId;
      if (!STAGES.some((s) => s.id === id)) return usage(`unknown stage ${id}`);
      (options.stages ??= []).push(id);
    } else if (a === '--input-tool') options.inputTool = argv[++i];
    else if (a === '--call-tools') {
      const v = argv[++i];
      if (v !== 'safe' && v !== 'all') return usage('--call-tools is safe or all');
      options.callTools = v;
    } else if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE + '\n');
      return 0;
    } else return usage(`unknown option ${a}`);
  }
  const rest = argv.slice(i);
  if (rest.length === 0) return usage('no server command given');
  const command = rest[0] === 'node' ? process.execPath : rest[0];
  // Check that the command starts at all before running forty checks against it.
  try {
    const p = await spawnCommand(command, rest.slice(1));
    p.kill();
  } catch (e) {
    process.stderr.write(`check-server: cannot start ${rest.join(' ')}: ${(e as Error).message}\n`);
    return 1;
  }
  if (!json) process.stderr.write(`checking ${rest.join(' ')} against MCP 2026-07-28 …\n`);
  const report = await runChecks(() => spawnCommand(command, rest.slice(1)), options);
  process.stdout.write(json ? JSON.stringify({ command: rest, ...report }, null, 2) + '\n' : formatReport(report));
  return report.summary.checksFailed === 0 ? 0 : 1;
}

function usage(problem: string): number {
  process.stderr.write(`check-server: ${problem}\n${USAGE}\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
