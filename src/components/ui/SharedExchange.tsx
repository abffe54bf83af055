/**
 * A shared exchange shown in the widget it was shared from, marked as shared
 * (a labelled region, a heading that says so): every line as text (never as
 * HTML), with its direction and process. Nothing runs until the reader
 * presses "Replay against a fresh process"; then the same stdin lines go to
 * fresh processes (`page/shared-replay.ts`) and each received line shows the
 * replayed one beside it, marked the same or different. The reader's drafts
 * and edits are never read or written here.
 *
 * Props: `exchange` (checked by `pure/share-link.ts`), `onClose`.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import type { SharedExchange as Exchange } from '../pure/share-link.ts';
import { errorText } from '../pure/failure-text.ts';
import { LazyDetails } from './LazyDetails.tsx';

type ReplayState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; received: string[][] } | { kind: 'failed'; why: string };

let shown = 0;

/** The shared exchange `exchange`, with its replay. */
export function SharedExchange({ exchange, onClose }: { exchange: Exchange; onClose: () => void }): JSX.Element {
  const [uid] = useState(() => `mcp-shared-${++shown}`);
  const [replay, setReplay] = useState<ReplayState>({ kind: 'idle' });
  const received = replay.kind === 'done' ? replay.received : undefined;
  const seen = new Map<number, number>();
  let same = 0;
  let total = 0;
  const rows = exchange.lines.map((line, i) => {
    let mine: string | undefined | null = null;
    if (line.dir === 'in' && received) {
      const k = seen.get(line.proc) ?? 0;
      seen.set(line.proc, k + 1);
      mine = received[line.proc]?.[k];
      total++;
      if (mine === line.text) same++;
    }
    const head = t(line.dir === 'out' ? 'share.shared.sent' : line.dir === 'in' ? 'share.shared.received' : 'share.shared.stderr');
    return (
      <li key={i} class="mcp-shared-row" data-dir={line.dir} data-proc={line.proc}>
        <span class="mcp-shared-head">
          {line.dir === 'out' ? '→' : '←'} {head} · {t('share.shared.proc', { n: line.proc + 1 })}
        </span>
        <pre class="mcp-shared-line" data-line={i}>
          {line.text}
        </pre>
        {mine !== null ? (
          <div class="mcp-shared-replayed" data-same={mine === line.text ? 'yes' : 'no'}>
            <span class="mcp-shared-head">
              {t('share.shared.yours')}: {mine === undefined ? t('share.shared.missing') : t(mine === line.text ? 'share.shared.same' : 'share.shared.differs')}
            </span>
            {mine !== undefined && mine !== line.text ? <pre class="mcp-shared-line">{mine}</pre> : null}
          </div>
        ) : null}
      </li>
    );
  });
  const run = async () => {
    setReplay({ kind: 'running' });
    try {
      const { replayShared } = await import('../page/shared-replay.ts');
      setReplay({ kind: 'done', received: (await replayShared(exchange)).received });
    } catch (e) {
      setReplay({ kind: 'failed', why: errorText(e) });
    }
  };
  return (
    <div class="mcp-shared" role="region" aria-labelledby={`${uid}-title`} data-shared="yes" data-shared-widget={exchange.widget} data-replay={replay.kind}>
      <p id={`${uid}-title`} class="mcp-shared-title">
        <strong>{t('share.shared.label')}</strong> · {t('share.shared.title', { server: `${exchange.server}.mjs`, n: exchange.lines.length })}
      </p>
      <p class="mcp-note">{t('share.shared.help')}</p>
      {exchange.source !== undefined ? (
        <>
          <p class="mcp-note">{t('share.shared.edited')}</p>
          <LazyDetails summary={t('share.shared.source')}>{() => <pre class="mcp-shared-line" data-shared-source>{exchange.source}</pre>}</LazyDetails>
        </>
      ) : null}
      <ol class="mcp-shared-lines">{rows}</ol>
      <div class="mcp-toolbar">
        {exchange.transport === 'stdio' ? (
          <button type="button" class="mcp-btn mcp-btn-primary" data-action="replay-shared" disabled={replay.kind === 'running'} onClick={() => void run()}>
            {t('share.shared.replay')}
          </button>
        ) : (
          <p class="mcp-note">{t('share.shared.noReplayHttp')}</p>
        )}
        <button type="button" class="mcp-btn" data-action="close-shared" onClick={onClose}>
          {t('share.shared.close')}
        </button>
        <span class="mcp-sr-status" role="status">
          {replay.kind === 'running'
            ? t('share.shared.replaying')
            : replay.kind === 'done'
              ? t('share.shared.replayed', { same, total })
              : replay.kind === 'failed'
                ? t('share.shared.replayFailed', { why: replay.why })
                : ''}
        </span>
      </div>
    </div>
  );
}
