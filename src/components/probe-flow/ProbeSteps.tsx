/**
 * ProbeFlow's step list: each message of the probe revealed so far, the exact
 * line sent and the line received (as text), the process that answered, what
 * the reply was and why the probe went on as it did.
 */
import type { ProbeStep } from '../../protocol/index.ts';
import { t, type StringKey } from '../../i18n/index.ts';
import { failureText } from '../pure/failure-text.ts';
import type { ProbeRun } from './probe-run.ts';

const STEP_TITLES: Record<ProbeStep['kind'], string> = {
  discover: 'server/discover',
  initialize: 'initialize',
  initialized: 'notifications/initialized',
};

/** Props of {@link ProbeSteps}: the run, and how many of its steps are revealed. */
export interface ProbeStepsProps {
  run: ProbeRun;
  revealed: number;
}

/** The revealed steps of `run`, in order. */
export function ProbeSteps({ run, revealed }: ProbeStepsProps) {
  const report = run.report;
  return (
    <ol class="pf-steps" aria-label={t('probe.steps')}>
      {run.report.steps.slice(0, revealed).map((step, i) => (
        <li class="pf-step" key={i} data-step={step.kind} data-pid={step.pid}>
          <p class="pf-step-title">
            {STEP_TITLES[step.kind]} <span class="fw-pid">pid {step.pid ?? run.pid}</span>
            {step.pid !== undefined && step.pid !== run.pid && <span class="fw-meta"> ({t('probe.freshProcess')})</span>}{' '}
            <span class="fw-meta" data-outcome>
              {outcomeText(step)}
              {step.elapsedMs !== undefined ? ` · ${t('probe.ms', { ms: step.elapsedMs })}` : ''}
            </span>
          </p>
          <p class="fw-dir">{t('probe.sent')}</p>
          <pre class="fw-line" data-dir="out">{step.sent}</pre>
          {step.received !== undefined && (
            <>
              <p class="fw-dir">{t('probe.received')}</p>
              <pre class="fw-line" data-dir="in">{step.received}</pre>
            </>
          )}
          {step.uncorrelated && (
            <p class="pf-reason fw-warn" data-unmatched={step.uncorrelated}>
              {t(`probe.unmatched.${step.uncorrelated}` as StringKey)}
            </p>
          )}
          <p class="pf-reason" data-why={step.why?.code}>
            {step.why ? t(`probe.why.${step.why.code}` as StringKey, step.why.code === 'exit-undecided' && report?.failure ? { ...step.why.vars, message: failureText(report.failure) } : step.why.vars) : step.reason}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** What a step's reply (or its absence) was, in the reader's language; error codes and result names stay as on the wire. */
function outcomeText(step: ProbeStep): string {
  if (step.kind === 'initialized') return t('probe.outcome.notification');
  if (step.ended === 'timeout') return t('probe.outcome.timeout', { ms: step.timeoutMs ?? 0 });
  if (step.ended) return t(`probe.outcome.${step.ended === 'duplicate-id' ? 'closed' : step.ended}` as StringKey);
  if (step.kind === 'initialize' && step.why && (step.why.code === 'initialize-ok' || step.why.code === 'initialize-ok-other')) {
    return t('probe.outcome.initializeResult', { version: String(step.why.vars.version) });
  }
  return step.outcome;
}
