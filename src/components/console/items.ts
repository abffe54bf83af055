/**
 * What the Console's transcript holds: one item per line on the wire (or per
 * HTTP exchange), per stderr chunk, and per lifecycle event. Plain data, so
 * the transcript can be copied as text.
 */
import type { Classification } from '../../protocol/index.ts';
import type { Meaning } from '../pure/meaning.ts';
import { t } from '../../i18n/index.ts';

/** A stdin or stdout line. `t` is ms since the process started; `message` is the parsed JSON when it parsed. */
export interface WireItem {
  kind: 'wire';
  key: number;
  direction: 'out' | 'in';
  channel: 'stdin' | 'stdout';
  t: number;
  pid: number;
  text: string;
  message?: unknown;
  classification?: Classification;
  meaning?: Meaning;
  /** A sentence beside the line: for an error without an id, which sent line it answers. */
  note?: string;
  /** What the Console changed in what the reader typed before sending this line (one sentence each). */
  changes?: string[];
}

/** A chunk the server wrote to stderr. */
export interface StderrItem {
  kind: 'stderr';
  key: number;
  t: number;
  pid: number;
  text: string;
}

/** Process started, exited, restarted; a send warning; an engine failure. */
export interface EventItem {
  kind: 'event';
  key: number;
  pid?: number;
  text: string;
  tone: 'info' | 'warn' | 'error';
  /** The browser's own (English) words behind `text`, shown behind a disclosure (a `JSON.parse` message). */
  detail?: string;
  /**
   * What happened, in words that do not depend on the page's language
   * (`started`, `loaded`, `exited`, `restarting`...), shown as `data-event`
   * so tests and styles can find an event on every language's page.
   */
  tag?: string;
  /** The file a `started`/`loaded` event ran (e.g. `toy-servers/calendar.edited.mjs`), shown as `data-entry`. */
  entry?: string;
}

/** One SSE frame of an HTTP response, with the meaning of its JSON-RPC data. */
export interface SseItem {
  event: string;
  data: string;
  comments: string[];
  message?: unknown;
  meaning?: Meaning;
}

/** One HTTP POST and its response (server="http"). */
export interface HttpItem {
  kind: 'http';
  key: number;
  t: number;
  pid: number;
  requestText: string;
  responseText: string;
  status: number;
  contentType: string;
  /** Frames when the response was `text/event-stream`. */
  frames?: SseItem[];
  /** The JSON-RPC message of a JSON body. */
  message?: unknown;
  meaning?: Meaning;
  /** What the Console changed in what the reader typed before sending it (one sentence each). */
  changes?: string[];
}

/** Any transcript item. */
export type Item = WireItem | StderrItem | EventItem | HttpItem;

/**
 * The transcript as plain text (for "Copy transcript"): one line per item:
 * direction, time, pid, a tab, then the line exactly as on the wire (meanings
 * follow on lines starting with `   # `). The line heads (`-> stdin`,
 * `<- stdout`, times with a dot as decimal point, `pid`) are the same in every
 * language, so a copied transcript can be read back by a program; the notes
 * after `#` and `--` are in the page's language.
 */
export function transcriptText(items: Item[], dropped?: { wire: number; stderr: number; cap: number }): string {
  const out: string[] = [];
  if (dropped && dropped.wire + dropped.stderr > 0) {
    out.push(t('console.copy.dropped', { cap: dropped.cap, wire: dropped.wire, stderr: dropped.stderr }));
  }
  for (const it of items) {
    if (it.kind === 'wire') {
      out.push(`${it.direction === 'out' ? '-> stdin ' : '<- stdout'} ${it.t.toFixed(1)}ms pid ${it.pid}\t${it.text}`);
      for (const c of it.changes ?? []) out.push(t('console.copy.changed', { change: c }));
      if (it.meaning) out.push(`   # ${it.meaning.text}`);
      if (it.note) out.push(`   # ${it.note}`);
    } else if (it.kind === 'stderr') {
      out.push(`<- stderr ${it.t.toFixed(1)}ms pid ${it.pid}\t${it.text.replace(/\n$/, '')}`);
    } else if (it.kind === 'http') {
      out.push(`-> HTTP ${it.t.toFixed(1)}ms pid ${it.pid}\n${it.requestText}\n<- HTTP\n${it.responseText}`);
      for (const c of it.changes ?? []) out.push(t('console.copy.changed', { change: c }));
      if (it.meaning) out.push(`   # ${it.meaning.text}`);
      for (const f of it.frames ?? []) if (f.meaning) out.push(`   # SSE ${f.event}: ${f.meaning.text}`);
    } else {
      out.push(`-- ${it.text}${it.pid !== undefined ? ` (pid ${it.pid})` : ''}`);
    }
  }
  return out.join('\n') + '\n';
}

/** A calendar handle as calendar-handles.mjs makes them: `cal_` and 22 base64url characters. */
const HANDLE = /\bcal_[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g;

/** What in a reply is worth an exact copy: its `requestState`, and calendar handles in its text. */
export function copyables(text: string, message: unknown): Array<{ label: string; value: string }> {
  const out: Array<{ label: string; value: string }> = [];
  const result = message && typeof message === 'object' ? (message as { result?: unknown }).result : undefined;
  const state = result && typeof result === 'object' ? (result as { requestState?: unknown }).requestState : undefined;
  if (typeof state === 'string') out.push({ label: t('console.copyRequestState'), value: state });
  for (const h of new Set(text.match(HANDLE) ?? [])) out.push({ label: t('console.copyHandle', { handle: `${h.slice(0, 8)}…` }), value: h });
  return out;
}
