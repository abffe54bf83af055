import { currentLang, formatNumber, t } from '../../i18n/index.ts';
import type { SerialisationName } from '../../protocol/index.ts';
import { richText } from '../ui/rich-text.tsx';
import { CONTEXT_WINDOWS, formatShare, windowShare } from './context-windows.ts';

/** Props of {@link ServersMultiplier}: the servers count the reader typed (and whether the last text was one), the tokens per server. */
export interface ServersMultiplierProps {
  server: string;
  servers: number;
  serversBad: boolean;
  /** Hears the text the reader typed in the servers field. */
  onServers: (text: string) => void;
  /** Tokens one server's catalog and instructions cost under `serialisation`. */
  perServer: number;
  serialisation: SerialisationName;
}

/** The catalog's cost times a number of connected servers, against typical context windows. */
export function ServersMultiplier({ server, servers, serversBad, onServers, perServer, serialisation }: ServersMultiplierProps) {
  const fmt = (n: number) => formatNumber(n);
  const all = perServer * servers;
  return (
    <div class="tm-multiply" role="group" aria-label={t('tokens.manyServers')}>
      <div class="fw-row">
        <label for={`tm-servers-${server}`}>{t('tokens.servers')}</label>
        <input
          id={`tm-servers-${server}`}
          type="number"
          data-field="servers"
          min={1}
          max={1000}
          step={1}
          value={servers}
          aria-invalid={serversBad ? 'true' : undefined}
          aria-describedby={serversBad ? `tm-servers-${server}-err` : undefined}
          onInput={(e) => onServers((e.target as HTMLInputElement).value)}
        />
      </div>
      {serversBad ? (
        <p id={`tm-servers-${server}-err`} class="fw-error" role="alert">
          {t('tokens.serversBad', { min: 1, max: 1000, last: servers })}
        </p>
      ) : null}
      <p data-all-servers={all}>
        {richText('tokens.multiply', { servers, perServer, serialisation }, { all: <strong>{fmt(all)}</strong> })}
      </p>
      <p class="fw-meta">{t('tokens.windows')}</p>
      <ul class="tm-windows">
        {CONTEXT_WINDOWS.map((w) => {
          const share = windowShare(all, w);
          return (
            <li key={w.label} data-window={w.tokens}>
              <span class="tm-window-label">
                {richText('tokens.window', { label: w.label, tokens: w.tokens }, { share: <strong>{formatShare(share, currentLang())}</strong> })}
              </span>
              <div class="tm-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, share)}%` }} data-over={share > 100 || undefined} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
