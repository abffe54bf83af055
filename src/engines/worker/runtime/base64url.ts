/**
 * Node's `base64url` encoding for the Worker's `Buffer`, which comes from the
 * `buffer` package (6.0.3): that polyfill knows `base64` but throws "Unknown
 * encoding: base64url" where Node accepts it. The adapter is the smallest that
 * makes it agree with Node (https://nodejs.org/api/buffer.html#buffers-and-character-encodings):
 * - encoding (`buf.toString('base64url', start?, end?)`): the polyfill's base64
 *   with `+` -> `-`, `/` -> `_` and no `=` padding;
 * - decoding (`Buffer.from(string, 'base64url')`, `Buffer.byteLength`,
 *   `buf.write`, `buf.fill`, `Buffer.alloc`, `buf.indexOf` / `includes`): the
 *   polyfill's base64 decoder, which already reads `-` and `_` (and, as Node
 *   does, also `+`, `/` and missing padding);
 * - `Buffer.isEncoding('base64url')` is true.
 * It patches the class it is given (in a Worker, the one `Buffer` every polyfill
 * shares); other encodings pass through untouched.
 */

/** The part of the polyfill's `Buffer` class the adapter wraps. */
interface BufferClass {
  from: (...args: any[]) => unknown;
  byteLength: (...args: any[]) => number;
  isEncoding: (encoding: any) => boolean;
  prototype: {
    toString: (...args: any[]) => string;
    write: (...args: any[]) => number;
    fill: (...args: any[]) => unknown;
  };
}

const isBase64url = (value: unknown): boolean => typeof value === 'string' && value.toLowerCase() === 'base64url';

/** `fn` with every argument after the first that names `base64url` replaced by `base64`. */
function decodingAsBase64<F extends (...args: any[]) => any>(fn: F): F {
  return function (this: unknown, ...args: unknown[]) {
    for (let i = 1; i < args.length; i++) if (isBase64url(args[i])) args[i] = 'base64';
    return fn.apply(this, args);
  } as F;
}

const patched = new WeakSet<object>();

/** Adds `base64url` to `Buffer` (see the module comment). Patching the same class twice does nothing. */
export function addBase64url(Buffer: BufferClass): void {
  if (patched.has(Buffer)) return;
  patched.add(Buffer);
  const proto = Buffer.prototype;
  const toString = proto.toString;
  proto.toString = function (this: unknown, ...args: unknown[]) {
    if (!isBase64url(args[0])) return toString.apply(this, args);
    return toString.apply(this, ['base64', ...args.slice(1)]).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  proto.write = decodingAsBase64(proto.write);
  proto.fill = decodingAsBase64(proto.fill);
  Buffer.from = decodingAsBase64(Buffer.from);
  Buffer.byteLength = decodingAsBase64(Buffer.byteLength);
  const isEncoding = Buffer.isEncoding;
  Buffer.isEncoding = (encoding: unknown) => isBase64url(encoding) || isEncoding(encoding);
}
