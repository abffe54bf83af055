/**
 * What a client shows for an `elicitation/create` request (https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr):
 * form mode renders the flat `requestedSchema` with validation; URL mode
 * shows the full URL and asks for consent, and never opens or fetches it.
 * Accept / Decline / Cancel produce the `ElicitResult` (`{action, content?}`).
 * A schema outside the allowed subset is shown as the server's error.
 *
 * Props: `params` (the request's params as received: `mode?`, `message`,
 * `requestedSchema` or `url`), `onResult` (called once with the ElicitResult),
 * `heading` (optional title, e.g. which input request key this answers),
 * `autoFocus` (focus the first field when shown).
 *
 * What the reader typed, chose or ticked in the server-rendered form before
 * the island hydrated is where the form starts from (page/typed-before.ts).
 * Each control carries `data-typed`: `field:<name>`, and for a multi-select
 * `field:<name>:<choice value>`.
 */
import type { JSX } from 'preact';
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { ElicitResult } from '../../protocol/index.ts';
import { readRequestedSchema } from './requested-schema.ts';
import { formContent, formProblems, initialValues, type FieldValue } from './form-values.ts';
import { rich } from '../ui/rich-text.tsx';
import { t } from '../../i18n/index.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { adoptTyped } from './adopt-typed.ts';
import { FieldInput } from './FieldInput.tsx';
import { UrlConsent } from './UrlConsent.tsx';
import { SchemaProblems } from './SchemaProblems.tsx';

/** Props of {@link ElicitationPanel}. */
export interface ElicitationPanelProps {
  params: Record<string, unknown>;
  onResult: (result: ElicitResult) => void;
  heading?: string;
  autoFocus?: boolean;
  /** Renders the answer buttons disabled (the standalone form before its island hydrates: the fields stay open, so what the reader types then is kept, and no submit goes to the page). */
  disabled?: boolean;
}

/** The form or URL-consent panel for one elicitation request. */
export function ElicitationPanel({ params, onResult, heading, autoFocus, disabled }: ElicitationPanelProps): JSX.Element {
  // useId: the same ids on the server and in the page, so the hydrated form's labels and lookups agree.
  const uid = `mcp-elicit-${useId()}`;

  const isUrl = params.mode === 'url';
  const reading = useMemo(() => (isUrl ? undefined : readRequestedSchema(params.requestedSchema)), [params, isUrl]);
  const fields = reading?.ok ? reading.fields : [];
  const [values, setValues] = useState<Record<string, FieldValue>>(() => initialValues(fields));
  const typedRoot = useTypedBefore('elicitation', (typed) => setValues((v) => adoptTyped(fields, v, typed)));
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<ElicitResult | undefined>();
  const root = useRef<HTMLFormElement>(null);
  const problems = formProblems(fields, values);
  const message = typeof params.message === 'string' ? params.message : '';
  const badMode = params.mode !== undefined && params.mode !== 'form' && params.mode !== 'url';

  useEffect(() => {
    if (autoFocus) root.current?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, []);

  const finish = (r: ElicitResult) => {
    setDone(r);
    onResult(r);
  };
  if (done) {
    return (
      <div class="mcp-elicit mcp-elicit-done" role="status">
        {rich('elicitation.answered', { result: <code>{JSON.stringify(done)}</code> })}
      </div>
    );
  }
  const buttons = (acceptLabel: string, canAccept: boolean) => (
    <div class="mcp-actions">
      {canAccept ? (
        <button type="submit" class="mcp-btn mcp-btn-primary" data-action="accept" disabled={disabled}>
          {acceptLabel}
        </button>
      ) : null}
      <button type="button" class="mcp-btn" data-action="decline" disabled={disabled} onClick={() => finish({ action: 'decline' })}>
        {t('elicitation.decline')}
      </button>
      <button type="button" class="mcp-btn" data-action="cancel" disabled={disabled} onClick={() => finish({ action: 'cancel' })}>
        {t('elicitation.cancel')}
      </button>
    </div>
  );
  const title = (
    <p class="mcp-elicit-title">
      {heading ? <span class="mcp-elicit-key">{heading}</span> : null}
      {rich(isUrl ? 'elicitation.asksUrl' : 'elicitation.asks', { message: <span class="mcp-elicit-message">{message || t('elicitation.noMessage')}</span> })}
    </p>
  );

  let body: JSX.Element;
  let canAccept = true;
  if (badMode) {
    canAccept = false;
    body = <p class="mcp-tone-error">{t('elicitation.badMode', { mode: JSON.stringify(params.mode) ?? String(params.mode) })}</p>;
  } else if (isUrl) {
    const url = typeof params.url === 'string' ? params.url : '';
    let valid = false;
    try {
      valid = /^https?:$/.test(new URL(url).protocol);
    } catch {
      valid = false;
    }
    canAccept = valid;
    body = <UrlConsent url={url} valid={valid} />;
  } else if (!reading?.ok) {
    canAccept = false;
    body = <SchemaProblems problems={reading?.problems ?? []} />;
  } else {
    body = (
      <>
        {fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            id={`${uid}-${f.name.replace(/[^A-Za-z0-9_-]/g, '_')}`}
            value={values[f.name]}
            problem={tried ? problems[f.name] : undefined}
            onInput={(v) => setValues({ ...values, [f.name]: v })}
          />
        ))}
        {tried && Object.keys(problems).length ? (
          <p class="mcp-field-err" role="alert">
            {Object.keys(problems).length === 1 ? t('elicitation.fixOne') : t('elicitation.fixMany', { n: Object.keys(problems).length })}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <form
      ref={root}
      {...typedRoot}
      class="mcp-elicit"
      noValidate
      aria-label={t('elicitation.formLabel', { message: message.slice(0, 80) })}
      onSubmit={(e) => {
        e.preventDefault();
        if (!canAccept) return;
        if (isUrl) return finish({ action: 'accept' });
        setTried(true);
        if (Object.keys(problems).length) {
          const first = fields.find((f) => problems[f.name]);
          root.current?.querySelector<HTMLElement>(`[id^="${uid}-${first?.name.replace(/[^A-Za-z0-9_-]/g, '_')}"]`)?.focus();
          return;
        }
        finish({ action: 'accept', content: formContent(fields, values) });
      }}
    >
      {title}
      {body}
      {buttons(t(isUrl ? 'elicitation.acceptConsent' : 'elicitation.accept'), canAccept)}
    </form>
  );
}
