import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import { JsonView } from '../ui/JsonView.tsx';
import { BrowserWords } from '../ui/BrowserWords.tsx';
import { said, type Note } from './response-notes.ts';

/** One note of a response's explanation: its sentence, the browser's own words behind it, its fields and their checks, a decoded JWT. */
export function NoteView({ note }: { note: Note }): JSX.Element {
  return (
    <li class={`mcp-http-note mcp-tone-${note.tone}`} data-note={note.words.key.replace(/^httpRequest\.note\./, '')}>
      <span>{said(note.words)}</span>
      {note.detail !== undefined ? <BrowserWords text={note.detail} /> : null}
      {note.fields?.length ? (
        <ul class="mcp-http-fields">
          {note.fields.map((f, i) => (
            <li key={i} data-field={f.name}>
              <code>{f.name}</code> = <code class="mcp-http-field-value">{f.value}</code>
              {f.meaning ? <span class="mcp-http-meaning">: {said(f.meaning)}</span> : null}
              {f.checks?.map((c, k) => (
                <p key={k} class={`mcp-tone-${c.tone}`} data-check={c.key.replace(/^httpRequest\./, '')}>
                  {said(c)}
                </p>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {note.jwt ? (
        <div class="mcp-http-jwt">
          <p class="mcp-note">{t('httpRequest.jwtHeader')}</p>
          <JsonView value={note.jwt.header} />
          <p class="mcp-note">{t('httpRequest.jwtPayload')}</p>
          <JsonView value={note.jwt.payload} />
          {note.jwtTimes ? <p class="mcp-note">{t('httpRequest.jwtTimes', { times: note.jwtTimes })}</p> : null}
        </div>
      ) : null}
    </li>
  );
}
