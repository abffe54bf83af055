import { describe, expect, it } from 'vitest';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';
import { compactJson, composeLine, nextFreeId, oneLine, CONSOLE_CAPABILITIES } from '../../../src/components/console/compose.ts';
import { learnCatalog, templates, type SeenCatalog } from '../../../src/components/console/templates.ts';
import { t } from '../../../src/i18n/index.ts';

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
    // Where it stops being JSON in the page's words; the engine's own message only as the detail behind it.
    let engine = '';
    try {
      JSON.parse('{"jsonrpc": "2.0",\n "id": 1,');
    } catch (e) {
      engine = (e as Error).message;
    }
    expect(c.warning).toContain(t('common.jsonAt.end', { line: 2, column: 10 }));
    expect(c.warning).not.toContain(engine);
    expect(c.warningDetail).toBe(engine);
    expect(composeLine('[1,2]', { fillMeta: true, builder: builder() }).warning).toMatch(/-32600/);
  });
  it('lists every change it makes to what was typed, and quotes invalid input as typed', () => {
    const filled = composeLine('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}', { fillMeta: true, builder: builder() });
    expect(filled.changes.join(' | ')).toMatch(/replaced "params": \[\] with an object/);
    expect(filled.changes.join(' | ')).toMatch(/added the required _meta/);
    const pretty = composeLine('{\n  "jsonrpc": "2.0",\n  "method": "notifications/initialized"\n}', { fillMeta: true, builder: builder() });
    expect(pretty.changes).toEqual([expect.stringMatching(/joined your 4 lines into one line/)]);
    const exact = composeLine('{"jsonrpc":"2.0","method":"notifications/initialized"}', { fillMeta: true, builder: builder() });
    expect(exact.changes).toEqual([]);
    const noParams = composeLine('{"jsonrpc":"2.0","id":2,"method":"tools/list"}', { fillMeta: true, builder: builder() });
    expect(noParams.changes[0]).toMatch(/added "params"/);
    const bad = composeLine('hello world', { fillMeta: true, builder: builder() });
    expect(bad.line).toBe('hello world');
    expect(bad.warning).toContain('"hello world"');
    expect(bad.warning).not.toContain('helloworld');
    expect(bad.changes).toEqual([]);
    expect(composeLine('hello\nworld', { fillMeta: true, builder: builder() }).changes[0]).toMatch(/2 lines were joined/);
  });
  it('oneLine joins lines with single spaces', () => {
    expect(oneLine('  a\n\n  b\r\nc ')).toBe('a b c');
  });
});

describe('templates and ids', () => {
  it('offers a template for each request and notification a reader sends (discover, the lists, the calls, a notification), with the given id', () => {
    const labels = templates(7, false, builder()).map((t) => t.label);
    for (const m of ['server/discover', 'tools/list', 'resources/list', 'prompts/list', 'tools/call', 'resources/read', 'prompts/get', 'notifications/']) {
      expect(labels.some((l) => l.startsWith(m))).toBe(true);
    }
    expect(labels.some((l) => l.startsWith('initialize')), 'no legacy handshake on a modern server').toBe(false);
    const legacy = templates(7, false, builder(), { era: 'legacy', examples: 'calendar' });
    expect(legacy.map((t) => t.label).slice(0, 3)).toEqual(['server/discover (a legacy server refuses it)', 'initialize (legacy handshake)', 'notifications/initialized (legacy, no reply)']);
    expect(legacy.some((t) => t.label.includes('asks you')), 'a legacy server cannot ask').toBe(false);
    expect(JSON.parse(legacy.find((t) => t.label === 'tools/list')!.text)).toEqual({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    const withMeta = templates(7, true, builder())[0]!.text;
    expect(JSON.parse(withMeta)).toMatchObject({ id: 7, params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } });
    expect(JSON.parse(templates(7, false, builder())[1]!.text).params).toEqual({});
  });
  it('a server without the calendar catalog gets no calendar examples, then templates from its own catalog', () => {
    const none = templates(3, false, builder(), { era: 'legacy', examples: 'none' }).map((t) => t.label);
    expect(none.some((l) => /create_event|calendar:|prepare_week/.test(l))).toBe(false);
    let seen: SeenCatalog = {};
    seen = learnCatalog(seen, 'tools/list', { result: { tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' }, n: { type: 'integer' } }, required: ['message'] } }] } });
    seen = learnCatalog(seen, 'resources/list', { result: { resources: [{ uri: 'demo://one' }] } });
    seen = learnCatalog(seen, 'prompts/list', { result: { prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }] } });
    const list = templates(3, false, builder(), { era: 'modern', examples: 'none', seen });
    const byLabel = (l: string) => JSON.parse(list.find((t) => t.label === l)!.text);
    expect(byLabel('tools/call echo').params).toEqual({ name: 'echo', arguments: { message: 'example' } });
    expect(byLabel('tools/call echo (all arguments)').params.arguments).toEqual({ message: 'example', n: 1 });
    expect(byLabel('resources/read demo://one').params).toEqual({ uri: 'demo://one' });
    expect(byLabel('prompts/get greet').params).toEqual({ name: 'greet', arguments: { who: 'example' } });
  });
  it('nextFreeId is past every integer id used', () => {
    expect(nextFreeId([1, 'x', 9, 3])).toBe(10);
    expect(nextFreeId([])).toBe(1);
  });
});
