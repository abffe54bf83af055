/**
 * noisy.mjs: the calendar (MCP 2026-07-28, stdio) with one bad habit: it
 * writes to stdout things that are not MCP messages.
 *
 * What it teaches: on stdio, stdout belongs to the protocol. The spec says
 * "The server MUST NOT write anything to its stdout that is not a valid MCP
 * message." (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio)
 * This server breaks that rule the way real ones do by accident:
 * - at start-up it prints a banner line to stdout, like a forgotten
 *   console.log or a dependency's warning;
 * - just before each tools/call response it prints a debug line.
 * Everything else is exactly calendar.mjs, which it imports. Watch what a
 * client's line parser makes of the stray lines, then move them to stderr
 * (console.error) and watch the problem go away.
 *
 * Run it:   node toy-servers/noisy.mjs   (one JSON-RPC message per line on stdin)
 *
 * Environment: as calendar.mjs (TOY_CLOCK, TOY_SEED).
 */
import { EVENTS, serveStdio } from './calendar.mjs';

// The first bug: a start-up banner on stdout.
console.log('calendar-noisy v1.0.0 starting (this line should have gone to stderr)');

serveStdio({
  info: { name: 'calendar-noisy', title: 'Toy calendar that logs to stdout', version: '1.0.0' },
  // The second bug: a debug print that goes to stdout instead of stderr.
  beforeReply: (message, reply) => {
    if (message.method === 'tools/call' && reply.result) console.log(`[debug] tools/call handled, ${EVENTS.length} events in memory`);
  },
});
