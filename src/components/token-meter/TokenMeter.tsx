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
 * The island puts together hooks (./use-on-screen.ts, ./use-live-catalog.ts,
 * ./use-token-count.ts) and views (ToolRow, ServersMultiplier, RecordedBeside).
 * Words come from src/i18n (area `tokens`), in the `lang` the wrapper passes.
 */
import { useRef, useState } from 'preact/hooks';
import type { CatalogFigures, SerialisationName, Tool } from '../../protocol/index.ts';
import { formatNumber, setLang, t } from '../../i18n/index.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { readCount } from '../integration-counter/integrations.ts';
import { serverLabel } from '../pure/reference-server.ts';
import { richText } from '../ui/rich-text.tsx';
import { useOnScreen } from './use-on-screen.ts';
import { useLiveCatalog } from './use-live-catalog.ts';
import { useTokenCount } from './use-token-count.ts';
import { ToolRow } from './ToolRow.tsx';
import { ServersMultiplier } from './ServersMultiplier.tsx';
import { RecordedBeside, type RecordedFigures } from './RecordedBeside.tsx';
import '../ui/widget.css';
import '../ui/flow-base.css';
import './token-meter.css';
import { reportAction } from '../page/reader-actions.ts';

export type { RecordedFigures } from './RecordedBeside.tsx';

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

const mb = (bytes: number) => t('tokens.megabytes', { n: Math.round(bytes / 100_000) / 10 });

/** The TokenMeter widget. */
export function TokenMeter({ server = 'calendar', lang, recorded, debounceMs = 200 }: TokenMeterProps) {
  setLang(lang);
  const fmt = (n: number) => formatNumber(n);
  const label = serverLabel(server);
  const root = useRef<HTMLElement>(null);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [serialisation, setSerialisation] = useState<SerialisationName>('python');
  // The serialisation the reader picked before hydration, if they did.
  const typedRoot = useTypedBefore('tokens', (typed) => {
    const s = typed.choice('serialisation', ['python', 'compact'] as const);
    if (s) setSerialisation(s);
  });
  const [servers, setServers] = useState(1);
  const [serversBad, setServersBad] = useState(false);
  /** Before the island hydrates its controls have no handlers: they stay disabled until then. */
  const hydrated = useHydrated();
  const visible = useOnScreen(root);
  const { progress, catalog, error, setError, sourceVersion, listedAt } = useLiveCatalog(server, label, visible);

  const tools: Tool[] | undefined = catalog?.tools.map((tool) => (tool.name in edits ? { ...tool, description: edits[tool.name] } : tool));
  const { measured, counting } = useTokenCount(catalog, tools, edits, debounceMs, setError);

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
            {layoutTools.map((tool, i) => (
              <ToolRow
                key={`${i}-${tool.name}`}
                tool={tool}
                i={i}
                shown={shown}
                serialisation={serialisation}
                max={max}
                reserving={reserving}
                edited={edited(tool.name)}
                onEdit={(value) => {
                  setEdits((m) => ({ ...m, [tool.name]: value }));
                  reportAction({ widget: 'token-meter', kind: 'edited', server });
                }}
                onRestore={() =>
                  setEdits((m) => {
                    const { [tool.name]: _drop, ...rest } = m;
                    return rest;
                  })
                }
              />
            ))}
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

          <ServersMultiplier
            server={server}
            servers={servers}
            serversBad={serversBad}
            onServers={(text) => {
              const n = readCount(text, 1, 1000);
              setServersBad(n === undefined);
              if (n !== undefined) setServers(n);
            }}
            perServer={perServer}
            serialisation={serialisation}
          />
        </div>
      )}
    </section>
  );
}
