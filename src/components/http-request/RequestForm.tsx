import type { JSX } from 'preact';
import { t, type StringKey } from '../../i18n/index.ts';
import type { RequestDraft, RequestProblem, Target } from './request-text.ts';
import { TextField } from './TextField.tsx';

function problemText(p: RequestProblem): string {
  return t(`httpRequest.problem.${p.code}` as StringKey, p.vars);
}

/** Props of {@link RequestForm}: the draft and its servers, what stopped the last send, and the form's actions. */
export interface RequestFormProps {
  uid: string;
  targets: Target[];
  draft: RequestDraft;
  update: (patch: Partial<RequestDraft>) => void;
  /** The note beside the draft (restored, a form written into it), or ''. */
  note: string;
  problems: RequestProblem[];
  busy: boolean;
  pathInput: { current: HTMLInputElement | null };
  onSend: () => void;
  onRestart: () => void;
  onClear: () => void;
}

/** The typed request: server (when there are several), method, path, header lines, body; Send (also Ctrl/⌘+Enter from any field), Restart, Clear. */
export function RequestForm(p: RequestFormProps): JSX.Element {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      p.onSend();
    }
  };
  return (
    <form
      class="mcp-http-form"
      aria-label={t('httpRequest.requestRegion')}
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        p.onSend();
      }}
    >
      <div class="mcp-http-line">
        {p.targets.length > 1 ? (
          <span class="mcp-http-field">
            <label for={`${p.uid}-server`}>{t('httpRequest.server')}</label>
            <select id={`${p.uid}-server`} data-control="server" value={p.draft.target} onChange={(e) => p.update({ target: (e.currentTarget as HTMLSelectElement).value })}>
              {p.targets.map((x) => (
                <option key={x.server} value={x.server}>
                  {`${x.server} (${x.origin})`}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <TextField
          id={`${p.uid}-method`}
          class="mcp-http-method"
          label={t('httpRequest.method')}
          control="method"
          value={p.draft.method}
          list={`${p.uid}-methods`}
          onValue={(method) => p.update({ method })}
        />
        <datalist id={`${p.uid}-methods`}>
          {['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <TextField id={`${p.uid}-path`} class="mcp-http-path" label={t('httpRequest.path')} control="path" value={p.draft.path} inputRef={p.pathInput} onValue={(path) => p.update({ path })} />
      </div>
      <TextField id={`${p.uid}-headers`} label={t('httpRequest.headers')} control="headers" value={p.draft.headers} rows={4} onValue={(headers) => p.update({ headers })} />
      <TextField
        id={`${p.uid}-body`}
        label={t('httpRequest.body')}
        control="body"
        value={p.draft.body}
        rows={5}
        describedBy={`${p.uid}-help`}
        onValue={(body) => p.update({ body })}
      />
      <p id={`${p.uid}-help`} class="mcp-help">
        {t('httpRequest.help')}
      </p>
      {p.note ? <p class="mcp-note" data-note="draft">{p.note}</p> : null}
      {p.problems.length ? (
        <div class="mcp-warning mcp-http-problems" role="alert" data-problems="">
          <p>{t('httpRequest.problems')}</p>
          <ul>
            {p.problems.map((problem, i) => (
              <li key={i} data-problem={problem.code}>
                {problemText(problem)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div class="mcp-toolbar">
        <button type="submit" class="mcp-btn mcp-btn-primary" data-action="send" disabled={p.busy} aria-describedby={`${p.uid}-help`}>
          {p.busy ? t('httpRequest.sending') : t('httpRequest.send')}
        </button>
        <button type="button" class="mcp-btn" data-action="restart" onClick={p.onRestart}>
          {t('httpRequest.restart')}
        </button>
        <button type="button" class="mcp-btn" data-action="clear" onClick={p.onClear}>
          {t('httpRequest.clear')}
        </button>
      </div>
    </form>
  );
}
