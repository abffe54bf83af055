/**
 * The Checker gives the same verdicts in the page (Worker engine) as in Node:
 * the same server source is put into the capstone's editor (as the reader's
 * saved edit), checked by the Checker widget with "keep going" on, and its
 * verdicts (the widget's `data-verdicts`, one status per check id) compared
 * with `runChecks` over the Node engine in this process. Also: a server that
 * hangs in a busy loop, or floods stdout, during a page check is reported as
 * a failure, and the page stays clickable while it runs.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import type { Locator } from 'playwright-core';
import { CHECK_IDS, runChecks } from '../../src/checker/index.ts';
import { NodeEngine } from '../../src/engines/node/node-engine.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { checkerWithEdit } from './support/checker-page.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const site = lessonSites()[0]!;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'checker-same-verdict-'));

/** The capstone's final solution with one bug: the protocol version is no longer checked (the -32022 rule). */
function versionNotChecked(): string {
  const good = read('src/components/checker/solutions/stage-8.mjs');
  const line = "  if (version !== VERSION) throw new RpcError(-32022, 'Unsupported protocol version', { supported: [VERSION], requested: version });\n";
  expect(good).toContain(line);
  return good.replace(line, '');
}


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
    expect(Object.keys(page)).toEqual([...CHECK_IDS]);
    expect(page).toEqual(node);
    expect(Object.keys(page).filter((id) => page[id] === 'fail')).toEqual(failed);
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
    expect(await keepGoing.isChecked()).toBe(true);
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await expect.poll(() => checker.getAttribute('data-state'), { timeout: 180_000 }).toBe('done');
    const stage1 = checker.locator('li.mcp-checker-stage[data-stage="framing"]');
    expect(await stage1.getAttribute('data-status')).toBe('fail');
    const failedCheck = stage1.locator('li.mcp-checker-check[data-status="fail"]').first();
    expect((await failedCheck.locator('.mcp-checker-detail').innerText()).length).toBeGreaterThan(20);
    expect(await checker.locator('.mcp-checker-status').innerText()).toMatch(/^Done:/);
  });
});
