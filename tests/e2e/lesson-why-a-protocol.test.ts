/**
 * Lesson 1, why-a-protocol ("Count what a shared protocol saves"), in Chromium,
 * on the default and the sub-path build: the page renders and each "try this"
 * step on the IntegrationCounter shows N × M and N + M as the lesson says.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { heading, hydrated } from './support/lesson-widgets.ts';

for (const site of lessonSites()) {
  describe(`why-a-protocol (${site.name} build)`, () => {
    test('the three counter tasks: N × M without a protocol, N + M with one', async ({ open }) => {
      const page = await open(lessonURL(site, 'why-a-protocol'), site.options);
      expect(await heading(page)).toBe('Count what a shared protocol saves');
      const counter = await hydrated(page, 'integration-counter');
      const set = async (n: number, m: number) => {
        await counter.getByLabel('AI applications (N)', { exact: true }).fill(String(n));
        await counter.getByLabel('Systems to connect (M)', { exact: true }).fill(String(m));
        await expect.poll(() => counter.locator('[data-point-to-point]').textContent()).toBe(String(n * m));
        expect(await counter.locator('[data-with-protocol]').textContent()).toBe(String(n + m));
        expect(Number(await counter.locator('[data-saved]').getAttribute('data-saved'))).toBe(n * m - (n + m));
      };
      // Step 1: 10 applications, 20 systems: the lesson promises 200 and 30.
      await set(10, 20);
      expect(await counter.locator('[data-point-to-point]').textContent()).toBe('200');
      expect(await counter.locator('[data-with-protocol]').textContent()).toBe('30');
      // Step 2: one more application: the product jumps by M (20), the sum by one.
      await set(11, 20);
      expect(await counter.locator('[data-point-to-point]').textContent()).toBe('220');
      expect(await counter.locator('[data-with-protocol]').textContent()).toBe('31');
      // Step 3: one application: 20 and 21, the protocol saves nothing, it costs a little.
      await set(1, 20);
      expect(await counter.locator('[data-point-to-point]').textContent()).toBe('20');
      expect(await counter.locator('[data-with-protocol]').textContent()).toBe('21');
      expect(await counter.locator('[data-saved]').textContent()).toContain('costs 1 more');
    });
  });
}
