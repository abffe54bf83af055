/**
 * The Checker's run, as a hook: the progress kept from the last run (read
 * once the island hydrates), and a run of the checker's stages against the
 * reader's source in fresh processes of the page's engine, with what it
 * shows as it goes (each stage and check, the status line) and when it ends
 * (./run-outcome.ts). A run stops at the first failed stage unless asked to
 * keep going, and {@link CheckerRun.stop} ends it. Leaving the page stops it too.
 *
 * Which source: the edit a ServerEditor of the same server keeps for this
 * page, written to its own file beside the original (`<name>.checked.mjs`,
 * so relative imports resolve), checked for syntax first; without an edit,
 * what the page runs now. A Streamable HTTP server is checked over HTTP
 * (./http-target.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { runChecks, STAGES, type CheckResult, type StageId } from '../../checker/index.ts';
import { t } from '../../i18n/index.ts';
import { currentEntry, originalEntry, type ServerName } from '../page/server-sources.ts';
import { getEngine } from '../page/engine-choice.ts';
import { editKey, loadEdit } from '../server-editor/edit-store.ts';
import { errorText } from '../pure/failure-text.ts';
import { httpTarget } from './http-target.ts';
import { loadProgress, saveProgress, type SavedProgress } from './progress-store.ts';
import { reportAction } from '../page/reader-actions.ts';
import { summarize, type Outcome } from './run-outcome.ts';
import type { Shown } from './marks.ts';

/** How long one reply may take in the page, ms. Shorter than the command line's 5000: a toy server in the Worker engine answers in milliseconds, and a reader waits for every silent check. */
const REPLY_TIMEOUT_MS = 3000;

/** Where the checker runs `server` from: the reader's saved edit (written beside the original), else what the page runs. */
async function entryToCheck(server: ServerName): Promise<{ entry: string; source?: string }> {
  const original = originalEntry(server);
  const edit = loadEdit(editKey(location.pathname, original));
  if (edit === undefined) return { entry: currentEntry(server) };
  return { entry: original.replace(/\.mjs$/, '.checked.mjs'), source: edit };
}

/** What {@link useCheckerRun} gives the views. */
export interface CheckerRun {
  /** True once the island hydrated and read the kept progress. */
  ready: boolean;
  /** The progress kept from the last run in this browser, if any. */
  saved: SavedProgress | undefined;
  /** The checks reported so far, by id (the other transport's rules left out). */
  results: Record<string, CheckResult>;
  stageShown: Partial<Record<StageId, Shown>>;
  stageReason: Partial<Record<StageId, string>>;
  state: 'idle' | 'running' | 'done';
  /** The status line ('' when there is nothing to say yet). */
  status: string;
  /** `{checkId: status}` as JSON after a run, for tests. */
  verdicts: string | undefined;
  outcome: Outcome | undefined;
  /** Runs the stages; `allStages`: keep going after a failed stage. */
  run(allStages: boolean): Promise<void>;
  /** Stops the run (the reader pressed Stop). */
  stop(): void;
}

/**
 * The run of `server` (checked over HTTP when `http`), its progress kept under `key`; `stageTitle` names a
 * stage in the status line.
 */
export function useCheckerRun(server: ServerName, http: boolean, key: string, stageTitle: (id: StageId) => string): CheckerRun {
  const [ready, setReady] = useState(false);
  const [saved, setSaved] = useState<SavedProgress | undefined>(undefined);
  const [results, setResults] = useState<Record<string, CheckResult>>({});
  const [stageShown, setStageShown] = useState<Partial<Record<StageId, Shown>>>({});
  const [stageReason, setStageReason] = useState<Partial<Record<StageId, string>>>({});
  const [state, setState] = useState<'idle' | 'running' | 'done'>('idle');
  const [status, setStatus] = useState('');
  const [verdicts, setVerdicts] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);
  /** True when the reader pressed Stop (not when the run stopped itself after a failed stage). */
  const stoppedByReader = useRef(false);

  useEffect(() => {
    const p = loadProgress(key);
    if (p) {
      setSaved(p);
      setStageShown(p.stages);
    }
    setReady(true);
    return () => abort.current?.abort();
  }, []);

  async function run(allStages: boolean): Promise<void> {
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
      const done = summarize(report, stoppedByReader.current);
      setStageShown(done.shown);
      setStageReason(done.reasons);
      const progress = { stages: done.stages, at: new Date().toISOString() };
      setSaved(progress);
      saveProgress(key, progress);
      reportAction({ widget: 'checker', kind: 'checked', server, stages: done.stages });
      setVerdicts(done.verdicts);
      setOutcome(done.outcome);
      setStatus(done.status);
    } catch (e) {
      setStatus(t('checker.error', { message: errorText(e) }));
      setStageShown(saved?.stages ?? {});
    } finally {
      abort.current = undefined;
      setState('done');
    }
  }

  function stop(): void {
    stoppedByReader.current = true;
    abort.current?.abort();
  }

  return { ready, saved, results, stageShown, stageReason, state, status, verdicts, outcome, run, stop };
}
