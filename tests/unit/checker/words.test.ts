/**
 * The checker's words in every language. Each check's rule, expectation and
 * fix live in the string tables, one per language (src/i18n/en/checks.ts,
 * src/i18n/id/checks.ts), keyed by check id; the checker itself writes none.
 * These tests fail when a check id has no words in a language (or a table
 * names an id the checker does not have), when a table lacks a key the
 * English has, when a word is empty or (in a translation) still the English,
 * when a wire term of the English (an error code, a method or field name, a
 * short quoted value) is missing from a translation, when a skip reason the
 * checker can write has no Indonesian pattern, and when a template of what a
 * failed check received (`actual`) has no Indonesian pattern.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHECK_IDS, STAGES } from '../../../src/checker/index.ts';
import { LANGS } from '../../../src/i18n/index.ts';
import { checkWords, checkWordsTable } from '../../../src/i18n/checks.ts';
import { actualWords, hasActualWords, hasReasonWords, reasonWords } from '../../../src/components/checker/check-words.ts';
import ts from 'typescript';

const DEFS = STAGES.flatMap((s) => s.checks);
const FIELDS = ['rule', 'expected', 'hint'] as const;

/** English prose the wire-term patterns catch too. */
const PROSE = ['e.g', 'and/or'];

/**
 * The wire terms of a sentence: JSON-RPC error codes, names with a slash,
 * dot or underscore (`tools/list`, `data.supported`, `input_required`),
 * camelCase names (`resultType`, `ttlMs`), `_meta`, and quoted values
 * without spaces (`"2026-07-28"`, `"complete"`).
 */
function wireTerms(s: string): string[] {
  const terms = [
    ...s.matchAll(/-32\d{3}/g),
    ...s.matchAll(/[A-Za-z_][\w-]*(?:[./][\w-]+)+/g),
    ...s.matchAll(/\b[a-z]+[A-Z]\w*/g),
    ...s.matchAll(/\b\w+_\w+\b/g),
    ...s.matchAll(/_meta\b/g),
    ...s.matchAll(/"[^"\s]+"/g),
  ].map((m) => m[0]);
  return [...new Set(terms)].filter((t) => !PROSE.includes(t)).sort();
}

const EN = checkWordsTable('en');
const TRANSLATIONS = LANGS.filter((l) => l !== 'en');

describe('the words of every check, in every language', () => {
  test.each(LANGS)('%s: every check id of the checker has words, and there are none for ids it does not have', (lang) => {
    const ids = Object.keys(checkWordsTable(lang)).sort();
    expect(CHECK_IDS.length).toBeGreaterThan(20);
    expect([...CHECK_IDS].sort().filter((id) => !ids.includes(id)), `check ids without ${lang} words`).toEqual([]);
    expect(ids.filter((id) => !CHECK_IDS.includes(id)), `${lang} words for ids the checker does not have`).toEqual([]);
  });

  test.each(LANGS)('%s: the same keys as the English, each rule, expectation and hint filled in', (lang) => {
    const table = checkWordsTable(lang) as unknown as Readonly<Record<string, Record<string, string>>>;
    expect(Object.keys(table).sort()).toEqual(Object.keys(EN).sort());
    for (const [id, words] of Object.entries(EN)) {
      expect(Object.keys(table[id] ?? {}).sort(), `${lang} ${id}`).toEqual(Object.keys(words).sort());
      for (const f of FIELDS) expect((table[id]?.[f] ?? '').trim(), `${lang} ${id} ${f} is empty`).not.toBe('');
    }
  });

  test.each(TRANSLATIONS)('%s: each rule, expectation and hint is translated and keeps every wire term of the English', (lang) => {
    for (const def of DEFS) {
      const en = checkWords(def.id, 'en');
      const said = checkWords(def.id, lang);
      for (const f of FIELDS) {
        expect(said[f], `${def.id} ${f} is still the English`).not.toBe(en[f]);
        const missing = wireTerms(en[f]).filter((term) => !said[f].includes(term));
        expect(missing, `${def.id} ${f}: wire terms of the English missing from the ${lang}`).toEqual([]);
      }
    }
  });

  test('checkWords: the words of the page language; a check no table knows (a newer checker) still shows its id', () => {
    for (const lang of LANGS) for (const def of DEFS) expect(checkWords(def.id, lang)).toEqual(checkWordsTable(lang)[def.id as keyof typeof EN]);
    expect(checkWords('future.check', 'id')).toEqual({ rule: 'future.check', expected: '', hint: '' });
  });
});

describe('Indonesian skip reasons', () => {
  /**
   * Every skip reason written in src/checker: the text of each `c.skip(...)`,
   * `skipped(def, ...)`, `...Reason = ...` and stage-gate `return '...'`, and the two branches of
   * `noCallableToolReason`, with each `${...}` (and a trailing `+ name`)
   * replaced by a sample name (both branches of a `${x ? 'a' : 'b'}`).
   */
  function writtenReasons(): string[] {
    const dir = new URL('../../../src/checker/', import.meta.url).pathname;
    const files = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(join(dir, 'stages')).map((f) => join(dir, 'stages', f))].filter((f) => f.endsWith('.ts'));
    const out: string[] = [];
    // `${x ? 'a' : 'b'}` gives both variants; any other `${...}` a sample name.
    const sample = (text: string, concat: string): string[] => {
      const choice = /\$\{[^}]*\? '([^']*)' : '([^']*)'\}/.exec(text);
      if (choice) return [...sample(text.replace(choice[0], choice[1]!), concat), ...sample(text.replace(choice[0], choice[2]!), concat)];
      return [text.replace(/\$\{[^}]*\}/g, 'create_event') + (concat ? 'tools' : '')];
    };
    for (const file of files) {
      const src = readFileSync(file, 'utf8');
      const patterns = [/\.skip\(\s*(['`])(.*?)\1( \+)?/g, /Reason = (?:wanted \? )?(['`])(.*?)\1( \+)?/g, /^\s*[?:] (['`])(.*?)\1( \+)?;?$/gm, /skipped\(def, (['`])(.*?)\1()/g];
      if (file.endsWith('run.ts')) patterns.push(/\n\s*if \(.*\) return (['`])([^'`]* [^'`]*)\1()/g);
      for (const re of patterns) for (const m of src.matchAll(re)) out.push(...sample(m[2]!, m[3] ?? ''));
    }
    return [...new Set(out)].filter((r) => r !== 'the run was stopped' && r !== 'the check has ended');
  }

  test('every fixed reason the checker writes has an Indonesian pattern', () => {
    const reasons = writtenReasons();
    expect(reasons.length).toBeGreaterThan(8);
    expect(reasons.filter((r) => !hasReasonWords(r))).toEqual([]);
  });

  test('reasons with names in them are translated around the names, nested reasons too', () => {
    expect(reasonWords('the server does not declare the prompts capability', 'id')).toBe('server tidak mendeklarasikan capability prompts');
    expect(reasonWords('it builds on "mrtr.retry-completes", which failed', 'id')).toBe('pemeriksaan ini bertumpu pada "mrtr.retry-completes", yang gagal');
    expect(reasonWords('no tool asks for input, so no request needs a client capability (no tool answered input_required (tried create_event, list_events))', 'id')).toBe(
      'tidak ada tool yang meminta input, jadi tidak ada request yang membutuhkan capability client (tidak ada tool yang menjawab input_required (yang dicoba: create_event, list_events))',
    );
    expect(reasonWords('server/discover gave no capabilities, so it is unknown whether the server offers resources', 'id')).toBe(
      'server/discover tidak memberi capabilities, jadi tidak diketahui apakah server menawarkan resources',
    );
    expect(reasonWords('the server does not declare the prompts capability', 'en')).toBe('the server does not declare the prompts capability');
    expect(reasonWords('something the table does not know', 'id')).toBe('something the table does not know');
  });
});

describe('Indonesian words of what a failed check received', () => {
  const dir = new URL('../../../src/checker/', import.meta.url).pathname;
  const files = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(join(dir, 'stages')).map((f) => join(dir, 'stages', f))].filter((f) => f.endsWith('.ts'));
  const sources = files.map((f) => ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true));

  /** Every node of a source file, depth first. */
  function nodes(root: ts.Node): ts.Node[] {
    const out: ts.Node[] = [];
    const visit = (n: ts.Node) => {
      out.push(n);
      n.forEachChild(visit);
    };
    visit(root);
    return out;
  }
  const all = sources.flatMap((sf) => nodes(sf).map((node) => ({ node, sf })));

  /** `const name = <initializer>` across the checker, and the return expressions of each named function. */
  const consts = new Map<string, ts.Expression[]>();
  const returns = new Map<string, ts.Expression[]>();
  for (const { node } of all) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) consts.set(node.name.text, [...(consts.get(node.name.text) ?? []), node.initializer]);
    if (ts.isFunctionDeclaration(node) && node.name && node.body) {
      const rs = nodes(node.body).filter(ts.isReturnStatement).flatMap((r) => (r.expression ? [r.expression] : []));
      returns.set(node.name.text, rs);
    }
  }

  /**
   * Sample values of dynamic parts, by the source text of the expression: a
   * request being checked (`what`, when {@link whatOf} finds no callers), a field path (`where`), a framing
   * violation, a list of problems, a message of the session. Anything else
   * becomes a number, which every pattern accepts where a code, id, name or
   * count goes.
   */
  const SAMPLES: Record<string, string[]> = {
    what: ['server/discover'],
    // `actual = e.message` passes on a failure or session message, each checked where it is written.
    'e.message': [],
    where: ['result.tools[0]'],
    'stray.violation': ['not JSON', 'a JSON array (batches are not allowed)'],
    "problems.slice(0, 4).join('; ')": ['result.ttlMs is missing; a top-level serverInfo was sent instead (an early draft had it; the final spec puts it in _meta)'],
    '(e as Error).message': ['no reply within 5000 ms'],
  };

  /**
   * The values a `what` parameter takes: its default, and each text argument
   * its function's callers pass for it (e.g. `Session.waitFor`'s `'reply'` and
   * `request`'s `reply to ${method} (id ...)`). Undefined outside such a function.
   */
  function whatOf(id: ts.Identifier, depth: number): string[] | undefined {
    let fn: ts.Node | undefined = id.parent;
    while (fn && !(ts.isFunctionLike(fn) && fn.parameters.some((p) => p.name.getText() === 'what'))) fn = fn.parent;
    if (!fn || !ts.isFunctionLike(fn) || !fn.name) return undefined;
    const name = fn.name.getText();
    const index = fn.parameters.findIndex((p) => p.name.getText() === 'what');
    const param = fn.parameters[index]!;
    const out = param.initializer ? expand(param.initializer, depth + 1) : [];
    for (const { node } of all) {
      if (!ts.isCallExpression(node)) continue;
      const callee = ts.isIdentifier(node.expression) ? node.expression.text : ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : '';
      const a = node.arguments[index];
      if (callee === name && isText(a)) out.push(...expand(a, depth + 1));
    }
    return out.length > 0 ? [...new Set(out)] : undefined;
  }

  /** Every text `e` can produce, with samples for what only a run knows. */
  function expand(e: ts.Expression, depth = 0): string[] {
    if (depth > 8) return ['5000'];
    const text = e.getText();
    if (ts.isIdentifier(e) && text === 'what') {
      const values = whatOf(e, depth);
      if (values) return values;
    }
    if (SAMPLES[text]) return SAMPLES[text]!;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return [e.text];
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) return expand(e.expression, depth + 1);
    if (ts.isConditionalExpression(e)) return [...expand(e.whenTrue, depth + 1), ...expand(e.whenFalse, depth + 1)];
    if (ts.isTemplateExpression(e)) {
      let out = [e.head.text];
      for (const span of e.templateSpans) {
        const parts = expand(span.expression, depth + 1);
        out = out.flatMap((o) => parts.map((p) => o + p + span.literal.text));
      }
      return out;
    }
    if (ts.isBinaryExpression(e)) {
      if (e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        const right = expand(e.right, depth + 1);
        return expand(e.left, depth + 1).flatMap((l) => right.map((r) => l + r));
      }
      if (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken) return expand(e.left, depth + 1);
      return ['5000'];
    }
    if (ts.isIdentifier(e) && consts.has(e.text)) {
      // A name declared in the identifier's own file means that declaration (`tail` in session.ts is not `tail` in run.ts).
      const all = consts.get(e.text)!;
      const local = all.filter((i) => i.getSourceFile() === e.getSourceFile());
      return (local.length > 0 ? local : all).flatMap((i) => expand(i, depth + 1));
    }
    if (ts.isCallExpression(e)) {
      if (ts.isIdentifier(e.expression) && returns.has(e.expression.text)) return returns.get(e.expression.text)!.flatMap((r) => expand(r, depth + 1));
      if (e.expression.getText() === 'JSON.stringify') return ['"Method not found"'];
    }
    return ['5000'];
  }

  /** True for an argument written as text (not a variable passed along). */
  const isText = (e: ts.Expression | undefined): e is ts.Expression =>
    !!e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e) || ts.isBinaryExpression(e) || ts.isConditionalExpression(e) || ts.isParenthesizedExpression(e));

  /** Every whole `actual` the checker can write: `c.fail(...)`, `new SessionError(_, ...)`, `new CheckFailure(...)`, `actual = ...`. */
  function actualTemplates(): string[] {
    const out: string[] = [];
    for (const { node } of all) {
      let arg: ts.Expression | undefined;
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'fail') arg = node.arguments[0];
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'SessionError') arg = node.arguments?.[1];
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'CheckFailure') arg = node.arguments?.[0];
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && node.left.getText() === 'actual') arg = node.right;
      if (isText(arg)) out.push(...expand(arg));
    }
    return [...new Set(out)];
  }

  /** Every problem a shape check or stage can list (`p.push(...)`, `problems.push(...)`, `return [...]` in shapes.ts). */
  function problemTemplates(): string[] {
    const out: string[] = [];
    for (const { node, sf } of all) {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'push' && /^(p|q|problems)$/.test(node.expression.expression.getText())) {
        for (const a of node.arguments) if (isText(a)) out.push(...expand(a));
      }
      if (sf.fileName.endsWith('shapes.ts') && ts.isReturnStatement(node) && node.expression && ts.isArrayLiteralExpression(node.expression)) {
        for (const a of node.expression.elements) if (isText(a)) out.push(...expand(a));
      }
    }
    return [...new Set(out)];
  }

  /** Every request a check names in its `actual`: the argument passed as the `what` parameter of any checker function. */
  function whatTemplates(): string[] {
    const whatIndex = new Map<string, number>();
    for (const { node } of all) {
      if (ts.isFunctionDeclaration(node) && node.name) {
        const i = node.parameters.findIndex((p) => p.name.getText() === 'what');
        if (i >= 0) whatIndex.set(node.name.text, i);
      }
    }
    const out: string[] = [];
    for (const { node } of all) {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && whatIndex.has(node.expression.text)) {
        const a = node.arguments[whatIndex.get(node.expression.text)!];
        if (isText(a)) out.push(...expand(a));
      }
    }
    return [...new Set(out)];
  }

  test('every sentence a failed check can report has an Indonesian pattern', () => {
    const actuals = actualTemplates();
    expect(actuals.length).toBeGreaterThan(40);
    expect(actuals.filter((a) => !hasActualWords(a))).toEqual([]);
    // Translated means different: no sentence comes back in English.
    expect(actuals.filter((a) => actualWords(a, 'id') === a)).toEqual([]);
  });

  test('every problem of a result, and every request a check names, has an Indonesian pattern', () => {
    const problems = problemTemplates();
    const whats = whatTemplates();
    expect(problems.length).toBeGreaterThan(25);
    expect(whats.length).toBeGreaterThan(20);
    expect(problems.filter((p) => !hasActualWords(p))).toEqual([]);
    expect(whats.filter((w) => !hasActualWords(w))).toEqual([]);
    // Each, inside the sentences that carry them.
    for (const p of problems) expect(hasActualWords(`the ListToolsResult: ${p}`), p).toBe(true);
    for (const w of whats) expect(hasActualWords(`${w} was answered with a result`), w).toBe(true);
  });

  test('prose is translated around codes, server messages and wire text, which stay byte for byte', () => {
    expect(actualWords('the error -32601 "Method not found" does not name a version the server supports (2026-07-28)', 'id')).toBe(
      'error -32601 "Method not found" tidak menyebut versi yang didukung server (2026-07-28)',
    );
    expect(actualWords('the unknown method was answered with a result with resultType "complete"', 'id')).toBe(
      'method yang tidak dikenal dijawab dengan result yang resultType-nya "complete"',
    );
    expect(actualWords('tools/call for an unknown tool got error -32601 "Unknown tool: x; y", not -32602', 'id')).toBe(
      'tools/call untuk tool yang tidak dikenal mendapat error -32601 "Unknown tool: x; y", bukan -32602',
    );
    expect(actualWords('the identity: result._meta["io.modelcontextprotocol/serverInfo"] is missing or not an object; a top-level serverInfo was sent instead (an early draft had it; the final spec puts it in _meta)', 'id')).toBe(
      'identitas server: result._meta["io.modelcontextprotocol/serverInfo"] tidak ada atau bukan objek; yang dikirim malah serverInfo di tingkat teratas (ada di draf awal; spesifikasi final menaruhnya di _meta)',
    );
    expect(actualWords('the ListToolsResult: result.ttlMs is missing; result.tools[0].name is missing; result.tools[1].inputSchema.type is not "object"; result.tools[2].name is not a string (and 3 more)', 'id')).toBe(
      'ListToolsResult: result.ttlMs tidak ada; result.tools[0].name tidak ada; result.tools[1].inputSchema.type bukan "object"; result.tools[2].name bukan string (dan 3 lagi)',
    );
    // A framing violation is said as the Console says it; the stray line stays as it was.
    expect(actualWords('stdout carried a line that is not a JSON-RPC message (not JSON): "server started"', 'id')).toBe(
      'stdout memuat baris yang bukan pesan JSON-RPC (bukan JSON): "server started"',
    );
    // Numbers in prose are written the Indonesian way; a nested session message is translated too.
    expect(actualWords('after the bad line the server stopped answering: no reply within 5000 ms', 'id')).toBe('setelah baris yang rusak itu, server berhenti menjawab: tidak ada balasan dalam 5.000 ms');
    expect(actualWords('the server process exited with code 1 (last stderr: "Error: boom")', 'id')).toBe('proses server keluar dengan kode 1 (stderr terakhir: "Error: boom")');
    // English pages get the checker's own words; an unknown sentence is shown as written.
    expect(actualWords('the unknown method was answered with a result', 'en')).toBe('the unknown method was answered with a result');
    expect(actualWords('something no pattern knows', 'id')).toBe('something no pattern knows');
  });
});
