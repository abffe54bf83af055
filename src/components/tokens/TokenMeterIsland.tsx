/**
 * TokenMeter's island: what the live catalog of a running toy server costs in
 * tokens (tiktoken `o200k_base`), per tool and in total, under the `compact`
 * and `python` serialisations (src/protocol/catalog.ts), plus the server's
 * instructions. The reader can edit a tool's description and watch the count
 * change, and multiply by a number of connected servers to compare with
 * typical context-window sizes.
 *
 * Nothing heavy loads before the meter is on screen: an IntersectionObserver
 * starts the tokenizer Worker (WASM + ranks, with progress) and the server.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CatalogFigures, SerialisationName, Tool } from '../../protocol/index.ts';
import { EngineBadge } from '../shared/EngineBadge.tsx';
import { flowEngine } from '../probe/flow-engine.ts';
import { onServerSourceChange, type ServerName } from '../shared/page-engine.ts';
import { serverFile } from '../probe/server-entry.ts';
import { fetchCatalog, type LiveCatalog } from './catalog-source.ts';
import { CONTEXT_WINDOWS, formatShare, windowShare } from './context-windows.ts';
import { TokenizerClient, type TokenizerProgress } from './tokenizer-client.ts';
import { readCount } from '../counter/integrations.ts';
import { t } from '../shared/strings.ts';
import '../shared/widget.css';
import '../probe/flow-base.css';
import './token-meter.css';

/** Props of {@link TokenMeterIsland}. */
export interface TokenMeterProps {
  /** The server whose catalog is counted. Default `calendar`. */
  server?: string;
  /** Delay after the last keystroke before recounting, in ms. Default 200. */
  debounceMs?: number;
}

let sharedTokenizer: TokenizerClient | undefined;
/** One tokenizer Worker per page, shared by every meter. */
function tokenizer(): TokenizerClient {
  return (sharedTokenizer ??= new TokenizerClient());
}

const fmt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The TokenMeter widget. */
export default function TokenMeterIsland({ server = 'calendar', debounceMs = 200 }: TokenMeterProps) {
  const root = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);
  const [progress, setProgress] = useState<TokenizerProgress>({ loaded: 0, total: 0, ready: false });
  const [catalog, setCatalog] = useState<LiveCatalog>();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [figures, setFigures] = useState<CatalogFigures>();
  const [error, setError] = useState<string>();
  const [serialisation, setSerialisation] = useState<SerialisationName>('python');
  const [servers, setServers] = useState(1);
  const [serversBad, setServersBad] = useState(false);
  const [counting, setCounting] = useState(false);
  // Bumped when a ServerEditor on the page runs an edited (or the original) source: the meter re-lists.
  const [sourceVersion, setSourceVersion] = useState(0);
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
    setError(undefined);
    const tk = tokenizer();
    const off = tk.onProgress(setProgress);
    tk.ready().then(
      (ms) => setProgress((p) => ({ ...p, ready: true, ms })),
      (e: Error) => setError(`The tokenizer could not load: ${e.message}`),
    );
    flowEngine()
      .then(({ engine, entryOf }) => fetchCatalog(engine, server, { entryOf }))
      .then((c) => {
        setCatalog(c);
        if (c.error) setError(`Could not list the tools of ${serverFile(server)}: ${c.error}`);
      })
      .catch((e: Error) => setError(`Could not start ${serverFile(server)}: ${e.message}`));
    return off;
  }, [visible, server, sourceVersion]);

  const tools: Tool[] | undefined = catalog?.tools.map((t) => (t.name in edits ? { ...t, description: edits[t.name] } : t));

  useEffect(() => {
    if (!catalog || !tools) return;
    let live = true;
    setCounting(true);
    const timer = setTimeout(
      () => {
        tokenizer()
          .measure(tools, catalog.instructions)
          .then((f) => live && setFigures(f))
          .catch((e: Error) => live && setError(`Counting failed: ${e.message}`))
          .finally(() => live && setCounting(false));
      },
      figures ? debounceMs : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalog, edits]);

  // Until the figures arrive, the same layout is rendered hidden with zero counts (one row per tool
  // once the catalog is listed, else one), so the page below the meter does not jump when they do.
  const reserving = !figures && !error && !catalog?.error;
  const layoutTools: Tool[] | undefined = figures ? tools : tools?.length ? tools : [{ name: 'create_event', description: '', inputSchema: { type: 'object' } } as Tool];
  const zeros = (list: Tool[]) => ({ perTool: list.map((t) => ({ name: t.name, tokens: 0, bytes: 0 })), total: 0 });
  const shown = (figures ?? (layoutTools ? ({ toolCount: layoutTools.length, compact: zeros(layoutTools), python: zeros(layoutTools) } as unknown as CatalogFigures) : undefined));
  const ser = figures?.[serialisation];
  const max = ser ? Math.max(1, ...ser.perTool.map((t) => t.tokens)) : 1;
  const perServer = ser ? ser.total + (figures?.instructions ?? 0) : 0;
  const all = perServer * servers;

  return (
    <section ref={root} class="fw token-meter not-content" aria-label={`Token cost of ${serverFile(server)}'s catalog`} data-widget="token-meter">
      <div class="fw-head">
        <p class="fw-title">What {serverFile(server)}'s tool catalog costs in tokens</p>
        <EngineBadge pid={catalog?.pid} processState={catalog ? 'closed after listing' : undefined} />
      </div>
      <p class="fw-meta" role="status" aria-live="polite" data-meter-status={figures ? 'counted' : progress.ready ? 'ready' : 'loading'}>
        {!visible
          ? 'Waiting until the meter is on screen.'
          : !progress.ready
            ? `Loading the tokenizer (tiktoken o200k_base, in a worker): ${mb(progress.loaded)}${progress.total ? ` of ${mb(progress.total)}` : ''}`
            : !catalog
              ? 'Tokenizer ready. Listing the tools…'
              : `${serverFile(server)} · ${catalog.engine} engine · pid ${catalog.pid} · ${catalog.era ?? '?'} era${catalog.protocolVersion ? ` ${catalog.protocolVersion}` : ''} · tokenizer loaded in ${progress.ms ?? '?'} ms${counting ? ' · counting…' : ''}`}
      </p>
      {/* Always in the layout (hidden when not loading), so the meter does not move when the tokenizer arrives. */}
      <progress
        class="tm-progress"
        style={{ visibility: visible && !progress.ready ? 'visible' : 'hidden' }}
        max={progress.total || undefined}
        value={progress.total ? progress.loaded : undefined}
        aria-label="Tokenizer download"
      />
      {error && <p class="fw-error" role="alert">{error}</p>}

      <fieldset class="tm-ser">
        <legend>Serialisation for the bars and the total</legend>
        {(['python', 'compact'] as const).map((s) => (
          <label key={s}>
            <input type="radio" name={`tm-ser-${server}`} value={s} checked={serialisation === s} onChange={() => setSerialisation(s)} />{' '}
            {s === 'python' ? 'python (json.dumps defaults)' : 'compact (JSON.stringify)'}
          </label>
        ))}
      </fieldset>

      {((figures && tools && !catalog?.error) || reserving) && shown && layoutTools && (
        <div class={reserving ? 'tm-reserve' : 'tm-body'} aria-hidden={reserving ? 'true' : undefined} inert={reserving || undefined}>
          <ul class="tm-tools" aria-label="Tokens per tool">
            {layoutTools.map((tool, i) => {
              const c = shown.compact.perTool[i];
              const p = shown.python.perTool[i];
              const mine = shown[serialisation].perTool[i];
              if (!c || !p || !mine) return null;
              const original = catalog?.tools[i]?.description ?? '';
              return (
                <li class="tm-tool" key={`${i}-${tool.name}`} data-tool={tool.name} data-compact={c.tokens} data-python={p.tokens}>
                  <div class="tm-tool-head">
                    <code class="tm-name">{tool.name}</code>
                    <span>
                      compact <strong>{fmt(c.tokens)}</strong> · python <strong>{fmt(p.tokens)}</strong> tokens
                    </span>
                  </div>
                  <div class="tm-bar" aria-hidden="true">
                    <span style={{ width: `${(mine.tokens / max) * 100}%` }} />
                  </div>
                  <label class="tm-desc">
                    <span>
                      Description of <code>{tool.name}</code>
                      {tool.name in edits && edits[tool.name] !== original ? ' (edited)' : ''}
                    </span>
                    <textarea
                      rows={3}
                      value={tool.description ?? ''}
                      onInput={(e) => {
                        const value = (e.target as HTMLTextAreaElement).value;
                        setEdits((m) => ({ ...m, [tool.name]: value }));
                      }}
                    />
                  </label>
                  {tool.name in edits && edits[tool.name] !== original && (
                    <button
                      type="button"
                      class="mcp-btn"
                      onClick={() =>
                        setEdits((m) => {
                          const { [tool.name]: _drop, ...rest } = m;
                          return rest;
                        })
                      }
                    >
                      Restore the server's description
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <dl class="tm-totals">
            <div>
              <dt>{shown.toolCount === 1 ? 'The one tool as a list' : `All ${shown.toolCount} tools as one list`}</dt>
              <dd data-total-compact={shown.compact.total} data-total-python={shown.python.total}>
                compact <strong>{fmt(shown.compact.total)}</strong> · python <strong>{fmt(shown.python.total)}</strong> tokens
              </dd>
            </div>
            <div>
              <dt>Instructions ({catalog?.era === 'legacy' ? 'from initialize' : 'from server/discover'})</dt>
              <dd data-instructions={shown.instructions ?? ''}>
                {shown.instructions === undefined ? 'none' : <><strong>{fmt(shown.instructions)}</strong> tokens</>}
              </dd>
            </div>
          </dl>

          <div class="tm-multiply" role="group" aria-label="Many servers">
            <div class="fw-row">
              <label for={`tm-servers-${server}`}>Connected servers like this one</label>
              <input
                id={`tm-servers-${server}`}
                type="number"
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
                {t('counter.bad', { min: 1, max: 1000, last: servers })}
              </p>
            ) : null}
            <p data-all-servers={all}>
              {servers} × {fmt(perServer)} tokens ({serialisation} catalog + instructions) = <strong>{fmt(all)}</strong> tokens before
              the conversation starts.
            </p>
            <p class="fw-meta">Typical context-window sizes: 128K, 200K and 1M tokens.</p>
            <ul class="tm-windows">
              {CONTEXT_WINDOWS.map((w) => {
                const share = windowShare(all, w);
                return (
                  <li key={w.label} data-window={w.tokens}>
                    <span class="tm-window-label">
                      {w.label} ({fmt(w.tokens)} tokens): <strong>{formatShare(share)}</strong>
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
