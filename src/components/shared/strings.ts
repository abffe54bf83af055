/**
 * User-visible strings of the widgets, in one table per language, so an
 * edition in another language adds one table with the same keys. Wire bytes
 * (JSON-RPC lines, HTTP headers) are never translated and never live here.
 *
 * A string is a template: `{name}` is replaced by `vars.name` in {@link t}.
 */

/** The English table. Keys are stable; values may change. */
export const en = {
  // Elicitation form values (JSON number grammar, JSON Schema lengths in code points).
  'form.required': 'Required.',
  'form.number': 'Enter a number as JSON writes it, e.g. 42, -3.5 or 1e3 (not {typed}).',
  'form.integer': 'Enter a whole number.',
  'form.min': 'Must be at least {n}.',
  'form.max': 'Must be at most {n}.',
  'form.minLength': 'At least {n} characters.',
  'form.maxLength': 'At most {n} characters.',
  'form.announce': 'The server asks for input: a form appeared below the editor. Press the "Go to the form" button or Tab to it when you are ready.',
  'form.goTo': 'Go to the form',

  // Console: what it changed in what the reader typed.
  'console.change.meta': 'added the required _meta (switch "fill in _meta" off to send exactly what you typed)',
  'console.change.paramsReplaced': 'replaced "params": {was} with an object, because _meta must go inside an object',
  'console.change.paramsAdded': 'added "params" to hold _meta',
  'console.change.compacted': 'joined your {lines} lines into one line (stdio carries one message per line); whitespace outside strings removed',
  'console.change.spaces': 'removed whitespace outside strings',
  'console.change.newlines': 'your {lines} lines were joined into one with spaces (stdio carries one message per line)',
  'console.notJson': 'This is not valid JSON ({why}). It is sent as typed; expect -32700 Parse error. You typed: {typed}',
  'console.notObject': 'This is JSON but not a JSON-RPC object; expect -32600 Invalid Request.',
  'console.empty': 'Nothing to send: the editor is empty. Pick a starting message above or a template, or type a JSON-RPC message.',
  'console.changedTitle': 'What the Console changed before sending:',
  'console.draftRestored': 'Your unsent message was restored from this browser.',
  'console.starting': 'Starting messages:',

  // Transcript: batching, bounded window, cut output.
  'transcript.folded': '{count} earlier lines are folded to keep the page fast; Copy transcript still has them (up to {cap} lines).',
  'transcript.capped': 'The transcript keeps at most {cap} lines; {dropped} older lines were dropped from memory and from Copy transcript.',
  'transcript.lineCut': '… [{more} more characters not shown; the line had {total} characters]',
  'stderr.folded': '{count} earlier log chunks are folded; Copy transcript still has them (up to {cap}).',
  'copy.copy': 'Copy',
  'copy.copied': 'Copied.',
  'copy.failed': 'Copying failed: the browser refused clipboard access.',
  'copy.requestState': 'Copy requestState',
  'copy.handle': 'Copy handle',

  // Take it home.
  'home.title': 'Run it on your machine',
  'home.intro': 'Needs Node.js 22 or later. Download the server as you have it now (with your edits), then run:',
  'home.download': 'Download {file}',
  'home.downloadZip': 'Download {file} (zip with {count} files)',
  'home.unzip': 'Unzip it first; the command runs from the unzipped folder.',
  'home.copyCommand': 'Copy command',
  'home.failed': 'Could not prepare the download: {why}',

  // Integration counter.
  'counter.bad': 'Enter a whole number from {min} to {max}. Until then the count uses {last}.',
} as const;

/** A key of the strings table. */
export type StringKey = keyof typeof en;

/** A strings table: every key of {@link en}. */
export type StringsTable = Record<StringKey, string>;

const tables: Record<string, StringsTable> = { en };

/** The table for the page's language (`<html lang>`), English when there is none. */
function table(): StringsTable {
  const lang = typeof document === 'undefined' ? 'en' : (document.documentElement.lang || 'en').slice(0, 2);
  return tables[lang] ?? en;
}

/**
 * The string `key` in the page's language, with `{name}` replaced by `vars.name`.
 * Numbers are formatted for the page's locale.
 */
export function t(key: StringKey, vars: Record<string, string | number> = {}): string {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  return table()[key].replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) return `{${name}}`;
    return typeof v === 'number' ? v.toLocaleString(lang) : v;
  });
}
