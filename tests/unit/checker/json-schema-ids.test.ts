// The pure helpers behind jsonrpc.id-echo (the raw id of a reply line, an exact integer from a JSON number)
// and tools.output-schema (ajv with the bounds and dialect rule of the spec's JSON Schema usage section).
// https://modelcontextprotocol.io/specification/2026-07-28/basic#json-schema-usage
import { describe, expect, it } from 'vitest';
import { exactInteger, rawMember } from '../../../src/checker/stages/ids.ts';
import { SCHEMA_LIMITS, validateAgainstSchema } from '../../../src/checker/json-schema.ts';

describe('rawMember', () => {
  it('reads the raw text of a top-level member, past nested objects, arrays and strings with escapes', () => {
    const line = '{"jsonrpc":"2.0","result":{"id":1,"a":["}",{"id":2}]},"id" : 9007199254740993}';
    expect(rawMember(line, 'id')).toBe('9007199254740993');
    expect(JSON.parse(line).id).toBe(9007199254740992); // what JSON.parse would have said
    expect(rawMember('{"id":"checker-\\u00e9-\\"x\\""}', 'id')).toBe('"checker-\\u00e9-\\"x\\""');
    expect(rawMember('{"\\u0069d":7,"x":1}', 'id')).toBe('7');
  });

  it('is undefined for a missing member or a text that is not a JSON object', () => {
    expect(rawMember('{"jsonrpc":"2.0","error":{"id":3}}', 'id')).toBeUndefined();
    expect(rawMember('[{"id":1}]', 'id')).toBeUndefined();
    expect(rawMember('{"id":', 'id')).toBeUndefined();
  });
});

describe('exactInteger', () => {
  it('gives the exact value of a JSON number in any notation, and nothing for a fraction or a string', () => {
    expect(exactInteger('9007199254740994')).toBe(9007199254740994n);
    expect(exactInteger('9.007199254740994e15')).toBe(9007199254740994n);
    expect(exactInteger('9007199254740994.0')).toBe(9007199254740994n);
    expect(exactInteger('9007199254740995')).toBe(9007199254740995n);
    expect(exactInteger('-12E+1')).toBe(-120n);
    expect(exactInteger('1.5')).toBeUndefined();
    expect(exactInteger('"9007199254740994"')).toBeUndefined();
  });
});

describe('validateAgainstSchema', () => {
  const schema = { type: 'object', properties: { when: { type: 'string', format: 'date-time' } }, required: ['when'] };

  it('validates with JSON Schema 2020-12, formats as annotations, and names what is wrong', async () => {
    expect(await validateAgainstSchema(schema, { when: 'not a date, and that is fine' })).toEqual({ valid: true });
    const bad = await validateAgainstSchema(schema, { at: 1 });
    expect(bad).toMatchObject({ valid: false });
    expect((bad as { problems: string[] }).problems).toEqual(["structuredContent must have required property 'when'"]);
    expect(await validateAgainstSchema({ ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' }, { when: 'x' })).toEqual({ valid: true });
  });

  it('does not use a schema of another dialect, one whose $ref points outside it, or one beyond the bounds', async () => {
    expect(await validateAgainstSchema({ ...schema, $schema: 'http://json-schema.org/draft-07/schema#' }, {})).toMatchObject({ unusable: expect.stringContaining('draft-07') });
    expect(await validateAgainstSchema({ $ref: 'https://example.com/remote.json' }, {})).toMatchObject({ unusable: expect.stringContaining('ajv cannot compile it') });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i <= SCHEMA_LIMITS.depth; i++) deep = { type: 'object', properties: { x: deep } };
    expect(await validateAgainstSchema(deep, {})).toEqual({ unusable: 'it exceeds the bounds the checker validates within' });
  });
});
