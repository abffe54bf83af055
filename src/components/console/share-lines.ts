/**
 * What a Console shares (ui/ShareBar.tsx): the lines of its transcript as
 * they were on the wire (stdin, stdout, stderr; an HTTP request and its
 * response), each with the number of the process it belongs to (from 0, in
 * the order the pids first appear). Events and notes are the Console's own
 * words, not the wire's, and are left out.
 */
import { processNumbers, type SharedLine } from '../pure/share-link.ts';
import type { Item } from './items.ts';

/** The wire lines of `items`, in order (see the module). */
export function consoleShareLines(items: readonly Item[]): { lines: SharedLine[] } {
  const proc = processNumbers();
  const lines: SharedLine[] = [];
  for (const it of items) {
    if (it.kind === 'wire') lines.push({ dir: it.direction, text: it.text, proc: proc(it.pid) });
    else if (it.kind === 'stderr') lines.push({ dir: 'err', text: it.text, proc: proc(it.pid) });
    else if (it.kind === 'http') lines.push({ dir: 'out', text: it.requestText, proc: proc(it.pid) }, { dir: 'in', text: it.responseText, proc: proc(it.pid) });
  }
  return { lines };
}
