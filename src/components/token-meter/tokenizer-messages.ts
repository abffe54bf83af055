/**
 * The messages between the page and the tokenizer Worker (structured clone).
 * Counts are tokens of tiktoken `o200k_base`; sizes are bytes.
 */
import type { CatalogFigures, Failure, Tool } from '../../protocol/index.ts';

/** Page -> Worker. */
export type ToTokenizer =
  | { t: 'load' }
  | { t: 'measure'; id: number; tools: Tool[]; instructions?: string };

/** Worker -> page. */
export type FromTokenizer =
  /** Download progress of one asset, in bytes; `total` is 0 when the server did not say. */
  | { t: 'progress'; asset: 'wasm' | 'ranks'; loaded: number; total: number }
  /** The tokenizer is ready; `ms` is how long loading took. */
  | { t: 'ready'; ms: number }
  | { t: 'result'; id: number; figures: CatalogFigures }
  /** A failure: `message` in English (logs), `failure` as data when the Worker knows what failed (a download). */
  | { t: 'error'; id?: number; message: string; failure?: Failure };
