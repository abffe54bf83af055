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
import { millisecondsOption, parseServerCommandLine } from './server-command-line.ts';

const USAGE = `usage: npm run probe -- [--json] [--timeout ms] [--discover-timeout ms] [--no-hazard] <command> [args...]
example: npm run probe -- npx @modelcontextprotocol/server-everything stdio`;

async function main(argv: string[]): Promise<number> {
  const options: MeasureServerOptions = {};
  const line = parseServerCommandLine('probe', USAGE, argv, {
    '--no-hazard': { takesValue: false, apply: () => void (options.hazard = false) },
    '--timeout': millisecondsOption('--timeout', (ms) => (options.timeoutMs = ms)),
    '--discover-timeout': millisecondsOption('--discover-timeout', (ms) => (options.discoverTimeoutMs = ms)),
  });
  if ('exitCode' in line) return line.exitCode;
  const { json, command, args, words: rest } = line;
  const tokenizer = createO200kTokenizer();
  try {
    const report = await measureServer(command, args, tokenizer, options);
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

process.exitCode = await main(process.argv.slice(2));
