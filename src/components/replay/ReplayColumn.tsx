/**
 * One column of the Replay widget: the steps of one replay mode (every message
 * to one process, or each to a fresh one), with each step's pid, the exact
 * lines sent and received, where a live value was filled in from an earlier
 * reply, and whether the created event was there when the week was read.
 *
 * Words come from src/i18n (area `replay`); the island sets the language.
 */
import { t } from '../../i18n/index.ts';
import { richText } from '../ui/rich-text.tsx';
import type { ReplayMode, ReplayStep } from './replay-run.ts';
import { eventVerdict } from './verdict.ts';

/** One mode's run so far: its steps in order, whether it is still running, the error that stopped it, the engine's kind. */
export type Column = { steps: ReplayStep[]; busy: boolean; error?: string; engine?: string };

/** The view of one replay mode's column. */
export function ReplayColumn({ mode, title, column }: { mode: ReplayMode; title: string; column: Column }) {
  const v = eventVerdict(column.steps);
  const pids = [...new Set(column.steps.map((s) => s.pid))];
  return (
    <div class="rp-column" data-mode={mode} role="group" aria-label={title}>
      <p class="fw-title">{title}</p>
      <p class="fw-meta">
        {column.engine ? `${t('replay.engine', { engine: column.engine })} · ` : ''}
        {pids.length ? t(pids.length > 1 ? 'replay.pids' : 'replay.pid', { pids: pids.join(', ') }) : column.busy ? t('replay.starting') : t('replay.notRun')}
      </p>
      {column.error && <p class="fw-error" role="alert">{column.error}</p>}
      {v.created && v.read && (
        <p class={v.found ? 'fw-ok rp-verdict' : 'fw-error rp-verdict'} data-found={String(v.found)}>
          {t(v.found ? 'replay.found' : 'replay.missing', { id: v.created.id, title: v.created.title, pid: String(v.created.pid), readPid: String(v.read.pid) })}
        </p>
      )}
      <ol class="rp-steps">
        {column.steps.map((s) => (
          <li key={s.index} class="rp-step" data-step={s.index}>
            <p class="rp-step-title">
              {s.index + 1}. {s.label} <span class="fw-pid">pid {s.pid}</span>
            </p>
            {s.substituted.map((u) => {
              const from = [...column.steps.slice(0, s.index)].reverse().find((p) => p.captured.includes(u.name));
              return (
                <p class="fw-meta rp-subst" key={u.name}>
                  {from
                    ? richText('replay.filledFrom', { placeholder: `{{${u.name}}}`, step: from.index + 1, pid: String(from.pid) }, { value: <code>{short(u.value)}</code> })
                    : richText('replay.filled', { placeholder: `{{${u.name}}}` }, { value: <code>{short(u.value)}</code> })}
                  {from && from.pid !== s.pid && u.name === 'requestState' ? `. ${t('replay.neverSaw', { pid: String(s.pid) })}` : ''}
                </p>
              );
            })}
            {!s.valid && <p class="fw-warn">{t('replay.invalid')}</p>}
            <details class="rp-line">
              <summary class="fw-dir">{t('replay.sent', { what: describeSent(s.sent) })}</summary>
              <pre class="fw-line" data-dir="out">{s.sent}</pre>
            </details>
            {s.received !== undefined ? (
              <details class="rp-line">
                <summary class="fw-dir">
                  {t('replay.received', { what: s.classification?.label ?? t('replay.aLine') })}
                  {s.captured.length ? ` ${t('replay.gives', { names: s.captured.join(', ') })}` : ''}
                </summary>
                <pre class="fw-line" data-dir="in">{s.received}</pre>
              </details>
            ) : (
              <p class="fw-error">{s.error}</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** `tools/call create_event (id 2)` for a sent line; the raw start of the line when it is not JSON-RPC. */
function describeSent(line: string): string {
  try {
    const m = JSON.parse(line) as { method?: unknown; id?: unknown; params?: { name?: unknown; uri?: unknown } };
    const target = typeof m.params?.name === 'string' ? ` ${m.params.name}` : typeof m.params?.uri === 'string' ? ` ${m.params.uri}` : '';
    return `${String(m.method)}${target}${m.id !== undefined ? ` (id ${JSON.stringify(m.id)})` : ''}`;
  } catch {
    return short(line);
  }
}

function short(value: string): string {
  return value.length > 48 ? `${value.slice(0, 24)}…${value.slice(-12)}` : value;
}
