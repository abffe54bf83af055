import { describe, expect, it } from 'vitest';
import { headerValue, MCP_ENDPOINT, mcpHeaders, parseSse, rawRequest, rawResponse } from '../../../src/components/console/http-exchange.ts';
import { handle } from '../../../toy-servers/http.mjs';

// The MCP request headers of the Streamable HTTP transport: https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
describe('mcpHeaders', () => {
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
  it('encodes every value of the spec\'s Value Encoding table as the table does', () => {
    // https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#value-encoding
    expect(headerValue('us-west1')).toBe('us-west1');
    expect(headerValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(headerValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(headerValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(headerValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });
  it('encodes a value with only leading, only trailing whitespace, or a tab; keeps inner spaces plain', () => {
    expect(headerValue(' lead')).toBe(`=?base64?${btoa(' lead')}?=`);
    expect(headerValue('trail ')).toBe(`=?base64?${btoa('trail ')}?=`);
    expect(headerValue('\tx')).toBe(`=?base64?${btoa('\tx')}?=`);
    expect(headerValue('a\tb')).toBe(`=?base64?${btoa('a\tb')}?=`);
    expect(headerValue('two words')).toBe('two words');
    expect(headerValue('')).toBe('');
  });
  it('sends an Mcp-Name with edge whitespace so the real http.mjs sees the body value (no -32020)', async () => {
    const send = async (uri: string) => {
      const message = { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } };
      const headers = mcpHeaders(message);
      // A fetch Request strips leading and trailing whitespace from plain header values: the encoded form survives.
      const request = new Request(MCP_ENDPOINT, { method: 'POST', headers, body: JSON.stringify(message) });
      return { sent: request.headers.get('mcp-name'), reply: (await (await handle(request)).json()) as { error?: { code: number } } };
    };
    const padded = await send(' calendar://week ');
    expect(padded.sent).toBe(`=?base64?${btoa(' calendar://week ')}?=`);
    // The header matched the body; the unknown (padded) URI is then a missing resource, -32602.
    expect(padded.reply.error?.code).toBe(-32602);
    const plain = await send('calendar://week');
    expect(plain.sent).toBe('calendar://week');
    expect(plain.reply.error).toBeUndefined();
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
