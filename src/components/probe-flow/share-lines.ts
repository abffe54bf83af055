/**
 * What ProbeFlow shares (ui/ShareBar.tsx): the probe's transcript, every line
 * in and out of every process it started (the probed one, and the fresh one
 * when the first exited), numbered by process from 0, each process with the
 * arguments it ran with.
 */
import { processNumbers, type SharedLine } from '../pure/share-link.ts';
import type { ProbeRun } from './probe-run.ts';

/** The lines of `run` (none before a probe ran), and the arguments of each process. */
export function probeShareLines(run: ProbeRun | undefined): { lines: SharedLine[]; args?: string[][] } {
  if (!run) return { lines: [] };
  const proc = processNumbers();
  const lines: SharedLine[] = run.transcript.map((e) => ({ dir: e.channel === 'stderr' ? 'err' : e.direction, text: e.text, proc: proc(e.pid) }));
  const count = Math.max(-1, ...lines.map((l) => l.proc)) + 1;
  return { lines, args: Array.from({ length: count }, () => [...run.args]) };
}
