import type { CatalogFigures } from '../../protocol/index.ts';
import { currentLang, formatNumber, t } from '../../i18n/index.ts';
import { formatDate } from '../measured-facts/measured-facts.ts';

/** Figures measured on the same package, shown beside the live ones. Counts are items or tokens. */
export interface RecordedFigures {
  package: string;
  version: string;
  /** Date of the measurement, `YYYY-MM-DD`. */
  measuredOn: string;
  tools: number;
  python: number;
  compact: number;
  instructions: number;
}

/**
 * The recorded figures of the same package beside the live ones, and one
 * sentence: they agree, they differ because the reader edited a description,
 * or they differ (another package version, tokenizer or client capability).
 */
export function RecordedBeside({ recorded, figures, toolCount, edited }: { recorded: RecordedFigures; figures: CatalogFigures | undefined; toolCount: number | undefined; edited: boolean }) {
  const rows: Array<{ key: string; label: string; live: number | undefined; rec: number }> = [
    { key: 'tools', label: t('tokens.rowTools'), live: figures ? toolCount : undefined, rec: recorded.tools },
    { key: 'python', label: t('tokens.rowPython'), live: figures?.python.total, rec: recorded.python },
    { key: 'compact', label: t('tokens.rowCompact'), live: figures?.compact.total, rec: recorded.compact },
    { key: 'instructions', label: t('tokens.rowInstructions'), live: figures?.instructions, rec: recorded.instructions },
  ];
  const verdict = !figures ? 'pending' : rows.every((r) => r.live === r.rec) ? 'same' : edited ? 'edited' : 'differs';
  const sentence = { pending: t('tokens.pending'), same: t('tokens.same'), edited: t('tokens.differsEdited'), differs: t('tokens.differs') }[verdict];
  return (
    <div class="tm-recorded" data-recorded={verdict}>
      <div class="fw-table-box" tabindex={0} role="region" aria-label={t('tokens.recordedTitle')}>
      <table>
        <caption>{t('tokens.recordedTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tokens.colWhat')}</th>
            <th scope="col">{t('tokens.colLive')}</th>
            <th scope="col">{t('tokens.colRecorded', { package: recorded.package, version: recorded.version, date: formatDate(recorded.measuredOn, currentLang()) })}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-row={r.key} data-live={r.live ?? ''} data-recorded={r.rec}>
              <th scope="row">{r.label}</th>
              <td class="fw-num">{r.live === undefined ? '…' : formatNumber(r.live)}</td>
              <td class="fw-num">{formatNumber(r.rec)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <p class={verdict === 'same' ? 'fw-ok' : verdict === 'pending' ? 'fw-meta' : 'fw-warn'}>{sentence}</p>
    </div>
  );
}
