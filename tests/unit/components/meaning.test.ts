import { describe, expect, it } from 'vitest';
import { classifyMessage, framingViolation } from '../../../src/protocol/classify.ts';
import type { JsonRpcMessage } from '../../../src/protocol/messages.ts';
import { describeReply } from '../../../src/components/pure/meaning.ts';
import { jsonTree, clip } from '../../../src/components/pure/json-tree.ts';
import { transcriptText } from '../../../src/components/console/items.ts';

const m = (o: unknown) => o as JsonRpcMessage;
const say = (o: unknown, method?: string) => describeReply(classifyMessage(m(o)), o, method);

describe('describeReply', () => {
  it('names -32022 with the supported versions and links its spec section', () => {
    const r = say({ jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: '1900-01-01' } } });
    expect(r.text).toBe('error -32022 UnsupportedProtocolVersion: server supports 2026-07-28');
    expect(r.link?.href).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);
    expect(r.tone).toBe('error');
  });
  it('says what a result is', () => {
    expect(say({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'] } }).text).toBe('complete: DiscoverResult, supports 2026-07-28');
    expect(say({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } }).text).toContain('no resultType: legacy');
    expect(say({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', tools: [{ name: 'a' }, { name: 'b' }] } }).text).toBe('complete: 2 tools (a, b)');
    expect(say({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', inputRequests: { when: { method: 'elicitation/create', params: {} } }, requestState: 's' } }).text).toBe(
      'input_required: asks for when (elicitation/create form), with requestState',
    );
  });
  it('flags framing violations with the stdio spec link', () => {
    const r = describeReply(framingViolation('not JSON'));
    expect(r.text).toMatch(/^framing violation: not JSON/);
    expect(r.link?.href).toContain('/basic/transports/stdio');
  });
});

describe('display helpers', () => {
  it('cuts long strings in the JSON tree and says by how much', () => {
    const t = jsonTree({ d: 'A'.repeat(100_000) }, 100);
    expect(t.kind).toBe('object');
    if (t.kind !== 'object') return;
    const v = t.entries[0]!.value;
    expect(v).toMatchObject({ kind: 'scalar', token: 'string' });
    expect(v.kind === 'scalar' && v.truncated).toBe(100_002 - 100);
    expect(clip('abcdef', 3)).toEqual({ text: 'abc…', cut: 3 });
  });
  it('copies the transcript with each wire line verbatim after a tab', () => {
    const text = transcriptText([
      { kind: 'wire', key: 1, direction: 'out', channel: 'stdin', t: 1, pid: 7, text: '{"a":1}' },
      { kind: 'stderr', key: 2, t: 2, pid: 7, text: 'log\n' },
      { kind: 'event', key: 3, text: 'restarted', tone: 'info', pid: 8 },
    ]);
    expect(text).toBe('-> stdin  1.0ms pid 7\t{"a":1}\n<- stderr 2.0ms pid 7\tlog\n-- restarted (pid 8)\n');
  });
});
