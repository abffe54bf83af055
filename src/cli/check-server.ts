/**
 * `npm run check-server -- [options] <command> [args...]`: runs the checker's
 * stages (revision 2026-07-28) against any stdio MCP server and prints the
 * report: the verdict and why first, then the server's era, then stage by
 * stage, failures and warnings with the exact wire lines.
 *
 * Options (before the command; every word from the command on belongs to the
 * server, `--` ends the options early): `--json` prints the report as JSON
 * (`{ command, ...report }`, described by src/checker/report.schema.json);
 * `--junit <file>` also writes it as JUnit XML; `--strict` counts warnings
 * (SHOULD rules) as failures; `--timeout <ms>` per-reply timeout (default
 * 5000); `--stage <id>` (repeatable) runs only those stages; `--input-tool
 * <name>` names the tool for the multi round-trip stage; `--call-tools
 * safe|all` (default `all`: every tool may be called with made-up arguments,
 * each check in fresh processes; `safe` calls only tools annotated
 * readOnlyHint: true or destructiveHint: false, and the verdict is then
 * incomplete when a check needed another). A command of `node` runs with this
 * Node binary (`process.execPath`).
 *
 * `--url <url>` instead of a command checks a Streamable HTTP server at that
 * MCP endpoint (e.g. `--url http://127.0.0.1:3000/mcp`): the same stages with
 * its HTTP rules as stage 1, each line a POST (src/checker/http-process.ts);
 * `--json` then names it as `command: ["--url", <url>]`. A stdio run against
 * a program that answers nothing but prints a URL says to use `--url`.
 * With `--url`, `--header 'Name: value'` (repeatable) adds a header to every
 * request, and `--token <access token>` is short for
 * `--header 'Authorization: Bearer <access token>'`: how a server that
 * requires authorization is checked
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#token-requirements).
 *
 * Exit code: 0 pass, 1 fail (a check failed, or warned under --strict, or the
 * server could not be started), 2 usage error, 3 incomplete (checks did not
 * run because of --call-tools safe).
 */
import { spawnCommand } from '../engines/node/node-engine.ts';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { STAGES, formatReport, runChecks, withWords, type CheckOptions, type StageId, type Verdict } from '../checker/index.ts';
import { checkWordsIn } from '../i18n/checks.ts';
import { toJUnit } from '../checker/junit.ts';
import { httpSpawner } from '../checker/http-process.ts';
import { withHttpServerHint } from '../checker/http-hint.ts';
import { millisecondsOption, parseServerCommandLine } from './server-command-line.ts';

/** Each check's words, in English: the report, its JSON and its JUnit XML are English (src/i18n/en/checks.ts). */
const ENGLISH = checkWordsIn('en');

const USAGE = `usage: npm run check-server -- [options] <command> [args...]
       npm run check-server -- [options] --url <url>
options go before <command>: every word from <command> on belongs to the server, and one of these
options written after it is refused (exit 2) unless -- came before <command>, which ends the options:
  --url <url>          check the Streamable HTTP server at this MCP endpoint (instead of a command)
  --header 'N: v'      with --url: send this header with every request (repeatable)
  --token <token>      with --url: send 'Authorization: Bearer <token>' with every request
  --json               print the report as JSON (schema: src/checker/report.schema.json)
  --junit <file>       also write the report as JUnit XML to <file>
  --strict             count warnings (SHOULD rules) as failures
  --call-tools all     (the default) call every tool with made-up arguments, each check in fresh
                       processes: run it against a server under development, not one wired to real data
  --call-tools safe    call only tools annotated readOnlyHint: true or destructiveHint: false; checks
                       that need another tool do not run, and the verdict is then incomplete
  --timeout <ms>       how long to wait for one reply (default 5000)
  --stage <id>         run only this stage (repeatable): ${STAGES.map((s) => s.id).join(', ')}
  --input-tool <name>  the tool the multi round-trip stage calls
exit codes: 0 pass, 1 fail, 2 usage error, 3 incomplete
example: npm run check-server -- --junit report.xml node toy-servers/calendar.mjs`;

/** The exit code of each verdict (2 is a usage error). */
const EXIT_CODES: Record<Verdict, number> = { pass: 0, fail: 1, incomplete: 3 };

async function main(argv: string[]): Promise<number> {
  const options: CheckOptions = {};
  let junit: string | undefined;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  const line = parseServerCommandLine('check-server', USAGE, argv, {
    '--header': {
      takesValue: true,
      apply(value) {
        const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(value);
        if (!m || /[\r\n\0]/.test(m[2]!)) return `--header needs 'Name: value', not ${value}`;
        headers[m[1]!.toLowerCase()] = m[2]!;
      },
    },
    '--token': {
      takesValue: true,
      apply(value) {
        if (!/^[A-Za-z0-9._~+/-]+=*$/.test(value)) return '--token needs an access token (the characters of a Bearer token, no spaces)';
        headers.authorization = `Bearer ${value}`;
      },
    },
    '--url': {
      takesValue: true,
      apply(value) {
        let parsed: URL;
        try {
          parsed = new URL(value);
        } catch {
          return `--url needs an http:// or https:// URL, not ${value}`;
        }
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `--url needs an http:// or https:// URL, not ${value}`;
        url = value;
      },
    },
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
    '--strict': { takesValue: false, apply: () => void (options.strict = true) },
    '--junit': {
      takesValue: true,
      apply(value) {
        const folder = dirname(resolve(value));
        if (!existsSync(folder) || !statSync(folder).isDirectory()) return `--junit: there is no folder ${folder}`;
        junit = value;
      },
    },
    '--call-tools': {
      takesValue: true,
      apply(value) {
        if (value !== 'safe' && value !== 'all') return '--call-tools is safe or all';
        options.callTools = value;
      },
    },
  }, { commandOptional: true });
  if ('exitCode' in line) return line.exitCode;
  const { json, command, args, words: rest } = line;
  if (url !== undefined && rest.length > 0) return usageError('give either --url or a server command, not both');
  if (url === undefined && rest.length === 0) return usageError('no server command given (or --url <url>)');
  if (url === undefined && Object.keys(headers).length > 0) return usageError('--header and --token need --url (a stdio server gets its credentials from its environment)');
  if (url !== undefined) return checkUrl(url, json, junit, options, headers);
  // Check that the command starts at all before running forty checks against it.
  try {
    const p = await spawnCommand(command, args);
    p.kill();
  } catch (e) {
    process.stderr.write(`check-server: cannot start ${rest.join(' ')}: ${(e as Error).message}\n`);
    return 1;
  }
  if (!json) process.stderr.write(`checking ${rest.join(' ')} against MCP 2026-07-28 …\n`);
  // A program that answers nothing on stdio but prints a URL is most likely an HTTP server: the hint says so.
  const report = withHttpServerHint(withWords(await runChecks(() => spawnCommand(command, args), options), ENGLISH));
  process.stdout.write(json ? JSON.stringify({ command: rest, ...report }, null, 2) + '\n' : formatReport(report));
  if (junit !== undefined) {
    try {
      writeFileSync(junit, toJUnit(report, { name: `check-server ${rest.join(' ')}` }));
    } catch (e) {
      process.stderr.write(`check-server: cannot write ${junit}: ${(e as Error).message}\n`);
      return EXIT_CODES.fail;
    }
  }
  return EXIT_CODES[report.verdict];
}

/** Prints `check-server: <problem>` and the usage to stderr; returns the usage error's exit code. */
function usageError(problem: string): number {
  process.stderr.write(`check-server: ${problem}\n${USAGE}\n`);
  return 2;
}

/** `--url`: the same stages over Streamable HTTP; 1 when nothing answers at the URL. */
async function checkUrl(url: string, json: boolean, junit: string | undefined, options: CheckOptions, headers: Record<string, string>): Promise<number> {
  const spawn = httpSpawner(url, { headers });
  // Check that something answers at all before running forty checks against it.
  try {
    (await spawn()).kill();
  } catch (e) {
    process.stderr.write(`check-server: ${(e as Error).message}\n`);
    return 1;
  }
  if (!json) process.stderr.write(`checking ${url} (Streamable HTTP) against MCP 2026-07-28 …\n`);
  const report = withWords(await runChecks(spawn, { ...options, transport: 'http' }), ENGLISH);
  process.stdout.write(json ? JSON.stringify({ command: ['--url', url], ...report }, null, 2) + '\n' : formatReport(report));
  if (junit !== undefined) {
    try {
      writeFileSync(junit, toJUnit(report, { name: `check-server --url ${url}` }));
    } catch (e) {
      process.stderr.write(`check-server: cannot write ${junit}: ${(e as Error).message}\n`);
      return EXIT_CODES.fail;
    }
  }
  return EXIT_CODES[report.verdict];
}

process.exitCode = await main(process.argv.slice(2));
