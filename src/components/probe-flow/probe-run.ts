/**
 * Runs the era probe of `src/protocol/probe.ts` on a fresh server process and
 * keeps what a reader needs to replay it on screen: the pid, the report
 * (steps with the exact lines and the branch taken) and the transcript.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 * (probing rule). No protocol logic here: the decision is `probeEra`'s; this
 * module only starts and stops processes around it (a second, fresh one when
 * the first exits on the probe, as a client restarting the server would).
 */
import { Connection, probeEra, type ProbeOptions, type ProbeReport, type TranscriptEntry } from '../../protocol/index.ts';
import type { Engine, EngineKind } from '../../engines/index.ts';
import { serverEntry } from '../pure/server-entry.ts';

/** One probe, as it ran. */
export interface ProbeRun {
  /** The server's name, e.g. `legacy`. */
  server: string;
  /** The arguments the server ran with, e.g. `['--discover=silent']`. */
  args: string[];
  /** Which engine ran the process. */
  engine: EngineKind;
  /** The pid of the process that was probed. */
  pid: number;
  /** The pid of the fresh process the handshake went to, when the first one exited on the probe. */
  freshPid?: number;
  report: ProbeReport;
  /** Every line in and out (stdin, stdout, stderr) of every process, in order. */
  transcript: TranscriptEntry[];
}

/** Options for {@link runProbe}. */
export interface RunProbeOptions {
  /** Passed to `probeEra` (e.g. `discoverTimeoutMs`, in ms). */
  probe?: ProbeOptions;
  /** Per-request timeout, in ms. Default 5000. */
  timeoutMs?: number;
  /** The entry file to spawn for a server name. Default `toy-servers/<name>.mjs`. */
  entryOf?: (server: string) => string;
  /** Command-line arguments for the server, e.g. `['--discover=exit']`. Default none. */
  args?: string[];
}

/**
 * Spawns the server in `engine`, runs `probeEra` on it (with a fresh process
 * of the same server, same arguments, should the first exit on the probe),
 * then closes every process it started. Resolves with the run; rejects only
 * when the engine cannot start a process.
 */
export async function runProbe(engine: Engine, server: string, options: RunProbeOptions = {}): Promise<ProbeRun> {
  const entry = (options.entryOf ?? serverEntry)(server);
  const args = options.args ?? [];
  const timeoutMs = options.timeoutMs ?? 5000;
  const connections: Connection[] = [];
  const start = async () => {
    const connection = new Connection(await engine.spawn(entry, args), { timeoutMs });
    connections.push(connection);
    return connection;
  };
  try {
    const first = await start();
    const report = await probeEra(first, { respawn: start, ...options.probe });
    const run: ProbeRun = {
      server,
      args,
      engine: engine.kind,
      pid: first.pid,
      report,
      transcript: connections.flatMap((c) => c.transcript),
    };
    if (report.respawned && connections[1]) run.freshPid = connections[1].pid;
    return run;
  } finally {
    await Promise.all(connections.map((c) => c.close(500)));
  }
}
