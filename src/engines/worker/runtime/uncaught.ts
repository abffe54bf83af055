/**
 * How Node prints an uncaught exception, for the Worker engine's stderr:
 *
 * ```
 * file:///course/toy-servers/bad.mjs:3
 * throw new Error('boom');
 * ^
 *
 * Error: boom
 *     at file:///course/toy-servers/bad.mjs:3:7
 *
 * Node.js v24.0.0
 * ```
 * The location header (file, line, the source line and a caret) is printed
 * when the first stack frame is one of the process's own files; frames of the
 * engine itself are left out. Extra own properties of the error (such as
 * `code`) follow the stack in braces, as Node prints them. A thrown non-Error
 * prints its value and Node's hint; a promise rejected with one is reported
 * as Node's `UnhandledPromiseRejection` ({@link unhandledRejectionError}).
 */
import { NODE_VERSION } from './process-core.ts';
import { inspect } from './format.ts';

/** What the formatter needs from the loader: the source of each loaded file and the blob URL of each. */
export interface SourceMapLike {
  sources: Map<string, string>;
  paths: Map<string, string>;
}

const FRAME = /(?:blob:[^\s)]+|file:\/\/[^\s):]+)(?::(\d+):(\d+))?/;

/** Turns blob URLs in `text` into the `file://` URLs of the files they hold. */
function mapUrls(text: string, loader: SourceMapLike | undefined): string {
  if (!loader) return text;
  return text.replace(/blob:[^\s):]+:[^\s):]+(?::[^\s):]+)?/g, (url) => {
    const base = url.match(/^(blob:[^:]+:[^:]+(?::\d+)?\/[0-9a-f-]+)/i)?.[1] ?? url;
    const path = loader.paths.get(base);
    return path ? `file://${encodeURI(path)}${url.slice(base.length)}` : url;
  });
}

function isUserFrame(line: string): boolean {
  return /file:\/\//.test(line) || !/^\s+at /.test(line);
}

/** The full stderr text Node would print for `error`, ending in `"\n"`. */
export function formatUncaught(error: unknown, loader: SourceMapLike | undefined): string {
  if (!(error instanceof Error)) {
    return `Uncaught ${inspect(error)}\n(Use \`node --trace-uncaught ...\` to show where the exception was thrown)\n\nNode.js ${NODE_VERSION}\n`;
  }
  const stackText = mapUrls(error.stack ?? `${error.name}: ${error.message}`, loader);
  const lines = stackText.split('\n').filter(isUserFrame);
  let header = '';
  const firstFrame = lines.find((l) => /^\s+at /.test(l));
  const m = firstFrame?.match(FRAME);
  if (m && m[1] && loader) {
    const path = decodeURI(m[0].replace(/^file:\/\//, '').replace(/:\d+:\d+$/, ''));
    const source = loader.sources.get(path);
    const line = Number(m[1]);
    const column = Number(m[2]);
    const text = source?.split('\n')[line - 1];
    if (text !== undefined) header = `file://${encodeURI(path)}:${line}\n${text}\n${' '.repeat(Math.max(0, column - 1))}^\n\n`;
  }
  const extra = Object.keys(error).filter((k) => k !== 'stack' && k !== 'message' && k !== 'name');
  const props = extra.length
    ? ` {\n${extra.map((k) => `  ${k}: ${inspect((error as unknown as Record<string, unknown>)[k], 1, [error])}`).join(',\n')}\n}`
    : '';
  return `${header}${lines.join('\n')}${props}\n\nNode.js ${NODE_VERSION}\n`;
}

/** V8's side-effect-free `toString` Node quotes a rejection reason with: `42`, `a string`, `#<Object>`, `[object Array]`. */
function reasonText(reason: unknown): string {
  if (reason === null || (typeof reason !== 'object' && typeof reason !== 'function')) return String(reason);
  if (Array.isArray(reason)) return '[object Array]';
  if (typeof reason === 'function') return Function.prototype.toString.call(reason);
  const name = (Object.getPrototypeOf(reason) as { constructor?: { name?: string } } | null)?.constructor?.name;
  return `#<${name || 'Object'}>`;
}

/**
 * What Node reports when a promise rejected with `reason` is never handled:
 * the reason itself when it is an Error, else Node's `UnhandledPromiseRejection`
 * error (code `ERR_UNHANDLED_REJECTION`) quoting it.
 */
export function unhandledRejectionError(reason: unknown): unknown {
  if (reason instanceof Error) return reason;
  const name = 'UnhandledPromiseRejection';
  const message =
    'This error originated either by throwing inside of an async function without a catch block, ' +
    `or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "${reasonText(reason)}".`;
  const error = Object.assign(new Error(message), { code: 'ERR_UNHANDLED_REJECTION' });
  Object.defineProperty(error, 'name', { value: name, enumerable: false, configurable: true, writable: true });
  Object.defineProperty(error, 'stack', { value: `${name}: ${message}`, enumerable: false, configurable: true, writable: true });
  return error;
}
