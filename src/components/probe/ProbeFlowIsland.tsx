/**
 * ProbeFlow's island: runs the era probe (spec digest §4) on a fresh process
 * of the chosen toy server, then walks the reader through what happened, one
 * step at a time ("Next step", or "Play" at reading pace) or all at once,
 * lighting the branch of the spec's three that the server's answer took. A
 * second control sends `tools/list` with no probe and no handshake to a fresh
 * legacy process: the hazard. Every line is the exact line on the wire,
 * rendered as text.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProbeStep } from '../../protocol/index.ts';
import { EngineBadge } from '../shared/EngineBadge.tsx';
import { BRANCHES, pathTaken } from './branches.ts';
import { flowEngine } from './flow-engine.ts';
import { runHazard, type HazardRun } from './hazard-run.ts';
import { runProbe, type ProbeRun } from './probe-run.ts';
import { serverFile } from './server-entry.ts';
import '../shared/widget.css';
import './flow-base.css';
import './probe-flow.css';

/** Props of {@link ProbeFlowIsland}. */
export interface ProbeFlowProps {
  /** The server probed first. Default `legacy`. */
  server?: string;
  /** Servers the reader may choose from. Default `[server]` plus calendar and legacy. */
  servers?: string[];
  /** Pace of "Play", in ms per step. Default 2500. */
  paceMs?: number;
}

const STEP_TITLES: Record<ProbeStep['kind'], string> = {
  discover: 'server/discover',
  initialize: 'initialize',
  initialized: 'notifications/initialized',
};

/** The ProbeFlow widget. */
export default function ProbeFlowIsland({ server = 'legacy', servers, paceMs = 2500 }: ProbeFlowProps) {
  const choices = unique(servers && servers.length ? servers : [server, 'calendar', 'legacy']);
  const [chosen, setChosen] = useState(choices.includes(server) ? server : choices[0]);
  const [run, setRun] = useState<ProbeRun>();
  const [revealed, setRevealed] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [hazard, setHazard] = useState<HazardRun>();
  const [hazardBusy, setHazardBusy] = useState(false);
  const [hazardError, setHazardError] = useState<string>();
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

  async function start(mode: 'step' | 'play' | 'all') {
    setBusy(true);
    setError(undefined);
    setPlaying(false);
    setRun(undefined);
    setRevealed(0);
    try {
      const { engine, entryOf } = await flowEngine();
      const result = await runProbe(engine, chosen, { entryOf });
      setRun(result);
      setRevealed(mode === 'all' ? result.report.steps.length : 1);
      if (mode === 'play') setPlaying(true);
      if (mode === 'step') setFocusNext(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function sendHazard() {
    setHazardBusy(true);
    setHazardError(undefined);
    setHazard(undefined);
    try {
      const { engine, entryOf } = await flowEngine();
      setHazard(await runHazard(engine, 'legacy', { entryOf }));
    } catch (e) {
      setHazardError(e instanceof Error ? e.message : String(e));
    } finally {
      setHazardBusy(false);
    }
  }

  const path = run ? pathTaken(run.report, revealed) : [];
  const lit = (id: string) => path.includes(id as never);

  return (
    <section class="fw probe-flow not-content" aria-label="Era probe, step by step" data-widget="probe-flow">
      <div class="fw-head">
        <p class="fw-title">The era probe: server/discover first</p>
        <EngineBadge pid={hazard && !run ? hazard.pid : run?.pid} processState={run || hazard ? 'closed after the run' : undefined} />
      </div>
      <div class="fw-row">
        <label>
          Server{' '}
          <select value={chosen} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)} disabled={busy}>
            {choices.map((s) => (
              <option value={s} key={s}>
                {serverFile(s)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="mcp-btn mcp-btn-primary" onClick={() => start('step')} disabled={busy}>
          Step by step
        </button>
        <button type="button" class="mcp-btn" onClick={() => start('play')} disabled={busy}>
          Play
        </button>
        <button type="button" class="mcp-btn" onClick={() => start('all')} disabled={busy}>
          All at once
        </button>
      </div>
      <div class="fw-row">
        <button
          type="button"
          class="mcp-btn"
          ref={nextRef}
          onClick={() => {
            setPlaying(false);
            setRevealed((r) => Math.min(total, r + 1));
          }}
          disabled={!run || done}
        >
          Next step
        </button>
        <button type="button" class="mcp-btn" onClick={() => setPlaying((p) => !p)} disabled={!run || done} aria-pressed={playing}>
          {playing ? 'Pause' : 'Auto-play'}
        </button>
        <p class="fw-meta" role="status" aria-live="polite" data-probe-status>
          {busy
            ? `Probing ${serverFile(chosen)}…`
            : error
              ? ''
              : run
                ? `${run.engine} engine · pid ${run.pid} · step ${Math.min(revealed, total)} of ${total}${done ? ` · ${verdict(run)}` : ''}`
                : 'Choose a server and start the probe.'}
        </p>
      </div>
      {error && (
        <p class="fw-error" role="alert">
          The probe could not run: {error}
        </p>
      )}

      <ol class="pf-diagram" aria-label="The probe's decision">
        <li class="pf-node" data-node="discover" data-lit={lit('discover') || undefined}>
          <span class="pf-node-title">1. Send server/discover with the preferred modern version in _meta</span>
          {lit('discover') && <span class="pf-taken"> (sent)</span>}
        </li>
        <li class="pf-branches-item">
          <span class="pf-node-title">2. The answer decides the era:</span>
          <ul class="pf-branches">
            {BRANCHES.map((b) => (
              <li class="pf-node pf-branch" data-node={b.id} data-lit={lit(b.id) || undefined} key={b.id} aria-current={lit(b.id) ? 'step' : undefined}>
                <span class="pf-node-title">{b.title}</span>
                <span class="pf-then">{b.then}</span>
                {lit(b.id) && <span class="pf-taken">Taken</span>}
              </li>
            ))}
          </ul>
        </li>
        <li class="pf-node" data-node="continue" data-lit={lit('initialize') || lit('retry') || lit('modern') || undefined}>
          <span class="pf-node-title">3. Then: </span>
          {lit('retry')
            ? 'server/discover again, with a version from data.supported'
            : lit('initialize')
              ? `initialize${lit('initialized') ? ', then notifications/initialized' : ''}`
              : lit('modern')
                ? 'every request carries _meta; no handshake'
                : '…'}
          {lit('legacy') && <span class="pf-taken"> Era: legacy, {run?.report.protocolVersion}</span>}
          {lit('modern') && <span class="pf-taken"> Era: modern, {run?.report.protocolVersion}</span>}
        </li>
      </ol>

      {run && (
        <ol class="pf-steps" aria-label="Messages of the probe">
          {run.report.steps.slice(0, revealed).map((step, i) => (
            <li class="pf-step" key={i} data-step={step.kind}>
              <p class="pf-step-title">
                {STEP_TITLES[step.kind]} <span class="fw-pid">pid {run.pid}</span>{' '}
                <span class="fw-meta">
                  {step.outcome}
                  {step.elapsedMs !== undefined ? ` · ${step.elapsedMs} ms` : ''}
                </span>
              </p>
              <p class="fw-dir">sent (stdin)</p>
              <pre class="fw-line" data-dir="out">{step.sent}</pre>
              {step.received !== undefined && (
                <>
                  <p class="fw-dir">received (stdout)</p>
                  <pre class="fw-line" data-dir="in">{step.received}</pre>
                </>
              )}
              <p class="pf-reason">{step.reason}</p>
            </li>
          ))}
        </ol>
      )}

      <div class="pf-hazard" role="group" aria-label="No probe, no handshake">
        <p class="fw-title">Skip the probe: tools/list with no handshake at all</p>
        <div class="fw-row">
          <button type="button" class="mcp-btn" onClick={sendHazard} disabled={hazardBusy}>
            Send tools/list to a fresh legacy.mjs
          </button>
          <p class="fw-meta" role="status" aria-live="polite" data-hazard-status>
            {hazardBusy ? 'Sending…' : hazard ? `${hazard.engine} engine · pid ${hazard.pid}` : ''}
          </p>
        </div>
        {hazardError && <p class="fw-error" role="alert">Could not send: {hazardError}</p>}
        {hazard && (
          <div data-hazard>
            <p class="fw-dir">sent (stdin), the first line this process ever saw</p>
            <pre class="fw-line" data-dir="out">{hazard.result.sent}</pre>
            {hazard.result.received !== undefined && (
              <>
                <p class="fw-dir">received (stdout)</p>
                <pre class="fw-line" data-dir="in">{hazard.result.received}</pre>
              </>
            )}
            <p class={hazard.result.served ? 'fw-warn' : 'fw-meta'} data-hazard-verdict>
              {hazard.result.served
                ? `Served: ${hazard.result.count ?? 'a'} tool${hazard.result.count === 1 ? '' : 's'} listed, under legacy rules, although no version was ever agreed. A modern client that skips the probe cannot tell; probing first fails deterministically instead.`
                : `Not served: ${hazard.result.classification?.label ?? hazard.result.error ?? 'no reply'}.`}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

function verdict(run: ProbeRun): string {
  const r = run.report;
  if (r.outcome === 'ok') return `${r.era} era, ${r.protocolVersion}`;
  return r.error ?? r.outcome;
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
