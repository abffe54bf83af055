/**
 * The command line of the project's CLIs that run a stdio MCP server
 * (`npm run check-server`, `npm run probe`): options first, then the server's
 * command and its arguments. `--` ends the options early; the first word that
 * does not start with `--` is the command. Every such CLI takes `--json` and
 * `--help` (or `-h`); the rest are its own {@link CliOption}s.
 *
 * One of the CLI's own options written after the command (`check-server node
 * server.mjs --stage framing`) would silently go to the server, so it is a
 * usage error that says where it goes; after an explicit `--`, every word
 * from the command on is the server's, options of the CLI's name included.
 */

/** One option of a CLI: a flag, or (`takesValue`) an option whose value is the next word. */
export interface CliOption {
  takesValue: boolean;
  /** Records the option (`value` is `''` for a flag); returns a problem to report as a usage error, or nothing. */
  apply(value: string): string | void;
}

/** The server to run, as {@link parseServerCommandLine} read it. */
export interface ServerCommand {
  json: boolean;
  /** The program to start: `process.execPath` when the command line said `node`. */
  command: string;
  args: string[];
  /** The command and its arguments as typed, for messages and reports. */
  words: string[];
}

/**
 * Reads `argv` (the words after the script's name). Returns the server to run, or the exit code the
 * CLI should end with: 0 after printing `usage` to stdout for `--help`, 2 after printing
 * `<tool>: <problem>` and `usage` to stderr for a usage error (unknown option, bad or missing value,
 * no command). With `settings.commandOptional`, no command is not an error: the result then has an empty
 * `command` and `words`. Never throws.
 */
export function parseServerCommandLine(tool: string, usage: string, argv: string[], options: Record<string, CliOption>, settings: { commandOptional?: boolean } = {}): ServerCommand | { exitCode: number } {
  const usageError = (problem: string) => {
    process.stderr.write(`${tool}: ${problem}\n${usage}\n`);
    return { exitCode: 2 };
  };
  let json = false;
  let ended = false;
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      ended = true;
      i++;
      break;
    }
    if (a === '--help' || a === '-h') {
      process.stdout.write(usage + '\n');
      return { exitCode: 0 };
    }
    if (!a.startsWith('--')) break;
    if (a === '--json') {
      json = true;
      continue;
    }
    const option = Object.hasOwn(options, a) ? options[a] : undefined;
    if (!option) return usageError(`unknown option ${a}`);
    let value = '';
    if (option.takesValue) {
      if (i + 1 >= argv.length) return usageError(`${a} needs a value`);
      value = argv[++i];
    }
    const problem = option.apply(value);
    if (problem) return usageError(problem);
  }
  const words = argv.slice(i);
  if (words.length === 0) {
    // A CLI that can reach its server another way (check-server --url) says itself whether none was given.
    if (settings.commandOptional) return { json, command: '', args: [], words: [] };
    return usageError('no server command given');
  }
  if (!ended) {
    const ours = (word: string) => {
      const name = word.split('=')[0]!;
      return name === '--json' || Object.hasOwn(options, name);
    };
    const late = words.slice(1).find(ours);
    if (late !== undefined) {
      const name = late.split('=')[0]!;
      return usageError(
        `${name} comes after the server command, so it would be passed to the server. Put ${tool}'s options before the command ` +
          `(${tool} ${name}${options[name]?.takesValue ? ' <value>' : ''} ${words[0]} ...), or write -- before the command to pass ${name} to the server.`,
      );
    }
  }
  return { json, command: words[0] === 'node' ? process.execPath : words[0], args: words.slice(1), words };
}

/** An option whose value must be a positive number of milliseconds, handed to `set`; anything else is a usage error. */
export function millisecondsOption(name: string, set: (ms: number) => void): CliOption {
  return {
    takesValue: true,
    apply(value) {
      const ms = Number(value);
      if (!Number.isFinite(ms) || ms <= 0) return `${name} needs a number of milliseconds`;
      set(ms);
    },
  };
}
