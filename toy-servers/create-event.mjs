/**
 * create-event.mjs: how the calendar's tool `create_event` asks the person for
 * a start time it was not given, in a multi round-trip request.
 *
 * What it teaches: a server that needs input in the middle of a call does not
 * send a request of its own. It answers `input_required`: `inputRequests`
 * holds a form elicitation under the key `"when"` (askForStart builds it), and
 * `requestState` a state sealed by request-state.mjs. The client asks the
 * person, then retries the same call with a new id, `inputResponses.when` and
 * the same `requestState`, here or in a fresh process: nothing is remembered
 * in between. createEvent is both halves of that exchange.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 */
import { RpcError, isObject, normaliseDateTime, toolResult } from './plumbing.mjs';
import { openRequestState, sealRequestState } from './request-state.mjs';

/** A request that lacks a capability the server needs: https://modelcontextprotocol.io/specification/2026-07-28/basic/index#error-codes */
export const MISSING_CAPABILITY = -32021;

/** The key under which create_event asks for a start time in `inputRequests`. */
export const WHEN_KEY = 'when';

/**
 * With `startsAt`, create at once. Without it, ask: `input_required` with a form
 * under `when` and a sealed `requestState` (only if the request declares form
 * elicitation; else -32021). The retry brings `inputResponses.when` and the same
 * state: accept with a date creates; decline or cancel creates nothing; anything
 * else asks again. `create(startsAt, args)` makes the event and returns the tool
 * result (calendar.mjs adds to its EVENTS; calendar-handles.mjs writes to its store).
 */
export async function createEvent(params, args, capabilities, create) {
  if (args.startsAt !== undefined && !Object.hasOwn(params, 'requestState')) return create(normaliseDateTime(args.startsAt), args);
  const binding = { method: 'tools/call', target: params.name, args };
  let retryNote = '';
  if (Object.hasOwn(params, 'requestState')) {
    openRequestState(params.requestState, binding); // throws -32602 unless this server signed it for this call
    if (args.startsAt !== undefined) return create(normaliseDateTime(args.startsAt), args);
    const answer = isObject(params.inputResponses) ? params.inputResponses[WHEN_KEY] : undefined;
    if (isObject(answer) && (answer.action === 'decline' || answer.action === 'cancel')) {
      return toolResult(`Nothing was created: the request for a start time was ${answer.action === 'decline' ? 'declined' : 'cancelled'}.`);
    }
    if (isObject(answer) && answer.action === 'accept' && isObject(answer.content)) {
      const startsAt = normaliseDateTime(answer.content.startsAt);
      if (startsAt !== undefined) return create(startsAt, args);
      retryNote = 'That was not a date and time I can use. ';
    }
  }
  const e = capabilities.elicitation; // `{}` means form only: https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation#capabilities
  if (!isObject(e) || !(isObject(e.form) || (!Object.hasOwn(e, 'form') && !Object.hasOwn(e, 'url')))) {
    throw new RpcError(MISSING_CAPABILITY, 'create_event without startsAt needs to ask the user, and this request does not declare form elicitation',
      { requiredCapabilities: { elicitation: { form: {} } } });
  }
  return { resultType: 'input_required', inputRequests: { [WHEN_KEY]: askForStart(args.title, retryNote) }, requestState: sealRequestState(binding) };
}

/** The form: a flat object with one string property, nothing secret. */
function askForStart(title, retryNote) {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: `${retryNote}When should "${title}" start?`,
      requestedSchema: {
        type: 'object',
        properties: {
          startsAt: { type: 'string', format: 'date-time', title: 'Start time', description: 'ISO 8601 date and time, e.g. 2026-09-10T08:30:00Z' },
        },
        required: ['startsAt'],
      },
    },
  };
}
