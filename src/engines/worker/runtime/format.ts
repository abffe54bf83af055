/**
 * `util.format` and a small `util.inspect`, as `console.log` uses them.
 *
 * Strings, numbers, booleans, `null`/`undefined`, the `%s %d %i %f %j %o %O %c %%`
 * placeholders and Errors (their stack) come out as Node prints them. Objects
 * and arrays are printed in Node's one-line style (`{ a: 1, b: 'x' }`,
 * `[ 1, 2 ]`), which matches Node for short values; Node's line breaking of
 * long values, colours, Map/Set details and circular markers are approximated.
 * Toy servers log strings, so their stderr is byte-identical.
 */

/** Node's `util.inspect` for the common cases (see the module note). */
export function inspect(value: unknown, depth = 2, seen: unknown[] = []): string {
  switch (typeof value) {
    case 'string':
      return seen.length === 0 ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'` : quote(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return String(value);
    case 'function':
      return `[${isClass(value) ? 'class' : 'Function'}: ${value.name || '(anonymous)'}]`;
  }
  if (value === null) return 'null';
  if (seen.includes(value)) return '[Circular *1]';
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const bytes = Array.from(value as unknown as ArrayLike<number>);
    const name = (value as { constructor: { name: string } }).constructor.name;
    if (name === 'Buffer') return `<Buffer ${bytes.slice(0, 50).map((b) => b.toString(16).padStart(2, '0')).join(' ')}${bytes.length > 50 ? ` ... ${bytes.length - 50} more bytes` : ''}>`;
    return `${name}(${bytes.length}) [ ${bytes.join(', ')} ]`;
  }
  // Past the depth, Node still prints an empty array or plain object as it is.
  if (depth < 0) {
    if (Array.isArray(value)) return value.length === 0 ? '[]' : '[Array]';
    return Object.keys(value as object).length === 0 && Object.getPrototypeOf(value) === Object.prototype ? '{}' : '[Object]';
  }
  const inner = [...seen, value];
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[ ${value.map((v) => inspect(v, depth - 1, inner)).join(', ')} ]`;
  }
  if (value instanceof Map) {
    return `Map(${value.size}) { ${[...value].map(([k, v]) => `${inspect(k, depth - 1, inner)} => ${inspect(v, depth - 1, inner)}`).join(', ')} }`;
  }
  if (value instanceof Set) return `Set(${value.size}) { ${[...value].map((v) => inspect(v, depth - 1, inner)).join(', ')} }`;
  const entries = Object.keys(value as object).map((k) => `${key(k)}: ${inspect((value as Record<string, unknown>)[k], depth - 1, inner)}`);
  const proto = Object.getPrototypeOf(value);
  const prefix = proto === null ? '[Object: null prototype] ' : proto !== Object.prototype && proto?.constructor?.name ? `${proto.constructor.name} ` : '';
  return entries.length === 0 ? `${prefix}{}` : `${prefix}{ ${entries.join(', ')} }`;
}

function quote(s: string): string {
  const q = !s.includes("'") ? "'" : !s.includes('"') ? '"' : !s.includes('`') ? '`' : "'";
  return `${q}${s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(new RegExp(q, 'g'), `\\${q}`)}${q}`;
}

function key(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k);
}

function isClass(f: Function): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(f));
}

/** Node's `util.format(format, ...args)`. */
export function format(...args: unknown[]): string {
  if (args.length === 0) return '';
  const first = args[0];
  let out = '';
  let rest = args;
  if (typeof first === 'string') {
    rest = args.slice(1);
    let i = 0;
    out = first.replace(/%([sdifjoOc%])/g, (match, spec: string) => {
      if (spec === '%') return '%';
      if (i >= rest.length) return match;
      const v = rest[i++];
      switch (spec) {
        case 's':
          return typeof v === 'string' ? v : typeof v === 'bigint' ? `${v}n` : typeof v === 'object' && v !== null && !(v instanceof Error) ? inspect(v, 1) : v instanceof Error ? (v.stack ?? String(v)) : String(v);
        case 'd':
          return typeof v === 'bigint' ? `${v}n` : typeof v === 'object' && v !== null ? 'NaN' : String(Number(v));
        case 'i':
          return typeof v === 'bigint' ? `${v}n` : String(parseInt(String(v), 10));
        case 'f':
          return String(parseFloat(String(v)));
        case 'j':
          try {
            return JSON.stringify(v) ?? 'undefined';
          } catch {
            return '[Circular]';
          }
        case 'c':
          return '';
        default:
          return inspect(v, 4);
      }
    });
    rest = rest.slice(i);
  } else {
    out = inspect(first);
    rest = args.slice(1);
  }
  for (const v of rest) out += ` ${typeof v === 'string' ? v : inspect(v)}`;
  return out;
}
