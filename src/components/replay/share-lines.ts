/**
 * What Replay shares (ui/ShareBar.tsx): the lines of both columns as they ran
 * (one process first, then a fresh process per message), each sent line and
 * its reply, numbered by process from 0 in the order the pids appear, so a
 * replay of the shared exchange starts as many fresh processes.
 */
import { processNumbers, type SharedLine } from '../pure/share-link.ts';
import type { ReplayStep } from './replay-run.ts';

/** The lines of the steps of each column, in order. */
export function replayShareLines(columns: ReadonlyArray<readonly ReplayStep[]>): { lines: SharedLine[] } {
  const proc = processNumbers();
  const lines: SharedLine[] = [];
  for (const steps of columns)
    for (const s of steps) {
      lines.push({ dir: 'out', text: s.sent, proc: proc(s.pid) });
      if (s.received !== undefined) lines.push({ dir: 'in', text: s.received, proc: proc(s.pid) });
    }
  return { lines };
}
