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
 * expectation and hint from the string tables of the page's language
 * (src/i18n/<lang>/checks.ts), its skip reason translated (./check-words.ts), and
 * what the server did: when the process or the run failed (no reply, an
 * exit, a flood, a stop) from the code the checker carries (`why`, said by
 * `failure.<code>` of src/i18n), otherwise `actual` with its prose translated
 * the same way; the codes and messages the server sent, and wire lines, are
 * shown as they are.
 *
 * Made of: ./use-checker-run.ts (the run and the kept progress, as a hook),
 * ./run-outcome.ts (what a finished report shows), and the views
 * ./VerdictBlock.tsx, ./StageItem.tsx and ./CheckRow.tsx.
 *
 * For tests: after a run the section carries `data-verdicts` (JSON,
 * `{checkId: status}`), `data-verdict` (`pass` | `fail` | `incomplete` |
 * `stopped`) and `data-state` (`idle` | `running` | `done`); the controls
 * carry `data-action` (`run`, `stop`, `all-stages`, `solution`).
 *
 * https://modelcontextprotocol.io/specification/2026-07-28
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { STAGES, type StageId } from '../../checker/index.ts';
import { t, setLang, currentLang, intlLocale, type Lang, type StringKey } from '../../i18n/index.ts';
import { EngineBadge } from '../ui/EngineBadge.tsx';
import { originalEntry, SERVER_NAMES, type ServerName } from '../page/server-sources.ts';
import { editKey, loadEdit, onEditChange } from '../server-editor/edit-store.ts';
import { progressKey, stagesPassed } from './progress-store.ts';
import { SERVERS } from '../../../toy-servers/registry.ts';
import { useTypedBefore } from '../page/typed-before.ts';
import { useCheckerRun } from './use-checker-run.ts';
import { VerdictBlock } from './VerdictBlock.tsx';
import { StageItem } from './StageItem.tsx';
import '../ui/widget.css';
import './checker.css';

/** Props of {@link Checker}. */
export interface CheckerProps {
  server: ServerName;
  /** Reference files, one per stage in order (index 0 = stage 1); a stage without one shows no solution button. */
  solutions?: readonly string[];
  /** The page's language (Starlight's `lang`). */
  lang?: string;
}

let checkers = 0;

/** True while the reader's edit of `file` is kept for this page (then the title says the run checks it, not the shipped file). */
function useEdited(file: string): boolean {
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    const edit = editKey(location.pathname, file);
    setEdited(loadEdit(edit) !== undefined);
    return onEditChange(edit, setEdited);
  }, []);
  return edited;
}

/** The Checker island. */
export function Checker(props: CheckerProps): JSX.Element {
  setLang(props.lang);
  const lang = currentLang();
  const server: ServerName = SERVER_NAMES.includes(props.server) ? props.server : 'starter';
  const file = originalEntry(server);
  const uid = useMemo(() => `mcp-checker-${++checkers}`, []);
  const key = useMemo(() => progressKey(typeof location === 'undefined' ? '/' : location.pathname, server), []);
  /** A Streamable HTTP server is checked as one: its module served as a fetch handler, stage 1 its HTTP rules. */
  const http = SERVERS[server].transport === 'http';
  const stageTitle = (id: StageId) => t((http && id === 'framing' ? 'checker.stage.framing.http' : `checker.stage.${id}`) as StringKey);
  const run = useCheckerRun(server, http, key, stageTitle);
  const { ready, saved, state, outcome } = run;
  const [allStages, setAllStages] = useState(false);
  // "Keep going" as the reader left it before hydration, if they touched it.
  const typedRoot = useTypedBefore('checker', (typed) => {
    const on = typed.checked('all-stages');
    if (on !== undefined) setAllStages(on);
  });
  const [openSolution, setOpenSolution] = useState<Partial<Record<StageId, boolean>>>({});
  const edited = useEdited(file);

  const passed = saved ? stagesPassed(saved.stages) : 0;
  const when = saved ? formatWhen(saved.at, lang) : '';

  return (
    <section
      class="mcp-widget mcp-checker"
      aria-labelledby={`${uid}-title`}
      data-server={server}
      data-ready={ready ? 'yes' : undefined}
      data-state={state}
      data-verdicts={run.verdicts}
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
        <button type="button" class="mcp-btn mcp-btn-primary" data-action="run" disabled={!ready || state === 'running'} onClick={() => void run.run(allStages)}>
          {t('checker.run')}
        </button>
        <button type="button" class="mcp-btn" data-action="stop" disabled={state !== 'running'} onClick={run.stop}>
          {t('checker.stop')}
        </button>
        <label class="mcp-switch">
          <input type="checkbox" data-action="all-stages" data-typed="all-stages" checked={allStages} onChange={(e) => setAllStages((e.currentTarget as HTMLInputElement).checked)} />
          {t('checker.all-stages')}
        </label>
      </div>
      <p class="mcp-checker-status" role="status" aria-live="polite">
        {run.status || (state === 'idle' && saved ? t('checker.progress-restored', { when, n: passed, total: STAGES.length }) : state === 'idle' ? t('checker.idle') : '')}
      </p>
      {saved && state !== 'idle' ? <p class="mcp-note mcp-checker-progress">{t('checker.progress', { n: passed, total: STAGES.length })}</p> : null}
      {outcome && state === 'done' ? <VerdictBlock outcome={outcome} lang={lang} /> : null}
      <ol class="mcp-checker-stages">
        {STAGES.map((stage, i) => (
          <StageItem
            key={stage.id}
            stage={stage}
            index={i}
            title={stageTitle(stage.id)}
            shown={run.stageShown[stage.id] ?? 'pending'}
            reason={run.stageReason[stage.id]}
            results={run.results}
            done={state === 'done'}
            ready={ready}
            lang={lang}
            solution={props.solutions?.[i]}
            solutionOpen={openSolution[stage.id] === true}
            onToggleSolution={() => setOpenSolution((o) => ({ ...o, [stage.id]: !o[stage.id] }))}
          />
        ))}
      </ol>
    </section>
  );
}

/** When a saved run happened, as a date and time written the language's way. */
function formatWhen(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleString(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
}
