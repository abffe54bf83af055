import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { answerOf, nullIdMessage, owedBy, progressTokenOf, Waits, type IdlessWaiting, type Silence, type WaitClock } from '../../../src/components/pure/owed-reply.ts';

const CALENDAR = new URL('../../../toy-servers/listening-calendar.mjs', import.meta.url).pathname;
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/**
 * Sends each line to a real listening-calendar.mjs (the calendar with subscriptions/listen), each followed by a marker request,
 * and returns what came back before each marker's reply (the calendar answers
 * requests in order, so the lines a sent line got are exactly those).
 */
async function exchange(lines: string[]): Promise<unknown[][]> {
  const child = spawn(process.execPath, [CALENDAR], { stdio: ['pipe', 'pipe', 'ignore'] });
  const rl = createInterface({ input: child.stdout });
  const got: unknown[][] = lines.map(() => []);
  let i = 0;
  const done = new Promise<void>((resolve) => {
    rl.on('line', (text) => {
      const m = JSON.parse(text) as { id?: unknown };
      if (m.id === `marker-${i}`) {
        i++;
        if (i === lines.length) resolve();
        return;
      }
      got[i]!.push(m);
    });
  });
  for (const [n, line] of lines.entries()) {
    child.stdin.write(`${line}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: `marker-${n}`, method: 'tools/list', params: { _meta: META } })}\n`);
  }
  await done;
  child.kill();
  return got;
}

describe('owedBy: what a sent line owes', () => {
  it('a request is owed a reply with its id; one with a progress token says so', () => {
    expect(owedBy('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"_meta":{"progressToken":"p4"},"name":"countdown"}}')).toEqual({ kind: 'reply', id: 4, progressToken: 'p4' });
    expect(owedBy('{"jsonrpc":"2.0","id":"hello","method":"server/discover","params":{}}')).toEqual({ kind: 'reply', id: 'hello' });
  });
  it('subscriptions/listen is an open stream, a notification owes nothing, a cancel releases its request', () => {
    expect(owedBy('{"jsonrpc":"2.0","id":"watch","method":"subscriptions/listen","params":{"notifications":{}}}')).toEqual({ kind: 'stream', id: 'watch' });
    expect(owedBy('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toEqual({ kind: 'nothing' });
    expect(owedBy('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4,"reason":"took too long"}}')).toEqual({ kind: 'nothing', cancels: 4 });
    expect(owedBy('{"jsonrpc":"2.0","id":3,"result":{"action":"accept"}}')).toEqual({ kind: 'nothing' });
  });
  it('a line the server cannot read an id from is owed an id-less error; a readable id on a bad message is still owed', () => {
    for (const line of ['{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', '[{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}]', '{"jsonrpc":"2.0","id":3,}', '"hello"']) {
      expect(owedBy(line), line).toEqual({ kind: 'idless-error' });
    }
    expect(owedBy('{"id":9,"method":"tools/list"}')).toEqual({ kind: 'reply', id: 9 });
  });

  it('agrees with a real server: each owed reply or id-less error is what listening-calendar.mjs sends, and nothing comes for the rest', async () => {
    const lines = [
      '{"jsonrpc":"2.0","id":1.5,"method":"tools/list","params":{}}',
      '[{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}]',
      '{"jsonrpc":"2.0","id":null,"method":"tools/list","params":{}}',
      '{"jsonrpc":"2.0","id":3,"method":"tools/list",}',
      '{"id":9,"method":"tools/list"}',
      `{"jsonrpc":"2.0","id":"watch","method":"subscriptions/listen","params":{"_meta":${JSON.stringify(META)},"notifications":{"resourceSubscriptions":["calendar://week"]}}}`,
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"watch"}}',
      `{"jsonrpc":"2.0","id":7,"method":"server/discover","params":{"_meta":${JSON.stringify(META)}}}`,
    ];
    const got = await exchange(lines);
    for (const [n, line] of lines.entries()) {
      const owed = owedBy(line);
      const responses = got[n]!.filter((m) => !('method' in (m as object)));
      if (owed.kind === 'reply') expect(responses.map((m) => (m as { id?: unknown }).id), line).toEqual([owed.id]);
      else if (owed.kind === 'idless-error') {
        expect(responses, line).toHaveLength(1);
        const waiting: IdlessWaiting = { line };
        expect(answerOf(responses[0], [waiting], []), line).toEqual({ kind: 'line', waiting, index: 0 });
      } else expect(responses, line).toEqual([]);
    }
  });
});

describe('answerOf: which sent line a reply answers', () => {
  const a: IdlessWaiting = { line: '[1]' };
  const b: IdlessWaiting = { line: '{"id":1.5}' };
  it('an id-less error (no id, or "id": null) answers the oldest line owed one', () => {
    expect(answerOf({ jsonrpc: '2.0', error: { code: -32600, message: 'x' } }, [a, b], [4])).toEqual({ kind: 'line', waiting: a, index: 0 });
    expect(answerOf({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'x' } }, [b], [])).toEqual({ kind: 'line', waiting: b, index: 0 });
  });
  it('with no such line, the only request in flight; else it cannot be told', () => {
    expect(answerOf({ jsonrpc: '2.0', error: { code: -32603, message: 'x' } }, [], [4])).toEqual({ kind: 'only-in-flight', id: 4 });
    expect(answerOf({ jsonrpc: '2.0', error: { code: -32603, message: 'x' } }, [], [4, 5])).toEqual({ kind: 'unmatched' });
  });
  it('a reply with a readable id, and a notification, are matched by id (nothing to say)', () => {
    expect(answerOf({ jsonrpc: '2.0', id: 4, result: {} }, [a], [4])).toEqual({ kind: 'by-id' });
    expect(answerOf({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p4', progress: 1 } }, [a], [4])).toEqual({ kind: 'by-id' });
  });
  it('progressTokenOf reads the token of notifications/progress only', () => {
    expect(progressTokenOf({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p4', progress: 1 } })).toBe('p4');
    expect(progressTokenOf({ jsonrpc: '2.0', method: 'notifications/message', params: { progressToken: 'p4' } })).toBeUndefined();
  });
});

/** A clock the test moves by hand: `run()` fires every wait still set, as if the time had run out for all. */
function handClock(): WaitClock & { run(): void; pending(): number } {
  let next = 0;
  const timers = new Map<number, () => void>();
  return {
    set: (fn) => (timers.set(++next, fn), next),
    clear: (h) => void timers.delete(h as number),
    run() {
      const due = [...timers.values()];
      timers.clear();
      for (const fn of due) fn();
    },
    pending: () => timers.size,
  };
}

describe('Waits: the Console\'s waits, from what was sent', () => {
  const setup = () => {
    const silences: Silence[] = [];
    const clock = handClock();
    return { silences, clock, waits: new Waits(5_000, (s) => silences.push(s), clock) };
  };

  it('a request that gets nothing is said once; a reply by id ends its wait', () => {
    const { silences, clock, waits } = setup();
    waits.sent('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    waits.sent('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"countdown"}}');
    expect(waits.received({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({ kind: 'by-id' });
    clock.run();
    expect(silences).toEqual([{ kind: 'reply', id: 6 }]);
    clock.run();
    expect(silences).toHaveLength(1);
  });

  it('no wait for a cancelled request, an open subscriptions/listen, a notification, or a line its id-less error answered', () => {
    const { silences, clock, waits } = setup();
    waits.sent('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"_meta":{"progressToken":"p4"},"name":"countdown"}}');
    waits.sent('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4,"reason":"took too long"}}');
    waits.sent('{"jsonrpc":"2.0","id":"watch","method":"subscriptions/listen","params":{"notifications":{}}}');
    waits.sent('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    waits.sent('[{"jsonrpc":"2.0","id":2,"method":"tools/list"}]');
    waits.sent('{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}');
    expect(waits.waitingLines).toHaveLength(2);
    const first = waits.received({ jsonrpc: '2.0', error: { code: -32600, message: 'batch' } });
    const second = waits.received(nullIdMessage('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"id"}}', 'id is not a string or integer'));
    expect([first, second].map((a) => (a.kind === 'line' ? a.waiting.line : a.kind))).toEqual(['[{"jsonrpc":"2.0","id":2,"method":"tools/list"}]', '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}']);
    expect(clock.pending()).toBe(0);
    clock.run();
    expect(silences).toEqual([]);
  });

  it('progress for a request starts its wait again (it is not silent); a line never answered is said too', () => {
    const { silences, clock, waits } = setup();
    waits.sent('{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"_meta":{"progressToken":"p8"},"name":"countdown"}}');
    waits.sent('hello');
    // The progress notification replaces the wait for id 8 with a fresh one: still exactly one wait for it.
    waits.received({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p8', progress: 1, total: 10 } });
    expect(waits.waitingIds).toEqual([8]);
    expect(clock.pending()).toBe(2);
    clock.run();
    // In the order the waits began: id 8's began again after the line's.
    expect(silences).toEqual([{ kind: 'idless-error', line: 'hello' }, { kind: 'reply', id: 8 }]);
  });

  it('an id-less error with no line owed one and one request in flight: that request, most likely; its wait ends', () => {
    const { silences, clock, waits } = setup();
    waits.sent('{"jsonrpc":"2.0","id":3,"method":"tools/list"}');
    expect(waits.received({ jsonrpc: '2.0', error: { code: -32603, message: 'x' } })).toEqual({ kind: 'only-in-flight', id: 3 });
    clock.run();
    expect(silences).toEqual([]);
  });

  it('settledBy (an HTTP response read to its end) and releaseAll (the process is gone) end the waits', () => {
    const { silences, clock, waits } = setup();
    const post = waits.sent('{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}');
    const request = waits.sent('{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
    waits.settledBy(post);
    waits.settledBy(request);
    waits.sent('{"jsonrpc":"2.0","id":3,"method":"tools/list"}');
    waits.releaseAll();
    clock.run();
    expect(silences).toEqual([]);
  });
});
