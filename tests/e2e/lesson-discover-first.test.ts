/**
 * Lesson 5, discover-first ("Tell a modern server from a legacy one"), in
 * Chromium with the Worker engine, on both builds: ProbeFlow on calendar.mjs
 * and legacy.mjs, the hazard, the Console tip (-32022 then a DiscoverResult)
 * and the MeasuredFacts from src/data/measured.json.
 */
import { describe } from 'vitest';
import measured from '../../src/data/measured.json' with { type: 'json' };
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, hydrated, META, replyTo, send } from './support/lesson-widgets.ts';

const json = async (l: { textContent(): Promise<string | null> }) => JSON.parse((await l.textContent()) ?? '');

for (const site of lessonSites()) {
  describe(`discover-first (${site.name} build)`, () => {
    test('ProbeFlow steps 1-3: modern calendar.mjs, legacy legacy.mjs, and the hazard', async ({ open }) => {
      const page = await open(lessonURL(site, 'discover-first'), site.options);
      expect(await heading(page)).toBe('Tell a modern server from a legacy one');
      const probe = await hydrated(page, 'probe-flow');
      const status = probe.locator('[data-probe-status]');
      const lit = (node: string) => probe.locator(`[data-node=${node}]`).getAttribute('data-lit');

      // 1. calendar.mjs, All at once: branch 1, a DiscoverResult with 2026-07-28, no initialize.
      await probe.getByLabel('Server').selectOption({ label: 'calendar.mjs' });
      await probe.getByRole('button', { name: 'All at once' }).click();
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/modern era, 2026-07-28/);
      const discovered = await json(probe.locator('[data-step=discover] [data-dir=in]'));
      expect(discovered.result.resultType).toBe('complete');
      expect(discovered.result.supportedVersions).toEqual(['2026-07-28']);
      expect(await lit('discover-result')).not.toBeNull();
      expect(await probe.locator('[data-node=discover-result]').textContent()).toContain('DiscoverResult');
      expect(await lit('legacy-fallback')).toBeNull();
      expect(await probe.locator('[data-step=initialize]').count()).toBe(0);

      // 2. legacy.mjs: -32601 Method not found, branch 3, initialize -> 2025-11-25, then notifications/initialized.
      await probe.getByLabel('Server').selectOption({ label: 'legacy.mjs' });
      await probe.getByRole('button', { name: 'All at once' }).click();
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/legacy era, 2025-11-25/);
      const refused = await json(probe.locator('[data-step=discover] [data-dir=in]'));
      expect(refused.error).toEqual({ code: -32601, message: 'Method not found' });
      expect(await lit('legacy-fallback')).not.toBeNull();
      expect(await probe.locator('[data-node=legacy-fallback]').textContent()).toContain('Any other error, or no reply in time');
      expect(await lit('discover-result')).toBeNull();
      expect(await lit('recognised-modern-error')).toBeNull();
      expect(await json(probe.locator('[data-step=initialize] [data-dir=out]'))).toMatchObject({ method: 'initialize' });
      expect((await json(probe.locator('[data-step=initialize] [data-dir=in]'))).result.protocolVersion).toBe('2025-11-25');
      expect(await json(probe.locator('[data-step=initialized] [data-dir=out]'))).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });

      // 3. The hazard: tools/list as the first line to a fresh legacy.mjs is served, without resultType.
      await probe.getByRole('button', { name: 'Send tools/list to a fresh legacy.mjs' }).click();
      await probe.locator('[data-hazard-verdict]').waitFor({ timeout: 20_000 });
      const hazard = probe.locator('[data-hazard]');
      expect(await json(hazard.locator('[data-dir=out]'))).toMatchObject({ method: 'tools/list' });
      const served = await json(hazard.locator('[data-dir=in]'));
      expect(served.result.tools.map((t: { name: string }) => t.name)).toEqual(['create_event']);
      expect(served.result).not.toHaveProperty('resultType');
      expect(await probe.locator('[data-hazard-verdict]').textContent()).toMatch(/^Served: 1 tool listed/);
    });

    test('step 1 the other way: Step by step on calendar.mjs stops at branch 1 after the one step there is', async ({ open }) => {
      const page = await open(lessonURL(site, 'discover-first'), site.options);
      const probe = await hydrated(page, 'probe-flow');
      const status = probe.locator('[data-probe-status]');
      await probe.getByLabel('Server').selectOption({ label: 'calendar.mjs' });
      await probe.getByRole('button', { name: 'Step by step' }).click();
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/step 1 of 1 · modern era, 2026-07-28/);
      expect(await probe.locator('[data-step]').count()).toBe(1);
      expect((await json(probe.locator('[data-step=discover] [data-dir=in]'))).result.supportedVersions).toEqual(['2026-07-28']);
      expect(await probe.locator('[data-node=discover-result]').getAttribute('data-lit')).not.toBeNull();
      expect(await probe.getByRole('button', { name: 'Next step' }).isDisabled()).toBe(true); // nothing more to walk through
      expect(await probe.locator('[data-step=initialize]').count()).toBe(0);
    });

    test('tip: a version from the future earns -32022 (branch 2); the right version earns a DiscoverResult', async ({ open }) => {
      const page = await open(lessonURL(site, 'discover-first'), site.options);
      const c = await consoleAt(page, 0);
      await send(page, c, undefined);
      const err = (await replyTo(page, c, 1)).error;
      expect(err.code).toBe(-32022);
      expect(err.data).toEqual({ supported: ['2026-07-28'], requested: '2099-01-01' });
      await send(page, c, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: META() } }));
      const ok = (await replyTo(page, c, 2)).result;
      expect(ok.resultType).toBe('complete');
      expect(ok.supportedVersions).toEqual(['2026-07-28']);
    });

    test('the measured facts about the reference server render from measured.json, figures alone, one note with package, version and date', async ({ open }) => {
      const page = await open(lessonURL(site, 'discover-first'), site.options);
      const f = measured.facts;
      const want: Record<string, string> = {
        discoverOutcome: f.discoverOutcome,
        negotiatedVersion: f.negotiatedVersion,
        toolsBeforeHandshake: String(f.toolsBeforeHandshake),
        toolsAfterHandshake: String(f.toolsAfterHandshake),
      };
      for (const [key, value] of Object.entries(want)) {
        const facts = page.locator(`span.measured-fact[data-fact="${key}"]`);
        expect(await facts.count(), key).toBeGreaterThan(0);
        for (const fact of await facts.all()) {
          expect(await fact.textContent()).toBe(value);
        }
      }
      expect(await page.locator('span.measured-fact').count()).toBe(Object.keys(want).length);
      // One provenance note for the page, after the figures, naming what was measured.
      const note = page.locator('[data-measured-provenance]');
      expect(await note.count()).toBe(1);
      for (const part of [measured.package, measured.version, measured.measuredOn, measured.node]) expect(await note.textContent()).toContain(part);
      expect(f.discoverErrorCode).toBe(-32601);
      expect(f.discoverOutcome.startsWith(String(f.discoverErrorCode))).toBe(true);
    });
  });
}
