import { readFileSync } from 'node:fs';
import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureCatalog, measureTools, projectTool, type Tokenizer } from '../../../src/protocol/catalog.ts';
import type { Tool } from '../../../src/protocol/messages.ts';
import { utf8Length } from '../../../src/protocol/utf8.ts';

// Real lines from server-everything 2026.8.31, recorded once (the fixture's `source` says how); the live re-measure is in tests/peers.
const fixture = JSON.parse(readFileSync(new URL('./fixtures/everything-lines.json', import.meta.url), 'utf8')) as {
  initializeLine: string;
  toolsListLine: string;
};
const toolsResult = JSON.parse(fixture.toolsListLine).result as { tools: Tool[] };
const instructions = JSON.parse(fixture.initializeLine).result.instructions as string;

let enc: Tiktoken;
let tokenizer: Tokenizer;
beforeAll(() => {
  enc = get_encoding('o200k_base');
  tokenizer = { count: (t) => enc.encode(t).length };
});
afterAll(() => enc.free());

describe('catalog tokens', () => {
  it('reproduces the chapter: python total 1,307, cheapest get-tiny-image 52, costliest gzip-file-as-resource 235, instructions 312', () => {
    const f = measureCatalog({ tools: toolsResult.tools, instructions }, tokenizer);
    expect(f.toolCount).toBe(13);
    expect(f.python.total).toBe(1307);
    expect(f.python.sumPerTool).toBe(1305);
    expect(f.python.cheapest).toMatchObject({ name: 'get-tiny-image', tokens: 52 });
    expect(f.python.costliest).toMatchObject({ name: 'gzip-file-as-resource', tokens: 235 });
    expect(f.instructions).toBe(312);
    expect(f.instructionsBytes).toBe(1579);
  });

  it('compact JSON.stringify: 1,084 summed per tool (1,082 as one list), cheapest 44, costliest 203', () => {
    const f = measureTools(toolsResult.tools, tokenizer, 'compact');
    expect(f.sumPerTool).toBe(1084);
    expect(f.total).toBe(1082);
    expect(f.cheapest).toMatchObject({ name: 'get-tiny-image', tokens: 44 });
    expect(f.costliest).toMatchObject({ name: 'gzip-file-as-resource', tokens: 203 });
  });

  it('the catalog is 7,663 bytes as JSON.stringify of the tools/list result', () => {
    expect(utf8Length(JSON.stringify(toolsResult))).toBe(7663);
  });

  it('projects {name, description, inputSchema} in that order, dropping everything else', () => {
    const p = projectTool({ inputSchema: { type: 'object' }, title: 'T', name: 'n', description: 'd', annotations: {} });
    expect(JSON.stringify(p)).toBe('{"name":"n","description":"d","inputSchema":{"type":"object"}}');
    expect(JSON.stringify(projectTool({ name: 'n', inputSchema: {} }))).toBe('{"name":"n","inputSchema":{}}');
  });

  it('an empty catalog has no cheapest or costliest tool and 1 token for "[]"', () => {
    const f = measureCatalog({ tools: [] }, tokenizer);
    expect(f.python.cheapest).toBeUndefined();
    expect(f.python.total).toBe(enc.encode('[]').length);
    expect(f.instructions).toBeUndefined();
  });
});

describe('utf8Length', () => {
  it('agrees with TextEncoder, including astral characters and lone surrogates', () => {
    for (const s of ['', 'abc', 'é', '–', '🎉', 'a\ud800b', '\udc00', instructions]) {
      expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    }
  });
});
