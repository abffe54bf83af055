/**
 * The choice of how legacy.mjs refuses `server/discover` (its `--discover=`
 * switch), with what each answer means and the command that starts it so.
 * Whatever the choice, a client that probes falls back to `initialize`:
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 *
 * Words come from src/i18n (area `probe`); the island sets the language.
 */
import { t, type StringKey } from '../../i18n/index.ts';
import { serverFile } from '../pure/server-entry.ts';

/** How legacy.mjs answers `server/discover`: the values of its `--discover=` switch (toy-servers/legacy.mjs). */
export const LEGACY_STYLES = ['method-not-found', 'invalid-params', 'silent', 'exit'] as const;

/** One of {@link LEGACY_STYLES}. */
export type LegacyStyle = (typeof LEGACY_STYLES)[number];

/** Props of {@link LegacyStylePicker}: the style chosen, the setter, and whether a probe is running (the choice waits). */
export interface LegacyStylePickerProps {
  style: LegacyStyle;
  onStyle: (style: LegacyStyle) => void;
  disabled: boolean;
}

/** The legacy-style select, its explanation and the command line it stands for. */
export function LegacyStylePicker({ style, onStyle, disabled }: LegacyStylePickerProps) {
  return (
    <div class="pf-styles" data-legacy-styles>
      <div class="fw-row">
        <label>
          {t('probe.style.label', { file: serverFile('legacy') })}{' '}
          <select value={style} data-control="legacy-style" data-typed="legacy-style" onChange={(e) => onStyle((e.target as HTMLSelectElement).value as LegacyStyle)} disabled={disabled}>
            {LEGACY_STYLES.map((s) => (
              <option value={s} key={s}>
                {t(`probe.style.${s}` as StringKey)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="pf-explain">{t('probe.style.explain')}</p>
      <p class="fw-meta">
        {t('probe.style.command')} <code data-legacy-command>node legacy.mjs --discover={style}</code>
      </p>
    </div>
  );
}
