import { describe, expect, it } from 'vitest';
import { headerValue, mcpHeaders, parseSse, rawRequest, rawResponse } from '../../../src/components/console/http-exchange.ts';

describe('mcpHeaders (spec digest §7)', () => {
  it('sets version, method and name headers from the body', () => {
    const h = Object.fromEntries(
      mcpHeaders({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'calendar://week', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }),
    );
    expect(h).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'resources/read',
      'Mcp-Name': 'calendar://week',
    });
  });
  it('encodes non-ASCII values as =?base64?…?=', () => {
    expect(headerValue('café')).toBe('=?base64?Y2Fmw6k=?=');
    expect(headerValue('plain')).toBe('plain');
    expect(Object.fromEntries(mcpHeaders({ method: 'tools/call', params: { name: 'réserver' } }))['Mcp-Name']).toMatch(/^=\?base64\?/);
  });
  it('sends only the fixed headers for a body that is not JSON', () => {
    expect(mcpHeaders(undefined).map(([k]) => k)).toEqual(['Content-Type', 'Accept', 'MCP-Protocol-Version']);
  });
});

describe('parseSse', () => {
  it('splits frames, joins data lines, keeps comments, copes with CRLF', () => {
    const frames = parseSse(': hello\r\n\r\nevent: message\r\ndata: {"a":\r\ndata: 1}\r\nid: 7\r\n\r\ndata:x\n\n');
    expect(frames).toEqual([
      { event: 'message', data: '', comments: ['hello'] },
      { event: 'message', data: '{"a":\n1}', id: '7', comments: [] },
      { event: 'message', data: 'x', comments: [] },
    ]);
  });
  it('handles a final frame without a blank line', () => {
    expect(parseSse('data: end')).toEqual([{ event: 'message', data: 'end', comments: [] }]);
  });
});

describe('raw text', () => {
  it('writes an HTTP/1.1 request and response', () => {
    const req = rawRequest('http://127.0.0.1/mcp', [['Accept', 'x']], '{"é":1}');
    expect(req).toBe('POST /mcp HTTP/1.1\nHost: 127.0.0.1\nAccept: x\nContent-Length: 8\n\n{"é":1}');
    expect(rawResponse(404, '', [['content-type', 'application/json']], '{}')).toBe('HTTP/1.1 404 Not Found\ncontent-type: application/json\n\n{}');
  });
});
