/**
 * Which engine answers on this page and which process (pid), its status or
 * fallback reason, and the engine actions: "Run in real Node" (when the
 * course allows WebContainer and it is not in use) and "Reset files".
 *
 * Props: `pid` (the widget's current process id, or undefined before it
 * starts), `processState` (short text such as "running", "exited (code 1)").
 * A failed "Run in real Node" leaves the page on the Worker engine with its
 * processes untouched; the reason is said once (the status's `reason`).
 * Every word comes from src/i18n (area `engine`) in the language in force:
 * the badge has no `lang` prop of its own, its parent island calls `setLang`
 * before rendering it.
 * Once the badge itself is on screen, the engine is warmed at the next idle
 * moment: code loaded and a process Worker waiting, no server started. (The
 * page warms it too, at its first idle moment after `load`, wherever the
 * widget is: ../page/warm-at-idle.ts; warming twice costs nothing.)
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatNumber, t, type StringKey } from '../../i18n/index.ts';
import { EngineReasonError, engineStatus, INITIAL_ENGINE_STATUS, reasonText } from '../page/engine-status.ts';
import { resetEngineFiles, switchToRealNode, warmEngine } from '../page/engine-choice.ts';

/** The engine's name as prose, by kind. */
const KIND_LABEL: Record<string, StringKey> = { worker: 'engine.kind.worker', webcontainer: 'engine.kind.webcontainer', node: 'engine.kind.node' };

/** The badge. Reads the page engine's status signal; never starts the engine by itself. */
export function EngineBadge({ pid, processState }: { pid?: number | undefined; processState?: string | undefined }): JSX.Element {
  // The first render (hydration) shows what the server rendered; the live status follows at once.
  // The page may already know more by then (another island started the engine, real Node is allowed),
  // and a first render that differs from the HTML would make Preact rebuild the badge's buttons.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const live = engineStatus.value;
  const s = hydrated ? live : INITIAL_ENGINE_STATUS;
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => warmWhenVisible(ref.current), []);
  const run = (label: string, fn: () => Promise<unknown>) => async () => {
    setBusy(label);
    setError(undefined);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof EngineReasonError ? reasonText(e.why) : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(undefined);
    }
  };
  const label = KIND_LABEL[s.kind ?? ''];
  const engine =
    s.state === 'idle'
      ? t('engine.state.idle')
      : s.state === 'loading'
        ? t('engine.state.loading')
        : s.state === 'failed'
          ? t('engine.state.failed')
          : label
            ? t(label)
            : (s.kind ?? t('engine.kind.unknown'));
  const reason = s.why ? reasonText(s.why) : s.reason;
  return (
    <div class="mcp-badge" role="status" aria-live="polite" ref={ref}>
      <span class="mcp-badge-engine" data-engine={s.kind ?? ''}>
        {engine}
      </span>
      <span class="mcp-badge-pid">{pid === undefined ? t('engine.noProcess') : t('engine.pid', { pid: String(pid) })}</span>
      {processState ? <span class="mcp-badge-state">{processState}</span> : null}
      {reason ? <span class="mcp-badge-reason">{reason}</span> : null}
      {error && error !== reason ? <span class="mcp-badge-reason mcp-tone-error">{error}</span> : null}
      {s.canUseRealNode ? (
        <button type="button" class="mcp-btn mcp-btn-small" data-action="real-node" disabled={!!busy} onClick={run('node', switchToRealNode)}>
          {busy === 'node' ? t('engine.startingNode') : t('engine.runInNode')}
        </button>
      ) : null}
      {s.state === 'ready' && s.canResetFiles ? (
        <button type="button" class="mcp-btn mcp-btn-small" data-action="reset-files" disabled={!!busy} onClick={run('reset', resetEngineFiles)}>
          {busy === 'reset' ? t('engine.resetting') : t('engine.resetFiles')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Warms the page engine once `element` is on screen, right after the next
 * paint (hydration and that paint come first; the reader may press Send at
 * any moment after it). Returns the cleanup for `useEffect`. Without
 * IntersectionObserver it warms when the page is idle.
 */
function warmWhenVisible(element: Element | null): () => void {
  let cancelled = false;
  const warm = () => {
    if (cancelled) return;
    void warmEngine();
    // The first number a widget formats loads the language's locale data (tens of ms): do it now, not on Send.
    formatNumber(0);
  };
  if (!element || typeof IntersectionObserver === 'undefined') {
    (globalThis.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200)))(warm);
    return () => void (cancelled = true);
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    // After the next paint: a frame, then a task.
    requestAnimationFrame(() => setTimeout(warm, 0));
  });
  observer.observe(element);
  return () => {
    cancelled = true;
    observer.disconnect();
  };
}
