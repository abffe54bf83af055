/**
 * Checks a server's source for syntax errors before running it, and says
 * where (line:col, 1-based). Pure; runs in the page and in Node.
 *
 * Two real parsers, no evaluation:
 * - `es-module-lexer` parses the source as an ES module and throws on what
 *   breaks module structure (unbalanced brackets, unterminated strings,
 *   templates, comments, regular expressions, bad import/export), with the
 *   offset (`idx`) of the error;
 * - the Lezer JavaScript grammar (`@lezer/javascript`, the parser the editor
 *   highlights with) parses the whole program; any error node it has to
 *   insert is a syntax error at that position.
 * An engine may still reject something neither catches (early errors such as
 * a duplicate `let`): the run then fails like `node` would, on stderr.
 */
import { init, parse as parseModule } from 'es-module-lexer';
import { parser } from '@lezer/javascript';

/** A syntax error: 1-based line and column, offset in UTF-16 code units, and a short message. */
export interface SyntaxProblem {
  line: number;
  column: number;
  offset: number;
  message: string;
}

/** Line and column (1-based) of an offset in `text`. */
export function lineCol(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** Resolves when the module lexer is ready (its WebAssembly is compiled once; later calls return at once). */
export function lexerReady(): Promise<void> {
  return init();
}

/**
 * The first syntax error in `source` parsed as an ES module, or undefined.
 * Await {@link lexerReady}() once before the first call.
 */
export function findSyntaxError(source: string): SyntaxProblem | undefined {
  try {
    parseModule(source);
  } catch (e) {
    const idx = typeof (e as { idx?: unknown }).idx === 'number' ? (e as { idx: number }).idx : 0;
    const { line, column } = lineCol(source, idx);
    return { line, column, offset: idx, message: 'the module does not parse here (unbalanced bracket, string, comment or import/export?)' };
  }
  const tree = parser.parse(source);
  let found: number | undefined;
  tree.iterate({
    enter(node) {
      if (found !== undefined) return false;
      if (node.type.isError) {
        found = node.from;
        return false;
      }
      return undefined;
    },
  });
  if (found === undefined) return undefined;
  const { line, column } = lineCol(source, found);
  const near = source.slice(found, found + 20).split('\n')[0]!;
  return { line, column, offset: found, message: near.trim() ? `unexpected ${JSON.stringify(near.trim().slice(0, 12))}` : 'unexpected end of line or file' };
}
