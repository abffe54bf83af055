/**
 * Runs the era probe of `src/protocol/probe.ts` on a fresh toy server process
 * and keeps what a reader needs to replay it on screen: the pid, the report
 * (steps with the exact lines and the branch taken) and the transcript.
 *
 * Spec digest §4 (stdio probing rule). No protocol logic here: the decision is
 * `probeEra`'s; this module only starts and stops the process around it.
 */
import { Connection, probeEra, type ProbeOptions, type ProbeReport, type TranscriptEntry } from '../../protocol/index.ts';
import type { Engine, EngineKind } from '../../engines/types.ts';
import { serverEntry } from './server-entry.ts';

/** One probe, as it ran. */
export interface ProbeRun {
  /** The server's name, e.g. `legacy`. */
  server: string;
  /** Which engine ran the process. */
  engine: EngineKind;
  /** The pid of the process that was probed. */
  pid: number;
  report: ProbeReport;
  /** Every line in and out (stdin, stdout, stderr), in order. */
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
}

/**
 * Spawns `toy-servers/<server>.mjs` in `engine`, runs `probeEra` on it, then
 * closes the process. Resolves with the run; rejects only when the engine
 * cannot start the process.
 */
export async function runProbe(engine: Engine, server: string, options: RunProbeOptions = {}): Promise<ProbeRun> {
  const proc = await engine.spawn((options.entryOf ?? serverEntry)(server));
  const connection = new Connection(proc, { timeoutMs: options.timeoutMs ?? 5000 });
  try {
    const report = await probeEra(connection, options.probe ?? {});
    return { server, engine: engine.kind, pid: proc.pid, report, transcript: [...connection.transcript] };
  } finally {
    await connection.close(500);
  }
}
