/**
 * Selecting WebContainer with the network cut (issue 5): StackBlitz cannot be
 * reached, so the boot never settles; the page reports the failure cleanly
 * within the boot timeout, keeps (falls back to) the Worker engine with the
 * reason, and servers still run. The only test that reaches for StackBlitz.
 */
import { test, expect } from './support/fixtures.ts';

test('choosing real Node offline: the boot times out, the page says why and keeps the Worker engine', async ({ open, watch }) => {
  // A short boot timeout keeps the test quick; the default is 20 s.
  const page = await open('/lab/engines/?bootTimeoutMs=5000', { offline: true });
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
  expect(status.reason).toMatch(/^Running in the Worker engine: WebContainer did not start within 5 s: StackBlitz could not be reached/);
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
});

test('the WebContainer policy "off" never offers real Node', async ({ open, watch }) => {
  const page = await open('/lab/engines/?webcontainer=off', { offline: true });
  await expect.poll(() => page.locator('[data-engine-kind]').textContent()).toBe('Worker engine');
  expect(await page.getByRole('button', { name: 'Run in real Node (WebContainer)' }).isHidden()).toBe(true);
  expect(await page.evaluate(() => (window as any).__mcpByHand.getEngineStatus().canUseRealNode)).toBe(false);
  expect(watch.blocked).toEqual([]);
});
