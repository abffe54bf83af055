/**
 * The course's tokenizer in Node: tiktoken `o200k_base` (WASM), wrapped as the
 * `Tokenizer` that `src/protocol/catalog.ts` takes. Call `free()` when done:
 * the encoder holds WASM memory.
 */
import { get_encoding } from 'tiktoken';
import type { Tokenizer } from '../protocol/catalog.ts';

/** A tokenizer that must be freed. */
export interface FreeableTokenizer extends Tokenizer {
  /** The encoding's name, e.g. `"o200k_base"`. */
  readonly encoding: string;
  /** Releases the WASM encoder; the tokenizer is unusable afterwards. */
  free(): void;
}

/** Loads tiktoken `o200k_base` (the chapter's encoding). Throws if tiktoken cannot load its WASM. */
export function createO200kTokenizer(): FreeableTokenizer {
  const enc = get_encoding('o200k_base');
  return {
    encoding: 'o200k_base',
    count: (text: string) => enc.encode(text).length,
    free: () => enc.free(),
  };
}
