/**
 * starter.mjs: the first lines of your own MCP server (revision 2026-07-28,
 * stdio transport). It reads what a client writes and answers nothing yet.
 *
 * A client starts this file as a process and writes one JSON-RPC message per
 * line to its stdin. Where to start (the Checker runs its stages in order):
 *   1. Parse each line with JSON.parse and write exactly one reply per
 *      request, as ONE line of JSON on stdout:
 *        process.stdout.write(JSON.stringify(reply) + '\n');
 *      Logs go to stderr (console.error), never to stdout.
 *   2. Exit when stdin closes (readline's 'close' event).
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin });

lines.on('line', (line) => {
  // Start here: nothing is answered yet. This log goes to stderr, which a
  // client shows to a person and never reads as protocol.
  console.error(`starter received ${line.length} characters`);
});
