/**
 * `node:zlib` for a Worker process: the synchronous one-shot functions
 * (`gzipSync`, `gunzipSync`, `deflateSync`, `inflateSync`, `deflateRawSync`,
 * `inflateRawSync`, `unzipSync`) and `constants`, built on pako (a port of
 * zlib itself). Input is a string (UTF-8), a Buffer, a typed array or an
 * ArrayBuffer; output is a Buffer. The stream classes and the callback forms
 * are not provided. Compressed bytes may differ from Node's (another deflate
 * implementation); what they decompress to does not. Malformed input throws
 * an Error whose message is pako's.
 */
import { Buffer } from 'buffer';
import { deflate, deflateRaw, gzip, inflate, inflateRaw, ungzip, type DeflateOptions } from 'pako';

type Input = string | ArrayBuffer | ArrayBufferView;

/** Node's option names that pako shares (level 0-9, windowBits, memLevel, strategy). */
interface ZlibOptions {
  level?: number;
  windowBits?: number;
  memLevel?: number;
  strategy?: number;
}

function bytes(input: Input): Uint8Array {
  if (typeof input === 'string') return Buffer.from(input, 'utf8');
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
}

function options(o?: ZlibOptions): DeflateOptions {
  const out: Record<string, number> = {};
  for (const k of ['level', 'windowBits', 'memLevel', 'strategy'] as const) if (typeof o?.[k] === 'number') out[k] = o[k];
  return out as DeflateOptions;
}

const out = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export const gzipSync = (input: Input, o?: ZlibOptions) => out(gzip(bytes(input), options(o)));
export const gunzipSync = (input: Input) => out(ungzip(bytes(input)));
export const deflateSync = (input: Input, o?: ZlibOptions) => out(deflate(bytes(input), options(o)));
export const inflateSync = (input: Input) => out(inflate(bytes(input)));
export const deflateRawSync = (input: Input, o?: ZlibOptions) => out(deflateRaw(bytes(input), options(o)));
export const inflateRawSync = (input: Input) => out(inflateRaw(bytes(input)));
/** Gzip or zlib format, detected from the header (as Node's `unzipSync`). */
export const unzipSync = (input: Input) => out(bytes(input)[0] === 0x1f ? ungzip(bytes(input)) : inflate(bytes(input)));

/** The constants programs commonly read (`constants.Z_BEST_COMPRESSION`, ...), with Node's values. */
export const constants = Object.freeze({
  Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5,
  Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3, Z_MEM_ERROR: -4, Z_BUF_ERROR: -5,
  Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1,
  Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0,
});
