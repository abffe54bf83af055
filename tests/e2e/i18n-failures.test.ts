/**
 * Failures below the widgets reach an Indonesian reader in Indonesian. The lower layers (src/protocol, src/engines) carry a failure
 * code and its values (src/protocol/failure.ts) beside their English message;
 * the widgets say it with `failure.<code>` of src/i18n. Each failure here
 * happens for real, on the default build in Chromium:
 *
 * - /id/what-a-catalog-costs/: the tokenizer's ranks file answers HTTP 404
 *   (Playwright routing); the Token Meter says so in Indonesian.
 * - /id/discover-first/: the reference server's module is replaced by one
 *   that exits with code 3 at once; the era probe finds no answer, the
 *   handshake's fresh process exits too, and the verdict says why in
 *   Indonesian.
 */
import type { Browser, Page } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { hydrated } from './support/lesson-widgets.ts';
import { englishPhrases, leaks, widgetText } from './support/i18n-text.ts';
import { t } from '../../src/i18n/index.ts';
import { SERVERS } from '../../toy-servers/registry.ts';

/**
 * Opens `path` in a fresh context of its own whose requests matching `pattern`
 * are answered by `answer` (the page fixture's watch would count the failure
 * this test causes on purpose as a problem).
 */
async function openRouted(browser: Browser, baseURL: string, path: string, pattern: string, answer: { status: number; body: string; contentType?: string }): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.route(pattern, (route) => route.fulfill({ status: answer.status, body: answer.body, contentType: answer.contentType ?? 'text/plain' }));
  const page = await context.newPage();
  await page.goto(new URL(path.replace(/^\//, ''), baseURL).href, { waitUntil: 'load' });
  return { page, close: () => context.close() };
}

/** The failure area's English phrases (and every other area's) must not show in the widget. */
const PHRASES = englishPhrases({ singleWordMin: 5 });

test('/id/what-a-catalog-costs/: a tokenizer file answering HTTP 404 is said in Indonesian', async ({ browser, baseURL }) => {
  const { page, close } = await openRouted(browser, baseURL, '/id/what-a-catalog-costs/', '**/*o200k_base*', { status: 404, body: 'not found' });
  try {
    const meter = page.locator('[data-widget=token-meter][data-server=calendar]');
    await meter.scrollIntoViewIfNeeded();
    await page.locator('[data-widget=token-meter][data-server=calendar][data-ready=yes]').waitFor({ timeout: 20_000 });
    const status = meter.locator('[data-meter-status]');
    await expect.poll(() => status.getAttribute('data-meter-status'), { timeout: 30_000 }).toBe('failed');
    // The failed download reaches the reader as the loading failure or as the count that waited on it.
    const why = t('failure.http', { what: t('failure.what.ranks', {}, 'id'), status: '404' }, 'id');
    expect(why).toBe('tidak dapat memuat tabel rank tokenizer (HTTP 404)');
    const said = [t('tokens.tokenizerFailed', { message: why }, 'id'), t('tokens.countFailed', { message: why }, 'id')];
    await expect.poll(() => meter.innerText(), { timeout: 10_000 }).toContain(why);
    const text = await meter.innerText();
    expect(said.filter((sentence) => text.includes(sentence)).length).toBeGreaterThan(0);
    expect(await meter.innerText()).not.toContain('could not load');
    expect(leaks(await widgetText(page, '[data-widget=token-meter][data-server=calendar]'), PHRASES)).toEqual([]);
  } finally {
    await close();
  }
});

test('/id/discover-first/: a server that exits on the probe and on the handshake is said in Indonesian', async ({ browser, baseURL }) => {
  const module = `**/${SERVERS.everything.fetchUrl}`;
  const { page, close } = await openRouted(browser, baseURL, '/id/discover-first/', module, { status: 200, body: 'process.exit(3);\n', contentType: 'text/javascript' });
  try {
    const probe = await hydrated(page, 'probe-flow');
    await probe.locator('[data-control=server]').selectOption('everything');
    await probe.locator('[data-action=all]').click();
    const verdict = probe.locator('[data-probe-verdict]');
    const expected = t('probe.verdict.none', { error: t('failure.exit', { code: '3' }, 'id') }, 'id');
    expect(expected).toContain('proses server berhenti dengan kode 3');
    await expect.poll(() => verdict.innerText(), { timeout: 30_000 }).toContain(expected);
    expect(await verdict.getAttribute('data-era')).toBeNull();
    // The first process exited on server/discover: legacy, and initialize went to a fresh process, which exited too.
    expect(await probe.locator('[data-step=discover] [data-why]').getAttribute('data-why')).toBe('legacy-exit');
    expect(await probe.locator('[data-step=initialize] [data-why]').getAttribute('data-why')).toBe('initialize-failed');
    const text = await widgetText(page, '[data-widget=probe-flow]');
    expect(text).not.toContain('exited with code');
    expect(leaks(text, PHRASES)).toEqual([]);
  } finally {
    await close();
  }
});
