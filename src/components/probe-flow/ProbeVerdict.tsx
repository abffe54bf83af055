/**
 * The end of a probe: the verdict a client would cache for the server (its era,
 * the protocol version it speaks, and that the verdict holds for that server),
 * or why there is none; and, when the probe had to start a fresh process for
 * the fallback, both pids. Era detection:
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 *
 * Words come from src/i18n (area `probe`); the island sets the language.
 */
import { t } from '../../i18n/index.ts';
import type { ProbeRun } from './probe-run.ts';

/** Props of {@link ProbeVerdict}: the finished run, and the failure's words when it failed. */
export interface ProbeVerdictProps {
  run: ProbeRun;
  failed?: string;
}

/** The verdict block shown once every step of a probe is revealed. */
export function ProbeVerdict({ run, failed }: ProbeVerdictProps) {
  const report = run.report;
  const ok = report.outcome === 'ok';
  return (
    <div class="pf-verdict" data-probe-verdict data-era={ok ? report.era : undefined} data-version={ok ? report.protocolVersion : undefined} data-respawned={report.respawned ? '' : undefined}>
      <p class="fw-title">{t('probe.verdict.title')}</p>
      {ok && report.era ? (
        <dl class="pf-verdict-list">
          <dt>{t('probe.verdict.era')}</dt>
          <dd>{report.era}</dd>
          <dt>{t('probe.verdict.version')}</dt>
          <dd>{t(report.era === 'modern' ? 'probe.verdict.modernVersion' : 'probe.verdict.legacyVersion', { version: report.protocolVersion ?? '' })}</dd>
          <dt>{t('probe.verdict.scope')}</dt>
          <dd>{t('probe.verdict.scopeText')}</dd>
        </dl>
      ) : (
        <p>{t('probe.verdict.none', { error: failed ?? report.outcome ?? '' })}</p>
      )}
      {run.freshPid !== undefined && <p class="fw-meta">{t('probe.verdict.respawned', { pid: String(run.pid), fresh: String(run.freshPid) })}</p>}
    </div>
  );
}
