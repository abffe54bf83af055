/**
 * Runs the task table (../tasks.ts) in one engine: one Vitest test per row the
 * engine runs, each in a fresh tab (empty storage), on the built course that
 * the e2e global setup builds, served by the course's own server (`inject('xbrowserURL')`,
 * see ../global-setup.ts). The same steps
 * (./steps.ts) and the same expectations for every engine; a test fails on
 * any error the page reports (./drivers.ts says what each engine can report).
 *
 *   // tests/xbrowser/firefox.test.ts
 *   runTasks('firefox');
 */
import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { formatNumber, type Lang } from '../../../src/i18n/index.ts';
import { starterEditKey } from '../../e2e/support/checker-page.ts';
import { toySource } from '../../e2e/support/lesson-editor.ts';
import { catalogTokens, nodeCatalog, type CatalogTokens } from '../../e2e/support/live-catalog.ts';
import { lessonPath, lessonTitle, TASKS, type Action, type Expected, type Task } from '../tasks.ts';
import type { Engine } from './browsers.ts';
import { launch, type Browser, type Tab } from './drivers.ts';
import { attributeIs, attributes, choose, click, editorHolds, fill, hydrated, open, ready, reload, textOf, typeOver, until, type Target } from './steps.ts';
import { capstoneStage } from '../../capstone-stages.ts';

/** The lines a Console shows from the server's stdout (raw text; JSON when it parses). */
async function stdoutLines(tab: Tab, c: Target): Promise<Array<{ text: string; json?: any; bad: boolean }>> {
  const raw = await tab.evaluate(
    (t) => [...(window.__xbrowser.find(t)?.querySelectorAll('li.mcp-line-in') ?? [])].map((li) => ({ text: li.querySelector('.mcp-raw')?.textContent ?? '', bad: li.classList.contains('mcp-line-bad') })),
    c,
  );
  return raw.map((line) => {
    try {
      return { ...line, json: JSON.parse(line.text) };
    } catch {
      return line; // a framing violation: not JSON
    }
  });
}

/** How many stdout lines the Console `c` shows. */
const stdoutCount = (tab: Tab, c: Target) => tab.evaluate((t) => window.__xbrowser.find(t)?.querySelectorAll('li.mcp-line-in').length ?? 0, c);

/** Presses Send on Console `c` and waits until `replies` more stdout lines have arrived. */
async function send(tab: Tab, c: Target, replies: number): Promise<void> {
  const before = await stdoutCount(tab, c);
  await click(tab, { css: 'button[data-action="send"]', within: c });
  await until(tab, `${replies} more stdout line(s)`, ([t, n]) => (window.__xbrowser.find(t)?.querySelectorAll('li.mcp-line-in').length ?? 0) >= n, [c, before + replies] as const);
}

/** Checks what the Console `c` shows against `expected.reply` and `expected.flagged`. */
async function checkReply(tab: Tab, c: Target, expected: Expected): Promise<void> {
  const lines = await stdoutLines(tab, c);
  if (expected.flagged !== undefined) expect(lines.filter((l) => l.bad), 'stdout lines flagged as not JSON').toHaveLength(expected.flagged);
  if (!expected.reply) return;
  const reply = lines.map((l) => l.json).find((m) => m && m.id === expected.reply!.id);
  expect(reply, `a reply with id ${expected.reply.id}`).toBeDefined();
  if (expected.reply.match) expect(reply).toMatchObject(expected.reply.match);
  if (expected.reply.toolText) expect(reply.result.content[0].text).toBe(expected.reply.toolText);
}

/** Everything a task needs besides its row. */
interface Context {
  tab: Tab;
  lang: Lang;
  /** Absolute URL of the task's page. */
  url: string;
  /** Live token counts per TokenMeter server, measured before the tests. */
  tokens: Map<string, CatalogTokens>;
}

/** The steps of each action, then the checks of what it should show. */
const ACTIONS: { [K in Action['kind']]: (ctx: Context, action: Extract<Action, { kind: K }>, expected: Expected) => Promise<void> } = {
  async read() {
    // The heading, checked for every task, is all this page promises by itself.
  },

  async counter({ tab, lang }, action, expected) {
    const counter = await hydrated(tab, 'integration-counter');
    await fill(tab, { css: '#ic-apps-n', within: counter }, String(action.apps));
    await fill(tab, { css: '#ic-systems-n', within: counter }, String(action.systems));
    const want = expected.counts!;
    await until(
      tab,
      'the counts',
      ([t, p, w]) => {
        const el = window.__xbrowser.find(t);
        return el?.querySelector('[data-point-to-point]')?.textContent === p && el?.querySelector('[data-with-protocol]')?.textContent === w;
      },
      [counter, formatNumber(want.pointToPoint, lang), formatNumber(want.withProtocol, lang)] as const,
    );
  },

  async send({ tab }, action, expected) {
    const c = { css: 'section.mcp-console', n: action.console ?? 0 };
    await ready(tab, c);
    await send(tab, c, action.replies ?? 1);
    await checkReply(tab, c, expected);
    if (action.form === undefined) return;
    // The Console opens a form for input_required: it asks the question; Accept retries, and the result comes back.
    const form = { css: 'form.mcp-elicit', within: c };
    expect(await textOf(tab, form)).toContain(expected.form!.question);
    await fill(tab, { css: 'input', within: form }, action.form);
    const before = await stdoutCount(tab, c);
    await click(tab, { css: 'button[data-action="accept"]', within: form });
    await until(tab, 'the reply to the retry', ([t, n]) => (window.__xbrowser.find(t)?.querySelectorAll('li.mcp-line-in').length ?? 0) > n, [c, before] as const);
    const last = (await stdoutLines(tab, c)).at(-1)!.json;
    expect(last.result.resultType).toBe('complete');
    expect(last.result.content[0].text).toBe(expected.form!.answered);
  },

  async post({ tab }, _action, expected) {
    const c = { css: 'section.mcp-console', n: 0 };
    await ready(tab, c);
    await click(tab, { css: 'button[data-action="send"]', within: c });
    const exchange = { css: 'li.mcp-line-http', within: c };
    const status = await textOf(tab, { css: '.mcp-status', within: exchange });
    expect(Number(status)).toBe(expected.http!.status);
    const response = await textOf(tab, { css: 'pre.mcp-raw-full', within: exchange });
    const body = response.slice(response.indexOf('\n\n') + 2);
    expect(JSON.parse(body)).toMatchObject(expected.http!.body);
  },

  async probe({ tab }, action, expected) {
    const probe = await hydrated(tab, 'probe-flow');
    await choose(tab, { css: '[data-control=server]', within: probe }, action.server);
    const status = { css: '[data-probe-status]', within: probe };
    const runs = Number(await tab.evaluate((t) => window.__xbrowser.find(t)?.getAttribute('data-runs'), status));
    await click(tab, { css: '[data-action="all"]', within: probe });
    await attributeIs(tab, status, 'data-runs', String(runs + 1), 30_000);
    const verdict = await tab.evaluate((t) => [window.__xbrowser.find(t)?.getAttribute('data-era'), window.__xbrowser.find(t)?.getAttribute('data-version')], status);
    expect(verdict).toEqual([expected.probe!.era, expected.probe!.version]);
  },

  async replay({ tab }, _action, expected) {
    const replay = await hydrated(tab, 'replay');
    await click(tab, { css: 'button[data-action="replay"]', within: replay });
    await attributeIs(tab, { css: '[data-replay-status]', within: replay }, 'data-replay-status', 'done', 30_000);
    const found = await attributes(tab, replay, '[data-mode] .rp-verdict', 'data-found');
    const modes = await attributes(tab, replay, '[data-mode]', 'data-mode');
    expect(Object.fromEntries(modes.map((m, i) => [m, found[i]]))).toEqual({ 'one-process': String(expected.replay!.oneProcess), 'fresh-process': String(expected.replay!.freshProcess) });
  },

  async cache({ tab, lang }, _action, expected) {
    const view = await hydrated(tab, 'cache-view');
    await click(tab, { css: 'button[data-action="need-week"]', within: view });
    const want = expected.log!(lang);
    const log = await until(
      tab,
      `${want.length} log lines`,
      ([t, n]) => {
        const lines = [...(window.__xbrowser.find(t)?.querySelectorAll<HTMLElement>('ol.cv-log > li') ?? [])].map((li) => li.innerText.trim());
        return lines.length >= n ? lines : null;
      },
      [view, want.length] as const,
    );
    expect(log).toEqual(want);
  },

  async meter({ tab, lang, tokens }, action) {
    const meter = { css: `[data-widget=token-meter][data-server="${action.server}"]` };
    await hydrated(tab, 'token-meter');
    await attributeIs(tab, { css: '[data-meter-status]', within: meter }, 'data-meter-status', 'counted', 60_000);
    const want = tokens.get(action.server)!;
    const shown = await tab.evaluate((t) => {
      const el = window.__xbrowser.find(t)!;
      const totals = el.querySelector('dd[data-total-compact]')!;
      return {
        perTool: [...el.querySelectorAll('li[data-tool]')].map((li) => ({ name: li.getAttribute('data-tool'), compact: Number(li.getAttribute('data-compact')), python: Number(li.getAttribute('data-python')) })),
        total: { compact: Number(totals.getAttribute('data-total-compact')), python: Number(totals.getAttribute('data-total-python')) },
        totalText: totals.textContent ?? '',
      };
    }, meter);
    expect({ perTool: shown.perTool, total: shown.total }).toEqual(want);
    // The totals as the page writes numbers in its language (1,307 / 1.307).
    expect(shown.totalText).toContain(formatNumber(want.total.compact, lang));
    expect(shown.totalText).toContain(formatNumber(want.total.python, lang));
  },

  async edit({ tab, lang, url }, action, expected) {
    const editor = { css: 'section.mcp-server-editor', n: 0 };
    await ready(tab, editor);
    const box = { css: '.mcp-editor-js', within: editor };
    await click(tab, box); // the first click swaps the plain textarea for CodeMirror
    await click(tab, { css: '.cm-line', within: box }); // into CodeMirror itself: it has the focus
    await typeOver(tab, box, action.find, action.replace);
    // Exactly the reader's edit, saved as the editor saves it.
    const original = toySource(action.file);
    const edited = original.replace(action.find, action.replace);
    const key = `mcp-by-hand:edit:${new URL(url).pathname}:toy-servers/${action.file}`;
    await until(tab, 'the edit to be saved', ([k, v]) => localStorage.getItem(k) === v, [key, edited] as const);
    await attributeIs(tab, { css: '.mcp-changed', within: editor }, 'data-changed', 'yes');
    // Run: the attached Console restarts on the edit; then the lesson's next message.
    await click(tab, { css: 'button[data-action="run"]', within: editor });
    const c = { css: 'section.mcp-console', within: editor };
    const entry = `toy-servers/${action.file.replace(/\.mjs$/, '.edited.mjs')}`;
    await until(tab, `the edit to start (${entry})`, ([t, e]) => !!window.__xbrowser.find(t)?.querySelector(`.mcp-event[data-event="started"][data-entry="${e}"]`), [c, entry] as const);
    await click(tab, { css: '.mcp-starts button', text: action.then.label[lang], within: c });
    await editorHolds(tab, { css: '.mcp-editor', within: c }, action.then.message);
    await send(tab, c, 1);
    await checkReply(tab, c, expected);
  },

  async checker({ tab, url }, action, expected) {
    const checker = { css: 'section.mcp-checker' };
    if (action.solution !== undefined) {
      await ready(tab, checker); // its island and imports loaded before the reload
      const solution = capstoneStage(action.solution);
      await tab.evaluate(([k, v]) => localStorage.setItem(k, v), [starterEditKey(new URL(url).pathname), solution] as const);
      await reload(tab);
    }
    await ready(tab, checker);
    await click(tab, { css: '[data-action="run"]', within: checker });
    await attributeIs(tab, checker, 'data-state', 'done', 120_000).catch(async (e: Error) => {
      // Say where the run stood: the stages' statuses and the Checker's own words.
      const seen = await tab.evaluate((t) => (window.__xbrowser.find(t) as HTMLElement | null)?.innerText.slice(0, 3000), checker).catch(() => undefined);
      throw new Error(`${e.message}\nthe Checker showed:\n${seen}`);
    });
    const statuses = await attributes(tab, checker, 'li.mcp-checker-stage', 'data-status');
    // On a mismatch, say which checks failed or warned and what the Checker said about them.
    const failed = statuses.join() === expected.stages!.join() ? [] : await tab.evaluate((t) => [...(window.__xbrowser.find(t)?.querySelectorAll<HTMLElement>('[data-check]:is([data-status="fail"], [data-status="warn"])') ?? [])].map((el) => el.innerText.slice(0, 600)), checker);
    expect(statuses, failed.join('\n---\n')).toEqual(expected.stages);
  },
};

const name = (task: Task) => `${task.edition === 'en' ? '' : `${task.edition}/`}${task.lesson}: ${task.action.kind}${'solution' in task.action && task.action.solution ? ` (stage ${task.action.solution} solution)` : ''}`;

/** Registers the tests of every task `engine` runs (its `describe` block), with one browser for them all. */
export function runTasks(engine: Engine): void {
  const tasks = TASKS.filter((task) => task.engines.includes(engine));
  describe(engine, () => {
    let browser: Browser;
    const tokens = new Map<string, CatalogTokens>();
    beforeAll(async () => {
      browser = await launch(engine, inject('browsers'), inject('display'));
      console.log(`${engine}: ${browser.version}`);
      const enc = get_encoding('o200k_base');
      try {
        for (const task of tasks) {
          if (task.action.kind === 'meter' && !tokens.has(task.action.server)) {
            const catalog = await nodeCatalog(task.action.server);
            tokens.set(task.action.server, catalogTokens(catalog.tools, (text) => enc.encode(text).length));
          }
        }
      } finally {
        enc.free();
      }
    }, 60_000);
    afterAll(() => browser?.close());

    for (const task of tasks) {
      test(name(task), async (ctx) => {
        const tab = await browser.newTab();
        let problems: string[] = [];
        try {
          const url = new URL(lessonPath(task.lesson, task.edition), inject('xbrowserURL')).href;
          await open(tab, url);
          expect(await textOf(tab, { css: 'main h1' })).toBe(lessonTitle(task.lesson, task.edition));
          const limit = task.limits[engine];
          if (limit && (await tab.evaluate(limit.present, undefined))) {
            console.log(`skipped in ${engine}: ${limit.reason}`);
            ctx.skip(`${engine}: ${limit.reason}`);
          }
          const run = ACTIONS[task.action.kind] as (ctx: Context, action: Action, expected: Expected) => Promise<void>;
          await run({ tab, lang: task.edition, url, tokens }, task.action, task.expected);
        } finally {
          problems = await tab.problems().catch((e: Error) => [`could not read the page's problems: ${e.message}`]);
          await tab.close();
        }
        expect(problems, 'errors in the page').toEqual([]);
      }, 150_000);
    }
  });
}
