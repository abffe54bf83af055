import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pythonJsonDumps, pythonNumber, pythonString } from '../../../src/protocol/python-json.ts';

// JSON texts as a server could send them. Whole numbers are written as integers: a JS
// value cannot remember that "1.0" was a float (documented limit of pythonJsonDumps).
const SAMPLES = [
  '{"name":"echo","description":"Echoes back the input string","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"message":{"type":"string"}},"required":["message"]}}',
  '{"a":[],"b":{},"c":[1,[2,{}]],"d":null,"e":true,"f":false}',
  '"Server – 🎉 instructions: \\"quoted\\" back\\\\slash /slash"',
  '"controls: \\u0000 \\u0001 \\b \\f \\n \\r \\t \\u001f \\u007f \\u0080 \\u2028 \\u00e9 \\ud83c\\udf89"',
  '[0.1, 1e-05, 1e-7, 0.0001, 123.456, 1.5e300, -2.5, 12345678.9, 2.5e-300, 1234567890123456.7, 0, -9007199254740991, 42]',
  '{"ünïcode key":"välue","emoji 🎉":"✓","cjk":"漢字"}',
  '[[], [[]], {"": ""}]',
];

function python(texts: string[], ensureAscii: boolean): string[] {
  const script =
    'import json,sys\n' +
    'for line in sys.stdin.read().split("\\n"):\n' +
    `    print(json.dumps(json.loads(line), ensure_ascii=${ensureAscii ? 'True' : 'False'}))\n`;
  const out = execFileSync('python3', ['-c', script], { input: texts.join('\n'), encoding: 'utf8', env: { ...process.env, PYTHONIOENCODING: 'utf-8' } });
  return out.replace(/\n$/, '').split('\n');
}

// What python3 printed for SAMPLES, kept so the comparison also runs where python3 is absent.
// Regenerate with UPDATE_PYTHON_GOLDEN=1 (needs python3).
const GOLDEN_FILE = new URL('./fixtures/python-dumps-golden.json', import.meta.url);
const hasPython = spawnSync('python3', ['--version']).status === 0;
if (hasPython && process.env.UPDATE_PYTHON_GOLDEN) {
  writeFileSync(GOLDEN_FILE, JSON.stringify({ samples: SAMPLES, ensureAscii: python(SAMPLES, true), noAscii: python(SAMPLES, false) }, null, 1) + '\n');
}
const golden = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as { samples: string[]; ensureAscii: string[]; noAscii: string[] };

describe('pythonJsonDumps', () => {
  it.skipIf(!hasPython)('matches real python3 json.dumps (ensure_ascii=True, the default) on every sample', () => {
    const expected = python(SAMPLES, true);
    expect(SAMPLES.map((s) => pythonJsonDumps(JSON.parse(s)))).toEqual(expected);
  });

  it.skipIf(!hasPython)('matches real python3 json.dumps with ensure_ascii=False', () => {
    const expected = python(SAMPLES, false);
    expect(SAMPLES.map((s) => pythonJsonDumps(JSON.parse(s), { ensureAscii: false }))).toEqual(expected);
  });

  it('matches python3 output recorded in fixtures/python-dumps-golden.json (runs without python3)', () => {
    expect(golden.samples).toEqual(SAMPLES);
    expect(SAMPLES.map((s) => pythonJsonDumps(JSON.parse(s)))).toEqual(golden.ensureAscii);
    expect(SAMPLES.map((s) => pythonJsonDumps(JSON.parse(s), { ensureAscii: false }))).toEqual(golden.noAscii);
  });

  it('golden strings (hold without python3 too)', () => {
    expect(pythonJsonDumps({ a: [1, 'é'], b: { c: null } })).toBe('{"a": [1, "\\u00e9"], "b": {"c": null}}');
    expect(pythonString('🎉')).toBe('"\\ud83c\\udf89"');
    expect(pythonString('\u007f')).toBe('"\\u007f"');
    expect(pythonString('\u007f', false)).toBe('"\u007f"');
    expect([1e-5, 0.0001, 1.5e300, 0.5, -0, 1e21].map(pythonNumber)).toEqual(['1e-05', '0.0001', '1.5e+300', '0.5', '0', '1e+21']);
  });

  it('skips undefined members, writes undefined array items as null, and refuses NaN', () => {
    expect(pythonJsonDumps({ a: undefined, b: [undefined] })).toBe('{"b": [null]}');
    expect(() => pythonJsonDumps(Number.NaN)).toThrow(TypeError);
    expect(() => pythonJsonDumps({ f: () => 1 })).toThrow(TypeError);
  });
});
