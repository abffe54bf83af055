/**
 * The transcript of one Console: every item of its session in the order it
 * happened, kept in a {@link TranscriptStore} the lanes render in batches.
 */
import { useMemo } from 'preact/hooks';
import { nextKey } from './sessions.ts';
import { transcriptText, type EventItem, type Item } from './items.ts';
import { TRANSCRIPT_CAP, TranscriptStore } from './transcript-store.ts';

/** What {@link useTranscript} returns. */
export interface ConsoleTranscript {
  /** The store the wire and stderr lanes render (`Transcript.tsx`); `store.subscribe(listener)` hears each batch of new items. */
  readonly store: TranscriptStore;
  /**
   * Every kept item, both lanes, oldest first: what was sent (`direction: 'out'`
   * wire lines, or `http` items holding the request and its response), what
   * was received (`direction: 'in'` lines), stderr chunks and events
   * (started, exited, no reply, retries). Each process of the session is told
   * apart by the `pid` on its items; a `restarting` or `exited` event ends one.
   * At most 20,000 items per lane ({@link TRANSCRIPT_CAP}): `store.dropped()`
   * counts the older ones dropped. A fresh array each call; the items are the
   * store's own (do not change them).
   */
  items(): Item[];
  /** The transcript as Copy transcript gives it: one line per item, saying how many were dropped. */
  text(): string;
  /**
   * Adds an item: each watcher sees it first (in the order they were added,
   * and may set its `note`), then the changes awaited for a sent line
   * ({@link ConsoleTranscript.expectChanges}) are attached to it, then it
   * enters the store.
   */
  push(item: Item): void;
  /** Adds an event row: `text` in the reader's words, its `tone`, and its `tag` (`no-reply`...) or browser `detail` when given. */
  say(text: string, tone: EventItem['tone'], extra?: { tag?: string; detail?: string }): void;
  /** Runs `watch` on every item pushed from now on, before it enters the store. */
  watch(watch: (item: Item) => void): void;
  /**
   * What the Console changed in `line` (one sentence each), attached to the
   * sent row of exactly that line (a stdin line, or the body of an HTTP
   * request) when it shows up; an empty list forgets what was awaited.
   */
  expectChanges(line: string, changes: string[]): void;
}

/**
 * The Console's transcript, made once per island: the one place that holds
 * what was sent and received in this Console's session (see
 * {@link ConsoleTranscript.items}), for the lanes, Copy transcript and any view
 * built over the same items.
 */
export function useTranscript(): ConsoleTranscript {
  return useMemo(() => {
    const store = new TranscriptStore();
    const watchers: Array<(item: Item) => void> = [];
    let awaited: { line: string; changes: string[] } | undefined;
    const push = (item: Item): void => {
      for (const watch of watchers) watch(item);
      const c = awaited;
      if (c && item.kind === 'wire' && item.direction === 'out' && item.text === c.line) {
        item.changes = c.changes;
        awaited = undefined;
      } else if (c && item.kind === 'http' && item.requestText.endsWith(`\n\n${c.line}`)) {
        item.changes = c.changes;
        awaited = undefined;
      }
      store.push(item);
    };
    return {
      store,
      items: () => store.all(),
      text: () => transcriptText(store.all(), { ...store.dropped(), cap: TRANSCRIPT_CAP }),
      push,
      say: (text, tone, extra = {}) => push({ kind: 'event', key: nextKey(), text, tone, ...extra }),
      watch: (watch) => void watchers.push(watch),
      expectChanges: (line, changes) => {
        awaited = changes.length ? { line, changes } : undefined;
      },
    };
  }, []);
}
