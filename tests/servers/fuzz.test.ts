/**
 * Property-based fuzzing with fast-check: 10,000 random messages per server
 * (a mix of well-formed requests with random params, broken `_meta`, broken
 * JSON-RPC envelopes, notifications and garbage), fed in batches through a few
 * processes. Properties: no crash (exit 0, one stderr line), every stdout line
 * is a valid JSON-RPC response (ids and error shapes per the schema), and each
 * line that needs a reply gets exactly one, in order, with its id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectsReply, httpRequestFor } from './cases.ts';
import { expectOneStderrLine, pairAndValidate, replyIdFor } from './checks.ts';
import { STDIO_SERVERS, freshDir, parseAll, parseStdout, runLines } from './harness.ts';
import { assertSpecDef } from './validate.ts';
import { SERVERS } from '../../toy-servers/registry.ts';
import { startHttp } from './http-harness.ts';

const PER_SERVER = 10_000;
/** Generous: on a loaded 2-core machine 10,000 validated round trips can take minutes (no timing is asserted). */
const FUZZ_TIMEOUT_MS = 300_000;
const PROCESSES = 4; // plus the batches are split so that some messages meet a fresh process
const METHODS = ['server/discover', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read',
  'prompts/list', 'prompts/get', 'initialize', 'ping', 'completion/complete', 'subscriptions/listen', 'x/y', ''];

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const caps = fc.oneof(fc.constant({}), fc.constant({ elicitation: {} }), fc.constant({ elicitation: { url: {} } }), jsonValue);
const version = fc.oneof(fc.constant('2026-07-28'), fc.constant('2026-07-28'), fc.constant('2025-11-25'), jsonValue);
const metaArb = fc.oneof(
  fc.record({ 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': caps }),
  fc.record({ 'io.modelcontextprotocol/protocolVersion': version }, { requiredKeys: [] }),
  jsonValue,
);
const paramsArb = fc.record({
  _meta: metaArb,
  name: fc.oneof(fc.constantFrom('create_event', 'open_calendar', 'list_events', 'prepare_week', 'nope'), fc.string()),
  uri: fc.oneof(fc.constantFrom('calendar://week', 'calendar://cal_AAAAAAAAAAAAAAAAAAAAAA/week'), fc.string()),
  arguments: fc.oneof(
    fc.record({ title: fc.oneof(fc.string(), jsonValue), startsAt: fc.oneof(fc.constant('2026-09-10T08:30:00Z'), fc.string()), calendar: fc.string(), focus: fc.string() }, { requiredKeys: [] }),
    jsonValue,
  ),
  requestState: fc.oneof(fc.string(), jsonValue),
  inputResponses: jsonValue,
  protocolVersion: fc.string(),
}, { requiredKeys: [] });

/** One message: kind chosen at random; `id` is a unique placeholder filled in afterwards. */
const messageArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ method: fc.constantFrom(...METHODS), params: paramsArb }).map((m) => ({ jsonrpc: '2.0', id: '__ID__', ...m })) },
  { weight: 1, arbitrary: fc.record({ method: fc.constantFrom(...METHODS, 'notifications/cancelled'), params: paramsArb }, { requiredKeys: ['method'] }).map((m) => ({ jsonrpc: '2.0', ...m })) },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom('jsonrpc', 'id', 'method', 'params', 'result', 'error'), jsonValue) },
  { weight: 1, arbitrary: jsonValue },
);
const lineArb = fc.oneof(
  { weight: 9, arbitrary: messageArb.map((m) => JSON.stringify(m)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, ' ')) },
);

/** 10,000 lines for one server, reproducible (seeded), request ids made unique. */
function linesFor(seed: number): string[] {
  const lines = fc.sample(lineArb, { numRuns: PER_SERVER, seed });
  let n = 0;
  return lines.map((l) => l.replace('"__ID__"', () => JSON.stringify(`f${n++}`)));
}

const chunk = <T>(xs: T[], parts: number) => Array.from({ length: parts }, (_, i) => xs.slice((i * xs.length) / parts, ((i + 1) * xs.length) / parts));

describe.each(STDIO_SERVERS)('fuzz %s', (name) => {
  it(`survives ${PER_SERVER} random messages with exactly one valid reply per request`, async () => {
    const lines = linesFor(name.length * 7919);
    expect(lines).toHaveLength(PER_SERVER);
    // Mostly long-lived processes; the last 200 lines each go to a fresh process in groups of 50.
    const head = lines.slice(0, PER_SERVER - 200);
    const tail = lines.slice(PER_SERVER - 200);
    const groups = [...chunk(head, PROCESSES), ...chunk(tail, 4)];
    const cwd = freshDir();
    for (const group of groups) {
      const run = await runLines(name, group, { cwd });
      expect(run.code, run.stderr.slice(0, 500)).toBe(0);
      expectOneStderrLine(run.stderr);
      const replies = parseStdout(run, (l) => name === 'noisy' && !l.startsWith('{'));
      pairAndValidate(group, replies, SERVERS[name].era);
    }
  }, FUZZ_TIMEOUT_MS);
});

/** Params of the later lessons' servers: subscription filters, cursors, progress tokens, countdowns. */
const lessonParamsArb = fc.record({
  _meta: fc.oneof(
    fc.record({ 'io.modelcontextprotocol/protocolVersion': fc.constant('2026-07-28'), 'io.modelcontextprotocol/clientCapabilities': caps, progressToken: fc.oneof(fc.string(), fc.integer(), jsonValue) }, { requiredKeys: ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities'] }),
    metaArb,
  ),
  name: fc.constantFrom('create_event', 'countdown', 'nope'),
  arguments: fc.oneof(fc.record({ from: fc.oneof(fc.integer({ min: -1, max: 12 }), jsonValue), title: fc.string(), startsAt: fc.constant('2026-09-10T08:30:00Z') }, { requiredKeys: [] }), jsonValue),
  notifications: fc.oneof(
    fc.record({ resourceSubscriptions: fc.oneof(fc.constant(['calendar://week']), fc.array(fc.string()), jsonValue), toolsListChanged: fc.oneof(fc.boolean(), jsonValue), resourcesListChanged: fc.boolean() }, { requiredKeys: [] }),
    jsonValue,
  ),
  cursor: fc.oneof(fc.constantFrom('next-1', 'next-2', 'next-0', ''), fc.string(), jsonValue),
}, { requiredKeys: ['_meta'] });
const LESSON_METHODS = ['subscriptions/listen', 'tools/call', 'tools/list', 'resources/list', 'prompts/list', 'resources/templates/list'];

describe('fuzz the servers built on the calendar for later lessons (countdown, listening-calendar, paged-calendar)', () => {
  it('answers every request once, sends only valid notifications, and tears down every acknowledged subscription at the end (its result, then notifications/cancelled naming it)', async () => {
    const arb = fc.oneof(
      { weight: 6, arbitrary: fc.record({ method: fc.constantFrom(...LESSON_METHODS), params: lessonParamsArb }).map((m) => ({ jsonrpc: '2.0', id: '__ID__', ...m })) },
      { weight: 1, arbitrary: fc.record({ requestId: fc.oneof(fc.string(), jsonValue) }).map((params) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params })) },
    );
    let n = 0;
    const lines = fc.sample(arb, { numRuns: 3000, seed: 2026 }).map((m) => JSON.stringify(m).replace('"__ID__"', () => JSON.stringify(`g${n++}`)));
    const env = { TOY_TICK_MS: '0' };
    const servers = ['countdown', 'listening-calendar', 'paged-calendar'] as const;
    for (const [i, group] of chunk(lines, 2).entries()) {
      const run = await runLines(servers[i % servers.length]!, group, { env, cwd: freshDir() });
      expect(run.code, run.stderr.slice(0, 500)).toBe(0);
      expectOneStderrLine(run.stderr);
      const all = parseAll(run);
      const acked = new Set<string>();
      for (const m of all.filter((x) => 'method' in x)) {
        const def = ({ 'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification', 'notifications/resources/updated': 'ResourceUpdatedNotification', 'notifications/progress': 'ProgressNotification', 'notifications/cancelled': 'CancelledNotification' } as Record<string, string>)[m.method];
        expect(def, m.method).toBeDefined();
        assertSpecDef('2026-07-28', def, m);
        if (m.method === 'notifications/subscriptions/acknowledged') acked.add(m.params._meta['io.modelcontextprotocol/subscriptionId']);
      }
      const responses = all.filter((x) => !('method' in x));
      const closes = responses.filter((r) => acked.has(r.id) && r.result?._meta?.['io.modelcontextprotocol/subscriptionId'] === r.id);
      expect(closes.map((r) => r.id).sort()).toEqual([...acked].sort());
      for (const close of closes) assertSpecDef('2026-07-28', 'SubscriptionsListenResultResponse', close);
      // Each teardown notification names a closed subscription, once, and comes after its result.
      const torn = all.filter((m) => m.method === 'notifications/cancelled');
      expect(torn.map((m) => m.params.requestId).sort()).toEqual([...acked].sort());
      for (const m of torn) expect(all.indexOf(m)).toBeGreaterThan(all.findIndex((r) => !('method' in r) && r.id === m.params.requestId));
      const answeredNow = group.filter((l) => !acked.has(JSON.parse(l).id));
      pairAndValidate(answeredNow, responses.filter((r) => !closes.includes(r)), 'modern');
    }
  }, FUZZ_TIMEOUT_MS);
});

describe('fuzz http', () => {
  it(`survives ${PER_SERVER} random POSTs with exactly one valid reply per request`, async () => {
    const server = await startHttp();
    try {
      const lines = linesFor(4242);
      const replies: Array<Record<string, any>> = [];
      const answered: string[] = [];
      for (let i = 0; i < lines.length; i += 25) {
        const batch = lines.slice(i, i + 25);
        const results = await Promise.all(batch.map(async (line) => {
          const req = httpRequestFor(line);
          const res = await fetch(server.url, { method: 'POST', headers: req.headers, body: line });
          const text = await res.text();
          return { line, status: res.status, type: res.headers.get('content-type') ?? '', text };
        }));
        for (const r of results) {
          // Over HTTP an empty body is not a message at all: it gets -32700 like garbage.
          if (r.line.trim() !== '' && !expectsReply(r.line)) {
            expect(r.status, r.line).toBe(202);
            continue;
          }
          const body = r.type.startsWith('text/event-stream') ? /data: (.*)\n\n$/.exec(r.text)![1] : r.text;
          const reply = JSON.parse(body);
          expect(JSON.stringify(reply)).toBe(body);
          expect(r.status).toBe(reply.error ? ({ [-32601]: 404, [-32603]: 500 } as Record<number, number>)[reply.error.code] ?? 400 : 200);
          expect(reply.id).toEqual(replyIdFor(r.line));
          replies.push(reply);
          answered.push(r.line);
        }
      }
      pairAndValidate(answered.map((l) => (l.trim() === '' ? 'blank' : l)), replies, 'modern');
      expect(server.child.exitCode).toBeNull(); // still running
      expect(server.stderr().trim().split('\n'), 'one stderr line, nothing on stdout').toHaveLength(1);
    } finally {
      server.child.kill();
    }
  }, FUZZ_TIMEOUT_MS);
});
