/**
 * HandshakeHazard's island: the hazard of skipping the era probe
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio,
 * backward compatibility), live. One button sends `tools/list` with no probe
 * and no handshake as the very first line to a fresh process of a legacy
 * server (what a modern-only client that skips the probe does); another sends
 * the same request after the probe and the legacy handshake, on another fresh
 * process, and the two counts are compared. Every line is the exact line on
 * the wire, rendered as text; every other word comes from
 * `src/i18n/<lang>/probe.ts` (the `probe.hazard.*` strings).
 */
import { useState } from 'preact/hooks';
import { setLang, t } from '../../i18n/index.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { getEngine } from '../page/engine-choice.ts';
import { currentEntry, type ServerName } from '../page/server-sources.ts';
import { isBuiltServer, serverFile } from '../pure/server-entry.ts';
import { errorText, failureText } from '../pure/failure-text.ts';
import { runAfterHandshake, runHazard, type AfterHandshakeRun, type HazardRun } from './hazard-run.ts';
import '../ui/widget.css';
import '../ui/flow-base.css';

/** Props of {@link HandshakeHazard}. */
export interface HandshakeHazardProps {
  /** The legacy server sent the request (a registry name the `.astro` wrapper checked). Default `legacy`. */
  server?: string;
  /** The page's language (`en`, `id`); the `.astro` wrapper passes it. */
  lang?: string;
}

/** The entry `server` runs from on this page now (the original, or a ServerEditor's edit). */
const entryOf = (server: string): string => currentEntry(server as ServerName);

/** The HandshakeHazard widget. */
export function HandshakeHazard({ server = 'legacy', lang }: HandshakeHazardProps) {
  setLang(lang);
  const [hazard, setHazard] = useState<HazardRun>();
  const [after, setAfter] = useState<AfterHandshakeRun>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** Before the island hydrates its controls have no handlers: they stay disabled until then. */
  const hydrated = useHydrated();
  // The package's short name, as developers say it; not translated.
  const shortName = isBuiltServer(server) ? `server-${server}` : serverFile(server);

  async function send(kind: 'none' | 'after') {
    setBusy(true);
    setError(undefined);
    try {
      const engine = await getEngine();
      if (kind === 'none') setHazard(await runHazard(engine, server, { entryOf }));
      else setAfter(await runAfterHandshake(engine, server, { entryOf }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const lastPid = after?.pid ?? hazard?.pid;

  return (
    <section class="fw not-content" aria-label={t('probe.hazard.aria')} data-widget="handshake-hazard" data-server={server} data-ready={hydrated ? 'yes' : undefined}>
      <div class="fw-head">
        <p class="fw-title">{t('probe.hazard.title')}</p>
        <EngineBadge pid={lastPid} processState={lastPid !== undefined ? t('probe.processClosed') : undefined} />
      </div>
      <div class="fw-row">
        <button type="button" class="mcp-btn" data-action="hazard" onClick={() => send('none')} disabled={busy || !hydrated}>
          {t('probe.hazard.send', { server: shortName })}
        </button>
        <button type="button" class="mcp-btn" data-action="hazard-after" onClick={() => send('after')} disabled={busy || !hydrated}>
          {t('probe.hazard.after')}
        </button>
        <p class="fw-meta" role="status" aria-live="polite" data-hazard-status>
          {busy ? t('probe.hazard.sending') : hazard ? t('probe.hazard.status', { engine: hazard.engine, pid: String(hazard.pid) }) : ''}
        </p>
      </div>
      {error && (
        <p class="fw-error" role="alert">
          {t('probe.hazard.failed', { error })}
        </p>
      )}
      {hazard && (
        <div data-hazard data-server={hazard.server}>
          <p class="fw-dir">{t('probe.hazard.firstLine')}</p>
          <pre class="fw-line" data-dir="out">{hazard.result.sent}</pre>
          {hazard.result.received !== undefined && (
            <>
              <p class="fw-dir">{t('probe.received')}</p>
              <pre class="fw-line" data-dir="in">{hazard.result.received}</pre>
            </>
          )}
          <p class={hazard.result.served ? 'fw-warn' : 'fw-meta'} data-hazard-verdict data-count={hazard.result.served ? hazard.result.count : undefined}>
            {hazard.result.served
              ? hazard.result.count === 1
                ? t('probe.hazard.servedOne')
                : t('probe.hazard.served', { count: hazard.result.count ?? 0 })
              : t('probe.hazard.notServed', { why: hazard.result.classification?.label ?? (hazard.result.failure ? failureText(hazard.result.failure) : hazard.result.error) ?? t('probe.hazard.noReply') })}
          </p>
        </div>
      )}
      {after && (
        <div data-hazard-after data-server={after.server} data-count={after.count} data-version={after.protocolVersion}>
          <p class="fw-dir">{t('probe.hazard.afterLine')}</p>
          {after.sent !== undefined && <pre class="fw-line" data-dir="out">{after.sent}</pre>}
          {after.received !== undefined && (
            <>
              <p class="fw-dir">{t('probe.received')}</p>
              <pre class="fw-line" data-dir="in">{after.received}</pre>
            </>
          )}
          <p class="fw-meta" data-hazard-after-verdict>
            {after.count === undefined
              ? t('probe.hazard.afterFailed', { error: after.error ?? '' })
              : after.count === 1
                ? t('probe.hazard.afterCountOne', { version: after.protocolVersion ?? '' })
                : t('probe.hazard.afterCount', { version: after.protocolVersion ?? '', count: after.count })}
          </p>
        </div>
      )}
      {hazard?.result.count !== undefined && after?.count !== undefined && (
        <p class="fw-meta" data-hazard-compare>
          {hazard.result.count === after.count ? t('probe.hazard.same', { count: after.count }) : t('probe.hazard.differ', { before: hazard.result.count, after: after.count })}
        </p>
      )}
    </section>
  );
}
