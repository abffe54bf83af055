/**
 * The Worker engine's `base64url` adapter (src/engines/worker/runtime/base64url.ts)
 * on the `buffer` polyfill the Worker uses, compared with Node's own Buffer on
 * random bytes: encoding, decoding (with and without padding, and standard
 * base64 input, which Node accepts too), byteLength, write, fill, isEncoding.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { addBase64url } from '../../../src/engines/worker/runtime/base64url.ts';

// The npm polyfill, not Node's built-in `buffer`.
const Polyfill = (createRequire(import.meta.url)('buffer/index.js') as { Buffer: any }).Buffer;

test('the polyfill alone lacks base64url; with the adapter it matches Node on random bytes', () => {
  const before = Polyfill.from([1, 2, 3]);
  expect(Polyfill.isEncoding('base64url')).toBe(false);
  expect(() => before.toString('base64url')).toThrow(/Unknown encoding: base64url/);
  expect(() => Polyfill.from('AQID', 'base64url')).toThrow(/Unknown encoding/);
  addBase64url(Polyfill);
  addBase64url(Polyfill); // twice is harmless
  expect(Polyfill.isEncoding('base64url')).toBe(true);
  expect(Polyfill.isEncoding('BASE64URL')).toBe(Buffer.isEncoding('BASE64URL'));
  for (let n = 0; n < 200; n++) {
    const bytes = randomBytes(n % 67);
    const node = Buffer.from(bytes);
    const poly = Polyfill.from(bytes);
    const encoded = node.toString('base64url');
    expect(poly.toString('base64url')).toBe(encoded);
    expect(poly.toString('base64url', 1, 9)).toBe(node.toString('base64url', 1, 9));
    expect([...Polyfill.from(encoded, 'base64url')]).toEqual([...node]);
    const padded = node.toString('base64');
    expect([...Polyfill.from(padded, 'base64url')]).toEqual([...Buffer.from(padded, 'base64url')]);
    expect(Polyfill.byteLength(encoded, 'base64url')).toBe(Buffer.byteLength(encoded, 'base64url'));
    const target = Polyfill.alloc(80);
    const nodeTarget = Buffer.alloc(80);
    expect(target.write(encoded, 3, 'base64url')).toBe(nodeTarget.write(encoded, 3, 'base64url'));
    expect([...target]).toEqual([...nodeTarget]);
  }
  expect([...Polyfill.alloc(7, 'AQID', 'base64url')]).toEqual([...Buffer.alloc(7, 'AQID', 'base64url')]);
  // Other encodings are untouched.
  expect(Polyfill.from('héllo').toString('base64')).toBe(Buffer.from('héllo').toString('base64'));
  expect(Polyfill.from('héllo').toString()).toBe('héllo');
});
