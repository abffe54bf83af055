/**
 * A lower layer's failure said in the reader's language. src/protocol,
 * src/engines and src/checker carry a `Failure` (src/protocol/failure.ts): a
 * code and its values, beside their English message for the CLI and logs;
 * this turns it into the sentence `failure.<code>` of src/i18n, with the
 * engine's reason for an exit in brackets and the server's last stderr (its
 * own words, quoted) after it.
 *
 * ```ts
 * failureText({ code: 'http', vars: { what: 'wasm', status: 404 } }, 'id'); // 'tidak dapat memuat WASM tokenizer (HTTP 404)'
 * errorText(e);   // a ConnectionError or anything carrying `failure`: translated; another Error: its message
 * ```
 */
import { isFailure, type Failure } from '../../protocol/index.ts';
import { currentLang, t, table, type Lang, type StringKey } from '../../i18n/index.ts';

/** `f` as one sentence in `lang` (default: the language in force). */
export function failureText(f: Failure, lang: Lang = currentLang()): string {
  const vars: Record<string, string | number> = { ...f.vars };
  const what = `failure.what.${String(vars.what)}`;
  if (vars.what !== undefined && what in table(lang)) vars.what = t(what as StringKey, {}, lang);
  const key = (f.code === 'exit' && vars.signal !== undefined ? 'failure.exitSignal' : `failure.${f.code}`) as StringKey;
  let text = key in table(lang) ? t(key, vars, lang) : t('failure.unknown', {}, lang);
  if (f.cause) text = t('failure.because', { what: text, why: failureText(f.cause, lang) }, lang);
  if (typeof vars.stderr === 'string') text = t('failure.withStderr', { what: text, stderr: vars.stderr }, lang);
  return text;
}

/**
 * What went wrong in `error`, in `lang`: its `failure` (a ConnectionError, or
 * any error or value carrying one) said by {@link failureText}; otherwise the
 * error's own message (a browser's, a library's or a server's words) inside
 * `failure.message`: as it is in English, quoted after a sentence in the
 * reader's language otherwise.
 */
export function errorText(error: unknown, lang: Lang = currentLang()): string {
  if (isFailure(error)) return failureText(error, lang);
  const carried = error && typeof error === 'object' ? (error as { failure?: unknown }).failure : undefined;
  if (isFailure(carried)) return failureText(carried, lang);
  return t('failure.message', { message: error instanceof Error ? error.message : String(error) }, lang);
}
