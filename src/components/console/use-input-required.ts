/**
 * The Console's side of a multi round-trip request
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr):
 * an `input_required` reply to a request this Console sent opens its input
 * requests one at a time (a form for `elicitation/create`), and the answers
 * go back in a retry built by the protocol's `retryRequest`: a new id, the
 * original params, `inputResponses`, and the `requestState` echoed exactly.
 */
import { useRef, useState } from 'preact/hooks';
import { type Classification, type ElicitResult, type JsonObject, retryRequest, type RequestBuilder } from '../../protocol/index.ts';
import { t } from '../../i18n/index.ts';
import { isObject } from './compose.ts';
import type { ConsoleSession } from './use-sessions.ts';
import type { ConsoleTranscript } from './use-transcript.ts';

/** An `input_required` reply being answered: its input requests, the one shown (`index`), the answers so far, by key. */
export interface PendingInput {
  /** The request sent, as sent (what the retry repeats). */
  original: Record<string, unknown>;
  /** The id of the reply that asked. */
  requestId: unknown;
  /** `inputRequests`, as `[key, request]` pairs in the reply's order; empty when it carried only `requestState`. */
  requests: Array<[string, { method?: unknown; params?: unknown }]>;
  index: number;
  answers: Record<string, JsonObject>;
  requestState?: string;
}

/** What {@link useInputRequired} returns. */
export interface InputRequired {
  /** The reply being answered, if any. */
  pending: PendingInput | undefined;
  /** The polite announcement that a form waits (never a focus move). */
  announce: string;
  /**
   * Told of a reply when it arrives; returns what to run once its row is
   * shown: open what an `input_required` reply asks for, unless the reader
   * moved on since it arrived (sent, retried, dismissed).
   */
  heard(message: Record<string, unknown>, classification: Classification): () => void;
  /** The reader's answer to the input request shown; the last one sends the retry. */
  answer(result: ElicitResult): Promise<void>;
  /** Sends the retry of `p` now (with the answers it has). */
  retry(p: PendingInput): Promise<void>;
  /** Forgets the reply being answered. */
  dismiss(): void;
  /** The reader sent something else: forgets the reply being answered and its announcement. */
  movedOn(): void;
}

/** The input_required flow of one Console. */
export function useInputRequired(link: ConsoleSession, transcript: ConsoleTranscript, builder: RequestBuilder): InputRequired {
  const [pending, setPending] = useState<PendingInput | undefined>();
  const [announce, setAnnounce] = useState('');
  /** Counts the times the reader moved on from a form (sent, retried, dismissed): a reply that arrived before cannot open one after. */
  const formEpoch = useRef(0);
  const dropPending = () => {
    formEpoch.current++;
    setPending(undefined);
  };

  function onReply(message: Record<string, unknown>, c: Classification): void {
    if (c.kind !== 'input_required') return;
    const original = link.sent.get(message.id);
    if (!original) {
      transcript.say(t('console.ev.notOurs'), 'warn');
      return;
    }
    const result = (message.result ?? {}) as Record<string, unknown>;
    const reqs = result.inputRequests && typeof result.inputRequests === 'object' ? Object.entries(result.inputRequests as Record<string, { method?: unknown; params?: unknown }>) : [];
    const p: PendingInput = { original, requestId: message.id, requests: reqs, index: 0, answers: {} };
    if (typeof result.requestState === 'string') p.requestState = result.requestState;
    setPending(p);
    // Never take the focus from a reader who may be typing: announce, and let them go to the form.
    setAnnounce(t('console.formAnnounce'));
  }

  async function retry(p: PendingInput): Promise<void> {
    dropPending();
    const params = (isObject(p.original.params) ? p.original.params : {}) as JsonObject;
    const carried = { ...(p.requests.length ? { inputResponses: p.answers } : {}), ...(p.requestState !== undefined ? { requestState: p.requestState } : {}) };
    const msg = retryRequest(builder, p.original.method as string, params, carried, { id: link.nextId() }) as unknown as Record<string, unknown>;
    const key = p.requests.length
      ? p.requestState !== undefined
        ? 'console.ev.retryBoth'
        : 'console.ev.retryInputs'
      : p.requestState !== undefined
        ? 'console.ev.retryState'
        : 'console.ev.retry';
    transcript.say(t(key, { method: String(p.original.method) }), 'info');
    await link.transmit(JSON.stringify(msg), msg);
  }

  return {
    pending,
    announce,
    heard: (message, c) => {
      const epoch = formEpoch.current;
      return () => {
        if (epoch === formEpoch.current) onReply(message, c);
      };
    },
    answer: async (result) => {
      const p = pending;
      if (!p) return;
      const [key] = p.requests[p.index]!;
      const answers = { ...p.answers, [key]: result as unknown as JsonObject };
      if (p.index + 1 < p.requests.length) {
        setPending({ ...p, index: p.index + 1, answers });
        return;
      }
      await retry({ ...p, answers });
    },
    retry,
    dismiss: dropPending,
    movedOn: () => {
      dropPending();
      setAnnounce('');
    },
  };
}
