/**
 * `node:crypto` for a Worker process: hashes and HMACs from @noble/hashes
 * (synchronous, as Node's are), random bytes and UUIDs from the Web Crypto
 * API, and `timingSafeEqual`. Digests return Buffers, or strings for
 * `digest('hex' | 'base64' | 'base64url' | 'latin1')`, as in Node.
 *
 * Algorithms: sha1, sha224, sha256, sha384, sha512, md5 (names are
 * case-insensitive, `sha-256` also accepted). Others throw like Node:
 * `Error: Digest method not supported`.
 */
import { Buffer } from 'buffer';
import { hmac } from '@noble/hashes/hmac.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';

type NobleHash = typeof sha256;
const HASHES: Record<string, NobleHash> = { sha1, sha224, sha256, sha384, sha512, md5 } as unknown as Record<string, NobleHash>;

function pick(algorithm: string): NobleHash {
  const h = HASHES[String(algorithm).toLowerCase().replace('-', '')];
  if (!h) throw Object.assign(new Error('Digest method not supported'), { code: 'ERR_CRYPTO_INVALID_DIGEST' });
  return h;
}

type Data = string | ArrayBufferView | ArrayBuffer;
function bytesOf(data: Data, encoding?: string): Uint8Array {
  if (typeof data === 'string') return Buffer.from(data, (encoding ?? 'utf8') as BufferEncoding);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function output(bytes: Uint8Array, encoding?: string): Buffer | string {
  const b = Buffer.from(bytes);
  if (!encoding || encoding === 'buffer') return b;
  if (encoding === 'base64url') return b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return b.toString(encoding as BufferEncoding);
}

interface Updatable {
  update(data: Uint8Array): unknown;
  digest(): Uint8Array;
}

/** Node's Hash and Hmac objects: `update(data, encoding?)` chains, `digest(encoding?)` ends. */
class Digest {
  #state: Updatable;
  #done = false;
  constructor(state: Updatable) {
    this.#state = state;
  }
  update(data: Data, encoding?: string): this {
    if (this.#done) throw Object.assign(new Error('Digest already called'), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
    this.#state.update(bytesOf(data, encoding));
    return this;
  }
  digest(encoding?: string): Buffer | string {
    if (this.#done) throw Object.assign(new Error('Digest already called'), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
    this.#done = true;
    return output(this.#state.digest(), encoding);
  }
}

/** Node's `createHash(algorithm)`. Throws for unsupported algorithms. */
export function createHash(algorithm: string): Digest {
  return new Digest(pick(algorithm).create() as unknown as Updatable);
}

/** Node's `createHmac(algorithm, key)`; `key` is a string (UTF-8) or bytes. */
export function createHmac(algorithm: string, key: Data): Digest {
  return new Digest(hmac.create(pick(algorithm), bytesOf(key)) as unknown as Updatable);
}

/** Node's `randomBytes(n)` (synchronous form; with a callback, calls back on a microtask). */
export function randomBytes(size: number, callback?: (err: Error | null, buf: Buffer) => void): Buffer {
  const buf = Buffer.alloc(size);
  for (let at = 0; at < size; at += 65536) crypto.getRandomValues(buf.subarray(at, Math.min(size, at + 65536)) as unknown as Uint8Array<ArrayBuffer>);
  if (callback) queueMicrotask(() => callback(null, buf));
  return buf;
}

/** Node's `randomFillSync(buffer)`. */
export function randomFillSync<T extends ArrayBufferView>(buffer: T): T {
  const view = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let at = 0; at < view.length; at += 65536) crypto.getRandomValues(view.subarray(at, Math.min(view.length, at + 65536)) as Uint8Array<ArrayBuffer>);
  return buffer;
}

/** Node's `randomUUID()`: an RFC 9562 version 4 UUID. */
export function randomUUID(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Node's `randomInt([min,] max)`. */
export function randomInt(a: number, b?: number): number {
  const [min, max] = b === undefined ? [0, a] : [a, b];
  const range = max - min;
  const limit = 2 ** 32 - (2 ** 32 % range);
  let x: number;
  do x = crypto.getRandomValues(new Uint32Array(1))[0];
  while (x >= limit);
  return min + (x % range);
}

/** Node's `timingSafeEqual(a, b)`; throws a RangeError when lengths differ, as Node does. */
export function timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean {
  const x = bytesOf(a);
  const y = bytesOf(b);
  if (x.length !== y.length) {
    throw Object.assign(new RangeError('Input buffers must have the same byte length'), { code: 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH' });
  }
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** Node's `getHashes()`. */
export function getHashes(): string[] {
  return Object.keys(HASHES);
}

export const webcrypto = globalThis.crypto;
export const subtle = globalThis.crypto.subtle;
export const getRandomValues = <T extends ArrayBufferView>(array: T): T => globalThis.crypto.getRandomValues(array as never) as T;
