/// <reference lib="webworker" />
/**
 * The tokenizer Worker: tiktoken's WASM build (`tiktoken/lite`) with the
 * `o200k_base` ranks, loaded on the first `load` message with progress, then
 * `measureCatalog` (src/protocol/catalog.ts) on every `measure` message.
 *
 * Loading: no Vite plugin; the WASM and the ranks are plain asset URLs
 * fetched here. Counts match Node's
 * `tiktoken` exactly (same WASM, same ranks).
 */
import { init, Tiktoken } from 'tiktoken/lite/init';
import wasmUrl from 'tiktoken/lite/tiktoken_bg.wasm?url';
import ranksUrl from 'tiktoken/encoders/o200k_base.json?url';
import { measureCatalog, failure, isFailure, type Failure } from '../../protocol/index.ts';
import type { FromTokenizer, ToTokenizer } from './tokenizer-messages.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: FromTokenizer) => self.postMessage(message);

/** An Error that says what failed as data too (`failure`: src/protocol/failure.ts), so the page can say it in its language. */
class DownloadError extends Error {
  constructor(
    message: string,
    readonly failure: Failure,
  ) {
    super(message);
  }
}

/** Fetches a URL to bytes, posting progress as chunks arrive. Throws a {@link DownloadError} on an HTTP or network error. */
async function download(url: string, asset: 'wasm' | 'ranks'): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new DownloadError(`could not load the tokenizer's ${asset}: ${(e as Error).message}`, failure('network', { what: asset, detail: (e as Error).message }));
  }
  if (!response.ok || !response.body) throw new DownloadError(`could not load the tokenizer's ${asset} (HTTP ${response.status})`, failure('http', { what: asset, status: String(response.status) }));
  const total = Number(response.headers.get('content-length') ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  post({ t: 'progress', asset, loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    post({ t: 'progress', asset, loaded, total });
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

let encoder: Promise<Tiktoken> | undefined;

async function load(): Promise<Tiktoken> {
  const t0 = performance.now();
  const [wasm, ranks] = await Promise.all([download(wasmUrl, 'wasm'), download(ranksUrl, 'ranks')]);
  await init((imports) => WebAssembly.instantiate(wasm, imports));
  const r = JSON.parse(new TextDecoder().decode(ranks)) as { bpe_ranks: string; special_tokens: Record<string, number>; pat_str: string };
  const enc = new Tiktoken(r.bpe_ranks, r.special_tokens, r.pat_str);
  post({ t: 'ready', ms: Math.round(performance.now() - t0) });
  return enc;
}

self.onmessage = async (event: MessageEvent<ToTokenizer>) => {
  const message = event.data;
  try {
    encoder ??= load();
    const enc = await encoder;
    if (message.t === 'measure') {
      // Special-token text ("<|endoftext|>") in an untrusted description is counted as plain text, not rejected.
      const tokenizer = { count: (text: string) => enc.encode(text, [], []).length };
      const input = message.instructions === undefined ? { tools: message.tools } : { tools: message.tools, instructions: message.instructions };
      post({ t: 'result', id: message.id, figures: measureCatalog(input, tokenizer) });
    }
  } catch (error) {
    if (message.t === 'load') encoder = undefined;
    const why = (error as { failure?: unknown }).failure;
    post({ t: 'error', ...(message.t === 'measure' ? { id: message.id } : {}), message: (error as Error).message, ...(isFailure(why) ? { failure: why } : {}) });
  }
};
