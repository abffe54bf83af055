import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { answerOf, owedBy, progressTokenOf, type IdlessWaiting } from '../../../src/components/pure/owed-reply.ts';

const CALENDAR = new URL('../../../toy-servers/calendar.mjs', import.meta.url).pathname;
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/**
 * Sends each line to a real calendar.mjs, each followed by a marker request,
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

  it('agrees with a real server: each owed reply or id-less error is what calendar.mjs sends, and nothing comes for the rest', async () => {
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
