/**
 * Lesson discover-first ("Tell a modern server from a legacy one"), in
 * Chromium with the Worker engine: the English page on both builds, and the
 * Indonesian edition (`/id/discover-first/`) on the default build, asserting
 * the same wire results. ProbeFlow on calendar.mjs and legacy.mjs, legacy.mjs
 * in each of its four `--discover=` styles; the hazard (HandshakeHazard) on legacy.mjs; the official reference
 * server (registry entry `everything`) probed live (-32601, the fallback,
 * 2025-11-25), 12 tools with no handshake and 13 after, and its bundle not
 * requested before the reader runs it; the Console tip (-32022 then a
 * DiscoverResult); the MeasuredFacts from src/data/measured.json beside them.
 * Controls are found by `data-action` / `data-control`, and words through
 * `t()` in the page's language, so the journeys read the same in both.
 */
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import measured from '../../src/data/measured.json' with { type: 'json' };
import { t, type Lang } from '../../src/i18n/index.ts';
import { formatDate } from '../../src/components/measured-facts/measured-facts.ts';
import { SERVERS } from '../../toy-servers/registry.ts';
import { expect, test } from './support/fixtures.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { consoleAt, heading, hydrated, META, replyTo, send } from './support/lesson-widgets.ts';

const SLUG = 'discover-first';
const EDITIONS: Array<{ prefix: string; lang: Lang; title: string }> = [
  { prefix: '', lang: 'en', title: 'Tell a modern server from a legacy one' },
  { prefix: 'id/', lang: 'id', title: 'Bedakan server modern dari server legacy' },
];
/** Every build in English; the default build in Indonesian too. */
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.lang === 'en' || site.name === 'default').map((e) => ({ site, ...e })));

const json = async (l: Locator) => JSON.parse((await l.textContent()) ?? '');
const action = (probe: Locator, name: string) => probe.locator(`[data-action="${name}"]`);
const lit = (probe: Locator, node: string) => probe.locator(`[data-node=${node}]`).getAttribute('data-lit');

/** Runs the probe with "All at once" and waits for the verdict; returns it as `era version`. */
async function allAtOnce(probe: Locator): Promise<string> {
  const status = probe.locator('[data-probe-status]');
  const before = Number(await status.getAttribute('data-runs'));
  await action(probe, 'all').click();
  await expect.poll(async () => Number(await status.getAttribute('data-runs')), { timeout: 30_000 }).toBe(before + 1);
  return `${await status.getAttribute('data-era')} ${await status.getAttribute('data-version')}`;
}

/** The lesson's HandshakeHazard on `server` (one on legacy.mjs, one on the reference server), scrolled into view and hydrated. */
async function hazardWidget(page: Page, server: string): Promise<Locator> {
  const el = page.locator(`[data-widget=handshake-hazard][data-server=${server}]`);
  await el.scrollIntoViewIfNeeded();
  await page.locator(`[data-widget=handshake-hazard][data-server=${server}][data-ready=yes]`).waitFor({ timeout: 20_000 });
  return el;
}

/** True when the request is for the reference server's bundle itself (not its licence notice). */
const isBundle = (url: string) => new URL(url).pathname.endsWith(`/${SERVERS.everything.fetchUrl}`);

for (const { site, prefix, lang, title } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('ProbeFlow steps 1-4: modern calendar.mjs, legacy legacy.mjs in each of its styles, and the hazard', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      expect(await heading(page)).toBe(title);
      const probe = await hydrated(page, 'probe-flow');
      const server = probe.locator('[data-control=server]');

      // 1. calendar.mjs, All at once: branch 1, a DiscoverResult with 2026-07-28, no initialize.
      await server.selectOption({ label: 'calendar.mjs' });
      expect(await allAtOnce(probe)).toBe('modern 2026-07-28');
      const discovered = await json(probe.locator('[data-step=discover] [data-dir=in]'));
      expect(discovered.result.resultType).toBe('complete');
      expect(discovered.result.supportedVersions).toEqual(['2026-07-28']);
      expect(await lit(probe, 'discover-result')).not.toBeNull();
      expect(await probe.locator('[data-node=discover-result]').textContent()).toContain('DiscoverResult');
      expect(await lit(probe, 'legacy-fallback')).toBeNull();
      expect(await probe.locator('[data-step=initialize]').count()).toBe(0);
      expect(await probe.locator('[data-probe-verdict]').getAttribute('data-era')).toBe('modern');

      // 2. legacy.mjs: -32601 Method not found, branch 3, initialize -> 2025-11-25, then notifications/initialized.
      await server.selectOption({ label: 'legacy.mjs' });
      expect(await allAtOnce(probe)).toBe('legacy 2025-11-25');
      const refused = await json(probe.locator('[data-step=discover] [data-dir=in]'));
      expect(refused.error).toEqual({ code: -32601, message: 'Method not found' });
      expect(await lit(probe, 'legacy-fallback')).not.toBeNull();
      expect(await probe.locator('[data-node=legacy-fallback]').textContent()).toContain(t('probe.branch.legacy-fallback.title', {}, lang));
      expect(await lit(probe, 'discover-result')).toBeNull();
      expect(await lit(probe, 'recognised-modern-error')).toBeNull();
      expect(await json(probe.locator('[data-step=initialize] [data-dir=out]'))).toMatchObject({ method: 'initialize' });
      expect((await json(probe.locator('[data-step=initialize] [data-dir=in]'))).result.protocolVersion).toBe('2025-11-25');
      expect(await json(probe.locator('[data-step=initialized] [data-dir=out]'))).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const verdict = probe.locator('[data-probe-verdict]');
      expect(await verdict.getAttribute('data-era')).toBe('legacy');
      expect(await verdict.getAttribute('data-version')).toBe('2025-11-25');
      expect(await verdict.textContent()).toContain(t('probe.verdict.scopeText', {}, lang));

      // 3. The other ways legacy.mjs refuses the probe: the same fallback, the same verdict, every time.
      const style = probe.locator('[data-control=legacy-style]');
      for (const [name, first] of [
        ['invalid-params', '-32602'],
        ['silent', 'timeout'],
        ['exit', 'exit'],
      ] as const) {
        await style.selectOption(name);
        await expect.poll(() => probe.locator('[data-legacy-command]').textContent()).toBe(`node legacy.mjs --discover=${name}`);
        expect(await allAtOnce(probe), name).toBe('legacy 2025-11-25');
        const discover = probe.locator('[data-step=discover]');
        if (first === '-32602') expect((await json(discover.locator('[data-dir=in]'))).error.code).toBe(-32602);
        else expect(await discover.locator('[data-dir=in]').count(), name).toBe(0);
        expect(await discover.locator('[data-why]').getAttribute('data-why')).toBe(
          first === '-32602' ? 'legacy-error' : first === 'timeout' ? 'legacy-timeout' : 'legacy-exit',
        );
        expect(await lit(probe, 'legacy-fallback'), name).not.toBeNull();
        expect((await json(probe.locator('[data-step=initialize] [data-dir=in]'))).result.protocolVersion).toBe('2025-11-25');
        expect(await probe.locator('[data-step]').count()).toBe(3);
        if (name === 'exit') {
          // The handshake went to a fresh process: another pid, no second probe.
          const pids = await probe.locator('[data-step]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pid')));
          expect(pids[1]).not.toBe(pids[0]);
          expect(pids[2]).toBe(pids[1]);
          expect(await verdict.getAttribute('data-respawned')).not.toBeNull();
        }
      }
      await style.selectOption('method-not-found');

      // 4. The hazard, in the widget below the steps: tools/list as the first line to a fresh legacy.mjs is served, without resultType.
      const skip = await hazardWidget(page, 'legacy');
      expect(await action(skip, 'hazard').textContent()).toBe(t('probe.hazard.send', { server: 'legacy.mjs' }, lang));
      await action(skip, 'hazard').click();
      await skip.locator('[data-hazard-verdict]').waitFor({ timeout: 20_000 });
      const hazard = skip.locator('[data-hazard]');
      expect(await json(hazard.locator('[data-dir=out]'))).toMatchObject({ method: 'tools/list' });
      const served = await json(hazard.locator('[data-dir=in]'));
      expect(served.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['create_event']);
      expect(served.result).not.toHaveProperty('resultType');
      expect(await skip.locator('[data-hazard-verdict]').textContent()).toBe(t('probe.hazard.servedOne', {}, lang));
    });

    test('the reference server, live: -32601, the fallback, 2025-11-25; 12 tools with no handshake, 13 after; fetched only when run', async ({ open }) => {
      const bundle: string[] = [];
      const page: Page = await open(lessonURL(site, prefix + SLUG), site.options);
      page.on('request', (r) => {
        if (isBundle(r.url())) bundle.push(r.url());
      });
      const probe = await hydrated(page, 'probe-flow');
      expect(await page.locator('[data-everything-credit]').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      const server = probe.locator('[data-control=server]');
      await server.selectOption('everything');
      await expect.poll(() => server.locator('option:checked').textContent()).toBe(t('probe.serverEverything', {}, lang));
      // Chosen, not yet run: nothing of the bundle has been requested.
      expect(bundle).toEqual([]);
      expect(await page.evaluate((url) => performance.getEntriesByType('resource').filter((e) => e.name.endsWith(url)).length, SERVERS.everything.fetchUrl)).toBe(0);

      expect(await allAtOnce(probe)).toBe('legacy 2025-11-25');
      expect(bundle).toHaveLength(1);
      const refused = await json(probe.locator('[data-step=discover] [data-dir=in]'));
      expect(refused.error.code).toBe(-32601);
      expect(await lit(probe, 'legacy-fallback')).not.toBeNull();
      const init = await json(probe.locator('[data-step=initialize] [data-dir=in]'));
      expect(init.result.protocolVersion).toBe('2025-11-25');
      expect(init.result.serverInfo.name).toContain('everything');
      expect(await json(probe.locator('[data-step=initialized] [data-dir=out]'))).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });

      // The hazard on the real server, in its own widget below the steps: served with no handshake, 12 tools.
      const skip = await hazardWidget(page, 'everything');
      expect(await action(skip, 'hazard').textContent()).toBe(t('probe.hazard.send', { server: 'server-everything' }, lang));
      await action(skip, 'hazard').click();
      await expect.poll(() => skip.locator('[data-hazard-verdict]').getAttribute('data-count'), { timeout: 30_000 }).toBe('12');
      const early = await json(skip.locator('[data-hazard] [data-dir=in]'));
      expect(early.result.tools).toHaveLength(12);
      expect(await skip.locator('[data-hazard-verdict]').textContent()).toBe(t('probe.hazard.served', { count: 12 }, lang));

      // The same request after the handshake: 13 tools, and the sentence saying they differ.
      await action(skip, 'hazard-after').click();
      const after = skip.locator('[data-hazard-after]');
      await expect.poll(() => after.getAttribute('data-count'), { timeout: 30_000 }).toBe('13');
      expect(await after.getAttribute('data-version')).toBe('2025-11-25');
      expect((await json(after.locator('[data-dir=in]'))).result.tools).toHaveLength(13);
      expect(await json(after.locator('[data-dir=out]'))).toEqual({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
      expect(await skip.locator('[data-hazard-compare]').textContent()).toBe(t('probe.hazard.differ', { before: 12, after: 13 }, lang));

      // The live figures equal the recorded ones, which stay on the page beside them.
      const f = measured.facts;
      expect(f.discoverErrorCode).toBe(refused.error.code);
      expect(f.negotiatedVersion).toBe(init.result.protocolVersion);
      expect(f.toolsBeforeHandshake).toBe(early.result.tools.length);
      expect(f.toolsAfterHandshake).toBe(13);
      expect(bundle).toHaveLength(1);
    });

    test('step 1 the other way: Step by step on calendar.mjs stops at branch 1 after the one step there is', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
      const probe = await hydrated(page, 'probe-flow');
      const status = probe.locator('[data-probe-status]');
      await probe.locator('[data-control=server]').selectOption({ label: 'calendar.mjs' });
      await action(probe, 'step').click();
      await expect.poll(() => status.getAttribute('data-version'), { timeout: 20_000 }).toBe('2026-07-28');
      expect(await status.getAttribute('data-revealed')).toBe('1');
      expect(await status.getAttribute('data-total')).toBe('1');
      expect(await status.textContent()).toContain(t('probe.status.verdict', { era: 'modern', version: '2026-07-28' }, lang));
      expect(await probe.locator('[data-step]').count()).toBe(1);
      expect((await json(probe.locator('[data-step=discover] [data-dir=in]'))).result.supportedVersions).toEqual(['2026-07-28']);
      expect(await lit(probe, 'discover-result')).not.toBeNull();
      expect(await action(probe, 'next').isDisabled()).toBe(true); // nothing more to walk through
      expect(await probe.locator('[data-step=initialize]').count()).toBe(0);
    });

    test('tip: a version from the future earns -32022 (branch 2); the right version earns a DiscoverResult', async ({ open }) => {
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
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
      const page = await open(lessonURL(site, prefix + SLUG), site.options);
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
      // The date is written for the page's language (November 30, 2026 / 30 November 2026).
      for (const part of [measured.package, measured.version, formatDate(measured.measuredOn, lang), measured.node]) expect(await note.textContent()).toContain(part);
      expect(f.discoverErrorCode).toBe(-32601);
      expect(f.discoverOutcome.startsWith(String(f.discoverErrorCode))).toBe(true);
    });
  });
}
