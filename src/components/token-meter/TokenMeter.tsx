/**
 * TokenMeter's island: what the live catalog of a running server costs in
 * tokens (tiktoken `o200k_base`), per tool and in total, under the `compact`
 * and `python` serialisations (src/protocol/catalog.ts), plus the server's
 * instructions. The reader can edit a tool's description and watch the count
 * change, and multiply by a number of connected servers to compare with
 * typical context-window sizes. Given `recorded` figures (a measurement of
 * the same package, from src/data/measured.json), it shows them beside the
 * live ones and says whether they agree.
 *
 * The catalog is the one a client sees after the era probe: on a modern
 * server `server/discover` then `tools/list`; on a legacy one the
 * `initialize` handshake and `notifications/initialized` first (a server may
 * register tools once initialized), exactly as `npm run probe` counts it
 * (./catalog-source.ts). When a ServerEditor on the page runs another
 * source, the meter lists again and says so; the counts of the previous
 * source are not shown meanwhile (`data-meter-status` is `counted` only for
 * the catalog of the source that runs now).
 *
 * Nothing heavy loads before the meter is on screen: an IntersectionObserver
 * starts the tokenizer Worker (WASM + ranks, with progress) and the server
 * (for a built server such as `everything`, the first spawn fetches its bundle).
 * Words come from src/i18n (area `tokens`), in the `lang` the wrapper passes.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CatalogFigures, SerialisationName, Tool } from '../../protocol/index.ts';
import { currentLang, formatNumber, setLang, t } from '../../i18n/index.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { flowEngine } from '../page/flow-engine.ts';
import { onServerSourceChange, warmEngine, type ServerName } from '../page/page-engine.ts';
import { fetchCatalog, type LiveCatalog } from './catalog-source.ts';
import { CONTEXT_WINDOWS, formatShare, windowShare } from './context-windows.ts';
import { TokenizerClient, type TokenizerProgress } from './tokenizer-client.ts';
import { readCount } from '../integration-counter/integrations.ts';
import { formatDate } from '../measured-facts/measured-facts.ts';
import { builtServer, serverLabel } from '../pure/reference-server.ts';
import { richText } from '../ui/rich-text.tsx';
import { errorText } from '../pure/failure-text.ts';
import '../ui/widget.css';
import '../ui/flow-base.css';
import './token-meter.css';
import { reportAction } from '../page/reader-actions.ts';

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

/** Props of {@link TokenMeter}. */
export interface TokenMeterProps {
  /** The server whose catalog is counted. Default `calendar`. */
  server?: string;
  /** The page's language (`en`, `id`); the wrapper passes it. */
  lang?: string;
  /** Recorded figures of the same package to show beside the live ones. */
  recorded?: RecordedFigures;
  /** Delay after the last keystroke before recounting, in ms. Default 200. */
  debounceMs?: number;
}

let sharedTokenizer: TokenizerClient | undefined;
/** One tokenizer Worker per page, shared by every meter. */
function tokenizer(): TokenizerClient {
  return (sharedTokenizer ??= new TokenizerClient());
}

const mb = (bytes: number) => t('tokens.megabytes', { n: Math.round(bytes / 100_000) / 10 });

/** The TokenMeter widget. */
export function TokenMeter({ server = 'calendar', lang, recorded, debounceMs = 200 }: TokenMeterProps) {
  setLang(lang);
  const fmt = (n: number) => formatNumber(n);
  const label = serverLabel(server);
  const root = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);
  const [progress, setProgress] = useState<TokenizerProgress>({ loaded: 0, total: 0, ready: false });
  const [catalog, setCatalog] = useState<LiveCatalog>();
  const [edits, setEdits] = useState<Record<string, string>>({});
  /** The last count, with the catalog it counted (a count of an older catalog is never shown as this one's). */
  const [measured, setMeasured] = useState<{ of: LiveCatalog; figures: CatalogFigures }>();
  const [error, setError] = useState<string>();
  const [serialisation, setSerialisation] = useState<SerialisationName>('python');
  // The serialisation the reader picked before hydration, if they did.
  const typedRoot = useTypedBefore('tokens', (typed) => {
    const s = typed.choice('serialisation', ['python', 'compact'] as const);
    if (s) setSerialisation(s);
  });
  const [servers, setServers] = useState(1);
  const [serversBad, setServersBad] = useState(false);
  const [counting, setCounting] = useState(false);
  /** Before the island hydrates its controls have no handlers: they stay disabled until then. */
  const hydrated = useHydrated();
  // Bumped when a ServerEditor on the page runs an edited (or the original) source: the meter re-lists.
  const [sourceVersion, setSourceVersion] = useState(0);
  /** The source version the shown catalog was listed from: until it is the current one, the meter says it is listing. */
  const [listedAt, setListedAt] = useState(0);
  useEffect(() => onServerSourceChange(server as ServerName, () => setSourceVersion((v) => v + 1)), [server]);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    if (!visible) return;
    // On screen: the meter is about to run a server and load its tokenizer; warming marks that moment for
    // the page-weight benchmark (what loads after it is the widget's, not the page's initial JavaScript).
    void warmEngine();
    setError(undefined);
    const tk = tokenizer();
    const off = tk.onProgress(setProgress);
    tk.ready().then(
      (ms) => setProgress((p) => ({ ...p, ready: true, ms })),
      (e: Error) => setError(t('tokens.tokenizerFailed', { message: errorText(e) })),
    );
    // A built server (the reference server) starts cold: its bundle is fetched and evaluated on the first
    // spawn, which on a slow device takes seconds. Give it time, so the probe does not mistake a slow
    // start for silence.
    const cold = builtServer(server) !== undefined;
    const version = sourceVersion;
    let live = true; // a listing of a source replaced since never lands after the newer one
    flowEngine()
      .then(({ engine, entryOf }) => fetchCatalog(engine, server, cold ? { entryOf, timeoutMs: 30_000, discoverTimeoutMs: 15_000 } : { entryOf }))
      .then((c) => {
        if (!live) return;
        setCatalog(c);
        setListedAt(version);
        if (c.error) setError(t('tokens.listFailed', { server: label, message: c.error }));
      })
      .catch((e: Error) => live && setError(t('tokens.startFailed', { server: label, message: errorText(e) })));
    return () => {
      live = false;
      off();
    };
  }, [visible, server, sourceVersion]);

  const tools: Tool[] | undefined = catalog?.tools.map((tool) => (tool.name in edits ? { ...tool, description: edits[tool.name] } : tool));

  useEffect(() => {
    if (!catalog || !tools) return;
    let live = true;
    setCounting(true);
    const timer = setTimeout(
      () => {
        tokenizer()
          .measure(tools, catalog.instructions)
          .then((f) => live && setMeasured({ of: catalog, figures: f }))
          .catch((e: Error) => live && setError(t('tokens.countFailed', { message: errorText(e) })))
          .finally(() => live && setCounting(false));
      },
      measured?.of === catalog ? debounceMs : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalog, edits]);

  // Figures are shown only for the catalog of the source that runs now: after a ServerEditor run, the
  // meter says it is listing (and hides the old counts) until the new catalog is listed and counted.
  const figures = measured && measured.of === catalog && listedAt === sourceVersion ? measured.figures : undefined;

  // Until the figures arrive, the same layout is rendered hidden with zero counts (one row per tool
  // once the catalog is listed, else as many as the recording counted, else one), so the page below
  // the meter does not jump when they do.
  const reserving = !figures && !error && !catalog?.error;
  const placeholders = Array.from({ length: recorded?.tools ?? 1 }, (_, i) => ({ name: `tool-${i + 1}`, description: '', inputSchema: { type: 'object' } }) as Tool);
  const layoutTools: Tool[] | undefined = figures ? tools : tools?.length ? tools : placeholders;
  const zeros = (list: Tool[]) => ({ perTool: list.map((tool) => ({ name: tool.name, tokens: 0, bytes: 0 })), total: 0 });
  const shown = (figures ?? (layoutTools ? ({ toolCount: layoutTools.length, compact: zeros(layoutTools), python: zeros(layoutTools) } as unknown as CatalogFigures) : undefined));
  const ser = figures?.[serialisation];
  const max = ser ? Math.max(1, ...ser.perTool.map((tool) => tool.tokens)) : 1;
  const perServer = ser ? ser.total + (figures?.instructions ?? 0) : 0;
  const all = perServer * servers;
  const edited = (name: string) => name in edits && edits[name] !== (catalog?.tools.find((tool) => tool.name === name)?.description ?? '');
  const anyEdited = catalog?.tools.some((tool) => edited(tool.name)) ?? false;

  const status = !visible
    ? t('tokens.waiting')
    : !progress.ready
      ? t('tokens.loading', { progress: progress.total ? t('tokens.loadedOf', { loaded: mb(progress.loaded), total: mb(progress.total) }) : mb(progress.loaded) })
      : !catalog || listedAt !== sourceVersion
        ? t('tokens.listing')
        : [
            label,
            t('tokens.engine', { engine: catalog.engine }),
            `pid ${catalog.pid}`,
            [t('tokens.era', { era: catalog.era ?? '?' }), catalog.protocolVersion].filter(Boolean).join(' '),
            t('tokens.loadedIn', { ms: progress.ms ?? '?' }),
            ...(counting ? [t('tokens.counting')] : []),
          ].join(' · ');

  return (
    <section ref={root} class="fw token-meter not-content" aria-label={t('tokens.aria', { server: label })} data-widget="token-meter" data-server={server} {...typedRoot} data-ready={hydrated ? 'yes' : undefined}>
      <div class="fw-head">
        <p class="fw-title">{t('tokens.title', { server: label })}</p>
        <EngineBadge pid={catalog?.pid} processState={catalog ? t('tokens.closedAfterListing') : undefined} />
      </div>
      <p class="fw-meta" role="status" aria-live="polite" data-meter-status={error || catalog?.error ? 'failed' : figures ? 'counted' : progress.ready ? 'ready' : 'loading'}>
        {status}
      </p>
      {/* Always in the layout (hidden when not loading), so the meter does not move when the tokenizer arrives. */}
      <progress
        class="tm-progress"
        style={{ visibility: visible && !progress.ready ? 'visible' : 'hidden' }}
        max={progress.total || undefined}
        value={progress.total ? progress.loaded : undefined}
        aria-label={t('tokens.download')}
      />
      {error && <p class="fw-error" role="alert">{error}</p>}

      <fieldset class="tm-ser">
        <legend>{t('tokens.serialisation')}</legend>
        {(['python', 'compact'] as const).map((s) => (
          <label key={s}>
            <input type="radio" name={`tm-ser-${server}`} value={s} data-serialisation={s} data-typed="serialisation" checked={serialisation === s} onChange={() => setSerialisation(s)} />{' '}
            {s === 'python' ? t('tokens.python') : t('tokens.compact')}
          </label>
        ))}
      </fieldset>

      {((figures && tools && !catalog?.error) || reserving) && shown && layoutTools && (
        <div class={reserving ? 'tm-reserve' : 'tm-body'} aria-hidden={reserving ? 'true' : undefined} inert={reserving || undefined}>
          {recorded && <RecordedBeside recorded={recorded} figures={figures} toolCount={catalog?.tools.length} edited={anyEdited} />}
          <ul class="tm-tools" aria-label={t('tokens.perTool')}>
            {layoutTools.map((tool, i) => {
              const c = shown.compact.perTool[i];
              const p = shown.python.perTool[i];
              const mine = shown[serialisation].perTool[i];
              if (!c || !p || !mine) return null;
              return (
                <li
                  class="tm-tool"
                  key={`${i}-${tool.name}`}
                  data-tool={reserving ? undefined : tool.name}
                  data-compact={reserving ? undefined : c.tokens}
                  data-python={reserving ? undefined : p.tokens}
                >
                  <div class="tm-tool-head">
                    <code class="tm-name">{tool.name}</code>
                    <span>{richText('tokens.pair', {}, { compact: <strong>{fmt(c.tokens)}</strong>, python: <strong>{fmt(p.tokens)}</strong> })}</span>
                  </div>
                  <div class="tm-bar" aria-hidden="true">
                    <span style={{ width: `${(mine.tokens / max) * 100}%` }} />
                  </div>
                  <label class="tm-desc">
                    <span>
                      {richText('tokens.description', {}, { tool: <code>{tool.name}</code> })}
                      {edited(tool.name) ? ` ${t('tokens.edited')}` : ''}
                    </span>
                    <textarea
                      rows={3}
                      data-field="description"
                      value={tool.description ?? ''}
                      onInput={(e) => {
                        const value = (e.target as HTMLTextAreaElement).value;
                        setEdits((m) => ({ ...m, [tool.name]: value }));
                        reportAction({ widget: 'token-meter', kind: 'edited', server });
                      }}
                    />
                  </label>
                  {edited(tool.name) && (
                    <button
                      type="button"
                      class="mcp-btn"
                      data-action="restore-description"
                      onClick={() =>
                        setEdits((m) => {
                          const { [tool.name]: _drop, ...rest } = m;
                          return rest;
                        })
                      }
                    >
                      {t('tokens.restore')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <dl class="tm-totals">
            <div>
              <dt>{shown.toolCount === 1 ? t('tokens.oneTool') : t('tokens.allTools', { n: shown.toolCount })}</dt>
              <dd data-total-compact={reserving ? undefined : shown.compact.total} data-total-python={reserving ? undefined : shown.python.total}>
                {richText('tokens.pair', {}, { compact: <strong>{fmt(shown.compact.total)}</strong>, python: <strong>{fmt(shown.python.total)}</strong> })}
              </dd>
            </div>
            <div>
              <dt>{t('tokens.instructionsFrom', { method: catalog?.era === 'legacy' ? 'initialize' : 'server/discover' })}</dt>
              <dd data-instructions={reserving ? undefined : (shown.instructions ?? '')}>
                {shown.instructions === undefined ? t('tokens.none') : richText('tokens.count', {}, { n: <strong>{fmt(shown.instructions)}</strong> })}
              </dd>
            </div>
          </dl>

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
                onInput={(e) => {
                  const n = readCount((e.target as HTMLInputElement).value, 1, 1000);
                  setServersBad(n === undefined);
                  if (n !== undefined) setServers(n);
                }}
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
        </div>
      )}
    </section>
  );
}

/**
 * The recorded figures of the same package beside the live ones, and one
 * sentence: they agree, they differ because the reader edited a description,
 * or they differ (another package version, tokenizer or client capability).
 */
function RecordedBeside({ recorded, figures, toolCount, edited }: { recorded: RecordedFigures; figures: CatalogFigures | undefined; toolCount: number | undefined; edited: boolean }) {
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
