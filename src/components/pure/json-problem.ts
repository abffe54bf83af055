/**
 * Where a text stops being JSON, found by our own reading of the grammar
 * (RFC 8259), so a widget can say it in the reader's language instead of
 * showing the browser's English `JSON.parse` message. Pure.
 *
 * ```ts
 * jsonProblem('{"a":1,}');       // { kind: 'unexpected', char: '}', offset: 7, line: 1, column: 8 }
 * jsonProblemText(jsonProblem('{"a":')!, 'id'); // 'teks berakhir sebelum JSON-nya lengkap (baris 1, kolom 6)'
 * ```
 */
import { currentLang, t, type Lang } from '../../i18n/index.ts';

/** The first place where `text` is not JSON: line and column 1-based, offset in UTF-16 code units. */
export interface JsonProblem {
  /** `end`: the text ends before the value is complete; `unexpected`: `char` cannot stand at this place; `after`: a complete value is followed by more text. */
  kind: 'end' | 'unexpected' | 'after';
  offset: number;
  line: number;
  column: number;
  /** The character that cannot stand there (one code point), for `unexpected`. */
  char?: string;
}

/** Thrown inside the reader to stop at the first problem. */
class Stop {
  readonly kind: JsonProblem['kind'];
  readonly at: number;
  constructor(kind: JsonProblem['kind'], at: number) {
    this.kind = kind;
    this.at = at;
  }
}

const LITERALS = ['true', 'false', 'null'];

/**
 * The first problem of `text` read as one JSON value (whitespace around it
 * allowed), or undefined when `JSON.parse(text)` would succeed.
 */
export function jsonProblem(text: string): JsonProblem | undefined {
  const n = text.length;
  let i = 0;
  const stop = (kind: JsonProblem['kind'], at = i): never => {
    throw new Stop(kind, at);
  };
  /** Stops at the end of the text, or at an unexpected character. */
  const bad = (): never => stop(i >= n ? 'end' : 'unexpected');
  const space = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const digits = () => {
    if (!(text[i]! >= '0' && text[i]! <= '9')) bad();
    while (text[i]! >= '0' && text[i]! <= '9') i++;
  };
  const expect = (ch: string) => (text[i] === ch ? void i++ : bad());
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= n) stop('end');
      const ch = text[i]!;
      if (ch === '"') return void i++;
      if (ch < ' ') stop('unexpected');
      if (ch !== '\\') {
        i++;
        continue;
      }
      i++;
      if (i < n && '"\\/bfnrt'.includes(text[i]!)) i++;
      else if (text[i] === 'u') {
        i++;
        for (let k = 0; k < 4; k++) (/^[0-9a-fA-F]$/.test(text[i] ?? '') ? i++ : bad());
      } else bad();
    }
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const value = (): void => {
    space();
    const ch = text[i];
    if (ch === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') bad();
        string();
        space();
        expect(':');
        value();
        space();
        if (text[i] === '}') return void i++;
        expect(',');
      }
    }
    if (ch === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ']') return void i++;
        expect(',');
      }
    }
    if (ch === '"') return string();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    for (const word of LITERALS) {
      let k = 0;
      while (k < word.length && text[i + k] === word[k]) k++;
      if (k === word.length) return void (i += k);
      if (k > 0 || i >= n) {
        i += k;
        bad();
      }
    }
    bad();
  };
  try {
    value();
    space();
    if (i < n) stop('after');
    return undefined;
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    const before = text.slice(0, e.at).split(/\r\n|\r|\n/);
    const problem: JsonProblem = { kind: e.kind, offset: e.at, line: before.length, column: before[before.length - 1]!.length + 1 };
    if (e.kind === 'unexpected') problem.char = String.fromCodePoint(text.codePointAt(e.at)!);
    return problem;
  }
}

/** `problem` in words of `lang` (default: the language in force); the character is quoted as a JSON string (`"}"`, `"\n"`). */
export function jsonProblemText(problem: JsonProblem, lang: Lang = currentLang()): string {
  const where = { line: problem.line, column: problem.column };
  if (problem.kind === 'unexpected') return t('common.jsonAt.unexpected', { ...where, char: JSON.stringify(problem.char ?? '') }, lang);
  return t(problem.kind === 'end' ? 'common.jsonAt.end' : 'common.jsonAt.after', where, lang);
}
