/**
 * Lesson not-for-you ("The token that was not for you"), in Chromium with the
 * Worker engine, on both builds and both editions, every task as the reader
 * does it in the HttpRequest widget and the ServerEditor, against
 * auth-server.mjs and protected-calendar.mjs in the page (offline): a genuine
 * token for another resource (aud http://127.0.0.1:8082/mcp) refused by the
 * calendar with 401 invalid_token; the audience check deleted in the editor
 * and Run, the same token accepted (the attack works); Reset, refused again;
 * the token-passthrough proxy (passthrough-proxy.mjs) forwarding that token
 * to the calendar, which refuses it (the refusal relayed with Via), then a
 * calendar token the proxy never checked going through; then a stolen code redeemed without the verifier, with a guessed one, and
 * with the right one too late. The edit is computed from the shipped file,
 * so the lesson's "find this line" stays true.
 */
import { describe } from 'vitest';
import type { Locator } from 'playwright-core';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { heading } from './support/lesson-widgets.ts';
import { edit, serverEditorAt, toySource, typeSource } from './support/lesson-editor.ts';
import { allow, freshPkce, httpRequestAt, jwtPayload, redirectQuery, sendTemplate } from './support/lesson-http.ts';
import { parseBearerChallenge } from '../../src/protocol/authorization.ts';

const SLUG = 'not-for-you';
const MCP = 'http://127.0.0.1:8081/mcp';
const OTHER = 'http://127.0.0.1:8082/mcp';
const EDITIONS = [
  {
    prefix: '',
    title: 'The token that was not for you',
    step: {
      1: 'Step 1: the authorization server metadata', 2: 'Step 2: a token for the other server', 3: 'Step 3: redeem it for the other server',
      4: 'Step 4: replay it at the calendar', 5: 'Step 5: through the proxy', 6: 'Step 6: an authorization request for the calendar',
      7: 'Step 7: redeem it for the calendar', 8: 'Step 8: the stolen code, no verifier',
      9: 'Step 9: the stolen code, a guessed verifier', 10: 'Step 10: the real verifier, too late',
    } as Record<number, string>,
  },
  {
    prefix: 'id/',
    title: 'Token yang bukan untuk Anda',
    step: {
      1: 'Langkah 1: metadata authorization server', 2: 'Langkah 2: token untuk server lain', 3: 'Langkah 3: tukarkan untuk server lain',
      4: 'Langkah 4: putar ulang di kalender', 5: 'Langkah 5: lewat proxy', 6: 'Langkah 6: authorization request untuk kalender',
      7: 'Langkah 7: tukarkan untuk kalender', 8: 'Langkah 8: kode curian, tanpa verifier',
      9: 'Langkah 9: kode curian, verifier tebakan', 10: 'Langkah 10: verifier asli, sudah terlambat',
    } as Record<number, string>,
  },
];
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

/** Presses Run in the editor and waits until the page runs the edit (or the original, after a Reset). */
async function run(e: Locator, running: 'edit' | 'original'): Promise<void> {
  await e.locator('button[data-action="run"]').click();
  await expect.poll(() => e.locator(`[data-running="${running}"]`).count(), { timeout: 20_000 }).toBe(1);
}

/** Reset, confirmed, as the reader does. */
async function reset(e: Locator): Promise<void> {
  await e.locator('button[data-action="reset"]').click();
  await e.locator('button[data-action="confirm"]').click();
  await expect.poll(() => e.locator('.mcp-changed').getAttribute('data-changed')).toBe('no');
}

for (const { site, prefix, title, step } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('a token for another audience refused, accepted once the audience check is deleted, refused after Reset; passed through a proxy, refused by the calendar, then a calendar token the proxy never checked; a stolen code without its verifier', async ({ open, watch }) => {
      const page = await open(lessonURL(site, prefix + SLUG), { offline: true });
      expect(await heading(page)).toBe(title);
      const w = await httpRequestAt(page, 0);

      // 1-3. A genuine token whose audience is the other server.
      expect((await sendTemplate(w, step[1]!)).status).toBe(200);
      await freshPkce(w);
      const consent = await sendTemplate(w, step[2]!);
      expect(consent.body).toContain(`<p>on <code>${OTHER}</code>.</p>`);
      redirectQuery(await allow(w, consent));
      const token = await sendTemplate(w, step[3]!);
      expect(token.status).toBe(200);
      expect(jwtPayload(JSON.parse(token.body).access_token)).toMatchObject({ aud: OTHER, iss: 'http://127.0.0.1:9000', scope: 'calendar.read' });

      // 4. Replayed at the calendar: 401 invalid_token for the audience alone.
      const refused = await sendTemplate(w, step[4]!);
      expect(refused.status).toBe(401);
      expect(parseBearerChallenge(refused.headers.get('www-authenticate'))).toMatchObject({
        error: 'invalid_token',
        errorDescription: `The token is for ${OTHER}, not for ${MCP}`,
      });

      // The audience check deleted and Run: the same token is accepted.
      const e = await serverEditorAt(page, 0);
      const original = toySource('protected-calendar.mjs');
      await typeSource(page, e, edit(original, /\n\s*if \(!audiences\.includes\(resource\)\)[^\n]*/, ''));
      await run(e, 'edit');
      const accepted = await sendTemplate(w, step[4]!);
      expect(accepted.status).toBe(200);
      expect(JSON.parse(accepted.body).result.supportedVersions).toEqual(['2026-07-28']);

      // Reset and Run: refused again.
      await reset(e);
      await run(e, 'original');
      const again = await sendTemplate(w, step[4]!);
      expect(again.status).toBe(401);
      expect(parseBearerChallenge(again.headers.get('www-authenticate'))?.error).toBe('invalid_token');

      // Token passthrough: the proxy forwards the proxy's own token (aud 8082) to the calendar, which refuses it;
      // the refusal and the calendar's challenge come back through the proxy, with Via.
      const proxied = await sendTemplate(w, step[5]!);
      expect(proxied.status).toBe(401);
      expect(proxied.headers.get('via')).toBe('1.1 passthrough-proxy');
      expect(parseBearerChallenge(proxied.headers.get('www-authenticate'))).toMatchObject({
        error: 'invalid_token',
        errorDescription: `The token is for ${OTHER}, not for ${MCP}`,
        resourceMetadata: 'http://127.0.0.1:8081/.well-known/oauth-protected-resource/mcp',
      });
      await expect.poll(() => w.locator('li.mcp-line-http').first().locator('[data-note="via"]').count()).toBe(1);
      // A token for the calendar, which the proxy never checks: it goes through.
      await freshPkce(w);
      redirectQuery(await allow(w, await sendTemplate(w, step[6]!)));
      const calendarToken = await sendTemplate(w, step[7]!);
      expect(calendarToken.status).toBe(200);
      expect(jwtPayload(JSON.parse(calendarToken.body).access_token)).toMatchObject({ aud: MCP });
      const through = await sendTemplate(w, step[5]!);
      expect(through.status).toBe(200);
      expect(through.headers.get('via')).toBe('1.1 passthrough-proxy');
      expect(JSON.parse(through.body).result.supportedVersions).toEqual(['2026-07-28']);
      // The proxy's source is on the page, in its own editor.
      const proxyEditor = await serverEditorAt(page, 1);
      await expect.poll(() => proxyEditor.getAttribute('data-server')).toBe('passthrough-proxy');

      // A stolen code: no verifier, a guessed one, then the real one too late.
      await freshPkce(w);
      redirectQuery(await allow(w, await sendTemplate(w, step[6]!)));
      const none = await sendTemplate(w, step[8]!);
      expect(none.status).toBe(400);
      expect(JSON.parse(none.body)).toEqual({ error: 'invalid_request', error_description: 'code_verifier is required: the code was issued with a PKCE code_challenge' });
      const guessed = await sendTemplate(w, step[9]!);
      expect(guessed.status).toBe(400);
      expect(JSON.parse(guessed.body)).toEqual({ error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' });
      const late = await sendTemplate(w, step[10]!);
      expect(late.status).toBe(400);
      expect(JSON.parse(late.body)).toEqual({ error: 'invalid_grant', error_description: 'the code was already used; the tokens issued for it are revoked' });

      expect(watch.blocked).toEqual([]);
      if (prefix === 'id/') await expectNoEnglish(page);
    });
  });
}
