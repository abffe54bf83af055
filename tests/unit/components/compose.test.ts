import { describe, expect, it } from 'vitest';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { compactJson, composeLine, nextFreeId, oneLine, retryMessage, templates, CONSOLE_CAPABILITIES } from '../../../src/components/console/compose.ts';

const builder = () => new RequestBuilder({ clientCapabilities: CONSOLE_CAPABILITIES });

describe('compactJson', () => {
  it('removes whitespace outside strings only, keeping tokens as typed', () => {
    expect(compactJson('{\n  "a": 1.0,\n  "b": "x  y\\" z",\n  "a": [ 1 , 2 ]\n}')).toBe('{"a":1.0,"b":"x  y\\" z","a":[1,2]}');
  });
  it('always yields one line, even for an unterminated string', () => {
    expect(compactJson('{"a": "open\n  "b": 1}')).not.toContain('\n');
  });
});

describe('composeLine', () => {
  it('fills the required _meta of a request, keeping what the reader wrote', () => {
    const c = composeLine('{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"progressToken":"p"},"cursor":"c"}}', { fillMeta: true, builder: builder() });
    expect(c.filledMeta).toBe(true);
    const m = JSON.parse(c.line);
    expect(m.id).toBe(3);
    expect(m.params.cursor).toBe('c');
    expect(m.params._meta).toMatchObject({
      progressToken: 'p',
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {}, url: {} } },
    });
  });
  it('leaves a request exactly as typed when the switch is off, or when _meta is complete', () => {
    const typed = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    expect(composeLine(typed, { fillMeta: false, builder: builder() })).toMatchObject({ line: typed, filledMeta: false });
    const full = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}';
    expect(composeLine(full, { fillMeta: true, builder: builder() }).line).toBe(full);
  });
  it('does not add _meta to notifications or to the legacy initialize', () => {
    const n = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    expect(composeLine(n, { fillMeta: true, builder: builder() }).line).toBe(n);
    const i = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}';
    expect(composeLine(i, { fillMeta: true, builder: builder() }).line).toBe(i);
  });
  it('sends invalid JSON on one line with a warning', () => {
    const c = composeLine('{"jsonrpc": "2.0",\n "id": 1,', { fillMeta: true, builder: builder() });
    expect(c.line).toBe('{"jsonrpc": "2.0", "id": 1,');
    expect(c.warning).toMatch(/not valid JSON.*-32700/);
    expect(composeLine('[1,2]', { fillMeta: true, builder: builder() }).warning).toMatch(/-32600/);
  });
  it('oneLine joins lines with single spaces', () => {
    expect(oneLine('  a\n\n  b\r\nc ')).toBe('a b c');
  });
});

describe('templates and retries', () => {
  it('offers every method the issue names, with the given id', () => {
    const labels = templates(7, false, builder()).map((t) => t.label);
    for (const m of ['server/discover', 'tools/list', 'resources/list', 'prompts/list', 'tools/call', 'resources/read', 'prompts/get', 'initialize', 'notifications/']) {
      expect(labels.some((l) => l.startsWith(m))).toBe(true);
    }
    const withMeta = templates(7, true, builder())[0]!.text;
    expect(JSON.parse(withMeta)).toMatchObject({ id: 7, params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } });
    expect(JSON.parse(templates(7, false, builder())[1]!.text).params).toEqual({});
  });
  it('nextFreeId is past every integer id used', () => {
    expect(nextFreeId([1, 'x', 9, 3])).toBe(10);
    expect(nextFreeId([])).toBe(1);
  });
  it('a retry has a new id, the original params, inputResponses and requestState verbatim (spec digest §6)', () => {
    const original = { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'create_event', arguments: { title: 'x' }, requestState: 'old', inputResponses: { a: {} } } };
    const state = 'eyJ\u00e9\\"weird';
    const r = retryMessage(original, 5, { when: { action: 'accept', content: { startsAt: 'z' } } }, state, builder()) as { id: number; params: Record<string, unknown> };
    expect(r.id).toBe(5);
    expect(r.params.requestState).toBe(state);
    expect(r.params.arguments).toEqual({ title: 'x' });
    expect(r.params.inputResponses).toEqual({ when: { action: 'accept', content: { startsAt: 'z' } } });
    expect(r.params._meta).toHaveProperty(['io.modelcontextprotocol/clientCapabilities']);
    const none = retryMessage(original, 6, undefined, undefined, builder()) as { params: Record<string, unknown> };
    expect(none.params).not.toHaveProperty('requestState');
    expect(none.params).not.toHaveProperty('inputResponses');
  });
});
