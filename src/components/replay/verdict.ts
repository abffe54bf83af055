/**
 * What a replay shows about state: was the event created by the answered
 * `create_event` there when the week was read? (A server "MUST NOT rely on
 * prior requests over the same connection":
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/index; state
 * that spans requests is named by an explicit handle.)
 */
import type { ReplayStep } from './replay-run.ts';

/** The verdict of one replay column. */
export interface EventVerdict {
  /** The event the answered call created, as the server described it. */
  created?: { id: string; title: string; startsAt?: string; pid: number };
  /** The pid that answered the read, and the events it listed (`id`, `title`). */
  read?: { pid: number; events: Array<{ id: string; title: string }> };
  /** True when the created event is in the read; `undefined` when either is missing. */
  found?: boolean;
}

/** Looks for the created event (a tools/call result with `structuredContent.id`) and the last read (`contents[0].text`, a JSON array). */
export function eventVerdict(steps: readonly ReplayStep[]): EventVerdict {
  const verdict: EventVerdict = {};
  for (const step of steps) {
    const result = resultOf(step.received);
    if (!result) continue;
    const sc = result.structuredContent as Record<string, unknown> | undefined;
    if (sc && typeof sc.id === 'string' && typeof sc.title === 'string') {
      verdict.created = { id: sc.id, title: sc.title, pid: step.pid, ...(typeof sc.startsAt === 'string' ? { startsAt: sc.startsAt } : {}) };
    }
    const contents = result.contents as Array<Record<string, unknown>> | undefined;
    if (Array.isArray(contents) && typeof contents[0]?.text === 'string') {
      try {
        const events = JSON.parse(contents[0].text as string) as Array<{ id?: unknown; title?: unknown; startsAt?: unknown }>;
        if (Array.isArray(events)) {
          verdict.read = { pid: step.pid, events: events.map((e) => ({ id: String(e?.id), title: String(e?.title) })) };
        }
      } catch {
        /* not a list of events: no verdict */
      }
    }
  }
  const { created, read } = verdict;
  if (created && read) verdict.found = read.events.some((e) => e.id === created.id && e.title === created.title);
  return verdict;
}

function resultOf(line: string | undefined): Record<string, unknown> | undefined {
  if (!line) return undefined;
  try {
    const m = JSON.parse(line) as { result?: unknown };
    return m.result && typeof m.result === 'object' ? (m.result as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
