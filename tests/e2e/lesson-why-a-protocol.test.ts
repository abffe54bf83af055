/**
 * Lesson 1, why-a-protocol ("Count what a shared protocol saves"), in Chromium:
 * the English page on the default and the sub-path build, and the Indonesian
 * edition (`/id/why-a-protocol/`) on the default build. The page renders and
 * each "try this" step on the IntegrationCounter shows N × M and N + M as the
 * lesson says, the same figures in both languages. The fields are found by
 * their labels in the page's language, through `t()`.
 */
import { describe } from 'vitest';
import { t, type Lang } from '../../src/i18n/index.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { heading, hydrated } from './support/lesson-widgets.ts';

const SLUG = 'why-a-protocol';
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string }> = [
  { prefix: '', lang: 'en', title: 'Count what a shared protocol saves' },
  { prefix: 'id/', lang: 'id', title: 'Hitung apa yang dihemat sebuah protokol bersama' },
];
/** Every build in English; the default build in Indonesian too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, lang, title } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('the three counter tasks: N × M without a protocol, N + M with one', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const counter = await hydrated(page, 'integration-counter');
      const set = async (n: number, m: number) => {
        await counter.getByLabel(t('counter.apps', {}, lang), { exact: true }).fill(String(n));
        await counter.getByLabel(t('counter.systems', {}, lang), { exact: true }).fill(String(m));
        await expect.poll(() => counter.locator('[data-point-to-point]').textContent()).toBe(String(n * m));
        expect(await counter.locator('[data-with-protocol]').textContent()).toBe(String(n + m));
        expect(Number(await counter.locator('[data-saved]').getAttribute('data-saved'))).toBe(n * m - (n + m));
      };
      // Step 1: 10 applications, 20 systems: the lesson promises 200 and 30.
      await set(10, 20);
      expect(await counter.locator('[data-point-to-point]').textContent()).toBe('200');
      expect(await counter.locator('[data-with-protocol]').textContent()).toBe('30');
      expect(await counter.locator('[data-saved]').textContent()).toBe(t('counter.saved', { n: 170 }, lang));
      // Step 2: one more application: the product jumps by M (20), the sum by one.
      await set(11, 20);
      expect(await counter.locator('[data-point-to-point]').textContent()).toBe('220');
      expect(await counter.locator('[data-with-protocol]').textContent()).toBe('31');
      // Step 3: one application: 20 and 21, the protocol saves nothing, it costs a little.
      await set(1, 20);
      expect(await counter.locator('[data-point-to-point]').textContent()).toBe('20');
      expect(await counter.locator('[data-with-protocol]').textContent()).toBe('21');
      expect(await counter.locator('[data-saved]').getAttribute('data-saved')).toBe('-1');
      expect(await counter.locator('[data-saved]').textContent()).toBe(t('counter.costs', { n: 1 }, lang));
      // On the Indonesian page, the widgets said all of this in Indonesian.
      if (lang === 'id') await expectNoEnglish(page);
    });
  });
}
