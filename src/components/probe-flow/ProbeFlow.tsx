/**
 * ProbeFlow's island: runs the era probe
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio,
 * backward compatibility) on a fresh process of the chosen server, then walks
 * the reader through what happened, one step at a time ("Next step", or
 * "Play" at reading pace) or all at once, lighting the branch of the spec's
 * three that the server's answer took, and ends with the verdict a client
 * would cache for that server. With `legacyStyles`, the reader picks how
 * legacy.mjs refuses `server/discover` (its `--discover=` switch) and sees
 * the same fallback each time. (What skipping the probe does is the
 * HandshakeHazard widget.) Every line is the exact line on the wire, rendered
 * as text; every other word comes from `src/i18n/<lang>/probe.ts`.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { setLang, t } from '../../i18n/index.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { pathTaken } from './branches.ts';
import { ProbeDiagram } from './ProbeDiagram.tsx';
import { ProbeSteps } from './ProbeSteps.tsx';
import { ProbeVerdict } from './ProbeVerdict.tsx';
import { LEGACY_STYLES, LegacyStylePicker, type LegacyStyle } from './LegacyStylePicker.tsx';
import { getEngine } from '../page/engine-choice.ts';
import { currentEntry, type ServerName } from '../page/server-sources.ts';
import { runProbe, type ProbeRun } from './probe-run.ts';
import { isBuiltServer, serverFile } from '../pure/server-entry.ts';
import { errorText, failureText } from '../pure/failure-text.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { ShareBar } from '../ui/ShareBar.tsx';
import { probeShareLines } from './share-lines.ts';
import '../ui/widget.css';
import '../ui/flow-base.css';
import './probe-flow.css';
import { reportAction } from '../page/reader-actions.ts';

/** Props of {@link ProbeFlow}. */
export interface ProbeFlowProps {
  /** The server probed first. Default `legacy`. */
  server?: string;
  /** Servers the reader may choose from. Default `[server]` plus calendar and legacy. */
  servers?: string[];
  /** Pace of "Play", in ms per step. Default 2500. */
  paceMs?: number;
  /** When true, and legacy.mjs is chosen, the reader picks how it answers `server/discover` (passed as `--discover=<style>`). Default false. */
  legacyStyles?: boolean;
  /** The page's language (`en`, `id`); the `.astro` wrapper passes it. */
  lang?: string;
}

/** The entry `server` runs from on this page now (the original, or a ServerEditor's edit). */
const entryOf = (server: string): string => currentEntry(server as ServerName);

/** The ProbeFlow widget. */
export function ProbeFlow({ server = 'legacy', servers, paceMs = 2500, legacyStyles = false, lang }: ProbeFlowProps) {
  setLang(lang);
  const choices = unique(servers && servers.length ? servers : [server, 'calendar', 'legacy']);
  const [chosen, setChosen] = useState(choices.includes(server) ? server : choices[0]!);
  const [style, setStyle] = useState<LegacyStyle>('method-not-found');
  // The server and the style the reader chose before hydration, if they did.
  const typedRoot = useTypedBefore('probe', (typed) => {
    const s = typed.choice('server', choices);
    if (s) setChosen(s);
    const st = typed.choice('legacy-style', LEGACY_STYLES);
    if (st) setStyle(st);
  });
  const [run, setRun] = useState<ProbeRun>();
  const [revealed, setRevealed] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Before the island hydrates its controls have no handlers: they stay disabled until then. */
  const hydrated = useHydrated();
  /** How many probes have finished (run or failed); exposed as `data-runs` so a test can tell one run from the next. */
  const [runs, setRuns] = useState(0);
  const [error, setError] = useState<string>();
  const nextRef = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState(false);

  useEffect(() => {
    if (focusNext && run) {
      nextRef.current?.focus();
      setFocusNext(false);
    }
  }, [focusNext, run]);

  const total = run?.report.steps.length ?? 0;
  const done = !!run && revealed >= total;

  useEffect(() => {
    if (!playing || !run) return;
    if (revealed >= total) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setRevealed((r) => r + 1), paceMs);
    return () => clearTimeout(timer);
  }, [playing, revealed, run, total, paceMs]);

  const picksStyle = legacyStyles && chosen === 'legacy';
  const argsFor = (name: string) => (legacyStyles && name === 'legacy' ? [`--discover=${style}`] : []);
  const label = (name: string) => (isBuiltServer(name) ? t('probe.serverEverything') : serverFile(name));

  async function start(mode: 'step' | 'play' | 'all') {
    setBusy(true);
    setError(undefined);
    setPlaying(false);
    setRun(undefined);
    setRevealed(0);
    try {
      const engine = await getEngine();
      const result = await runProbe(engine, chosen, { entryOf, args: argsFor(chosen) });
      setRun(result);
      if (result.report.outcome === 'ok' && result.report.era) reportAction({ widget: 'probe-flow', kind: 'verdict', server: chosen, era: result.report.era });
      setRevealed(mode === 'all' ? result.report.steps.length : 1);
      if (mode === 'play') setPlaying(true);
      if (mode === 'step') setFocusNext(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      setRuns((n) => n + 1);
    }
  }

  const path = run ? pathTaken(run.report, revealed) : [];
  const report = run?.report;
  const failed = report?.failure ? failureText(report.failure) : report?.error;
  const verdictText = report && report.outcome === 'ok' && report.era ? t('probe.status.verdict', { era: report.era, version: report.protocolVersion ?? '' }) : failed ?? report?.outcome;

  return (
    <section class="fw probe-flow not-content" aria-label={t('probe.aria')} data-widget="probe-flow" {...typedRoot} data-ready={hydrated ? 'yes' : undefined}>
      <div class="fw-head">
        <p class="fw-title">{t('probe.title')}</p>
        <EngineBadge pid={run?.pid} processState={run ? t('probe.processClosed') : undefined} />
      </div>
      <div class="fw-row">
        <label>
          {t('probe.server')}{' '}
          <select
            value={chosen}
            data-control="server"
            data-typed="server"
            onChange={(e) => {
              setChosen((e.target as HTMLSelectElement).value);
            }}
            disabled={busy}
          >
            {choices.map((s) => (
              <option value={s} key={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="mcp-btn mcp-btn-primary" data-action="step" onClick={() => start('step')} disabled={busy || !hydrated}>
          {t('probe.stepByStep')}
        </button>
        <button type="button" class="mcp-btn" data-action="play" onClick={() => start('play')} disabled={busy || !hydrated}>
          {t('probe.play')}
        </button>
        <button type="button" class="mcp-btn" data-action="all" onClick={() => start('all')} disabled={busy || !hydrated}>
          {t('probe.allAtOnce')}
        </button>
      </div>
      {picksStyle && <LegacyStylePicker style={style} onStyle={setStyle} disabled={busy} />}
      <div class="fw-row">
        <button
          type="button"
          class="mcp-btn"
          ref={nextRef}
          data-action="next"
          onClick={() => {
            setPlaying(false);
            setRevealed((r) => Math.min(total, r + 1));
          }}
          disabled={!run || done}
        >
          {t('probe.next')}
        </button>
        <button type="button" class="mcp-btn" data-action="autoplay" onClick={() => setPlaying((p) => !p)} disabled={!run || done} aria-pressed={playing}>
          {playing ? t('probe.pause') : t('probe.autoPlay')}
        </button>
        <p
          class="fw-meta"
          role="status"
          aria-live="polite"
          data-probe-status
          data-runs={runs}
          data-revealed={run ? Math.min(revealed, total) : undefined}
          data-total={run ? total : undefined}
          data-era={done && report?.outcome === 'ok' ? report.era : undefined}
          data-version={done && report?.outcome === 'ok' ? report.protocolVersion : undefined}
        >
          {busy
            ? t('probe.status.probing', { server: label(chosen) })
            : error
              ? ''
              : run
                ? `${t('probe.status.run', { engine: run.engine, pid: String(run.pid), step: Math.min(revealed, total), total })}${done ? ` · ${verdictText}` : ''}`
                : t('probe.status.idle')}
        </p>
      </div>
      {error && (
        <p class="fw-error" role="alert">
          {t('probe.error', { error })}
        </p>
      )}

      <ProbeDiagram path={path} report={report} />

      <ShareBar widget="probe-flow" server={run?.server ?? chosen} transport="stdio" lines={() => probeShareLines(run)} ready={hydrated} />
      {run && <ProbeSteps run={run} revealed={revealed} />}

      {run && done && <ProbeVerdict run={run} failed={failed} />}
    </section>
  );
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
