/**
 * The report as JUnit XML, for CI tools that show test results (GitHub
 * Actions reporters, GitLab, Jenkins): one `<testsuite>` per stage, one
 * `<testcase>` per check.
 *
 * - `classname` is the stage id, `name` is the check id and its rule
 *   (`framing.stdout-only: Nothing but JSON-RPC messages on stdout`);
 * - a failed check (a MUST rule broken) has `<failure type="MUST">`, its
 *   `message` what the server did, its text the expectation, the fix, the spec
 *   link and sentence and the wire lines (each cut to 300 characters);
 * - a check that was skipped or did not run has `<skipped message="...">`:
 *   `skipped: <reason>` or `not run: <reason>`;
 * - a warning (a SHOULD rule not met) is a passed testcase with
 *   `<system-out>WARNING (SHOULD): ...</system-out>`, unless `strict`: then it
 *   is `<failure type="SHOULD">`.
 *
 * Text is escaped for XML 1.0, and characters XML 1.0 cannot carry at all (C0
 * controls other than tab, newline and carriage return; lone surrogates;
 * U+FFFE and U+FFFF) are written as `\uXXXX`, so a server's stray bytes never
 * make the file unreadable. Pure (no Node). Rules follow revision 2026-07-28:
 * https://modelcontextprotocol.io/specification/2026-07-28
 */
import { cutLine } from './format.ts';
import type { CheckReport, CheckResult, StageReport, WordedCheck } from './types.ts';

/** Options of {@link toJUnit}. */
export interface JUnitOptions {
  /** The name of the `<testsuites>` element, e.g. the server's command line. */
  name: string;
  /** Count warnings as failures (`<failure type="SHOULD">`). Default: the report's own `strict`. */
  strict?: boolean;
  /** At most this many wire lines in a failure's text (the rest are counted). Default 12. */
  maxWireLines?: number;
}

/** Characters XML 1.0 does not allow anywhere, even escaped. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with the characters XML 1.0 cannot carry written as `\uXXXX`. */
function xmlChars(text: string): string {
  return text.replace(NOT_XML, (ch) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Escapes text content (`&`, `<`, `>`). */
export function escapeXmlText(text: string): string {
  return xmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes an attribute value in double quotes (also `"`, `'`, and tab / newline / carriage return, which a parser would turn into spaces). */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/** An element's attributes, written in the given order. */
function attrs(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([k, v]) => ` ${k}="${escapeXmlAttribute(String(v))}"`)
    .join('');
}

/** Seconds with three decimals, as JUnit's `time` attributes want them. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** The body of a failure or warning: level, expected, got, fix, spec, quote, wire lines. */
function details(c: WordedCheck, maxWire: number): string {
  const out = [
    `level:    ${c.level === 'should' ? 'SHOULD' : 'MUST'}`,
    `expected: ${c.expected}`,
    `got:      ${c.actual ?? ''}`,
    `fix:      ${c.hint}`,
    `spec:     ${c.specUrl}`,
    `quote:    “${c.quote}”`,
  ];
  const lines = c.wire.filter((w) => w.dir !== 'stderr');
  for (const w of lines.slice(0, maxWire)) out.push(`${w.dir === 'sent' ? '->' : '<-'} [${w.process}] ${cutLine(w.text)}`);
  if (lines.length > maxWire) out.push(`… ${lines.length - maxWire} more lines`);
  return out.join('\n');
}

/** How a check counts in JUnit terms. */
function kind(c: CheckResult, strict: boolean): 'failure' | 'skipped' | 'warning' | 'passed' {
  if (c.status === 'fail' || (c.status === 'warn' && strict)) return 'failure';
  if (c.status === 'skipped' || c.status === 'not-run') return 'skipped';
  return c.status === 'warn' ? 'warning' : 'passed';
}

function testcase(c: WordedCheck, strict: boolean, maxWire: number): string {
  const head = `    <testcase${attrs({ classname: c.stage, name: `${c.id}: ${c.rule}`, time: seconds(c.elapsedMs) })}`;
  const k = kind(c, strict);
  if (k === 'passed') return `${head}/>`;
  if (k === 'skipped') {
    const word = c.status === 'skipped' ? 'skipped' : 'not run';
    const why = !c.reason ? word : c.reason.startsWith(`${word}:`) ? c.reason : `${word}: ${c.reason}`;
    return `${head}>\n      <skipped${attrs({ message: why })}/>\n    </testcase>`;
  }
  if (k === 'warning') return `${head}>\n      <system-out>${escapeXmlText(`WARNING (SHOULD): ${c.actual ?? ''}\n${details(c, maxWire)}`)}</system-out>\n    </testcase>`;
  const type = c.level === 'should' ? 'SHOULD' : 'MUST';
  return `${head}>\n      <failure${attrs({ message: c.actual ?? '', type })}>${escapeXmlText(details(c, maxWire))}</failure>\n    </testcase>`;
}

function testsuite(stage: StageReport<WordedCheck>, strict: boolean, maxWire: number): string {
  const count = (k: ReturnType<typeof kind>) => stage.checks.filter((c) => kind(c, strict) === k).length;
  const time = stage.checks.reduce((sum, c) => sum + c.elapsedMs, 0);
  const head = `  <testsuite${attrs({ name: `Stage ${stage.number}: ${stage.title}`, id: stage.id, tests: stage.checks.length, failures: count('failure'), errors: 0, skipped: count('skipped'), time: seconds(time) })}`;
  if (stage.checks.length === 0) return `${head}/>`;
  return `${head}>\n${stage.checks.map((c) => testcase(c, strict, maxWire)).join('\n')}\n  </testsuite>`;
}

/**
 * The report as a JUnit XML document (UTF-8, ending with a newline): `<testsuites name tests failures
 * errors skipped time>` around one `<testsuite>` per stage. Counts: `failures` = failed checks (plus warnings
 * when strict), `skipped` = checks skipped or not run; `errors` is always 0. Never throws.
 */
export function toJUnit(report: CheckReport<WordedCheck>, options: JUnitOptions): string {
  const strict = options.strict ?? report.strict;
  const maxWire = options.maxWireLines ?? 12;
  const checks = report.stages.flatMap((s) => s.checks);
  const failures = checks.filter((c) => kind(c, strict) === 'failure').length;
  const skipped = checks.filter((c) => kind(c, strict) === 'skipped').length;
  const time = checks.reduce((sum, c) => sum + c.elapsedMs, 0);
  const root = `<testsuites${attrs({ name: options.name, tests: checks.length, failures, errors: 0, skipped, time: seconds(time) })}>`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', root, ...report.stages.map((s) => testsuite(s, strict, maxWire)), '</testsuites>'].join('\n') + '\n';
}
