/**
 * Stage 1, framing: one JSON-RPC message per line, nothing else on stdout
 * (logs go to stderr), one reply per request, exit when stdin closes.
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
import type { CheckContext, CheckDef } from '../define.ts';
import { SPEC_URLS } from '../spec-urls.ts';
import { isResponseTo } from '../session.ts';

export const FRAMING_CHECKS: CheckDef[] = [
  {
    id: 'framing.stdout-only',
    stage: 'framing',
    rule: 'Nothing but JSON-RPC messages on stdout',
    specUrl: SPEC_URLS.stdio,
    expected: 'Every line the server writes to stdout is one JSON-RPC message; logs, banners and debug prints go to stderr.',
    hint: 'Write logs with console.error (stderr), never console.log: stdout carries only protocol messages, one per line.',
    async run(c: CheckContext) {
      const s = await c.open();
      const a = c.request('server/discover');
      const b = c.request('tools/list');
      s.send(a);
      s.send(b);
      await s.waitFor((l) => isResponseTo(l.message, a.id));
      await s.waitFor((l) => isResponseTo(l.message, b.id));
      await s.quiet(c.state.options.quietMs);
      const stray = s.lines.find((l) => l.violation !== undefined);
      if (stray) c.fail(`stdout carried a line that is not a JSON-RPC message (${stray.violation}): ${JSON.stringify(stray.text.slice(0, 200))}`);
    },
  },
  {
    id: 'framing.one-reply',
    stage: 'framing',
    rule: 'Exactly one reply per request, on one line, with the request id',
    specUrl: SPEC_URLS.stdio,
    expected: 'Two requests written back to back get exactly one response each, each on its own line with the id of its request.',
    hint: 'Split stdin at "\\n", handle each line on its own, and write each reply as JSON.stringify(reply) + "\\n" with the id copied from the request.',
    async run(c: CheckContext) {
      const s = await c.open();
      const a = c.request('server/discover');
      const b = c.request('server/discover');
      s.send(`${JSON.stringify(a)}\n${JSON.stringify(b)}`);
      await s.waitFor((l) => isResponseTo(l.message, a.id));
      await s.waitFor((l) => isResponseTo(l.message, b.id));
      await s.quiet(c.state.options.quietMs);
      for (const id of [a.id, b.id]) {
        const n = s.lines.filter((l) => isResponseTo(l.message, id)).length;
        if (n !== 1) c.fail(`request id ${id} got ${n} responses`);
      }
    },
  },
  {
    id: 'framing.exit-on-eof',
    stage: 'framing',
    rule: 'Exit when stdin closes',
    specUrl: SPEC_URLS.stdio,
    expected: 'After stdin is closed, the server finishes and exits with code 0 within a few seconds.',
    hint: "Listen for the end of stdin (process.stdin.on('end', ...)) and exit with process.exit(0) once the last reply is written.",
    async run(c: CheckContext) {
      const s = await c.open();
      await s.request(c.request('server/discover'));
      const timeout = c.state.options.exitTimeoutMs;
      const r = await s.closeAndWait(timeout);
      if (r.outcome === 'still-running') c.fail(`the server was still running ${timeout} ms after stdin closed`);
      if (r.exit?.code !== 0) c.fail(`the server exited ${r.exit?.signal ? `by ${r.exit.signal}` : `with code ${r.exit?.code}`}, not 0`);
    },
  },
];
