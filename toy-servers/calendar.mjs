/**
 * calendar.mjs: the course's calendar, a complete MCP server for revision
 * 2026-07-28 over stdio.
 *
 * What it teaches:
 * - One calendar, three primitives: the tool `create_event` (the model
 *   decides), the resource `calendar://week` (the application attaches it),
 *   the prompt `prepare_week` (the user picks it).
 * - No handshake: every request carries `_meta` with its protocol version and
 *   client capabilities, and is judged on its own. `server/discover` says who
 *   the server is and what it supports.
 * - Multi round-trip requests: `create_event` without `startsAt` answers
 *   `resultType: "input_required"` with a form elicitation under the key
 *   `"when"` and a signed `requestState`; the client retries with
 *   `inputResponses` and the same `requestState`, in this process or a fresh one.
 * - And a deliberate bug: the events live in the array `EVENTS` below, in this
 *   process's memory. An event created in one process is missing in the next.
 *   calendar-handles.mjs is the fix.
 *
 * Run it:   node toy-servers/calendar.mjs
 * then type one JSON-RPC message per line, for example:
 *   {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
 * Close stdin (Ctrl-D) and it exits with code 0.
 *
 * Environment (see shared.mjs):
 *   TOY_CLOCK=2026-09-07T08:00:00Z  freezes the clock (requestState expiry)
 *   TOY_SEED=any-string             derives the requestState key from the seed
 *                                   (else it is kept in .toy-state/secret.key)
 *
 * The tool, resource and prompt definitions are in shared.mjs (section 8),
 * because noisy.mjs, http.mjs and legacy.mjs serve the same calendar.
 */
import {
  CALENDAR_INSTRUCTIONS, PROTOCOL_VERSION, calendarHandlers, createModernServer, seedEvents, serveStdio,
} from './shared.mjs';

/** The deliberate bug: state kept in the process, not named by any request. */
const EVENTS = seedEvents();

const server = createModernServer({
  info: { name: 'calendar', title: 'Toy calendar', version: '1.0.0' },
  handlers: calendarHandlers({ events: EVENTS, instructions: CALENDAR_INSTRUCTIONS }),
});

serveStdio(server, `calendar: ready, MCP ${PROTOCOL_VERSION} over stdio`);
