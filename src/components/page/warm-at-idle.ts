/**
 * The engine warmed once the page has settled: on a page that holds a widget
 * that runs servers, after the `load` event and at the browser's next idle
 * moment, the page engine is loaded and one process Worker waits with the
 * bootstrap compiled ({@link warmEngine}). No server process starts; nothing
 * of it loads before the page is interactive (this module is a few hundred
 * bytes; the engine's code comes with the dynamic import, after `load`).
 * The reader's very first Send then only runs the server.
 *
 * Widgets with an engine badge include it from their `.astro` file:
 * `<script>import './page/warm-at-idle.ts';</script>` (Astro bundles it once per page).
 * Without `requestIdleCallback` (Safari), it waits 200 ms after `load`.
 */

/** Longest wait for an idle moment after `load`, in ms: a busy page still gets its engine warmed by then. */
const IDLE_TIMEOUT_MS = 2_000;

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in globalThis) requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 200);
}

function warm(): void {
  whenIdle(() => {
    void import('./engine-choice.ts').then(({ warmEngine }) => warmEngine()).catch(() => undefined); // an optimisation: the first spawn reports real problems
  });
}

if (document.readyState === 'complete') warm();
else addEventListener('load', warm, { once: true });
