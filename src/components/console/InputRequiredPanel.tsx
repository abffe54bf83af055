/**
 * What an `input_required` reply asks for, shown under the toolbar: the form
 * of an `elicitation/create` request (with a button that moves the focus to
 * it), a note for a request the Console cannot answer (with Dismiss), or,
 * for a reply that carried only `requestState`, a button that retries now.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import type { ElicitResult } from '../../protocol/index.ts';
import { t } from '../../i18n/index.ts';
import { ElicitationPanel } from '../elicitation-form/ElicitationPanel.tsx';
import type { PendingInput } from './use-input-required.ts';

/** Props of {@link InputRequiredPanel}. */
export interface InputRequiredPanelProps {
  pending: PendingInput;
  onAnswer(result: ElicitResult): void;
  onDismiss(): void;
  onRetry(): void;
}

/** The region of the reply being answered (`role="region"`). */
export function InputRequiredPanel({ pending, onAnswer, onDismiss, onRetry }: InputRequiredPanelProps): JSX.Element {
  const root = useRef<HTMLDivElement>(null);
  const current = pending.requests[pending.index];
  return (
    <div class="mcp-pending" role="region" aria-label={t('console.asksRegion')} ref={root}>
      {current && current[1].method === 'elicitation/create' ? (
        <>
          <button
            type="button"
            class="mcp-btn mcp-btn-small"
            data-action="go-to-form"
            onClick={() => root.current?.querySelector<HTMLElement>('form input, form select, form textarea, form button')?.focus()}
          >
            {t('console.goToForm')}
          </button>
          <ElicitationPanel
            key={`${String(pending.requestId)}-${pending.index}`}
            params={(current[1].params ?? {}) as Record<string, unknown>}
            heading={t('console.inputHeading', { key: current[0], n: pending.index + 1, total: pending.requests.length })}
            onResult={onAnswer}
          />
        </>
      ) : current ? (
        <p class="mcp-tone-warn">
          {t('console.cannotAnswer', { method: String(current[1].method), key: current[0] })}{' '}
          <button type="button" class="mcp-btn" data-action="dismiss" onClick={onDismiss}>
            {t('console.dismiss')}
          </button>
        </p>
      ) : (
        <p>
          {t('console.onlyState')}{' '}
          <button type="button" class="mcp-btn mcp-btn-primary" data-action="retry" onClick={onRetry}>
            {t('console.retryNow')}
          </button>
        </p>
      )}
    </div>
  );
}
