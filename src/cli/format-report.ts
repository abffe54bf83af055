/**
 * Renders a {@link ServerReport} as the text the probe CLI prints.
 * Numbers use thousands separators (`1,307`); bytes are UTF-8 bytes; tokens are o200k_base tokens.
 */
import type { ServerReport } from './server-report.ts';

const n = (v: number | undefined): string => (v === undefined ? '-' : v.toLocaleString('en-US'));

/** The report as plain text lines (no colour), ending with a newline. */
export function formatReport(r: ServerReport): string {
  const out: string[] = [];
  out.push(`server command: ${r.command.join(' ')}`);
  if (r.serverInfo) {
    out.push(`server (self-reported): ${r.serverInfo.name} ${r.serverInfo.version ?? ''}`.trimEnd());
  }
  const via = r.discoverOutcome ? ` (server/discover: ${r.discoverOutcome})` : '';
  out.push(`era: ${r.era ?? 'unknown'}${via}`);
  out.push(`negotiated version: ${r.protocolVersion ?? `none (${r.outcome}${r.error ? `: ${r.error}` : ''})`}`);
  out.push('');
  out.push('probe steps:');
  r.steps.forEach((s, i) => {
    const branch = s.branch ? ` [${s.branch}]` : '';
    const asked = s.protocolVersion ? ` asking ${s.protocolVersion}` : '';
    const ms = s.elapsedMs !== undefined ? ` (${s.elapsedMs} ms)` : '';
    out.push(`  ${i + 1}. ${s.kind}${asked} -> ${s.outcome}${branch}${ms}`);
    out.push(`     sent:     ${clip(s.sent)}`);
    if (s.received !== undefined) out.push(`     received: ${clip(s.received)}`);
    out.push(`     why:      ${s.reason}`);
  });
  out.push('');
  if (r.beforeHandshake) {
    const b = r.beforeHandshake;
    const what = b.served ? `served, ${n(b.tools)} tools` : `not served (${b.outcome})`;
    out.push(`tools/list before any handshake (first message of a fresh process): ${what}`);
  }
  const c = r.counts;
  out.push(
    `after the probe${r.era === 'legacy' ? ' and handshake' : ''}: ${n(c.tools)} tools, ${n(c.resources)} resources, ${n(c.prompts)} prompts` +
      (c.resourceTemplates !== undefined ? `, ${n(c.resourceTemplates)} resource templates` : ''),
  );
  out.push(`catalog size: ${n(r.catalogBytes)} bytes (JSON.stringify of the tools/list result)`);
  if (r.tokens) {
    const t = r.tokens;
    out.push('');
    out.push('catalog tokens (tiktoken o200k_base; each tool as {name, description, inputSchema}):');
    const rows: Array<[string, string, string]> = [
      ['', 'python', 'compact'],
      ['total (whole list)', n(t.python.total), n(t.compact.total)],
      ['sum of per-tool counts', n(t.python.sumPerTool), n(t.compact.sumPerTool)],
      ['cheapest', tool(t.python.cheapest), tool(t.compact.cheapest)],
      ['costliest', tool(t.python.costliest), tool(t.compact.costliest)],
      ['instructions', n(t.instructions), n(t.instructions)],
    ];
    out.push(...table(rows));
    out.push('  python = Python json.dumps defaults (", " and ": "); compact = JSON.stringify');
    out.push('');
    out.push('per tool:');
    const per: Array<[string, string, string]> = [['', 'python', 'compact']];
    t.python.perTool.forEach((p, i) => per.push([p.name, n(p.tokens), n(t.compact.perTool[i]?.tokens)]));
    out.push(...table(per));
  }
  return out.join('\n') + '\n';
}

function tool(t: { name: string; tokens: number } | undefined): string {
  return t ? `${t.name} ${n(t.tokens)}` : '-';
}

function table(rows: Array<[string, string, string]>): string[] {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  const w2 = Math.max(...rows.map((r) => r[2].length));
  return rows.map((r) => `  ${r[0].padEnd(w0)}  ${r[1].padStart(w1)}  ${r[2].padStart(w2)}`.trimEnd());
}

function clip(line: string, max = 160): string {
  return line.length <= max ? line : `${line.slice(0, max)}… [${line.length} chars]`;
}
