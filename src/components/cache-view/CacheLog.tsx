import { say, type LogItem, type WireItem } from './cache-words.ts';

/** The "What happened" log (announced politely as it grows) and, behind a disclosure, the lines on the wire. */
export function CacheLog({ log, wire }: { log: LogItem[]; wire: WireItem[] }) {
  return (
    <>
      <h3 class="cv-h">{say('logTitle')}</h3>
      <ol class="cv-log" aria-live="polite">
        {log.map((item) => (
          <li key={item.n} data-kind={item.kind}>
            {item.text}
          </li>
        ))}
      </ol>
      <details class="cv-wire">
        <summary>
          {say('wireTitle')} ({wire.length})
        </summary>
        <ol class="cv-wire-lines">
          {wire.map((w) => (
            <li key={w.n} class="fw-line" data-dir={w.dir}>
              {w.dir === 'out' ? '-> ' : '<- '}
              {w.text}
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}
