/**
 * TokenMeter's live catalog: once the meter is on screen, the page's tokenizer
 * Worker starts (with its load progress) and the server's catalog is listed
 * as a client sees it after the era probe (./catalog-source.ts). When a
 * ServerEditor on the page runs another source, the catalog is listed again;
 * `listedAt` says which source version the catalog shown was listed from, so
 * the meter can tell a stale catalog from the current one.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { getEngine, warmEngine } from '../page/engine-choice.ts';
import { currentEntry, type ServerName, onServerSourceChange } from '../page/server-sources.ts';
import { builtServer } from '../pure/reference-server.ts';
import { errorText } from '../pure/failure-text.ts';
import { fetchCatalog, type LiveCatalog } from './catalog-source.ts';
import { sharedTokenizer, type TokenizerProgress } from './tokenizer-client.ts';

/** The entry `server` runs from on this page now (the original, or a ServerEditor's edit). */
const entryOf = (server: string): string => currentEntry(server as ServerName);

/**
 * The catalog of `server` (shown as `label` in messages), listed once
 * `visible`; the tokenizer's progress; the error to show (`setError` lets the
 * counting say one too); the current source version and the one listed.
 */
export function useLiveCatalog(server: string, label: string, visible: boolean) {
  const [progress, setProgress] = useState<TokenizerProgress>({ loaded: 0, total: 0, ready: false });
  const [catalog, setCatalog] = useState<LiveCatalog>();
  const [error, setError] = useState<string>();
  // Bumped when a ServerEditor on the page runs an edited (or the original) source: the meter re-lists.
  const [sourceVersion, setSourceVersion] = useState(0);
  /** The source version the shown catalog was listed from: until it is the current one, the meter says it is listing. */
  const [listedAt, setListedAt] = useState(0);
  useEffect(() => onServerSourceChange(server as ServerName, () => setSourceVersion((v) => v + 1)), [server]);

  useEffect(() => {
    if (!visible) return;
    // On screen: the meter is about to run a server and load its tokenizer; warming marks that moment for
    // the page-weight benchmark (what loads after it is the widget's, not the page's initial JavaScript).
    void warmEngine();
    setError(undefined);
    const tk = sharedTokenizer();
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
    getEngine()
      .then((engine) => fetchCatalog(engine, server, cold ? { entryOf, timeoutMs: 30_000, discoverTimeoutMs: 15_000 } : { entryOf }))
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

  return { progress, catalog, error, setError, sourceVersion, listedAt };
}
