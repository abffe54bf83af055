/**
 * The report as plain text for a terminal (what `npm run check-server` prints):
 *
 * 1. the verdict and why, first: `verdict: FAIL (2 failed, 1 warning)`,
 *    `verdict: PASS (0 failed, 0 warnings)`, or `verdict: INCOMPLETE: ...`
 *    naming each check the `--call-tools safe` policy kept from running, with
 *    its reason and the option that runs it;
 * 2. the era line (`report.era.detail`; for a legacy server, in plain words,
 *    that only the rules of both eras were checked, after an `initialize`
 *    handshake), the transport, the server's identity;
 * 3. stage by stage, each check with its mark (`PASS`, `FAIL`, `WARN`, `SKIP`,
 *    `NOT RUN`); a failure or a warning with its level (MUST / SHOULD), what
 *    was expected, what the server did, the fix, the spec link and the spec's
 *    own sentence, and the wire lines (each cut to {@link MAX_LINE_CHARS}
 *    characters); a stage that did not run at all (framing failed) is one line;
 * 4. the closing counts: `checks: N passed, N failed, N warnings, N skipped, N not run`.
 *
 * Pure (no colours, no Node). The levels and statuses follow the checker's
 * types (src/checker/types.ts); the rules quote revision 2026-07-28 of the
 * spec: https://modelcontextprotocol.io/specification/2026-07-28
 */
import type { CheckReport, CheckStatus, StageReport, WordedCheck } from './types.ts';

/** The mark of each status, as the text report and the JUnit report print it. */
export const STATUS_MARK: Record<CheckStatus, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skipped: 'SKIP', 'not-run': 'NOT RUN' };

/** The longest a wire line of the server is printed, in characters (UTF-16 code units); the rest is counted. */
export const MAX_LINE_CHARS = 300;

/** Options of {@link formatReport}. */
export interface FormatOptions {
  /** At most this many wire lines per failed or warning check (the rest are counted). Default 12. */
  maxWireLines?: number;
}

/** `1 check`, `2 checks`: a count and its noun, singular for exactly one (`noun` + `s` otherwise, unless `plural` is given). */
export function plural(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : pluralNoun}`;
}

/**
 * `text`, cut to `max` characters with `… [N chars]` after the cut, so a reader knows how long it was. A line
 * the report already cut (it ends with `… [N chars]`) keeps its own N, the length the server wrote.
 */
export function cutLine(text: string, max = MAX_LINE_CHARS): string {
  const cut = /… \[(\d+) chars\]$/.exec(text);
  const body = cut ? text.slice(0, cut.index) : text;
  if (body.length <= max) return text;
  let end = max;
  // Never split a surrogate pair.
  if (/[\uDC00-\uDFFF]/.test(body[end] ?? '')) end--;
  return `${body.slice(0, end)}… [${cut ? cut[1] : text.length} chars]`;
}

/**
 * The verdict and why, in one line: `verdict: PASS (0 failed, 0 warnings)`, `verdict: FAIL (2 failed,
 * 1 warning)` (with `, counted as failures under --strict` when the warnings made it fail), or
 * `verdict: INCOMPLETE: 3 checks did not run because of --call-tools safe: a, b, c; run with --call-tools all
 * to run them`. When stage 1 failed, the FAIL line says how many stages did not run because of it, and how many
 * checks the policy kept from running.
 */
export function verdictLine(report: CheckReport): string {
  const s = report.summary;
  const counts = `${s.checksFailed} failed, ${plural(s.checksWarned, 'warning')}`;
  if (report.verdict === 'incomplete') {
    const ids = report.incomplete.map((i) => i.id).join(', ');
    const warned = s.checksWarned > 0 ? ` (${counts})` : '';
    return `verdict: INCOMPLETE${warned}: ${plural(report.incomplete.length, 'check')} did not run because of --call-tools safe: ${ids}; run with --call-tools all to run them`;
  }
  if (report.verdict === 'pass') return `verdict: PASS (${counts})`;
  const strictOnly = s.checksFailed === 0 && s.checksWarned > 0 ? ', counted as failures under --strict' : '';
  const stopped = report.stages.filter((st) => st.checks.length > 0 && st.checks.every((c) => c.notRun === 'stage-failed')).length;
  const framing = stopped > 0 ? `; stage 1 failed, so ${plural(stopped, 'stage')} did not run` : '';
  const policy = report.incomplete.length > 0 ? `; ${plural(report.incomplete.length, 'check')} did not run because of --call-tools safe` : '';
  return `verdict: FAIL (${counts}${strictOnly})${framing}${policy}`;
}

/**
 * The era line: what the probe before every other request found (`report.era.detail`). For a legacy
 * server a second line says what that means for the run.
 */
export function eraLines(report: CheckReport): string[] {
  const out = [`era: ${report.era.era} (${report.era.detail})`];
  if (report.era.era === 'legacy') {
    const version = report.era.legacyVersion ? ` (it speaks ${report.era.legacyVersion})` : '';
    out.push(`     this is a legacy server${version}: only the rules that hold in both eras were checked, each process after an initialize handshake; the modern rules did not run`);
  } else if (report.era.era === 'unknown') {
    out.push('     the server answered neither server/discover nor initialize as a server of either era does: it was checked as a modern server');
  }
  return out;
}

/** The lines of one check (a failure or a warning with its details), indented under its stage. */
function checkLines(c: WordedCheck, maxWire: number): string[] {
  const mark = STATUS_MARK[c.status].padEnd(7);
  const why = c.status === 'skipped' || c.status === 'not-run' ? (c.notRun === 'era' ? ' (not run: not a rule for this server’s era)' : c.reason ? ` (${c.reason})` : '') : '';
  const out = [`  ${mark}  ${c.id}: ${c.rule}${why}`];
  if (c.status !== 'fail' && c.status !== 'warn') return out;
  const pad = '             ';
  out.push(`${pad}level:    ${c.level === 'should' ? 'SHOULD (a warning; --strict counts it as a failure)' : 'MUST'}`);
  out.push(`${pad}expected: ${c.expected}`);
  out.push(`${pad}got:      ${c.actual ?? ''}`);
  out.push(`${pad}fix:      ${c.hint}`);
  out.push(`${pad}spec:     ${c.specUrl}`);
  out.push(`${pad}quote:    “${c.quote}”`);
  const lines = c.wire.filter((w) => w.dir !== 'stderr');
  for (const w of lines.slice(0, maxWire)) out.push(`${pad}${w.dir === 'sent' ? '->' : '<-'} [${w.process}] ${cutLine(w.text)}`);
  if (lines.length > maxWire) out.push(`${pad}… ${plural(lines.length - maxWire, 'more line')}`);
  return out;
}

/** True when every check of the stage has the stage's own reason (the whole stage did not run or was skipped for it): one line says it all. */
function oneLine(stage: StageReport): boolean {
  return stage.reason !== undefined && stage.checks.every((c) => (c.status === 'not-run' || c.status === 'skipped') && c.reason === stage.reason);
}

/**
 * The closing counts: `8 stages: 1 passed, 1 failed, 6 not run` and
 * `checks: 30 passed, 1 failed, 1 warning, 2 skipped, 0 not run` (the last line).
 */
export function countLines(report: CheckReport): string[] {
  const st = (status: CheckStatus) => report.stages.filter((s) => s.status === status).length;
  const parts = [`${st('pass')} passed`];
  if (st('warn') > 0) parts.push(`${st('warn')} passed with warnings`);
  parts.push(`${st('fail')} failed`);
  if (st('skipped') > 0) parts.push(`${st('skipped')} skipped`);
  if (st('not-run') > 0) parts.push(`${st('not-run')} not run`);
  const s = report.summary;
  return [`${plural(report.stages.length, 'stage')}: ${parts.join(', ')}`, `checks: ${s.checksPassed} passed, ${s.checksFailed} failed, ${plural(s.checksWarned, 'warning')}, ${s.checksSkipped} skipped, ${s.checksNotRun} not run`];
}

/** Formats a report with its checks' words (`withWords`; see the module's docstring for the layout); ends with a newline. Never throws. */
export function formatReport(report: CheckReport<WordedCheck>, options: FormatOptions = {}): string {
  const maxWire = options.maxWireLines ?? 12;
  const out: string[] = [verdictLine(report)];
  for (const i of report.incomplete) out.push(`  NOT RUN  ${i.id}: ${i.reason}`);
  out.push(...eraLines(report));
  out.push(`transport: ${report.transport === 'http' ? 'Streamable HTTP' : 'stdio'}${report.strict ? '; --strict: warnings count as failures' : ''}`);
  if (report.server) {
    const who = [report.server.name, report.server.version].filter(Boolean).join(' ');
    out.push(`server: ${who || '(no identity in _meta)'}; versions: ${(report.server.supportedVersions ?? []).join(', ') || '?'}; capabilities: ${Object.keys(report.server.capabilities ?? {}).join(', ') || 'none'}`);
  }
  if (report.inputTool) out.push(`multi round-trip stage used the tool: ${report.inputTool}`);
  for (const stage of report.stages) {
    out.push('');
    out.push(`Stage ${stage.number}: ${stage.title} [${STATUS_MARK[stage.status]}]${stage.reason ? ` (${stage.reason})` : ''}`);
    if (oneLine(stage)) continue;
    for (const c of stage.checks) {
      if (stage.reason && c.reason === stage.reason && (c.status === 'skipped' || c.status === 'not-run')) continue;
      out.push(...checkLines(c, maxWire));
    }
  }
  out.push('');
  out.push(...countLines(report));
  return out.join('\n') + '\n';
}
