/**
 * `npm run probe -- [options] <command> [args...]`: probe any stdio MCP server.
 *
 * Prints the era, the negotiated version, each probe step (with the exact
 * lines), the catalog size in bytes, tools/resources/prompts counts, and the
 * catalog's token figures (tiktoken o200k_base) under the `python` and
 * `compact` serialisations.
 *
 * Options (before the command): `--json` prints the report as JSON;
 * `--timeout <ms>` per-request timeout; `--discover-timeout <ms>`;
 * `--no-hazard` skips the extra no-handshake `tools/list` on a fresh process.
 * A command of `node` runs with this Node binary (`process.execPath`).
 *
 * Exit code: 0 when a version was agreed, 1 otherwise, 2 for usage errors.
 */
import { formatReport } from './format-report.ts';
import { measureServer, type MeasureServerOptions } from './server-report.ts';
import { createO200kTokenizer } from './tiktoken-tokenizer.ts';

const USAGE = `usage: npm run probe -- [--json] [--timeout ms] [--discover-timeout ms] [--no-hazard] <command> [args...]
example: npm run probe -- npx @modelcontextprotocol/server-everything stdio`;

async function main(argv: string[]): Promise<number> {
  let json = false;
  const options: MeasureServerOptions = {};
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('--')) break;
    if (a === '--json') json = true;
    else if (a === '--no-hazard') options.hazard = false;
    else if (a === '--timeout' || a === '--discover-timeout') {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v <= 0) return usage(`${a} needs a number of milliseconds`);
      if (a === '--timeout') options.timeoutMs = v;
      else options.discoverTimeoutMs = v;
    } else if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE + '\n');
      return 0;
    } else return usage(`unknown option ${a}`);
  }
  const rest = argv.slice(i);
  if (rest.length === 0) return usage('no server command given');
  const command = rest[0] === 'node' ? process.execPath : rest[0];
  const tokenizer = createO200kTokenizer();
  try {
    const report = await measureServer(command, rest.slice(1), tokenizer, options);
    report.command = rest;
    process.stdout.write(json ? JSON.stringify(report, null, 2) + '\n' : formatReport(report));
    return report.outcome === 'ok' ? 0 : 1;
  } catch (e) {
    process.stderr.write(`probe: cannot start ${rest.join(' ')}: ${(e as Error).message}\n`);
    return 1;
  } finally {
    tokenizer.free();
  }
}

function usage(problem: string): number {
  process.stderr.write(`probe: ${problem}\n${USAGE}\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
