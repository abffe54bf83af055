/**
 * The page side of the tokenizer Worker: starts it (a module Worker, so
 * tiktoken's WASM and the 2.3 MB ranks stay out of the page's initial load),
 * reports load progress, and measures catalogs. One instance per page.
 */
import type { CatalogFigures, Tool } from '../../protocol/index.ts';
import type { FromTokenizer, ToTokenizer } from './tokenizer-messages.ts';
import { t } from '../../i18n/index.ts';

/** Load progress: bytes loaded and expected over both assets (`total` 0 while unknown). */
export interface TokenizerProgress {
  loaded: number;
  total: number;
  /** True once the encoder is built. */
  ready: boolean;
  /** Load time in ms, once ready. */
  ms?: number;
}

/** A tokenizer Worker with promise-returning calls. */
export class TokenizerClient {
  #worker: Worker;
  #next = 1;
  #waiting = new Map<number, { resolve: (f: CatalogFigures) => void; reject: (e: Error) => void }>();
  #assets: Record<string, { loaded: number; total: number }> = {};
  #progress = new Set<(p: TokenizerProgress) => void>();
  #ready: Promise<number>;

  constructor() {
    this.#worker = new Worker(new URL('./tokenizer-worker.ts', import.meta.url), { type: 'module', name: 'tokenizer' });
    let markReady!: (ms: number) => void;
    let failReady!: (e: Error) => void;
    this.#ready = new Promise<number>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.#ready.catch(() => {});
    this.#worker.onmessage = (event: MessageEvent<FromTokenizer>) => {
      const m = event.data;
      if (m.t === 'progress') {
        this.#assets[m.asset] = { loaded: m.loaded, total: m.total };
        this.#emit({ ready: false });
      } else if (m.t === 'ready') {
        this.#emit({ ready: true, ms: m.ms });
        markReady(m.ms);
      } else if (m.t === 'result') {
        this.#waiting.get(m.id)?.resolve(m.figures);
        this.#waiting.delete(m.id);
      } else if (m.t === 'error') {
        const error = Object.assign(new Error(m.message), m.failure ? { failure: m.failure } : {});
        if (m.id !== undefined) {
          this.#waiting.get(m.id)?.reject(error);
          this.#waiting.delete(m.id);
        } else failReady(error);
      }
    };
    // The browser's own words for a Worker that did not start are English: the reader gets ours.
    this.#worker.onerror = () => failReady(new Error(t('failure.tokenizerWorker')));
    this.#post({ t: 'load' });
  }

  /** Subscribes to load progress. Returns an unsubscribe function. */
  onProgress(listener: (p: TokenizerProgress) => void): () => void {
    this.#progress.add(listener);
    return () => this.#progress.delete(listener);
  }

  /** Resolves with the load time in ms once the encoder is ready; rejects when loading failed. */
  ready(): Promise<number> {
    return this.#ready;
  }

  /** Measures a catalog (tokens per tool, total, instructions) under `compact` and `python`. */
  measure(tools: Tool[], instructions?: string): Promise<CatalogFigures> {
    const id = this.#next++;
    return new Promise<CatalogFigures>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#post(instructions === undefined ? { t: 'measure', id, tools } : { t: 'measure', id, tools, instructions });
    });
  }

  /** Stops the Worker; pending measurements never settle. */
  terminate(): void {
    this.#worker.terminate();
  }

  #post(message: ToTokenizer): void {
    this.#worker.postMessage(message);
  }

  #emit(extra: { ready: boolean; ms?: number }): void {
    const values = Object.values(this.#assets);
    const p: TokenizerProgress = {
      loaded: values.reduce((s, a) => s + a.loaded, 0),
      total: values.length === 2 && values.every((a) => a.total > 0) ? values.reduce((s, a) => s + a.total, 0) : 0,
      ...extra,
    };
    for (const l of this.#progress) l(p);
  }
}

let shared: TokenizerClient | undefined;
/** One tokenizer Worker per page, shared by every meter: started on the first call. */
export function sharedTokenizer(): TokenizerClient {
  return (shared ??= new TokenizerClient());
}
