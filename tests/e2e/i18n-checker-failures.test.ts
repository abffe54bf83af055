/**
 * The capstone's Checker tells an Indonesian reader what a misbehaving server
 * did in Indonesian. The checker carries a failure that is
 * about the process or the run as a code and its values (`CheckResult.why`,
 * src/protocol/failure.ts) beside its English `actual` (printed by the
 * command line); the widget says it with `failure.<code>` of src/i18n. Each
 * server here is the reader's saved edit of the starter on
 * /id/write-your-own-server/, checked for real in the Worker engine on the
 * default build:
 *
 * - a server that crashes (stderr, then exit code 3) on its first line;
 * - a server that hangs: reads every line and answers none (every wait times out);
 * - a server that hangs in a busy loop (the engine's watchdog stops it).
 *
 * The widget's text (wire lines aside) shows none of the English phrases of
 * src/i18n, nor the checker's own English sentences about a process. Last,
 * a failure of the page engine itself (the reference server's module
 * answering HTTP 404) reaches the Token Meter as a code and is said in
 * Indonesian too.
 */
import { expect, test } from './support/fixtures.ts';
import { lessonSites } from './support/lesson-sites.ts';
import { checkerWithEdit } from './support/checker-page.ts';
import { englishPhrases, leaks, widgetText } from './support/i18n-text.ts';
import { t } from '../../src/i18n/index.ts';
import { SERVERS } from '../../toy-servers/registry.ts';

const site = lessonSites()[0]!;
const PATH = '/id/write-your-own-server/';
const READ_LINES = "import { createInterface } from 'node:readline';\nconst lines = createInterface({ input: process.stdin });\n";

/** The English phrases of every area of src/i18n (one-word ones from five letters, e.g. "Received"). */
const PHRASES = englishPhrases({ singleWordMin: 5 });

/** The checker's English words about a process and a run (src/checker/session.ts, run.ts), which must not show either. */
const CHECKER_ENGLISH = ['exited with code', 'killed by', 'no reply', 'within', 'last stderr', 'stopped by the watchdog', 'could not be started', 'the check', 'the server process', 'it was stopped'];


const cases = [
  {
    name: 'a server that crashes',
    source: `${READ_LINES}lines.on('line', () => {\n  console.error('crashing on purpose');\n  process.exit(3);\n});\n`,
    // The first check's process exits on the first request: its code, then the server's own last words.
    said: () => t('failure.withStderr', { what: t('failure.exit', { code: '3' }, 'id'), stderr: '"crashing on purpose"' }, 'id'),
  },
  {
    name: 'a server that hangs without answering',
    source: `${READ_LINES}lines.on('line', () => {});\n`,
    // The checker's page timeout is 3000 ms, and the wait names the request: said the Indonesian way.
    said: () => t('failure.timeout', { method: 'server/discover', id: '3', ms: 3000 }, 'id'),
  },
  {
    name: 'a server that hangs in a busy loop',
    source: `${READ_LINES}lines.on('line', () => {\n  for (;;) {} // never yields\n});\n`,
    // The engine's watchdog stops it: the exit and the watchdog's reason, both in Indonesian.
    said: () => t('failure.watchdog-busy', { ms: 2000 }, 'id'),
  },
];

test.for(cases)('/id/write-your-own-server/: the Checker says what $name did in Indonesian', { timeout: 180_000 }, async ({ source, said }, { open }) => {
  const { page, checker } = await checkerWithEdit(open, new URL(PATH.slice(1), site.url).href, source);
  await checker.locator('[data-action="run"]').click();
  await expect.poll(() => checker.getAttribute('data-state'), { timeout: 150_000 }).toBe('done');
  const stage1 = checker.locator('li.mcp-checker-stage[data-stage="framing"]');
  expect(await stage1.getAttribute('data-status')).toBe('fail');
  const received = await stage1.locator('li.mcp-checker-check[data-status="fail"] .mcp-checker-detail dd').allInnerTexts();
  expect(received.join('\n')).toContain(said());
  const text = await widgetText(page, 'section.mcp-checker');
  // Code in a hint (`process.stdin.on('end', ...)`) is not prose: dotted names are left out before looking.
  const prose = text.replace(/[\w$]+(?:\.[\w$]+)+/g, ' ');
  expect(leaks(prose, PHRASES)).toEqual([]);
  expect(CHECKER_ENGLISH.filter((phrase) => prose.includes(phrase))).toEqual([]);
});

/**
 * The page engine's own failures reach a widget with a failure code too: the
 * reference server's module answering HTTP 404 on its first spawn is said in
 * Indonesian by the Token Meter that wanted its catalog (src/engines/built-servers.ts).
 */
test('/id/what-a-catalog-costs/: the reference server module answering HTTP 404 is said in Indonesian', { timeout: 120_000 }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    // Its own context: the page fixture would count the 404 this test causes on purpose as a problem.
    await context.route(`**/${SERVERS.everything.fetchUrl}`, (route) => route.fulfill({ status: 404, body: 'not found', contentType: 'text/plain' }));
    const page = await context.newPage();
    await page.goto(new URL('id/what-a-catalog-costs/', baseURL).href, { waitUntil: 'load' });
    const selector = '[data-widget=token-meter][data-server=everything]';
    const meter = page.locator(selector);
    await meter.scrollIntoViewIfNeeded();
    const why = t('failure.http', { what: t('failure.what.server', {}, 'id'), status: '404' }, 'id');
    expect(why).toBe('tidak dapat memuat modul server (HTTP 404)');
    await expect.poll(() => meter.innerText(), { timeout: 60_000 }).toContain(why);
    const text = (await widgetText(page, selector)).replace(/[\w$]+(?:\.[\w$]+)+/g, ' ');
    expect(text).not.toContain('cannot load');
    expect(leaks(text, PHRASES)).toEqual([]);
  } finally {
    await context.close();
  }
});
