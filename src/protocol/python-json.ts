/**
 * Python's `json.dumps(value)` with its defaults, in TypeScript.
 *
 * Why: the chapter's catalog token figures (1,307 for server-everything) were
 * counted over Python-serialised JSON: separators `", "` and `": "`, no
 * indentation, `ensure_ascii=True` (the recorded figures are in
 * `src/data/measured.json`). Compact `JSON.stringify` gives different counts.
 *
 * Faithful for anything that came from JSON text, with two limits a JS value
 * cannot avoid: a whole number is written as an integer (`1`, where Python
 * would write `1.0` for a float), and object keys come in JS order (integer-like
 * keys first). Non-integer numbers follow Python's `repr(float)` (`1e-05`,
 * `1e+16`); whole numbers beyond 2^53 are written as Python floats (`1.5e+300`).
 */

/** Options for {@link pythonJsonDumps}. */
export interface PythonJsonOptions {
  /** Escape every non-ASCII character as `\uXXXX` (surrogate pairs for astral ones). Default `true`, like Python. */
  ensureAscii?: boolean;
}

/**
 * Serialises like Python's `json.dumps(value, ensure_ascii=…)`.
 * Throws `TypeError` for values JSON cannot hold (functions, symbols, BigInt,
 * non-finite numbers: Python would write `NaN`/`Infinity`, which are not JSON).
 * `undefined` object members are skipped, as JSON.stringify does.
 */
export function pythonJsonDumps(value: unknown, options: PythonJsonOptions = {}): string {
  const ascii = options.ensureAscii ?? true;
  const out: string[] = [];
  write(value, out, ascii);
  return out.join('');
}

function write(v: unknown, out: string[], ascii: boolean): void {
  if (v === null) {
    out.push('null');
    return;
  }
  switch (typeof v) {
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return;
    case 'number':
      out.push(pythonNumber(v));
      return;
    case 'string':
      out.push(pythonString(v, ascii));
      return;
    case 'object': {
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') {
        write((v as { toJSON: () => unknown }).toJSON(), out, ascii);
        return;
      }
      if (Array.isArray(v)) {
        out.push('[');
        v.forEach((item, i) => {
          if (i) out.push(', ');
          write(item === undefined ? null : item, out, ascii);
        });
        out.push(']');
        return;
      }
      out.push('{');
      let first = true;
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
        if (item === undefined) continue;
        if (!first) out.push(', ');
        first = false;
        out.push(pythonString(k, ascii), ': ');
        write(item, out, ascii);
      }
      out.push('}');
      return;
    }
    default:
      throw new TypeError(`pythonJsonDumps: cannot serialise a ${typeof v}`);
  }
}

/** A number as Python writes it: integers plainly, other floats like `repr(float)`. Throws on NaN/±Infinity. */
export function pythonNumber(n: number): string {
  if (!Number.isFinite(n)) throw new TypeError(`pythonJsonDumps: ${n} is not valid JSON`);
  if (Number.isSafeInteger(n)) return Object.is(n, -0) ? '0' : String(n);
  // Not a safe integer: in JSON text it was almost surely a float (e.g. 1.5e300),
  // and an integer this large cannot be held exactly by a JS number anyway.
  // Shortest round-trip digits, as both JS and Python compute them.
  const [mant, expText] = n.toExponential().split('e');
  const exp = Number(expText);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const decpt = exp + 1; // digits are 0.d1d2… × 10^decpt
  let body: string;
  if (decpt > 16 || decpt < -3) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    body = `${m}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  } else if (decpt <= 0) {
    body = `0.${'0'.repeat(-decpt)}${digits}`;
  } else if (decpt >= digits.length) {
    body = `${digits}${'0'.repeat(decpt - digits.length)}.0`;
  } else {
    body = `${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }
  return neg ? `-${body}` : body;
}

const NAMED: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * A string literal as Python writes it. With `ensureAscii`, everything outside
 * printable ASCII (space to `~`) becomes `\uXXXX` with lowercase hex, one escape
 * per UTF-16 code unit (so astral characters become a surrogate pair, as in Python).
 */
export function pythonString(s: string, ensureAscii = true): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const c = s.charCodeAt(i);
    const named = NAMED[ch];
    if (named) out += named;
    else if (c < 0x20 || (ensureAscii && c > 0x7e)) out += '\\u' + c.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}
