/**
 * Multi round-trip requests: drive `input_required` rounds to the end.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr (`basic/patterns/mrtr.mdx`): only `tools/call`,
 * `resources/read` and `prompts/get` may answer `InputRequiredResult`. The
 * client builds an answer for every `inputRequests` key, then re-sends the
 * original method and params with a new JSON-RPC id, `inputResponses`, and the
 * `requestState` echoed exactly ("MUST NOT inspect, parse, modify"), or no
 * `requestState` at all when none was given. Each retry carries the full `_meta`.
 */
import type { Classification } from './classify.ts';
import { ConnectionError, type Connection, type Reply } from './connection.ts';
import type { InputRequest, InputRequiredResult, InputResponses, JsonObject, JsonRpcRequest } from './messages.ts';
import { serializeMessage, type MetaOverrides, type RequestBuilder } from './request-builder.ts';

/** Methods that may answer `input_required` (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr). */
export const MRTR_METHODS: readonly string[] = ['tools/call', 'resources/read', 'prompts/get'];

/** Context given to an {@link InputHandler}. `round` counts from 1 (the first `input_required`). */
export interface InputContext {
  round: number;
  method: string;
  /** The whole InputRequiredResult of this round. */
  result: InputRequiredResult;
}

/**
 * Answers one input request (e.g. an `elicitation/create` form) with the
 * client-side result, e.g. `{ action: 'accept', content: { startsAt: '…' } }`.
 * May be async (a widget waits for the reader). Whatever it throws ends the run.
 */
export type InputHandler = (key: string, request: InputRequest, context: InputContext) => JsonObject | Promise<JsonObject>;

/** One request/reply pair of a run. */
export interface MrtrRound {
  /** 0 for the original request, then 1, 2, … for retries. */
  index: number;
  request: JsonRpcRequest;
  /** The exact stdin line. */
  sent: string;
  /** The reply, unless the request got none (see `error`). */
  reply?: Reply;
  classification?: Classification;
  /** The `inputResponses` this request carried (absent on round 0). */
  inputResponses?: InputResponses;
  /** The `requestState` this request echoed (absent when the previous result had none). */
  requestState?: string;
  error?: string;
}

/** How a run ended. */
export interface MrtrRun {
  /**
   * `complete`: a final result. `error`: a JSON-RPC error (see the last round).
   * `max-rounds`: still `input_required` after `maxRounds` retries. `no-reply`:
   * a request got no reply (timeout, exit). `invalid`: an unknown `resultType`,
   * or an `input_required` with neither `inputRequests` nor `requestState`.
   */
  outcome: 'complete' | 'error' | 'max-rounds' | 'no-reply' | 'invalid';
  rounds: MrtrRound[];
  /** The last reply, if any. */
  final?: Reply;
}

/** Options for {@link runWithInput}. */
export interface MrtrOptions {
  /** Most retries after the first request. Default 8. */
  maxRounds?: number;
  /** Per-request timeout in ms; default the connection's. */
  timeoutMs?: number;
  /** `_meta` overrides for every round (e.g. `{ clientCapabilities: { elicitation: {} } }`). */
  meta?: MetaOverrides;
}

/** What a retry carries beyond the original params: the answers and the echoed state, each left out when absent. */
export interface RetryAnswers {
  /** One answer per `inputRequests` key of the `input_required` result. */
  inputResponses?: InputResponses;
  /** The `requestState` of that result, exactly as received. */
  requestState?: string;
}

/**
 * The request of one round of a multi round-trip request
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr):
 * `method` with the original `params`, minus any `inputResponses` and
 * `requestState` they carried, plus the ones in `answers` (each left out when
 * undefined), built by `builder` with the full `_meta` (`overrides` as for
 * `RequestBuilder.request`: the id, else the builder's next one). With empty
 * `answers` it is the first round. Never throws.
 *
 * ```ts
 * retryRequest(builder, 'tools/call', { name: 'create_event', arguments: { title: 'Dentist' } },
 *   { inputResponses: { when: { action: 'accept', content: { startsAt: '2026-09-10T08:30:00Z' } } }, requestState: 'abc' },
 *   { id: 2 });
 * // { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { _meta: {...}, name, arguments, inputResponses, requestState: 'abc' } }
 * ```
 */
export function retryRequest(builder: RequestBuilder, method: string, params: JsonObject, answers: RetryAnswers, overrides: MetaOverrides = {}): JsonRpcRequest {
  const { inputResponses: _drop1, requestState: _drop2, ...base } = params;
  const p: JsonObject = { ...base };
  if (answers.inputResponses !== undefined) p.inputResponses = answers.inputResponses;
  if (answers.requestState !== undefined) p.requestState = answers.requestState;
  return builder.request(method, p, overrides);
}

/**
 * Sends `method` with `params`, answers every `input_required` round through
 * `handler`, and resolves with all rounds. Never rejects for protocol reasons.
 * Throws `RangeError` for a method that cannot be multi-round (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr),
 * and rethrows whatever `handler` throws.
 *
 * ```ts
 * const run = await runWithInput(conn, builder, 'tools/call',
 *   { name: 'create_event', arguments: { title: 'Standup' } },
 *   async (key, req) => ({ action: 'accept', content: { startsAt: '2026-08-01T09:00' } }));
 * run.outcome; run.rounds.length;
 * ```
 */
export async function runWithInput(
  connection: Connection,
  builder: RequestBuilder,
  method: string,
  params: JsonObject,
  handler: InputHandler,
  options: MrtrOptions = {},
): Promise<MrtrRun> {
  if (!MRTR_METHODS.includes(method)) {
    throw new RangeError(`${method} cannot return input_required; only ${MRTR_METHODS.join(', ')} can`);
  }
  const maxRounds = options.maxRounds ?? 8;
  const rounds: MrtrRound[] = [];
  let inputResponses: InputResponses | undefined;
  let requestState: string | undefined;

  for (let index = 0; ; index++) {
    const carried: RetryAnswers = {};
    if (inputResponses !== undefined) carried.inputResponses = inputResponses;
    if (requestState !== undefined) carried.requestState = requestState;
    const request = retryRequest(builder, method, params, carried, { ...(options.meta ?? {}), id: builder.nextId() });
    const round: MrtrRound = { index, request, sent: serializeMessage(request) };
    if (inputResponses !== undefined) round.inputResponses = inputResponses;
    if (requestState !== undefined) round.requestState = requestState;
    rounds.push(round);
    let reply: Reply;
    try {
      reply = await connection.request(request, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
    } catch (e) {
      if (e instanceof ConnectionError) {
        round.error = e.message;
        return { outcome: 'no-reply', rounds };
      }
      throw e;
    }
    round.reply = reply;
    round.classification = reply.classification;
    const c = reply.classification;
    if (c.kind === 'complete') return { outcome: 'complete', rounds, final: reply };
    if (c.kind === 'error') return { outcome: 'error', rounds, final: reply };
    if (c.kind !== 'input_required') return { outcome: 'invalid', rounds, final: reply };
    const result = (reply.message as { result: InputRequiredResult }).result;
    const hasRequests = !!result.inputRequests && typeof result.inputRequests === 'object';
    const hasState = typeof result.requestState === 'string';
    if (!hasRequests && !hasState) return { outcome: 'invalid', rounds, final: reply };
    if (index >= maxRounds) return { outcome: 'max-rounds', rounds, final: reply };
    requestState = hasState ? result.requestState : undefined;
    if (hasRequests) {
      const answers: InputResponses = {};
      for (const [key, req] of Object.entries(result.inputRequests as Record<string, InputRequest>)) {
        answers[key] = await handler(key, req, { round: index + 1, method, result });
      }
      inputResponses = answers;
    } else {
      inputResponses = undefined;
    }
  }
}
