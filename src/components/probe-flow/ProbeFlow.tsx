/**
 * ProbeFlow's island: runs the era probe
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio,
 * backward compatibility) on a fresh process of the chosen server, then walks
 * the reader through what happened, one step at a time ("Next step", or
 * "Play" at reading pace) or all at once, lighting the branch of the spec's
 * three that the server's answer took, and ends with the verdict a client
 * would cache for that server. With `legacyStyles`, the reader picks how
 * legacy.mjs refuses `server/discover` (its `--discover=` switch) and sees
 * the same fallback each time. A second control sends `tools/list` with no
 * probe and no handshake to a fresh legacy process (the hazard), and a third
 * the same request after the handshake, to compare. Every line is the exact
 * line on the wire, rendered as text; every other word comes from
 * `src/i18n/<lang>/probe.ts`.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProbeStep } from '../../protocol/index.ts';
import { setLang, t, type StringKey } from '../../i18n/index.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { BRANCHES, pathTaken } from './branches.ts';
import { flowEngine } from '../page/flow-engine.ts';
import { runAfterHandshake, runHazard, type AfterHandshakeRun, type HazardRun } from './hazard-run.ts';
import { runProbe, type ProbeRun } from './probe-run.ts';
import { isBuiltServer, registryEra, serverFile } from '../pure/server-entry.ts';
import { errorText, failureText } from '../pure/failure-text.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import '../ui/widget.css';
import '../ui/flow-base.css';
import './probe-flow.css';
import { reportAction } from '../page/reader-actions.ts';

/** How legacy.mjs answers `server/discover`: the values of its `--discover=` switch (toy-servers/legacy.mjs). */
export const LEGACY_STYLES = ['method-not-found', 'invalid-params', 'silent', 'exit'] as const;

/** One of {@link LEGACY_STYLES}. */
export type LegacyStyle = (typeof LEGACY_STYLES)[number];

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

const STEP_TITLES: Record<ProbeStep['kind'], string> = {
  discover: 'server/discover',
  initialize: 'initialize',
  initialized: 'notifications/initialized',
};

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
  const [hazard, setHazard] = useState<HazardRun>();
  const [after, setAfter] = useState<AfterHandshakeRun>();
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

  const picksStyle = legacyStyles && chosen === 'legacy';
  const argsFor = (name: string) => (legacyStyles && name === 'legacy' ? [`--discover=${style}`] : []);
  const label = (name: string) => (isBuiltServer(name) ? t('probe.serverEverything') : serverFile(name));
  // The package's short name, as developers say it; not translated.
  const shortName = (name: string) => (isBuiltServer(name) ? `server-${name}` : serverFile(name));
  // The hazard needs a server that serves requests before a handshake: the chosen one when it is legacy, else legacy.mjs.
  const hazardServer = registryEra(chosen) === 'legacy' ? chosen : 'legacy';

  async function start(mode: 'step' | 'play' | 'all') {
    setBusy(true);
    setError(undefined);
    setPlaying(false);
    setRun(undefined);
    setRevealed(0);
    try {
      const { engine, entryOf } = await flowEngine();
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

  async function sendHazard(kind: 'none' | 'after') {
    setHazardBusy(true);
    setHazardError(undefined);
    try {
      const { engine, entryOf } = await flowEngine();
      const options = { entryOf, args: argsFor(hazardServer) };
      if (kind === 'none') {
        const got = await runHazard(engine, hazardServer, options);
        setHazard(got);
        if (after && after.server !== got.server) setAfter(undefined);
      } else {
        const got = await runAfterHandshake(engine, hazardServer, options);
        setAfter(got);
        if (hazard && hazard.server !== got.server) setHazard(undefined);
      }
    } catch (e) {
      setHazardError(errorText(e));
    } finally {
      setHazardBusy(false);
    }
  }

  const path = run ? pathTaken(run.report, revealed) : [];
  const lit = (id: string) => path.includes(id as never);
  const report = run?.report;
  const failed = report?.failure ? failureText(report.failure) : report?.error;
  const verdictText = report && report.outcome === 'ok' && report.era ? t('probe.status.verdict', { era: report.era, version: report.protocolVersion ?? '' }) : failed ?? report?.outcome;
  const lastPid = hazard || after ? (after?.pid ?? hazard?.pid) : undefined;

  return (
    <section class="fw probe-flow not-content" aria-label={t('probe.aria')} data-widget="probe-flow" {...typedRoot} data-ready={hydrated ? 'yes' : undefined}>
      <div class="fw-head">
        <p class="fw-title">{t('probe.title')}</p>
        <EngineBadge pid={lastPid !== undefined && !run ? lastPid : run?.pid} processState={run || hazard || after ? t('probe.processClosed') : undefined} />
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
      {picksStyle && (
        <div class="pf-styles" data-legacy-styles>
          <div class="fw-row">
            <label>
              {t('probe.style.label', { file: serverFile('legacy') })}{' '}
              <select value={style} data-control="legacy-style" data-typed="legacy-style" onChange={(e) => setStyle((e.target as HTMLSelectElement).value as LegacyStyle)} disabled={busy}>
                {LEGACY_STYLES.map((s) => (
                  <option value={s} key={s}>
                    {t(`probe.style.${s}` as StringKey)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p class="pf-explain">{t('probe.style.explain')}</p>
          <p class="fw-meta">
            {t('probe.style.command')} <code data-legacy-command>node legacy.mjs --discover={style}</code>
          </p>
        </div>
      )}
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

      <ol class="pf-diagram" aria-label={t('probe.diagram')}>
        <li class="pf-node" data-node="discover" data-lit={lit('discover') || undefined}>
          <span class="pf-node-title">{t('probe.node.discover')}</span>
          {lit('discover') && <span class="pf-taken"> {t('probe.node.sent')}</span>}
        </li>
        <li class="pf-branches-item">
          <span class="pf-node-title">{t('probe.node.answer')}</span>
          <ul class="pf-branches">
            {BRANCHES.map((b) => (
              <li class="pf-node pf-branch" data-node={b} data-lit={lit(b) || undefined} key={b} aria-current={lit(b) ? 'step' : undefined}>
                <span class="pf-node-title">{t(`probe.branch.${b}.title` as StringKey)}</span>
                <span class="pf-then">{t(`probe.branch.${b}.then` as StringKey)}</span>
                {lit(b) && <span class="pf-taken">{t('probe.node.taken')}</span>}
              </li>
            ))}
          </ul>
        </li>
        <li class="pf-node" data-node="continue" data-lit={lit('initialize') || lit('retry') || lit('modern') || undefined}>
          <span class="pf-node-title">{t('probe.node.then')}</span>
          {lit('retry')
            ? t('probe.node.retry')
            : lit('initialize')
              ? lit('initialized')
                ? t('probe.node.initializeThen')
                : t('probe.node.initialize')
              : lit('modern')
                ? t('probe.node.modern')
                : '…'}
          {lit('legacy') && <span class="pf-taken"> {t('probe.node.era', { era: 'legacy', version: report?.protocolVersion ?? '' })}</span>}
          {lit('modern') && <span class="pf-taken"> {t('probe.node.era', { era: 'modern', version: report?.protocolVersion ?? '' })}</span>}
        </li>
      </ol>

      {run && (
        <ol class="pf-steps" aria-label={t('probe.steps')}>
          {run.report.steps.slice(0, revealed).map((step, i) => (
            <li class="pf-step" key={i} data-step={step.kind} data-pid={step.pid}>
              <p class="pf-step-title">
                {STEP_TITLES[step.kind]} <span class="fw-pid">pid {step.pid ?? run.pid}</span>
                {step.pid !== undefined && step.pid !== run.pid && <span class="fw-meta"> ({t('probe.freshProcess')})</span>}{' '}
                <span class="fw-meta" data-outcome>
                  {outcomeText(step)}
                  {step.elapsedMs !== undefined ? ` · ${t('probe.ms', { ms: step.elapsedMs })}` : ''}
                </span>
              </p>
              <p class="fw-dir">{t('probe.sent')}</p>
              <pre class="fw-line" data-dir="out">{step.sent}</pre>
              {step.received !== undefined && (
                <>
                  <p class="fw-dir">{t('probe.received')}</p>
                  <pre class="fw-line" data-dir="in">{step.received}</pre>
                </>
              )}
              {step.uncorrelated && (
                <p class="pf-reason fw-warn" data-unmatched={step.uncorrelated}>
                  {t(`probe.unmatched.${step.uncorrelated}` as StringKey)}
                </p>
              )}
              <p class="pf-reason" data-why={step.why?.code}>
                {step.why ? t(`probe.why.${step.why.code}` as StringKey, step.why.code === 'exit-undecided' && report?.failure ? { ...step.why.vars, message: failureText(report.failure) } : step.why.vars) : step.reason}
              </p>
            </li>
          ))}
        </ol>
      )}

      {run && done && (
        <div class="pf-verdict" data-probe-verdict data-era={report?.outcome === 'ok' ? report.era : undefined} data-version={report?.outcome === 'ok' ? report.protocolVersion : undefined} data-respawned={report?.respawned ? '' : undefined}>
          <p class="fw-title">{t('probe.verdict.title')}</p>
          {report && report.outcome === 'ok' && report.era ? (
            <dl class="pf-verdict-list">
              <dt>{t('probe.verdict.era')}</dt>
              <dd>{report.era}</dd>
              <dt>{t('probe.verdict.version')}</dt>
              <dd>{t(report.era === 'modern' ? 'probe.verdict.modernVersion' : 'probe.verdict.legacyVersion', { version: report.protocolVersion ?? '' })}</dd>
              <dt>{t('probe.verdict.scope')}</dt>
              <dd>{t('probe.verdict.scopeText')}</dd>
            </dl>
          ) : (
            <p>{t('probe.verdict.none', { error: failed ?? report?.outcome ?? '' })}</p>
          )}
          {run.freshPid !== undefined && <p class="fw-meta">{t('probe.verdict.respawned', { pid: String(run.pid), fresh: String(run.freshPid) })}</p>}
        </div>
      )}

      <div class="pf-hazard" role="group" aria-label={t('probe.hazard.aria')}>
        <p class="fw-title">{t('probe.hazard.title')}</p>
        <div class="fw-row">
          <button type="button" class="mcp-btn" data-action="hazard" onClick={() => sendHazard('none')} disabled={hazardBusy || !hydrated}>
            {t('probe.hazard.send', { server: shortName(hazardServer) })}
          </button>
          <button type="button" class="mcp-btn" data-action="hazard-after" onClick={() => sendHazard('after')} disabled={hazardBusy || !hydrated}>
            {t('probe.hazard.after')}
          </button>
          <p class="fw-meta" role="status" aria-live="polite" data-hazard-status>
            {hazardBusy ? t('probe.hazard.sending') : hazard ? t('probe.hazard.status', { engine: hazard.engine, pid: String(hazard.pid) }) : ''}
          </p>
        </div>
        {hazardError && (
          <p class="fw-error" role="alert">
            {t('probe.hazard.failed', { error: hazardError })}
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
        {hazard?.result.count !== undefined && after?.count !== undefined && hazard.server === after.server && (
          <p class="fw-meta" data-hazard-compare>
            {hazard.result.count === after.count
              ? t('probe.hazard.same', { count: after.count })
              : t('probe.hazard.differ', { before: hazard.result.count, after: after.count })}
          </p>
        )}
      </div>
    </section>
  );
}

/** What a step's reply (or its absence) was, in the reader's language; error codes and result names stay as on the wire. */
function outcomeText(step: ProbeStep): string {
  if (step.kind === 'initialized') return t('probe.outcome.notification');
  if (step.ended === 'timeout') return t('probe.outcome.timeout', { ms: step.timeoutMs ?? 0 });
  if (step.ended) return t(`probe.outcome.${step.ended === 'duplicate-id' ? 'closed' : step.ended}` as StringKey);
  if (step.kind === 'initialize' && step.why && (step.why.code === 'initialize-ok' || step.why.code === 'initialize-ok-other')) {
    return t('probe.outcome.initializeResult', { version: String(step.why.vars.version) });
  }
  return step.outcome;
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
