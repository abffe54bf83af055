/**
 * The Checker island: runs the conformance checker's stages (src/checker/)
 * against the reader's current source of a toy server, in fresh processes of
 * the page's engine (every tool the server lists may be called with made-up
 * arguments: the checker's default), and shows the verdict (pass, fail or
 * incomplete) above the stages, then each stage's checks: pass, fail,
 * warning (a SHOULD rule: its own mark and colour, not counted as failed),
 * skipped or not run (with the reason; a stage that did not run because
 * stage 1 failed is one line), a failure's or warning's level, expected /
 * received / hint, the spec's own sentence and its wire lines, the spec link
 * beside each rule; for a legacy server (or one of unknown era) a line says
 * what that meant for the run. Run is a button (never automatic); a run never blocks the
 * page (every check has its own timeout, the Worker engine's watchdog stops a
 * runaway process) and can be stopped. The last verdicts are kept per page
 * in localStorage and shown at once on reload. "Show a solution for this
 * stage" reveals a read-only reference file; it never touches the reader's.
 *
 * Which source: the edit a ServerEditor of the same server keeps for this
 * page (saved as the reader types), written to its own file beside the
 * original (`<name>.checked.mjs`, so relative imports resolve); without an
 * edit, what the page runs now (`currentEntry`).
 * A Streamable HTTP server (`transport: 'http'` in the registry) is checked
 * over HTTP: the engine serves its module as a fetch handler (./http-target.ts)
 * and stage 1 holds the HTTP rules; the stdio rules are not shown.
 *
 * Words: the widget's own from src/i18n (area `checker`); each check's rule,
 * expectation, hint and skip reason in the page's language (./check-words.ts:
 * English from the checker, Indonesian from src/i18n/id/checks.ts), and
 * what the server did: when the process or the run failed (no reply, an
 * exit, a flood, a stop) from the code the checker carries (`why`, said by
 * `failure.<code>` of src/i18n), otherwise `actual` with its prose translated
 * the same way; the codes and messages the server sent, and wire lines, are
 * shown as they are.
 *
 * For tests: after a run the section carries `data-verdicts` (JSON,
 * `{checkId: status}`), `data-verdict` (`pass` | `fail` | `incomplete` |
 * `stopped`) and `data-state` (`idle` | `running` | `done`); the controls
 * carry `data-action` (`run`, `stop`, `all-stages`, `solution`).
 *
 * https://modelcontextprotocol.io/specification/2026-07-28
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { runChecks, STAGES, type CheckReport, type CheckResult, type CheckStatus, type StageId, type Verdict } from '../../checker/index.ts';
import { t, setLang, currentLang, type Lang, type StringKey } from '../../i18n/index.ts';
import { actualWords, checkWords, eraWords, reasonWords } from './check-words.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { currentEntry, getEngine, originalEntry, SERVER_NAMES, type ServerName } from '../page/page-engine.ts';
import { editKey, loadEdit, onEditChange } from '../server-editor/edit-store.ts';
import { loadProgress, progressKey, saveProgress, stagesPassed, type SavedProgress } from './progress-store.ts';
import { errorText, failureText } from '../pure/failure-text.ts';
import { SERVERS } from '../../../toy-servers/registry.ts';
import { httpTarget } from './http-target.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { stageCountsText } from './stage-counts.ts';
import '../ui/widget.css';
import './checker.css';
import { reportAction } from '../page/reader-actions.ts';

/** Props of {@link Checker}. */
export interface CheckerProps {
  server: ServerName;
  /** Reference files, one per stage in order (index 0 = stage 1); a stage without one shows no solution button. */
  solutions?: readonly string[];
  /** The page's language (Starlight's `lang`). */
  lang?: string;
}

/** How long one reply may take in the page, ms. Shorter than the command line's 5000: a toy server in the Worker engine answers in milliseconds, and a reader waits for every silent check. */
const REPLY_TIMEOUT_MS = 3000;

type Shown = CheckStatus | 'pending' | 'running';

/** What the widget shows above the stages after a run: the verdict and why. */
interface Outcome {
  /** The report's verdict, or `stopped` when the reader stopped the run (then there is none). */
  verdict: Verdict | 'stopped';
  failed: number;
  warned: number;
  incomplete: CheckReport['incomplete'];
  /** The stage whose failure kept the later stages from running, when one did. */
  stageFailed?: number;
  era: CheckReport['era'];
}

/** The reason the checker gives a stage that did not run because stage N failed. */
const STAGE_FAILED = /^not run: stage (\d+) failed$/;

let checkers = 0;

/** Where the checker runs `server` from: the reader's saved edit (written beside the original), else what the page runs. */
async function entryToCheck(server: ServerName): Promise<{ entry: string; source?: string }> {
  const original = originalEntry(server);
  const edit = loadEdit(editKey(location.pathname, original));
  if (edit === undefined) return { entry: currentEntry(server) };
  return { entry: original.replace(/\.mjs$/, '.checked.mjs'), source: edit };
}

/** The Checker island. */
export function Checker(props: CheckerProps): JSX.Element {
  setLang(props.lang);
  const lang = currentLang();
  const server: ServerName = SERVER_NAMES.includes(props.server) ? props.server : 'starter';
  const file = originalEntry(server);
  const uid = useMemo(() => `mcp-checker-${++checkers}`, []);
  const key = useMemo(() => progressKey(typeof location === 'undefined' ? '/' : location.pathname, server), []);
  const [ready, setReady] = useState(false);
  const [saved, setSaved] = useState<SavedProgress | undefined>(undefined);
  const [results, setResults] = useState<Record<string, CheckResult>>({});
  const [stageShown, setStageShown] = useState<Partial<Record<StageId, Shown>>>({});
  const [stageReason, setStageReason] = useState<Partial<Record<StageId, string>>>({});
  const [state, setState] = useState<'idle' | 'running' | 'done'>('idle');
  const [status, setStatus] = useState('');
  const [allStages, setAllStages] = useState(false);
  // "Keep going" as the reader left it before hydration, if they touched it.
  const typedRoot = useTypedBefore('checker', (typed) => {
    const on = typed.checked('all-stages');
    if (on !== undefined) setAllStages(on);
  });
  const [verdicts, setVerdicts] = useState<string | undefined>(undefined);
  const [openSolution, setOpenSolution] = useState<Partial<Record<StageId, boolean>>>({});
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);
  /** True when the reader pressed Stop (not when the run stopped itself after a failed stage). */
  const stoppedByReader = useRef(false);

  /** True when the reader's edit is kept for this page: the title then says the run checks it, not the shipped file. */
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    const p = loadProgress(key);
    if (p) {
      setSaved(p);
      setStageShown(p.stages);
    }
    setReady(true);
    const edit = editKey(location.pathname, file);
    setEdited(loadEdit(edit) !== undefined);
    const unsub = onEditChange(edit, setEdited);
    return () => {
      unsub();
      abort.current?.abort();
    };
  }, []);

  /** A Streamable HTTP server is checked as one: its module served as a fetch handler, stage 1 its HTTP rules. */
  const http = SERVERS[server].transport === 'http';
  const stageTitle = (id: StageId) => t((http && id === 'framing' ? 'checker.stage.framing.http' : `checker.stage.${id}`) as StringKey);

  async function run(): Promise<void> {
    const controller = new AbortController();
    abort.current = controller;
    stoppedByReader.current = false;
    setState('running');
    setVerdicts(undefined);
    setOutcome(undefined);
    setResults({});
    setStageReason({});
    setStageShown(Object.fromEntries(STAGES.map((s) => [s.id, 'pending'])));
    setStatus(t('checker.starting'));
    let stopAfterFailure = false;
    const live: Record<string, CheckResult> = {};
    try {
      const { entry, source } = await entryToCheck(server);
      if (source !== undefined) {
        const { checkSyntax, lexerReady } = await import('../server-editor/syntax-check.ts');
        await lexerReady();
        const p = await checkSyntax(source);
        if (p) {
          setStatus(t('checker.syntax', { line: p.line, column: p.column, message: p.message }));
          setStageShown(saved?.stages ?? {});
          setState('idle');
          return;
        }
      }
      const engine = await getEngine();
      if (source !== undefined) await engine.writeFile(entry, source);
      const target = http ? await httpTarget(entry) : undefined;
      const report = await runChecks(target?.spawn ?? (() => engine.spawn(entry)), {
        transport: http ? 'http' : 'stdio',
        replyTimeoutMs: REPLY_TIMEOUT_MS,
        signal: controller.signal,
        onStage(id) {
          // Stop at the first failed stage unless asked to keep going: a learner fixes one stage at a time.
          if (stopAfterFailure && !allStages) controller.abort();
          const n = STAGES.findIndex((s) => s.id === id) + 1;
          if (!controller.signal.aborted) {
            setStageShown((prev) => ({ ...prev, [id]: 'running' }));
            setStatus(t('checker.running', { n, total: STAGES.length, title: stageTitle(id) }));
          }
        },
        onCheck(result) {
          if (result.notRun === 'transport') return; // the other transport's rules: not shown
          live[result.id] = result;
          setResults({ ...live });
          if (result.status === 'fail') stopAfterFailure = true;
        },
      }).finally(() => target?.close());
      const stages: Partial<Record<StageId, CheckStatus>> = {};
      const reasons: Partial<Record<StageId, string>> = {};
      const shown: Partial<Record<StageId, Shown>> = {};
      let reached = true;
      for (const s of report.stages) {
        const notReached = s.reason === 'the run was stopped' && !reached;
        if (s.reason === 'the run was stopped') reached = false;
        shown[s.id] = s.reason === 'the run was stopped' ? 'pending' : s.status;
        if (!notReached && s.reason && s.reason !== 'the run was stopped') reasons[s.id] = s.reason;
        if (s.reason !== 'the run was stopped') stages[s.id] = s.status;
      }
      setStageShown(shown);
      setStageReason(reasons);
      const progress = { stages, at: new Date().toISOString() };
      setSaved(progress);
      saveProgress(key, progress);
      reportAction({ widget: 'checker', kind: 'checked', server, stages });
      setVerdicts(JSON.stringify(Object.fromEntries(report.stages.flatMap((s) => s.checks).filter((c) => c.reason !== 'the run was stopped').map((c) => [c.id, c.status]))));
      const stageFailed = report.stages.map((s) => STAGE_FAILED.exec(s.reason ?? '')).find((m) => m !== null);
      setOutcome({
        verdict: stoppedByReader.current ? 'stopped' : report.verdict,
        failed: report.summary.checksFailed,
        warned: report.summary.checksWarned,
        incomplete: report.incomplete,
        ...(stageFailed ? { stageFailed: Number(stageFailed[1]) } : {}),
        era: report.era,
      });
      const counts = Object.values(stages);
      const warned = counts.filter((c) => c === 'warn').length;
      const notRun = counts.filter((c) => c === 'not-run').length;
      setStatus(
        [
          t('checker.done', {
            passed: counts.filter((c) => c === 'pass' || c === 'warn').length,
            failed: counts.filter((c) => c === 'fail').length,
            skipped: counts.filter((c) => c === 'skipped').length,
            total: STAGES.length,
          }),
          warned > 0 ? t('checker.done-warned', { n: warned }) : '',
          notRun > 0 ? t('checker.done-not-run', { n: notRun }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (e) {
      setStatus(t('checker.error', { message: errorText(e) }));
      setStageShown(saved?.stages ?? {});
    } finally {
      abort.current = undefined;
      setState('done');
    }
  }

  const passed = saved ? stagesPassed(saved.stages) : 0;
  const when = saved ? formatWhen(saved.at, lang) : '';

  return (
    <section
      class="mcp-widget mcp-checker"
      aria-labelledby={`${uid}-title`}
      data-server={server}
      data-ready={ready ? 'yes' : undefined}
      data-state={state}
      data-verdicts={verdicts}
      data-verdict={outcome?.verdict}
      data-stages-passed={passed}
      {...typedRoot}
      data-source={edited ? 'edit' : 'original'}
    >
      <header class="mcp-widget-head">
        <h3 id={`${uid}-title`} class="mcp-widget-title">
          {t(edited ? 'checker.title-edited' : 'checker.title', { file })}
        </h3>
      </header>
      <EngineBadge />
      <p class="mcp-help">{t('checker.help')}</p>
      <div class="mcp-toolbar">
        <button type="button" class="mcp-btn mcp-btn-primary" data-action="run" disabled={!ready || state === 'running'} onClick={() => void run()}>
          {t('checker.run')}
        </button>
        <button
          type="button"
          class="mcp-btn"
          data-action="stop"
          disabled={state !== 'running'}
          onClick={() => {
            stoppedByReader.current = true;
            abort.current?.abort();
          }}
        >
          {t('checker.stop')}
        </button>
        <label class="mcp-switch">
          <input type="checkbox" data-action="all-stages" data-typed="all-stages" checked={allStages} onChange={(e) => setAllStages((e.currentTarget as HTMLInputElement).checked)} />
          {t('checker.all-stages')}
        </label>
      </div>
      <p class="mcp-checker-status" role="status" aria-live="polite">
        {status || (state === 'idle' && saved ? t('checker.progress-restored', { when, n: passed, total: STAGES.length }) : state === 'idle' ? t('checker.idle') : '')}
      </p>
      {saved && state !== 'idle' ? <p class="mcp-note mcp-checker-progress">{t('checker.progress', { n: passed, total: STAGES.length })}</p> : null}
      {outcome && state === 'done' ? <VerdictBlock outcome={outcome} lang={lang} /> : null}
      <ol class="mcp-checker-stages">
        {STAGES.map((stage, i) => {
          const shown: Shown = stageShown[stage.id] ?? 'pending';
          // A check the stage's own reason explains (the whole stage did not run, or was skipped) is not listed again.
          const explained = (c: CheckResult) => (c.status === 'not-run' || c.status === 'skipped') && (c.notRun === 'stage-failed' || c.reason === stageReason[stage.id]);
          const checks = stage.checks.map((c) => results[c.id]).filter((c): c is CheckResult => c !== undefined && c.reason !== 'the run was stopped' && !explained(c));
          const shownWord = shown === 'warn' ? t('checker.status.stage-warn') : t(`checker.status.${shown}` as StringKey);
          const reason = stageReason[stage.id];
          const failedStage = reason ? STAGE_FAILED.exec(reason) : null;
          const solution = props.solutions?.[i];
          return (
            <li class={`mcp-checker-stage mcp-checker-${shown}`} data-stage={stage.id} data-status={shown} key={stage.id}>
              <details open={shown === 'fail' || shown === 'warn' || shown === 'running'}>
                <summary>
                  {/* Until hydrated, the saved verdicts are not read yet: the mark and the word hold their place hidden
                      (checker.css), rather than say "not run" or let the line wrap differently once they appear. */}
                  <span class="mcp-checker-mark" aria-hidden="true">{mark(shown)}</span>{' '}
                  <span class="mcp-checker-stage-title">{t('checker.stage', { n: i + 1, title: stageTitle(stage.id) })}</span>{' '}
                  <span class="mcp-checker-word">{shownWord}</span>
                  {checks.length > 0 ? (
                    <span class="mcp-note">
                      {' '}
                      · {stageCountsText(checks)}
                    </span>
                  ) : null}
                  {failedStage ? <span class="mcp-note mcp-checker-stage-reason"> · {t('checker.stage-not-run', { n: Number(failedStage[1]) })}</span> : null}
                </summary>
                {reason && !failedStage ? (
                  <p class="mcp-note mcp-checker-stage-reason">
                    {t(shown === 'not-run' ? 'checker.not-run-reason' : 'checker.reason')}: {reasonWords(reason, lang)}
                  </p>
                ) : null}
                {checks.length > 0 ? (
                  <ul class="mcp-checker-checks">
                    {checks.map((c) => (
                      <CheckRow check={c} lang={lang} key={c.id} />
                    ))}
                  </ul>
                ) : shown === 'pending' && state === 'done' ? (
                  <p class="mcp-note">{t('checker.not-reached')}</p>
                ) : null}
                {solution !== undefined ? (
                  <div class="mcp-checker-solution">
                    <button
                      type="button"
                      class="mcp-btn mcp-btn-small"
                      data-action="solution"
                      disabled={!ready}
                      aria-expanded={openSolution[stage.id] ? 'true' : 'false'}
                      onClick={() => setOpenSolution((o) => ({ ...o, [stage.id]: !o[stage.id] }))}
                    >
                      {openSolution[stage.id] ? t('checker.solution.hide') : t('checker.solution.show')}
                    </button>
                    {openSolution[stage.id] ? (
                      <div class="mcp-checker-solution-body">
                        <p class="mcp-note">{t('checker.solution.note', { n: i + 1 })}</p>
                        <CopyButton label={t('checker.solution.copy')} value={solution} />
                        <pre class="mcp-raw-block mcp-checker-code" tabIndex={0} aria-label={t('checker.solution.label', { n: i + 1 })} data-solution={i + 1}>
                          <code>{solution}</code>
                        </pre>
                      </div>
                    ) : null}
                  </div>
                ) : null}
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** When a saved run happened, as a date and time written the language's way. */
function formatWhen(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleString(lang === 'id' ? 'id-ID' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The mark of a status (the Yardstick uses the same): ✓ pass, ! warning, ✗ fail, – skipped, … running, ○ not run or pending. */
function mark(s: Shown): string {
  return s === 'pass' ? '✓' : s === 'warn' ? '!' : s === 'fail' ? '✗' : s === 'skipped' ? '–' : s === 'running' ? '…' : '○';
}

/** The verdict and why, above the stages; for a legacy server (or one of unknown era), what that meant for the run. */
function VerdictBlock({ outcome, lang }: { outcome: Outcome; lang: Lang }): JSX.Element {
  const { verdict, era } = outcome;
  const head =
    verdict === 'pass' ? t('checker.verdict.pass') : verdict === 'fail' ? t('checker.verdict.fail', { n: outcome.failed }) : verdict === 'incomplete' ? t('checker.verdict.incomplete') : t('checker.verdict.stopped');
  return (
    <div class={`mcp-checker-verdict mcp-checker-verdict-${verdict}`} data-verdict={verdict}>
      <p class="mcp-checker-verdict-line">
        <strong>{head}</strong>
        {verdict !== 'stopped' && outcome.stageFailed !== undefined ? ` ${t('checker.verdict.stage-failed', { n: outcome.stageFailed })}` : ''}
        {verdict !== 'stopped' && outcome.warned > 0 ? ` ${t('checker.verdict.warnings', { n: outcome.warned })}` : ''}
      </p>
      {verdict === 'incomplete' ? (
        <ul class="mcp-checker-incomplete">
          {outcome.incomplete.map((i) => (
            <li key={i.id} data-check={i.id}>
              <code>{i.id}</code>: {reasonWords(i.reason, lang)}
            </li>
          ))}
        </ul>
      ) : null}
      {era.era === 'legacy' ? (
        <p class="mcp-note mcp-checker-era" data-era="legacy">
          {t('checker.era.legacy', { version: era.legacyVersion ?? '?', detail: eraWords(era.detail, lang) })}
        </p>
      ) : era.era === 'unknown' ? (
        <p class="mcp-note mcp-checker-era" data-era="unknown">
          {/* What the probe got instead is what stage 1 shows, in the page's language (the era's own detail is the command line's). */}
          {t('checker.era.unknown', {})}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One check: its rule with the spec link; for a failure or a warning, its level, expected / received / hint
 * and the spec's own sentence; for a check skipped or not run, why; then its wire lines.
 */
function CheckRow({ check, lang }: { check: CheckResult; lang: Lang }): JSX.Element {
  const words = checkWords(check, lang);
  return (
    <li class={`mcp-checker-check mcp-checker-${check.status}`} data-check={check.id} data-status={check.status}>
      <div class="mcp-checker-rule">
        <span class="mcp-checker-mark" aria-hidden="true">{mark(check.status)}</span> <span class="mcp-checker-word">{t(`checker.status.${check.status}` as StringKey)}</span>: {words.rule}{' '}
        <a class="mcp-spec-link" href={check.specUrl} target="_blank" rel="noopener">
          {t('checker.spec')}
        </a>
      </div>
      {check.status === 'fail' || check.status === 'warn' ? (
        <dl class="mcp-checker-detail">
          <dt>{t('checker.level')}</dt>
          <dd>{t(check.level === 'should' ? 'checker.level.should' : 'checker.level.must')}</dd>
          <dt>{t('checker.expected')}</dt>
          <dd>{words.expected}</dd>
          <dt>{t('checker.received')}</dt>
          <dd>{check.why ? failureText(check.why, lang) : actualWords(check.actual ?? '', lang)}</dd>
          <dt>{t('checker.hint')}</dt>
          <dd>{words.hint}</dd>
          <dt>{t('checker.quote')}</dt>
          <dd>
            {/* The spec's own words, verbatim: the spec is written in English. */}
            <blockquote class="mcp-checker-quote" cite={check.specUrl} lang="en">
              {check.quote}
            </blockquote>
          </dd>
        </dl>
      ) : null}
      {(check.status === 'skipped' || check.status === 'not-run') && check.reason ? (
        <p class="mcp-note">
          {t(check.status === 'not-run' ? 'checker.not-run-reason' : 'checker.reason')}: {reasonWords(check.reason, lang)}
        </p>
      ) : null}
      {check.wire.length > 0 ? (
        <details class="mcp-checker-wire">
          <summary>{t('checker.wire', { n: check.wire.length })}</summary>
          <ol class="mcp-lines">
            {check.wire.slice(0, 200).map((w, i) => (
              <li key={i} class={`mcp-line ${w.dir === 'sent' ? 'mcp-line-out' : w.dir === 'received' ? 'mcp-line-in' : 'mcp-stderr'}`}>
                <span class="mcp-dir">{t(`checker.wire.${w.dir}` as StringKey)}</span> <span class="mcp-pid">{t('checker.wire.process', { n: w.process })}</span>
                <pre class="mcp-raw">{w.text.length > 2000 ? `${w.text.slice(0, 2000)}…` : w.text}</pre>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}
