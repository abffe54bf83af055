/**
 * The Console's waits: what the process still owes, decided from what was
 * sent (pure/owed-reply.ts). A wait that runs out is said once in the
 * transcript; an incoming line settles what it answers, and an error without
 * an id gets a note saying which sent line it answers.
 */
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { clip } from '../pure/json-tree.ts';
import { nullIdMessage, Waits } from '../pure/owed-reply.ts';
import type { Item } from './items.ts';
import type { ConsoleTranscript } from './use-transcript.ts';

/** After this long without a reply to a request, the Console says so once (ms). */
export const NO_REPLY_MS = 5_000;

/** How much of a sent line a note quotes (characters). */
const QUOTE_CHARS = 80;

/** The note beside an incoming line that settles a wait: for an error without an id, which sent line it answers. */
function settle(waits: Waits, item: Extract<Item, { kind: 'wire' }>): void {
  const message = item.message ?? nullIdMessage(item.text, item.classification?.kind === 'framing_violation' ? item.classification.reason : undefined);
  if (message === undefined) return;
  const answer = waits.received(message);
  if (answer.kind === 'line') item.note = t('console.answers.line', { line: clip(answer.waiting.line, QUOTE_CHARS).text });
  else if (answer.kind === 'only-in-flight') item.note = t('console.answers.onlyInFlight', { id: JSON.stringify(answer.id) });
  else if (answer.kind === 'unmatched') item.note = t('console.answers.unmatched');
}

/**
 * The waits of one Console, made once: silence past {@link NO_REPLY_MS} is
 * said in `transcript` while `running()` (a process is up), in the words for
 * HTTP when `http`. Watches the transcript: an incoming stdout line settles
 * what it answers, and a `restarting` or `exited` event releases every wait
 * (a process that is gone owes nothing). The caller reports what it sends
 * (`waits.sent(line)`) and the replies it hears (`waits.release(id)`).
 */
export function useNoReply(http: boolean, transcript: ConsoleTranscript, running: () => boolean): Waits {
  return useMemo(() => {
    const waits = new Waits(NO_REPLY_MS, (silent) => {
      if (!running()) return;
      const s = NO_REPLY_MS / 1000;
      const [tag, text] =
        silent.kind === 'reply'
          ? ['no-reply', t(http ? 'console.ev.noReply.http' : 'console.ev.noReply.stdio', { id: JSON.stringify(silent.id), s })]
          : ['no-answer', t(http ? 'console.ev.noAnswer.http' : 'console.ev.noAnswer.stdio', { line: clip(silent.line, QUOTE_CHARS).text, s })];
      transcript.say(text, 'warn', { tag });
    });
    transcript.watch((item) => {
      if (item.kind === 'wire' && item.direction === 'in') settle(waits, item);
      else if (item.kind === 'event' && (item.tag === 'restarting' || item.tag === 'exited')) waits.releaseAll();
    });
    return waits;
  }, []);
}
