/**
 * Lesson get-a-token ("Get a token by hand, and use it"), in Chromium with the
 * Worker engine, on both builds and both editions: the whole authorization
 * code flow typed into the HttpRequest widget as the lesson says, against
 * auth-server.mjs, protected-calendar.mjs and mix-up-auth-server.mjs in the
 * page (offline): the metadata; the course's Client ID Metadata Document
 * (the one the lesson shows, handed to the page's authorization server by the
 * registry) as the client_id of the authorization request with PKCE S256,
 * state and resource; the consent answered, the redirect's code, state and
 * iss (checked by the widget, and here by the course's own client helper);
 * the token request and its real token response; a call with
 * Authorization: Bearer; the mix-up (a second, malicious authorization
 * server's metadata recorded, the honest server's redirect failing the iss
 * check, the code and verifier kept by the malicious token endpoint and
 * redeemable at the honest one); step-up after insufficient_scope, refresh
 * rotation (the old refresh token refused, then the whole family), and the
 * tip's replayed code.
 */
import { describe } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { expectNoEnglish } from './support/i18n-text.ts';
import { lessonSites, lessonURL } from './support/lesson-sites.ts';
import { heading } from './support/lesson-widgets.ts';
import { addValue, allow, freshPkce, httpRequestAt, jwtPayload, keptValue, redirectQuery, sendTemplate, valueOf } from './support/lesson-http.ts';
import { checkAuthorizationResponse, parseBearerChallenge, stepUpScope } from '../../src/protocol/authorization.ts';
import { COURSE_CLIENT_DOCUMENT, COURSE_CLIENT_ID } from '../../toy-servers/registry.ts';

const SLUG = 'get-a-token';
const MCP = 'http://127.0.0.1:8081/mcp';
const ISSUER = 'http://127.0.0.1:9000';
const MIXUP = 'http://127.0.0.1:9001';
/** Each edition: URL prefix, title, and the labels of the starting requests by step number. */
const EDITIONS = [
  {
    prefix: '',
    title: 'Get a token by hand, and use it',
    step: {
      1: 'Step 1: the authorization server metadata', 2: 'Step 2: the authorization request', 3: 'Step 3: the token request',
      4: 'Step 4: server/discover with the token', 5: 'Step 5: create_event', 6: 'Step 6: ask again, for both scopes',
      7: 'Step 7: refresh', 8: 'Step 8: the old refresh token again',
      m1: 'Mix-up 1: metadata of another authorization server', m2: 'Mix-up 2: the attacker redeems what it kept',
    } as Record<number | 'm1' | 'm2', string>,
  },
  {
    prefix: 'id/',
    title: 'Dapatkan token secara manual, lalu pakai',
    step: {
      1: 'Langkah 1: metadata authorization server', 2: 'Langkah 2: authorization request', 3: 'Langkah 3: token request',
      4: 'Langkah 4: server/discover dengan token', 5: 'Langkah 5: create_event', 6: 'Langkah 6: minta lagi, dua scope sekaligus',
      7: 'Langkah 7: refresh', 8: 'Langkah 8: refresh token lama sekali lagi',
      m1: 'Mix-up 1: metadata authorization server lain', m2: 'Mix-up 2: penyerang menukarkan hasil curiannya',
    } as Record<number | 'm1' | 'm2', string>,
  },
];
const RUNS = lessonSites().flatMap((site) => EDITIONS.filter((e) => e.prefix === '' || site.name === 'default').map((e) => ({ site, ...e })));

for (const { site, prefix, title, step } of RUNS) {
  describe(`${prefix}${SLUG} (${site.name} build)`, () => {
    test('a token by the authorization code flow with the course\'s Client ID Metadata Document, used, stepped up and refreshed; iss checked; a mix-up by a malicious authorization server caught by the iss check', async ({ open, watch }) => {
      const page = await open(lessonURL(site, prefix + SLUG), { offline: true });
      expect(await heading(page)).toBe(title);
      const w = await httpRequestAt(page, 0);

      // 1. The metadata: the issuer recorded, the endpoints kept.
      const metadata = await sendTemplate(w, step[1]!);
      expect(metadata.status).toBe(200);
      expect(await keptValue(w, 'issuer')).toBe(ISSUER);
      expect(await keptValue(w, 'authorization_endpoint')).toBe(`${ISSUER}/authorize`);
      expect(await keptValue(w, 'token_endpoint')).toBe(`${ISSUER}/token`);

      // 2. The course's client document, as the lesson shows it, is the one the page's authorization server knows.
      const shown = page.locator('pre', { hasText: '"client_name"' }).first();
      expect(JSON.parse((await shown.textContent()) ?? '')).toEqual(COURSE_CLIENT_DOCUMENT);

      // 2-3. The authorization request with the document's URL as client_id: the consent page, Allow, the redirect.
      let pair = await freshPkce(w);
      expect(pair.verifier.length).toBeGreaterThanOrEqual(43);
      const consent = await sendTemplate(w, step[2]!);
      expect(consent.status).toBe(200);
      expect(consent.body).toContain('<h1>Allow access to your calendar?</h1>');
      expect(consent.body).toContain(`<strong>${COURSE_CLIENT_DOCUMENT.client_name}</strong> (<code>${COURSE_CLIENT_ID}</code>)`);
      const back = redirectQuery(await allow(w, consent));
      expect(back.get('state')).toBe(pair.state);
      expect(back.get('iss')).toBe(ISSUER);
      const checked = checkAuthorizationResponse(back, { expectedIssuer: ISSUER, issParameterSupported: true, expectedState: pair.state });
      expect(checked.ok).toBe(true);
      const redirect = w.locator('li.mcp-line-http').first();
      await expect.poll(() => redirect.locator('[data-check="issMatches"]').count()).toBe(1);
      await expect.poll(() => redirect.locator('[data-check="stateMatches"]').count()).toBe(1);
      expect(await keptValue(w, 'code')).toBe(back.get('code'));

      // 3. The token request: a Bearer access token for the calendar, issued to the document's client, calendar.read, five minutes.
      const token = await sendTemplate(w, step[3]!);
      expect(token.status).toBe(200);
      const tokens = JSON.parse(token.body);
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'calendar.read' });
      expect(typeof tokens.refresh_token).toBe('string');
      const claims = jwtPayload(tokens.access_token);
      expect(claims).toMatchObject({ iss: ISSUER, aud: MCP, client_id: COURSE_CLIENT_ID, scope: 'calendar.read' });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
      expect(await keptValue(w, 'access_token')).toBe(tokens.access_token);

      // 4. server/discover with the token: 200 and the DiscoverResult.
      const discover = await sendTemplate(w, step[4]!);
      expect(discover.status).toBe(200);
      expect(JSON.parse(discover.body).result.supportedVersions).toEqual(['2026-07-28']);

      // Mix-up 1: the malicious server's metadata is recorded: its issuer, its token endpoint, the honest authorization endpoint.
      expect((await sendTemplate(w, step.m1!)).status).toBe(200);
      expect(await keptValue(w, 'issuer')).toBe(MIXUP);
      expect(await keptValue(w, 'authorization_endpoint')).toBe(`${ISSUER}/authorize`);
      expect(await keptValue(w, 'token_endpoint')).toBe(`${MIXUP}/token`);
      // The honest server's genuine consent and redirect: its iss is not the recorded issuer, and the widget says so.
      pair = await freshPkce(w);
      const mixed = redirectQuery(await allow(w, await sendTemplate(w, step[2]!)));
      expect(mixed.get('iss')).toBe(ISSUER);
      expect(checkAuthorizationResponse(mixed, { expectedIssuer: MIXUP, issParameterSupported: true, expectedState: pair.state })).toMatchObject({ ok: false, reason: 'iss-mismatch' });
      await expect.poll(() => w.locator('li.mcp-line-http').first().locator('[data-check="issDiffers"]').count()).toBe(1);
      // Without the check: the code and the verifier go to the malicious token endpoint, which keeps them.
      const stolen = await sendTemplate(w, step[3]!);
      expect(stolen.status).toBe(400);
      expect(JSON.parse(stolen.body)).toMatchObject({
        error: 'invalid_grant',
        kept_by_this_server: { code: mixed.get('code'), code_verifier: pair.verifier, client_id: COURSE_CLIENT_ID, resource: MCP },
      });
      // Mix-up 2: redeemed at the honest token endpoint, they give a token: PKCE did not help.
      const redeemed = await sendTemplate(w, step.m2!);
      expect(redeemed.status).toBe(200);
      expect(jwtPayload(JSON.parse(redeemed.body).access_token)).toMatchObject({ iss: ISSUER, aud: MCP });
      // Step 1 again: the honest issuer and endpoints.
      expect((await sendTemplate(w, step[1]!)).status).toBe(200);
      expect(await keptValue(w, 'issuer')).toBe(ISSUER);
      expect(await keptValue(w, 'token_endpoint')).toBe(`${ISSUER}/token`);

      // Step-up 1: create_event with a read token is 403 insufficient_scope, naming both scopes.
      const tooLittle = await sendTemplate(w, step[5]!);
      expect(tooLittle.status).toBe(403);
      const stepUp = parseBearerChallenge(tooLittle.headers.get('www-authenticate'));
      expect(stepUp).toMatchObject({ error: 'insufficient_scope', scope: 'calendar.read calendar.write' });
      // 2. Ask again for exactly those, with a fresh PKCE pair; the new token has both; create_event succeeds.
      expect(stepUpScope('calendar.read', stepUp?.scope)).toBe('calendar.read calendar.write');
      pair = await freshPkce(w);
      const consent2 = await sendTemplate(w, step[6]!);
      expect(consent2.body).toContain('<li><code>calendar.write</code>: add events to your calendar</li>');
      const back2 = redirectQuery(await allow(w, consent2));
      expect(checkAuthorizationResponse(back2, { expectedIssuer: ISSUER, issParameterSupported: true, expectedState: pair.state }).ok).toBe(true);
      const stronger = await sendTemplate(w, step[3]!);
      expect(stronger.status).toBe(200);
      expect(JSON.parse(stronger.body).scope).toBe('calendar.read calendar.write');
      const created = await sendTemplate(w, step[5]!);
      expect(created.status).toBe(200);
      expect(created.headers.get('content-type')).toBe('text/event-stream');
      expect(created.body).toMatch(/"text":"Created e\d+: Dentist at 2026-09-10T08:30:00Z"/);

      // 3. Refresh: the old refresh token kept by hand, a new pair issued.
      const oldRefresh = await valueOf(w, 'refresh_token');
      expect(oldRefresh).toBe(JSON.parse(stronger.body).refresh_token);
      await addValue(w, 'old_refresh_token', oldRefresh);
      const refreshed = await sendTemplate(w, step[7]!);
      expect(refreshed.status).toBe(200);
      const rotated = JSON.parse(refreshed.body);
      expect(rotated.refresh_token).not.toBe(oldRefresh);
      await expect.poll(() => valueOf(w, 'refresh_token')).toBe(rotated.refresh_token);
      // 4. The old one again: refused, and the family revoked, the newest included.
      const reused = await sendTemplate(w, step[8]!);
      expect(reused.status).toBe(400);
      expect(JSON.parse(reused.body)).toEqual({ error: 'invalid_grant', error_description: 'the refresh token was already used; every token of its family is now revoked' });
      const newest = await sendTemplate(w, step[7]!);
      expect(newest.status).toBe(400);
      expect(JSON.parse(newest.body).error).toBe('invalid_grant');

      // Tip: the redeemed code again.
      const replayed = await sendTemplate(w, step[3]!);
      expect(replayed.status).toBe(400);
      expect(JSON.parse(replayed.body)).toEqual({ error: 'invalid_grant', error_description: 'the code was already used; the tokens issued for it are revoked' });

      expect(watch.blocked).toEqual([]);
      if (prefix === 'id/') await expectNoEnglish(page);
    });
  });
}
