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
 * An unbalanced bracket, brace or parenthesis is reported where the reader
 * can fix it: at the opener that is never closed, or at a closer that has
 * no opener (see {@link findUnbalanced}), not where the parsers gave up.
 * An engine may still reject something neither catches (early errors such as
 * a duplicate `let`): the run then fails like `node` would, on stderr.
 */
import { init, parse as parseModule } from 'es-module-lexer';
import { parser } from '@lezer/javascript';
import { t } from '../../i18n/index.ts';

/** A Lezer syntax tree (the type of `parser.parse`). */
type Tree = ReturnType<typeof parser.parse>;

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

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', InterpolationStart: 'InterpolationEnd' };
const CLOSERS = new Set([')', ']', '}', 'InterpolationEnd']);
const SHOWN: Record<string, string> = { InterpolationStart: '${', InterpolationEnd: '}' };

/**
 * The first unbalanced bracket, brace or parenthesis of `source`, or undefined.
 * Brackets are read from the Lezer JavaScript tree, so those inside strings,
 * comments, template text and regular expressions do not count. Reports:
 * a closer of the wrong kind -> the opener it fails to close; a closer with
 * nothing open -> that closer; openers left at the end of the file -> the
 * innermost one (the one whose closer is missing).
 */
export function findUnbalanced(source: string, tree: Tree = parser.parse(source)): SyntaxProblem | undefined {
  const tokens: Array<{ name: string; from: number }> = [];
  tree.iterate({
    enter(node) {
      const name = node.type.name;
      if (node.to > node.from && (name in OPENERS || CLOSERS.has(name))) tokens.push({ name, from: node.from });
    },
  });
  const stack: Array<{ name: string; from: number }> = [];
  const at = (offset: number, message: string): SyntaxProblem => ({ ...lineCol(source, offset), offset, message });
  const shown = (name: string) => SHOWN[name] ?? name;
  for (const tok of tokens) {
    if (tok.name in OPENERS) {
      stack.push(tok);
      continue;
    }
    const top = stack.pop();
    if (!top) return at(tok.from, t('editor.syntax.closesNothing', { closer: shown(tok.name) }));
    if (OPENERS[top.name] !== tok.name) {
      const where = lineCol(source, tok.from);
      return at(top.from, t('editor.syntax.wrongCloser', { opener: shown(top.name), closer: shown(tok.name), line: where.line, column: where.column }));
    }
  }
  const open = stack.pop();
  if (open) return at(open.from, t('editor.syntax.unclosed', { opener: shown(open.name), line: lineCol(source, source.length).line }));
  return undefined;
}

/**
 * The first syntax error in `source` parsed as an ES module, or undefined.
 * Await {@link lexerReady}() once before the first call.
 */
export function findSyntaxError(source: string, tree?: Tree): SyntaxProblem | undefined {
  try {
    parseModule(source);
  } catch (e) {
    const unbalanced = findUnbalanced(source, tree ?? parser.parse(source));
    if (unbalanced) return unbalanced;
    const idx = typeof (e as { idx?: unknown }).idx === 'number' ? (e as { idx: number }).idx : 0;
    const { line, column } = lineCol(source, idx);
    return { line, column, offset: idx, message: t('editor.syntax.module') };
  }
  tree ??= parser.parse(source);
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
  const unbalanced = findUnbalanced(source, tree);
  if (unbalanced) return unbalanced;
  const { line, column } = lineCol(source, found);
  const near = source.slice(found, found + 20).split('\n')[0]!;
  return { line, column, offset: found, message: near.trim() ? t('editor.syntax.unexpected', { text: JSON.stringify(near.trim().slice(0, 12)) }) : t('editor.syntax.unexpectedEnd') };
}

/**
 * The Lezer tree of `source`, parsed in slices of at most `sliceMs` ms with
 * the event loop free in between, so checking a long file before Run never
 * blocks the page for long (the parser itself is the same).
 */
export async function parseSliced(source: string, sliceMs = 8): Promise<Tree> {
  const parse = parser.startParse(source);
  for (;;) {
    const until = performance.now() + sliceMs;
    while (performance.now() < until) {
      const tree = parse.advance();
      if (tree) return tree;
    }
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** {@link findSyntaxError}, with the parse sliced (see {@link parseSliced}); for the page. Await {@link lexerReady}() first. */
export async function checkSyntax(source: string): Promise<SyntaxProblem | undefined> {
  return findSyntaxError(source, await parseSliced(source));
}
