/**
 * The report as plain text for a terminal: stage by stage, each check with
 * its verdict; a failure with what was expected, what happened, the fix hint,
 * the spec link and the wire lines. Pure (no colours, no Node).
 */
import type { CheckReport, CheckResult } from './types.ts';

const MARK: Record<CheckResult['status'], string> = { pass: 'PASS', fail: 'FAIL', skipped: 'SKIP' };

/** Options of {@link formatReport}. */
export interface FormatOptions {
  /** At most this many wire lines per failed check (the rest are counted). Default 12. */
  maxWireLines?: number;
}

/** Formats a report; ends with a newline. */
export function formatReport(report: CheckReport, options: FormatOptions = {}): string {
  const maxWire = options.maxWireLines ?? 12;
  const out: string[] = [];
  if (report.server) {
    const who = [report.server.name, report.server.version].filter(Boolean).join(' ');
    out.push(`server: ${who || '(no identity in _meta)'}; versions: ${(report.server.supportedVersions ?? []).join(', ') || '?'}; capabilities: ${Object.keys(report.server.capabilities ?? {}).join(', ') || 'none'}`);
  }
  if (report.inputTool) out.push(`multi round-trip stage used the tool: ${report.inputTool}`);
  for (const stage of report.stages) {
    out.push('');
    out.push(`Stage ${stage.number}: ${stage.title} [${MARK[stage.status]}]${stage.reason ? ` (${stage.reason})` : ''}`);
    for (const c of stage.checks) {
      if (stage.reason && c.status === 'skipped') continue;
      out.push(`  ${MARK[c.status]}  ${c.rule}${c.status === 'skipped' && c.reason ? ` (${c.reason})` : ''}`);
      if (c.status !== 'fail') continue;
      out.push(`        expected: ${c.expected}`);
      out.push(`        got:      ${c.actual ?? ''}`);
      out.push(`        fix:      ${c.hint}`);
      out.push(`        spec:     ${c.specUrl}`);
      const lines = c.wire.filter((w) => w.dir !== 'stderr');
      for (const w of lines.slice(0, maxWire)) {
        const arrow = w.dir === 'sent' ? '->' : '<-';
        const text = w.text.length > 300 ? `${w.text.slice(0, 300)}…` : w.text;
        out.push(`        ${arrow} [${w.process}] ${text}`);
      }
      if (lines.length > maxWire) out.push(`        … ${lines.length - maxWire} more lines`);
    }
  }
  const s = report.summary;
  out.push('');
  out.push(`${s.passed} stages passed, ${s.failed} failed, ${s.skipped} skipped (checks: ${s.checksPassed} passed, ${s.checksFailed} failed, ${s.checksSkipped} skipped)`);
  return out.join('\n') + '\n';
}
