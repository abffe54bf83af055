import { describe, expect, it } from 'vitest';
import { readRequestedSchema } from '../../../src/components/elicitation-form/requested-schema.ts';
import { codePointLength, fieldProblem, formContent, formProblems, initialValues } from '../../../src/components/elicitation-form/form-values.ts';

const schema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', title: 'Email' },
    when: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    n: { type: 'integer', minimum: 1, maximum: 3 },
    ok: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
    size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }] },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 1 },
    tags2: { type: 'array', items: { anyOf: [{ const: 'x', title: 'Ex' }] } },
  },
  required: ['email', 'n'],
};

// The flat form-mode requestedSchema of elicitation/create: https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation
describe('readRequestedSchema', () => {
  it('reads every allowed property kind', () => {
    const r = readRequestedSchema(schema);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.fields.map((f) => f.kind)).toEqual(['string', 'string', 'string', 'number', 'boolean', 'select', 'select', 'multiselect', 'multiselect']);
    expect(r.fields[5]).toMatchObject({ choices: [{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }] });
    expect(r.fields[6]).toMatchObject({ choices: [{ value: 's', label: 'Small' }] });
    expect(r.fields[8]).toMatchObject({ choices: [{ value: 'x', label: 'Ex' }] });
  });
  it('rejects nesting, arrays of objects, unknown formats and types, and bad required', () => {
    const bad = readRequestedSchema({
      type: 'object',
      properties: {
        a: { type: 'object', properties: {} },
        b: { type: 'array', items: { type: 'object' } },
        c: { type: 'string', format: 'password' },
        d: { type: 'null' },
      },
      required: ['zzz'],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems.join('\n')).toMatch(/"a" is a nested object/);
    expect(bad.problems.join('\n')).toMatch(/"b" is an array of something other than string enums/);
    expect(bad.problems.join('\n')).toMatch(/"c" has format "password"/);
    expect(bad.problems.join('\n')).toMatch(/"d" has type "null"/);
    expect(bad.problems.join('\n')).toMatch(/required names "zzz"/);
    expect(readRequestedSchema('x')).toEqual({ ok: false, problems: ['requestedSchema is not an object'] });
  });
});

describe('form values', () => {
  const r = readRequestedSchema(schema);
  const fields = r.ok ? r.fields : [];
  it('validates formats, bounds and required', () => {
    const f = (name: string) => fields.find((x) => x.name === name)!;
    expect(fieldProblem(f('email'), '')).toBe('Required.');
    expect(fieldProblem(f('email'), 'a@b')).toMatch(/email/);
    expect(fieldProblem(f('when'), '2026-09-10T08:30:00')).toMatch(/zone/);
    expect(fieldProblem(f('when'), '2026-09-10T08:30:00+02:00')).toBeUndefined();
    expect(fieldProblem(f('day'), '2026-02-30')).toMatch(/YYYY-MM-DD/);
    expect(fieldProblem(f('n'), '2.5')).toBe('Enter a whole number.');
    expect(fieldProblem(f('n'), '4')).toBe('Must be at most 3.');
    expect(fieldProblem(f('tags'), ['a', 'b'])).toBe('Choose at most 1.');
    expect(fieldProblem(f('color'), 'blue')).toMatch(/options/);
  });
  it('builds typed content, leaving out empty optional fields', () => {
    const v = { ...initialValues(fields), email: 'a@b.co', n: '2', tags: ['a'] };
    expect(formProblems(fields, v)).toEqual({});
    expect(formContent(fields, v)).toEqual({ email: 'a@b.co', n: 2, ok: true, tags: ['a'] });
  });
});

describe('form values are what the reader typed', () => {
  const r = readRequestedSchema({
    type: 'object',
    properties: {
      x: { type: 'number' },
      short: { type: 'string', minLength: 2 },
      long: { type: 'string', maxLength: 40 },
    },
  });
  const fields = r.ok ? r.fields : [];
  const f = (name: string) => fields.find((x) => x.name === name)!;
  it('numbers follow JSON number grammar: no hex, binary, octal, Infinity, NaN, plus sign or spaces', () => {
    for (const bad of ['0xA', '0b11', '0o7', 'Infinity', '-Infinity', 'NaN', ' 1', '1 ', '+1', '01', '1.', '.5', '1e', '1_000', '1e999']) {
      expect(fieldProblem(f('x'), bad), bad).toMatch(/as JSON writes it/);
    }
    expect(fieldProblem(f('x'), '0xA')).toContain('"0xA"');
    for (const good of ['0', '-0', '42', '-3.5', '1e3', '1E-2', '0.25']) expect(fieldProblem(f('x'), good), good).toBeUndefined();
    expect(formContent(fields, { x: '1e3', short: '', long: '' })).toEqual({ x: 1000 });
  });
  it('string lengths count code points, as JSON Schema does', () => {
    expect(codePointLength('😀')).toBe(1);
    expect(fieldProblem(f('short'), '😀')).toBe('At least 2 characters.');
    expect(fieldProblem(f('short'), '😀😀')).toBeUndefined();
    expect(fieldProblem(f('long'), '😀'.repeat(20) + 'a')).toBeUndefined();
    expect(fieldProblem(f('long'), '😀'.repeat(41))).toBe('At most 40 characters.');
  });
});
