import { describe, expect, it } from 'vitest';
import { RequestBuilder, serializeMessage } from '../../../src/protocol/request-builder.ts';

describe('RequestBuilder', () => {
  it('puts the required _meta into every request, with fresh ids', () => {
    const b = new RequestBuilder();
    const a = b.request('tools/list');
    const c = b.request('tools/call', { name: 'x', arguments: { q: 1 } });
    expect(a.id).toBe(1);
    expect(c.id).toBe(2);
    expect(serializeMessage(a)).toBe(
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",' +
        '"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"mcp-by-hand","version":"0.1.0"}}}}',
    );
    expect(c.params).toMatchObject({ name: 'x', arguments: { q: 1 } });
    expect(c.params?._meta?.['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });

  it('honours per-call overrides and merges extra _meta keys', () => {
    const b = new RequestBuilder({ clientCapabilities: { elicitation: {} }, clientInfo: null, firstId: 10 });
    const r = b.request('tools/call', { _meta: { progressToken: 'p1' }, name: 'n' }, { protocolVersion: '2099-01-01', id: 'custom' });
    expect(r.id).toBe('custom');
    expect(r.params?._meta).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2099-01-01',
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      progressToken: 'p1',
    });
    expect(b.nextId()).toBe(10);
  });

  it('builds legacy requests and notifications without _meta', () => {
    const b = new RequestBuilder();
    expect(serializeMessage(b.legacyRequest('tools/list'))).toBe('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(serializeMessage(b.notification('notifications/initialized'))).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  });

  it('serialises to exactly one line, even with newlines in strings', () => {
    const b = new RequestBuilder();
    const line = serializeMessage(b.request('tools/call', { name: 'x', arguments: { text: 'a\nb\r\nc\u2028' } }));
    expect(line).not.toMatch(/[\n\r]/);
    expect(JSON.parse(line).params.arguments.text).toBe('a\nb\r\nc\u2028');
  });
});
