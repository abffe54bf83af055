/**
 * Selecting WebContainer with the network cut: StackBlitz cannot be reached,
 * so the boot itself would never settle; the reachability check ends it at
 * once, the page reports the failure once, keeps the Worker engine with the
 * reason, and leaves running processes alone (same pid, same state). The
 * only tests that reach for StackBlitz.
 */
import { test, expect } from './support/fixtures.ts';
import { consoleAt, pidOf, replyTo, send, toolText, META } from './support/lesson-widgets.ts';
import { t } from '../../src/i18n/index.ts';

/**
 * The browser logs the reachability check's refused request as a console error
 * ("Failed to load resource: net::ERR_INTERNET_DISCONNECTED"), as it logs any
 * request the network refuses; that is the expected outcome here, so it is
 * taken off the fixture's list of problems after checking it is that one.
 */
function expectProbeLogged(watch: { problems: string[] }): void {
  const refused: string[] = watch.problems.filter((p) => p === 'console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  expect(refused.length).toBeGreaterThan(0);
  watch.problems.splice(0, watch.problems.length, ...watch.problems.filter((p) => !refused.includes(p)));
}

test('choosing real Node offline: the boot fails as soon as the network says no, the page says why and keeps the Worker engine', async ({ open, watch }) => {
  // A boot timeout far longer than the test's own: only the reachability check can end the boot in time.
  const page = await open('/lab/engines/?bootTimeoutMs=600000', { offline: true });
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  await expect.poll(() => page.locator('[data-engine-kind]').textContent()).toBe('Worker engine');
  const realNode = page.getByRole('button', { name: 'Run in real Node (WebContainer)' });
  await realNode.click();
  await expect.poll(() => page.locator('[data-engine-kind]').textContent()).toBe('starting…');
  await expect
    .poll(() => page.locator('[data-engine-kind]').textContent(), { timeout: 15_000 })
    .toBe('Worker engine');
  const status = await page.evaluate(() => (window as any).__mcpByHand.getEngineStatus());
  expect(status.kind).toBe('worker');
  expect(status.reason).toBe(
    'Running in the Worker engine: WebContainer needs StackBlitz (it loads from stackblitz.com), and this page cannot reach it: no network, or it is blocked.',
  );
  await expect.poll(() => page.locator('[data-engine-reason]').textContent()).toBe(status.reason);
  // One boot per page: the offer is withdrawn, the reader is told why.
  expect(status.canUseRealNode).toBe(false);
  expect(await realNode.isHidden()).toBe(true);
  // It really tried: the only requests that left the origin went to StackBlitz, and were cut.
  expect(watch.blocked.length).toBeGreaterThan(0);
  expect(watch.blocked.every((url) => new URL(url).hostname.endsWith('stackblitz.com'))).toBe(true);
  // The page still runs servers, in the Worker engine.
  const exit = await page.evaluate(async () => {
    const engine = await (window as any).__mcpByHand.getPageEngine();
    const p = await engine.spawn('toy-servers/legacy.mjs');
    p.closeStdin();
    return { kind: engine.kind, exit: await p.exit };
  });
  expect(exit).toEqual({ kind: 'worker', exit: { code: 0 } });
  // The next page does not wait for a boot that just failed.
  expect(await page.evaluate(() => localStorage.getItem('mcp-by-hand:engine'))).toBe('worker');
  expectProbeLogged(watch);
});

test('the WebContainer policy "off" never offers real Node', async ({ open, watch }) => {
  const page = await open('/lab/engines/?webcontainer=off', { offline: true });
  await expect.poll(() => page.locator('[data-engine-kind]').textContent()).toBe('Worker engine');
  expect(await page.getByRole('button', { name: 'Run in real Node (WebContainer)' }).isHidden()).toBe(true);
  expect(await page.evaluate(() => (window as any).__mcpByHand.getEngineStatus().canUseRealNode)).toBe(false);
  expect(watch.blocked).toEqual([]);
});

test('a failed "Run in real Node" leaves a Console\'s process running as it was, and says why once', async ({ open, watch }) => {
  const page = await open('/lab/console/', { offline: true });
  const c = await consoleAt(page, 0);
  const create = JSON.stringify({
    jsonrpc: '2.0',
    id: 'made',
    method: 'tools/call',
    params: { _meta: META(), name: 'create_event', arguments: { title: 'Kept across the failed switch', startsAt: '2026-09-10T08:30:00Z' } },
  });
  await send(page, c, create);
  const pid = await pidOf(c);
  expect(pid).toBeGreaterThan(0);
  expect(toolText(await replyTo(page, c, 'made'))).toContain('Kept across the failed switch');

  // The engine badge's own words (src/i18n, area `engine`; lab pages are English).
  const realNode = c.getByRole('button', { name: t('engine.runInNode', {}, 'en') });
  await realNode.click();
  const sentence = t('engine.reason.unreachable', {}, 'en');
  await expect.poll(() => c.locator('.mcp-badge').innerText(), { timeout: 30_000 }).toContain(sentence);
  // Said once in the widget, and the offer is withdrawn.
  expect((await c.locator('.mcp-badge').innerText()).split(sentence).length - 1).toBe(1);
  expect(await c.locator('.mcp-badge button[data-action="real-node"]').count()).toBe(0);
  expect(watch.blocked.length).toBeGreaterThan(0);
  expect(watch.blocked.every((url) => new URL(url).hostname.endsWith('stackblitz.com'))).toBe(true);

  // The same process, with its state: the event made before the switch is still in its module-level list.
  expect(await pidOf(c)).toBe(pid);
  const read = JSON.stringify({ jsonrpc: '2.0', id: 'week', method: 'resources/read', params: { _meta: META(), uri: 'calendar://week' } });
  await send(page, c, read);
  expect(await pidOf(c)).toBe(pid);
  const week = await replyTo(page, c, 'week');
  expect(week.result.contents[0].text).toContain('Kept across the failed switch');
  expect(await c.locator('.mcp-badge-engine').getAttribute('data-engine')).toBe('worker');
  expectProbeLogged(watch);
});
