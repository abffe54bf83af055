/**
 * The Checker gives the same verdicts in the page (Worker engine) as in Node:
 * the same server source is put into the capstone's editor (as the reader's
 * saved edit), checked by the Checker widget with "keep going" on, and its
 * verdicts (the widget's `data-verdicts`, one status per check id) compared
 * with `runChecks` over the Node engine in this process. The same holds for
 * the mutants of the checker's own tests whose tools carry no annotations
 * (tests/fixtures/mutants/mutations.mjs, `unannotated-*`: caught only because
 * the default policy calls every tool), the mutants of the newer rules whose
 * bug travels through the engine differently (a cancelled listen still
 * answered: a notification's timing; a listen sending unrequested types: a
 * stream; a rewritten id: an id's digits through the engine's stdio), a
 * server that writes a request to stdout, and the correct variant that exits
 * with code 3 (an exit status): the same status for every check and the same
 * verdict. The mutants whose bug is only in a result's JSON (a result typed
 * `complete` that asks for input, a bad cursor, graceful degradation) take the
 * same path through the engine as the reference and are judged in Node by
 * tests/unit/checker/mutants.test.ts. Also: a
 * server that hangs in a busy loop, or floods stdout, during a page check is
 * reported as a failure, and the page stays clickable while it runs.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import type { Locator } from 'playwright-core';
import { CHECK_IDS, runChecks, type CheckReport } from '../../src/checker/index.ts';
import { NodeEngine } from '../../src/engines/node/node-engine.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { checkerWithEdit } from './support/checker-page.ts';
import { MISBEHAVIOURS, MUTATIONS, mutate } from '../fixtures/mutants/mutations.mjs';
import { REFERENCE } from '../fixtures/mutants/generate.mjs';
import { capstoneStage } from '../capstone-stages.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const site = lessonSites()[0]!;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'checker-same-verdict-'));

/** The capstone's final solution with one bug: the protocol version is no longer checked (the -32022 rule). */
function versionNotChecked(): string {
  const good = capstoneStage(8);
  const line = "  if (version !== VERSION) throw new RpcError(-32022, 'Unsupported protocol version', { supported: [VERSION], requested: version });\n";
  expect(good).toContain(line);
  return good.replace(line, '');
}


/** Every check a run over stdio reports, in run order: all of them but the Streamable HTTP ones (a run leaves the other transport's checks out of its report). */
const stdioCheckIds = () => CHECK_IDS.filter((id) => !id.startsWith('http.'));

/** Runs the page's Checker on every stage; returns its verdicts by check id. */
async function pageVerdicts(checker: Locator): Promise<Record<string, string>> {
  await checker.locator('[data-action="all-stages"]').check();
  await checker.locator('[data-action="run"]').click();
  await expect.poll(() => checker.getAttribute('data-state'), { timeout: 180_000 }).toBe('done');
  return JSON.parse((await checker.getAttribute('data-verdicts'))!) as Record<string, string>;
}

/** The Node verdicts for `entry` (a path under the project, or absolute), by check id. */
async function nodeVerdicts(entry: string): Promise<Record<string, string>> {
  const engine = new NodeEngine({ root: ROOT });
  const report = await runChecks(() => engine.spawn(entry), { replyTimeoutMs: 3000 });
  return Object.fromEntries(report.stages.flatMap((s) => s.checks).map((c) => [c.id, c.status]));
}

describe('the Checker in the page and in Node agree', () => {
  const cases: Array<{ name: string; source: () => string; entry: () => string; failed: string[] }> = [
    { name: 'calendar.mjs', source: () => read('toy-servers/calendar.mjs'), entry: () => 'toy-servers/calendar.mjs', failed: [] },
    { name: 'noisy.mjs', source: () => read('toy-servers/noisy.mjs'), entry: () => 'toy-servers/noisy.mjs', failed: ['framing.stdout-only'] },
    {
      name: 'a broken edit (version not checked)',
      source: versionNotChecked,
      entry: () => {
        const file = join(scratch, 'version-not-checked.mjs');
        writeFileSync(file, versionNotChecked());
        return file;
      },
      failed: ['meta.unknown-version'],
    },
  ];

  test.for(cases)('$name: same status for every check', { timeout: 300_000 }, async ({ source, entry, failed }, { open }) => {
    const [node, { checker }] = await Promise.all([nodeVerdicts(entry()), checkerWithEdit(open, lessonURL(site, 'write-your-own-server'), source())]);
    const page = await pageVerdicts(checker);
    expect(Object.keys(page)).toEqual(stdioCheckIds());
    expect(page).toEqual(node);
    expect(Object.keys(page).filter((id) => page[id] === 'fail')).toEqual(failed);
  });
});

/** One mutant of the checker's tests (tests/fixtures/mutants/mutations.mjs): its name and the checks its bug must fail or warn. */
interface Mutation {
  name: string;
  fails: string[];
  warns?: string[];
}

/** The widget's verdict (`data-verdict` on its section): `pass`, `fail`, `incomplete` or `stopped`. */
async function pageVerdict(checker: Locator): Promise<string | null> {
  return checker.getAttribute('data-verdict');
}

/** Statuses by check id, for comparing a Node report with the page's `data-verdicts`. */
const statuses = (report: CheckReport) => Object.fromEntries(report.stages.flatMap((s) => s.checks).map((c) => [c.id, c.status]));
const idsWith = (verdicts: Record<string, string>, status: string) => Object.keys(verdicts).filter((id) => verdicts[id] === status);

describe('the mutants of the checker tests, in the page and in Node', () => {
  const reference = readFileSync(REFERENCE, 'utf8');
  /** The rules whose bug travels through the engine differently, each caught by the check naming it, and the correct variant with its own exit status. */
  const NAMED = ['cancelled-still-answered', 'listen-unrequested-types', 'id-rewritten', 'ok-exit-code-3'];
  const picked = (MUTATIONS as Mutation[]).filter((m) => m.name.startsWith('unannotated-') || NAMED.includes(m.name));
  const serverRequest = (MISBEHAVIOURS as unknown as Mutation[]).find((m) => m.name === 'misbehave-server-request')!;
  const cases = [
    ...picked.map((m) => ({ name: m.name, source: mutate(reference, m) as string, fails: m.fails, warns: m.warns ?? [] })),
    // A request on stdout: stage 1 fails on exactly that rule, and nothing after it runs.
    { name: serverRequest.name, source: mutate(reference, serverRequest) as string, fails: ['framing.no-server-requests'], warns: [] as string[] },
    // (The reference itself agrees as calendar.mjs and the two correct variants above do; tests/unit/checker/mutants.test.ts passes it in Node.)
  ];

  test('the mutants picked are the three unannotated bugs, the named rules and the correct variant', () => {
    expect(picked.filter((m) => m.name.startsWith('unannotated-')).length).toBeGreaterThanOrEqual(3);
    expect(picked.map((m) => m.name)).toEqual(expect.arrayContaining(NAMED));
  });

  test.for(cases)('$name: same status for every check and the same verdict (widget defaults, keep going on)', { timeout: 300_000 }, async ({ name, source, fails, warns }, { open }) => {
    const file = join(scratch, `${name}.mjs`);
    writeFileSync(file, source);
    const engine = new NodeEngine({ root: scratch });
    // The widget's own options: a 3000 ms reply timeout, every other option at its default.
    const [node, { checker }] = await Promise.all([runChecks(() => engine.spawn(file), { replyTimeoutMs: 3000 }), checkerWithEdit(open, lessonURL(site, 'write-your-own-server'), source)]);
    const page = await pageVerdicts(checker);
    expect(Object.keys(page)).toEqual(stdioCheckIds());
    expect(page).toEqual(statuses(node));
    expect(await pageVerdict(checker)).toBe(node.verdict);
    // Both agree with what the mutant's bug is known to break.
    expect(idsWith(page, 'fail')).toEqual(fails);
    expect(idsWith(page, 'warn')).toEqual(warns);
    expect(node.verdict).toBe(fails.length > 0 ? 'fail' : 'pass');
  });
});

describe('a misbehaving server during a page check', () => {
  const busy = "import { createInterface } from 'node:readline';\ncreateInterface({ input: process.stdin }).on('line', () => {\n  for (;;) {} // hangs: a busy loop\n});\n";
  const flood = "import { createInterface } from 'node:readline';\ncreateInterface({ input: process.stdin }).on('line', () => {\n  for (;;) process.stdout.write('{\"jsonrpc\":\"2.0\",\"method\":\"flood\"}\\n'); // floods stdout\n});\n";

  test.for([
    { name: 'a busy loop', source: busy },
    { name: 'a flood of output', source: flood },
  ])('$name: the check fails with a reason and the page stays clickable', { timeout: 300_000 }, async ({ source }, { open }) => {
    const { page, checker } = await checkerWithEdit(open, lessonURL(site, 'write-your-own-server'), source);
    await checker.locator('[data-action="run"]').click();
    await expect.poll(() => checker.getAttribute('data-state')).toBe('running');
    // While the server misbehaves, the page answers: a checkbox toggles and a script runs.
    const keepGoing = checker.getByLabel('Keep going after a failed stage');
    await keepGoing.click({ timeout: 5000 });
    await expect.poll(() => keepGoing.isChecked()).toBe(true);
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await expect.poll(() => checker.getAttribute('data-state'), { timeout: 180_000 }).toBe('done');
    const stage1 = checker.locator('li.mcp-checker-stage[data-stage="framing"]');
    expect(await stage1.getAttribute('data-status')).toBe('fail');
    const failedCheck = stage1.locator('li.mcp-checker-check[data-status="fail"]').first();
    expect((await failedCheck.locator('.mcp-checker-detail').innerText()).length).toBeGreaterThan(20);
    expect(await checker.locator('.mcp-checker-status').innerText()).toMatch(/^Done:/);
  });
});
