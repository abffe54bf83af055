// jsonProblem (src/components/pure/json-problem.ts) reads JSON the way JSON.parse does: it finds a
// problem exactly when JSON.parse throws, and where the engine names a position, at that position.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonProblem, jsonProblemText } from '../../../src/components/pure/json-problem.ts';
import { t } from '../../../src/i18n/index.ts';

/** What JSON.parse says of `text`: ok, or its message. */
function parse(text: string): { ok: true } | { ok: false; message: string } {
  try {
    JSON.parse(text);
    return { ok: true };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

/** Text near JSON: JSON values cut, spliced and sprinkled with characters JSON gives meaning to. */
const nearJson = fc.oneof(
  fc.json(),
  fc.tuple(fc.json(), fc.nat(), fc.nat()).map(([j, a, b]) => j.slice(Math.min(a, b) % (j.length + 1), Math.max(a, b) % (j.length + 1) + 1)),
  fc.tuple(fc.json(), fc.nat(), fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', '\n', ' ', '-', '0', 'e', '.', 't', 'nul', '\u0001', '😀')).map(([j, at, s]) => j.slice(0, at % (j.length + 1)) + s + j.slice(at % (j.length + 1))),
  fc.string({ unit: fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'u', '1', '0', '-', '+', '.', 'e', 'E', ' ', '\n', 't', 'r', 'u', 'e', 'n', 'l', 'f', 'a', 's', 'x') }),
);

describe('jsonProblem', () => {
  it('finds a problem exactly when JSON.parse throws, and at the position the engine names', () => {
    let positioned = 0;
    fc.assert(
      fc.property(nearJson, (text) => {
        const engine = parse(text);
        const ours = jsonProblem(text);
        expect(ours === undefined, JSON.stringify(text)).toBe(engine.ok);
        if (!engine.ok) {
          const at = /at position (\d+)/.exec(engine.message);
          if (at) {
            positioned++;
            expect(ours!.offset, `${JSON.stringify(text)}: ${engine.message}`).toBe(Number(at[1]));
          }
        }
      }),
      { numRuns: 3000 },
    );
    expect(positioned).toBeGreaterThan(100);
  });

  it('says the kind, the line and the column, and the character when one cannot stand there', () => {
    expect(jsonProblem('{"a":1,}')).toEqual({ kind: 'unexpected', char: '}', offset: 7, line: 1, column: 8 });
    expect(jsonProblem('{\n  "a": tru')).toEqual({ kind: 'end', offset: 12, line: 2, column: 11 });
    expect(jsonProblem('{"a":1} x')).toEqual({ kind: 'after', offset: 8, line: 1, column: 9 });
    expect(jsonProblem('')).toMatchObject({ kind: 'end', offset: 0 });
    expect(jsonProblem('["😀", 😀]')).toMatchObject({ kind: 'unexpected', char: '😀', column: 8 });
  });

  it('is said in each language, the character quoted as JSON', () => {
    const p = jsonProblem('{"a":1,}')!;
    expect(jsonProblemText(p, 'en')).toBe(t('common.jsonAt.unexpected', { char: '"}"', line: 1, column: 8 }, 'en'));
    expect(jsonProblemText(p, 'id')).toBe('"}" di baris 1, kolom 8 tidak boleh berada di situ');
    expect(jsonProblemText(jsonProblem('[1')!, 'id')).toBe('teks berakhir sebelum JSON-nya lengkap (baris 1, kolom 3)');
  });
});
